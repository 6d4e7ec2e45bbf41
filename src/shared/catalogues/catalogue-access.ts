import type { Role } from '../platform/roles.js';

/**
 * Who may use the catalogue calls (menu). The server enforces these;
 * the web reads them to show or hide actions.
 */

/** Gates, zones, streets, common areas: read by the community's staff and its integrator. */
export const LOCATION_READERS: readonly Role[] = ['admin', 'capturista', 'guard', 'integrator'];
/** Menu 'Catálogos' (administrator, capturista). */
export const LOCATION_EDITORS: readonly Role[] = ['admin', 'capturista'];
/** User type 2 (capturista) has no delete button: only the administrator deletes. */
export const LOCATION_DELETERS: readonly Role[] = ['admin'];
/** The massive-event form offers common areas to residents too. */
export const COMMON_AREA_OPTION_READERS: readonly Role[] = [...LOCATION_READERS, 'resident'];

/** Provider types: the administrator keeps them (menu 'Proveedores'); staff registering visits read them. */
export const PROVIDER_TYPE_READERS: readonly Role[] = ['admin', 'capturista', 'guard'];
export const PROVIDER_TYPE_EDITORS: readonly Role[] = ['admin'];

/** User types, car brands, colours: only the general administrator manages them. */
export const GLOBAL_CATALOGUE_EDITORS: readonly Role[] = ['generalAdmin'];

export function canDeleteLocation(role: Role): boolean {
  return LOCATION_DELETERS.includes(role);
}
