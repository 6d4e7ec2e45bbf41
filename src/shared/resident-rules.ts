/** Residents' rules shared by the server, the machines and the screens (spec 3 §4, §8, §9; issue 8). */
import { decodeJwt } from 'jose';
import type { Role } from './roles.js';

/** Spec 3 §9: the registration code is valid for 15 minutes. */
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
  created: 'Residente creado correctamente',
  updated: 'Residente actualizado correctamente',
  taken: 'Correo ya existente.',
  emailCheckFailed: 'Hubo un error al validar el correo electrónico.',
  deletedOwner: 'El correo pertenece a un residente eliminado. ¿Deseas reactivarlo?',
  reactivated: 'Residente reactivado',
} as const;

/** Spec 3 §8: the title of each failed resident action's dialog (the detail is the server's text). */
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

/** What the code column shows (spec 3 §4). */
export type ResidentCodeState = 'notActivated' | 'valid' | 'expired' | 'activated';

export interface ResidentCodeFacts {
  useapp: boolean;
  testResidentRegistration: { code: string | null; jwtToken: string | null } | null;
}

/** The code's expiry, read from its token's `exp` (ms since the epoch); null without a readable token. */
export function codeExpiresAt(registration: ResidentCodeFacts['testResidentRegistration']): number | null {
  if (!registration?.jwtToken) return null;
  try {
    const { exp } = decodeJwt(registration.jwtToken);
    return typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    return null;
  }
}

/**
 * Spec 3 §4: without app use 'Residente no activado'; with app use and a valid code, the code;
 * with an expired token, a resend button; without a code, 'Código activado'.
 */
export function residentCodeState(r: ResidentCodeFacts, now: number): ResidentCodeState {
  if (!r.useapp) return 'notActivated';
  if (!r.testResidentRegistration?.code) return 'activated';
  const expiresAt = codeExpiresAt(r.testResidentRegistration);
  return expiresAt !== null && expiresAt > now ? 'valid' : 'expired';
}

/** Spec 3 §6: user type 2 (Capturista) has no delete button for residents; the server answers 403. */
export const RESIDENT_EDITORS: readonly Role[] = ['admin', 'capturista'];
export const RESIDENT_DELETERS: readonly Role[] = ['admin'];
/** Who may read the residents of a street or the options (guards announce visits to them). */
export const RESIDENT_READERS: readonly Role[] = ['admin', 'capturista', 'guard'];
export const canDeleteResident = (role: Role) => RESIDENT_DELETERS.includes(role);

/** The address column: street and number, plus zone (spec 3 §2). */
export function residentAddress(r: { number: string; intNumber?: string | null; testStreet: { name: string; testZone: { name: string } } }) {
  const interior = r.intNumber ? ` int. ${r.intNumber}` : '';
  return `${r.testStreet.name} ${r.number}${interior}, ${r.testStreet.testZone.name}`;
}
