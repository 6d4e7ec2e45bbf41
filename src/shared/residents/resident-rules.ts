/** Residents' rules shared by the server, the machines and the screens. */
import type { Role } from '../platform/roles.js';

/** The registration code is valid for 15 minutes. */
export const REGISTRATION_CODE_TTL_MINUTES = 15;

export const ResidentTexts = {
  title: 'Residentes',
  search: 'Buscar residente',
  appUsers: 'Residentes activados',
  create: 'Alta residente',
  edit: 'Editar residente',
  notActivated: 'Residente no activado',
  activated: 'Código activado',
  resend: 'Reenviar código',
  /** A pending code: the code itself goes only to the resident's mail. */
  codeSent: 'Código enviado',
  created: 'Residente creado correctamente',
  updated: 'Residente actualizado correctamente',
  taken: 'Correo ya existente.',
  emailCheckFailed: 'Hubo un error al validar el correo electrónico.',
  deletedOwner: 'El correo pertenece a un residente eliminado. ¿Deseas reactivarlo?',
  reactivated: 'Residente reactivado',
} as const;

/** The title of each failed resident action's dialog (the detail is the server's text). */
export const ResidentErrorTitles = {
  enable: 'No es posible activar',
  disable: 'No es posible desactivar',
  resend: 'No es posible reenviar el código',
  remove: 'No es posible eliminar',
  update: 'No se pudo actualizar',
  licences: 'No es posible registrar más residentes',
  taken: 'Correo ya existente.',
  generic: 'Ha ocurrido un error',
} as const;

/** The server's text when a community has used all its licences (create, reactivate and import rows). */
export const licenceLimitMessage = (licences: number) =>
  `No es posible registrar más residentes: el fraccionamiento ya usa sus ${licences} licencias.`;

/** What the code column shows. */
export type ResidentCodeState = 'notActivated' | 'valid' | 'expired' | 'activated';

export interface ResidentCodeFacts {
  useapp: boolean;
  /** A pending code: that it is pending and when it expires (ISO 8601); never the code itself. */
  testResidentRegistration: { pending: true; expiresAt: string } | null;
}

/** The pending code's expiry (ms since the epoch); null without a pending code or a readable date. */
export function codeExpiresAt(registration: ResidentCodeFacts['testResidentRegistration']): number | null {
  if (!registration) return null;
  const at = Date.parse(registration.expiresAt);
  return Number.isNaN(at) ? null : at;
}

/** 'vence a las 14:35', in the community's time zone of Mexico City. */
export function codeExpiryText(expiresAt: number): string {
  const time = new Intl.DateTimeFormat('es-MX', {
    timeZone: 'America/Mexico_City',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(expiresAt);
  return `vence a las ${time}`;
}

/**
 * The code column: without app use 'Residente no activado'; with app use and a pending code still
 * valid, 'Código enviado' and when it expires (the code itself goes only to the resident's mail);
 * once expired, a resend button; without a pending code, 'Código activado'.
 */
export function residentCodeState(r: ResidentCodeFacts, now: number): ResidentCodeState {
  if (!r.useapp) return 'notActivated';
  if (!r.testResidentRegistration) return 'activated';
  const expiresAt = codeExpiresAt(r.testResidentRegistration);
  return expiresAt !== null && expiresAt > now ? 'valid' : 'expired';
}

/** User type 2 (Capturista) has no delete button for residents; the server answers 403. */
export const RESIDENT_EDITORS: readonly Role[] = ['admin', 'capturista'];
export const RESIDENT_DELETERS: readonly Role[] = ['admin'];
/** Who may read the residents of a street or the options (guards announce visits to them). */
export const RESIDENT_READERS: readonly Role[] = ['admin', 'capturista', 'guard'];
export const canDeleteResident = (role: Role) => RESIDENT_DELETERS.includes(role);

/** The address column: street and number, plus zone. */
export function residentAddress(r: {
  number: string;
  intNumber?: string | null;
  testStreet: { name: string; testZone: { name: string } };
}) {
  const interior = r.intNumber ? ` int. ${r.intNumber}` : '';
  return `${r.testStreet.name} ${r.number}${interior}, ${r.testStreet.testZone.name}`;
}
