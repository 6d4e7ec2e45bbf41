import type { Role } from '../platform/roles.js';
import type { ManagedUser } from './user-management-types.js';
import { canManageUserType, isGuardType } from './user-types-allowed.js';

/** Column 'Correo o código': guards show their code, everyone else the email. */
export function userLogin(row: Pick<ManagedUser, 'idUsersTypes' | 'email' | 'vigilantCode'>): string {
  if (isGuardType(row.idUsersTypes) && row.vigilantCode) return row.vigilantCode;
  return row.email ?? row.vigilantCode ?? '';
}

/**
 * Row actions the caller is offered: edit the users whose type it manages, delete them too
 * except itself (the server refuses both otherwise).
 */
export function userRowActions(role: Role, row: Pick<ManagedUser, 'uuid' | 'idUsersTypes'>, selfUuid: string | null) {
  const manage = canManageUserType(role, row.idUsersTypes);
  return { edit: manage, delete: manage && row.uuid !== selfUuid };
}
