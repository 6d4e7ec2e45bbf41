/**
 * Gate check-in and check-out of massive events' guests with their signed passes (issue 13):
 * the refusals a guard sees, each with its reason, and the texts of the /checkin screen.
 */
import { PassMessages } from './pass-types.js';
import type { Role } from './roles.js';

/** The guards (and the community's administrator) register entries; linked devices too. */
export const CHECKIN_ROLES: readonly Role[] = ['guard', 'admin'];

export type CheckinRefusal =
  | 'malformed' | 'forged' | 'kind' | 'community' | 'early' | 'ended' | 'cancelled' | 'guestDeleted' | 'alreadyInside' | 'notInside';

export const CheckinMessages: Record<CheckinRefusal, string> = {
  malformed: PassMessages.malformed,
  forged: PassMessages.forged,
  kind: 'Este pase no es una invitación a un evento masivo.',
  community: 'La invitación es de otro fraccionamiento.',
  early: 'La invitación todavía no es válida: el acceso abre unas horas antes del inicio del evento.',
  ended: 'La invitación ya no es válida: el evento terminó.',
  cancelled: 'El evento fue cancelado.',
  guestDeleted: 'El invitado ya no está en la lista del evento.',
  alreadyInside: 'Este invitado ya ingresó',
  notInside: 'Este invitado no ha ingresado.',
};

export const CheckinTexts = {
  title: 'Control de acceso a eventos',
  passLabel: 'Pase del invitado',
  passHelp: 'Escanea el código QR de la invitación o pega su texto.',
  checkin: 'Registrar entrada',
  checkout: 'Registrar salida',
  scan: 'Escanear con la cámara',
  stopScan: 'Detener cámara',
  verifying: 'Verificando…',
  admitted: 'Acceso permitido',
  exited: 'Salida registrada',
  refused: 'Acceso denegado',
  next: 'Siguiente invitado',
  emptyPass: 'Escribe o escanea un pase.',
  cameraUnavailable: 'Este navegador no permite escanear con la cámara; pega el texto del pase.',
  networkError: 'No fue posible comunicarse con el servidor. Intenta de nuevo.',
} as const;
