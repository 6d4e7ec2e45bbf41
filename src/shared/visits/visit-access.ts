import type { Role } from '../platform/roles.js';

/** Who reads the access statistics and live counters (/home): not integrators, not residents. */
export const VISIT_STATS_ROLES: readonly Role[] = ['admin', 'capturista', 'guard', 'generalAdmin'];

/** Who registers entries and exits: the community's guards (types 5 and 6) and its administrator. */
export const VISIT_REGISTRARS: readonly Role[] = ['guard', 'admin'];
