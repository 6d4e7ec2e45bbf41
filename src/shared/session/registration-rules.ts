import { UserType } from '../platform/roles.js';

export const RegistrationMessages = {
  noPermission: 'No tienes permiso para acceder a este recurso',
  notFound: 'No existe el usuario solicitado, por favor contacte a soporte',
  completed: 'Registro completado',
  failed: 'Ha ocurrido un error',
} as const;

/** Where a completed registration goes: contractors to their sign-in, others home. */
export function afterRegistrationPath(idUsersTypes: number): string {
  return idUsersTypes === UserType.contractor ? '/?type=contractor' : '/home';
}

/** A registration link needs type=register and a uuid. */
export function hasRegistrationLink(type: string | null, uuid: string | null): boolean {
  return type === 'register' && typeof uuid === 'string' && uuid.length > 0;
}
