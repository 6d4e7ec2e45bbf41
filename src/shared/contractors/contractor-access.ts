import type { Role } from '../platform/roles.js';

/** The community's staff manage contractors and sites ("any other role is an administrator", staff only). */
export const CONTRACTOR_MANAGERS: readonly Role[] = ['admin', 'capturista'];
