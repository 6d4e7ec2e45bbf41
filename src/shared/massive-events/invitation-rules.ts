/**
 * Invitations of massive events' guests: who downloads
 * them, how many in one request, the files' names and the texts.
 */
import type { Role } from '../platform/roles.js';

/** The event's owner (a resident), the community's administrator and its capturista. */
export const INVITATION_ROLES: readonly Role[] = ['admin', 'capturista', 'resident'];

/**
 * Uuids in one GET api/massiveEventGuests/invitation: a repeated query parameter, so the request
 * line must fit Node's 16 KB of headers (300 uuids ≈ 12.6 KB). A whole event's invitations come
 * from GET api/massiveEvents/{id}/invitation, which has no such cap.
 */
export const MAX_INVITATION_UUIDS = 300;

export const ZIP_FILE_NAME = 'invitaciones.zip';

export const InvitationTexts = {
  tooMany: `Puedes descargar hasta ${MAX_INVITATION_UUIDS} invitaciones por solicitud; para más, descarga las del evento completo.`,
  noGuests: 'Selecciona al menos un invitado.',
  guestNotFound: 'El invitado no existe.',
  eventWithoutGuests: 'El evento no tiene invitados.',
  downloaded: 'Descarga completada',
  failedTitle: 'Ha ocurrido un error',
} as const;

/** A guest's name as a file name: accents dropped, only letters, digits, '-' and '_', never empty. */
export function fileNameOf(firstName: string, lastName: string): string {
  const base = `${firstName} ${lastName}`
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 _-]+/g, ' ')
    .trim()
    .replace(/\s+/g, '_')
    .slice(0, 80);
  return base || 'invitado';
}

/** The files of a zip: one per guest, 'Nombre_Apellidos.png', the repeated ones numbered '_2', '_3'… (case-insensitive). */
export function uniqueFileNames(guests: readonly { firstName: string; lastName: string }[]): string[] {
  const used = new Set<string>();
  return guests.map((g) => {
    const base = fileNameOf(g.firstName, g.lastName);
    let name = `${base}.png`;
    for (let n = 2; used.has(name.toLowerCase()); n++) name = `${base}_${n}.png`;
    used.add(name.toLowerCase());
    return name;
  });
}
