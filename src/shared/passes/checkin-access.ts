import type { Role } from '../platform/roles.js';

/** The guards (and the community's administrator) register entries; linked devices too. */
export const CHECKIN_ROLES: readonly Role[] = ['guard', 'admin'];
