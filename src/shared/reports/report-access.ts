import type { Role } from '../platform/roles.js';

/** Who reads and exports the visit and common-area reports (and see them in the menu): the community's staff. */
export const REPORT_READERS: readonly Role[] = ['admin', 'guard', 'capturista'];

/** Who registers common-area visits: the community's guards and its administrator (devices join at the devices merge). */
export const COMMON_AREA_VISIT_REGISTRARS: readonly Role[] = ['guard', 'admin'];
