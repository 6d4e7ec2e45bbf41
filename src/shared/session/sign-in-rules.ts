import { PRODUCT_NAME } from '../platform/constants.js';
import { ACCOUNT_EXPIRED, LICENCE_EXPIRED } from '../platform/errors.js';
import { isApiFailure } from '../platform/api-failure.js';
import { UserType } from '../platform/roles.js';

export type Portal = 'main' | 'contractor';

/** Messages of the two sign-in screens. */
export const SignInMessages = {
  wrongCredentials: 'Usuario o contraseña incorrectos.',
  contractorOnly: `Este portal es solo para contratistas, si requieres ingresar a ${PRODUCT_NAME} ingresa a traves de : Portal inicio`,
  permission: 'Asegurate que este usuario tenga permisos de administrador o integrador.',
  expired:
    'No es posible iniciar sesión ya que su cuenta ha sido deshabilitada, para mayor información comunícate con tu administrador.',
  network: 'No es posible iniciar sesión ya que hay un error de red.',
} as const;

/** A contractor account may use only the contractors' portal's home; others only the main one. */
export function isAllowedOnPortal(portal: Portal, idUsersTypes: number): boolean {
  return portal === 'main' || idUsersTypes === UserType.contractor;
}

/** Maps a failed sign-in to the message the screen shows. */
export function signInFailureMessage(error: unknown): string {
  if (!isApiFailure(error) || error.kind === 'network') return SignInMessages.network;
  const { status, body } = error;
  if (body.error_description === ACCOUNT_EXPIRED) return SignInMessages.expired;
  // The server's own Spanish text for an expired licence.
  if (body.error_description === LICENCE_EXPIRED) return LICENCE_EXPIRED;
  if (status === 429) return body.error_description;
  if (status === 403) return SignInMessages.permission;
  if (status >= 500) return SignInMessages.network;
  return SignInMessages.wrongCredentials;
}
