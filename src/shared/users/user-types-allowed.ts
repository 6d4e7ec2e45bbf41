import { type Role, UserType } from '../platform/roles.js';

/** Who sees the users screen (menu 'Usuarios'). */
export const USER_MANAGERS: readonly Role[] = ['admin', 'generalAdmin', 'integrator'];

/** Title and detail of the refusal to create a contractor from the users screen. */
export const CONTRACTOR_BLOCKED = {
  title: 'Accion no permitida',
  detail: 'No es posible dar de alta un contratista desde esta sección',
} as const;
export const TYPE_NOT_ALLOWED = 'No tienes permiso para dar de alta usuarios de este tipo.';
export const TYPE_NOT_MANAGEABLE = 'No tienes permiso para modificar usuarios de este tipo.';

/** Labels of the types the users form offers. */
export const USER_TYPE_LABELS: Readonly<Record<number, string>> = {
  [UserType.capturista]: 'Capturista',
  [UserType.admin]: 'Administrador de fraccionamiento',
  [UserType.guard]: 'Vigilante',
  [UserType.guardPreRegistration]: 'Vigilante administrativo',
  [UserType.integrator]: 'Integrador',
};

/**
 * Types each role may create: the integrator 4 or 14; a community administrator
 * 4, 2, 5 and 6 (6 is 5 with the pre-registration checkbox). The general administrator has no
 * community, so it creates only administrators (4) that an integrator then assigns; community
 * staff (2, 5, 6) need a community, and integrators (14) are created with their licences in
 * /newIntegrator. Contractors (15) are never created here.
 */
export function creatableUserTypes(role: Role): readonly number[] {
  switch (role) {
    case 'integrator':
      return [UserType.admin, UserType.integrator];
    case 'admin':
      return [UserType.admin, UserType.capturista, UserType.guard, UserType.guardPreRegistration];
    case 'generalAdmin':
      return [UserType.admin];
    default:
      return [];
  }
}

/** The options of the type dropdown: 6 is not listed, it is 5 plus the pre-registration checkbox. */
export function userTypeOptions(role: Role): { id: number; name: string }[] {
  return creatableUserTypes(role)
    .filter((id) => id !== UserType.guardPreRegistration)
    .map((id) => ({ id, name: USER_TYPE_LABELS[id] }));
}

/** Whether the form shows the pre-registration checkbox for the chosen type. */
export function offersPreRegistration(role: Role, typeId: number): boolean {
  return typeId === UserType.guard && creatableUserTypes(role).includes(UserType.guardPreRegistration);
}

/** The stored type of the dropdown choice plus the checkbox. */
export function typeWithPreRegistration(typeId: number, preRegistration: boolean): number {
  return typeId === UserType.guard && preRegistration ? UserType.guardPreRegistration : typeId;
}

export type CreateVerdict =
  | { ok: true }
  | { ok: false; reason: 'contractor'; title: string; detail: string }
  | { ok: false; reason: 'notAllowed'; title: string; detail: string };

/** Whether `role` may create a user of `typeId`, with the dialog texts when not. */
export function canCreateUserType(role: Role, typeId: number): CreateVerdict {
  if (typeId === UserType.contractor) return { ok: false, reason: 'contractor', ...CONTRACTOR_BLOCKED };
  if (!creatableUserTypes(role).includes(typeId)) {
    return { ok: false, reason: 'notAllowed', title: 'Error al dar de alta', detail: TYPE_NOT_ALLOWED };
  }
  return { ok: true };
}

/**
 * Types whose users `role` may edit or delete: what it may create, plus, for the general
 * administrator, every type except contractors (it oversees all users).
 */
export function canManageUserType(role: Role, typeId: number): boolean {
  if (typeId === UserType.contractor) return false;
  if (role === 'generalAdmin') return true;
  return creatableUserTypes(role).includes(typeId);
}

export const isGuardType = (typeId: number) => typeId === UserType.guard || typeId === UserType.guardPreRegistration;

/** The integrator's form carries the address of the administrators it creates. */
export const needsAddress = (creatorRole: Role, typeId: number) =>
  creatorRole === 'integrator' && typeId === UserType.admin;

/**
 * Chatbot use applies to a capturista (type 2), or to the caller's own user once the
 * administrative resident of the community is configured.
 */
export function chatbotAllowed(input: {
  typeId: number;
  isSelf: boolean;
  administrativeResidentConfigured: boolean;
}): boolean {
  return input.typeId === UserType.capturista || (input.isSelf && input.administrativeResidentConfigured);
}
export const CHATBOT_NOT_ALLOWED =
  'El uso del chatbot solo aplica a capturistas o a tu propio usuario con la visita administrativa configurada.';
