/** User type ids as the contract stores them. */
export const UserType = {
  generalAdmin: 1,
  capturista: 2,
  resident: 3,
  admin: 4,
  guard: 5,
  guardPreRegistration: 6,
  integrator: 14,
  contractor: 15,
} as const;
export type UserTypeId = (typeof UserType)[keyof typeof UserType];

export type Role = 'generalAdmin' | 'integrator' | 'admin' | 'capturista' | 'guard' | 'resident' | 'contractor';

/** Stored role names. */
export const RoleName: Record<Role, string> = {
  generalAdmin: 'Administrador general',
  integrator: 'Integrador',
  admin: 'Administrador de fraccionamiento',
  capturista: 'Capturista',
  guard: 'Vigilante',
  resident: 'Residente',
  contractor: 'Contratista',
};

/** The name a user's role is answered by: a guard with pre-registration (type 6) is 'Vigilante administrativo'. */
export const roleNameOf = (role: Role, typeId: number) =>
  typeId === UserType.guardPreRegistration ? 'Vigilante administrativo' : RoleName[role];

/** Any unrecognised user type is treated as integrator. */
export function roleOfType(idUsersTypes: number): Role {
  switch (idUsersTypes) {
    case UserType.generalAdmin:
      return 'generalAdmin';
    case UserType.capturista:
      return 'capturista';
    case UserType.resident:
      return 'resident';
    case UserType.admin:
      return 'admin';
    case UserType.guard:
    case UserType.guardPreRegistration:
      return 'guard';
    case UserType.contractor:
      return 'contractor';
    default:
      return 'integrator';
  }
}

/** Roles whose data lives inside one community (the active one of the session). */
export const communityRoles: readonly Role[] = ['admin', 'capturista', 'guard', 'resident'];
