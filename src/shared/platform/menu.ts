import { CONTRACTOR_MANAGERS } from '../contractors/contractor-access.js';
import { CHECKIN_ROLES } from '../passes/checkin-access.js';
import { REPORT_READERS } from '../reports/report-access.js';
import type { Role } from './roles.js';
// The home by role lives in a small module of its own: the first screen needs it without the menu.
import { homeFor } from './home.js';

/** Side-menu entries and the roles that see them. */
export interface MenuEntry {
  label: string;
  path: string;
  group?: 'Administración' | 'Catálogos' | 'Comunidad';
  roles: readonly Role[];
}

const adminCapturista: readonly Role[] = ['admin', 'capturista'];
/** Who reads the reports: administrator, guard, capturista. */
const REPORT_ROLES = REPORT_READERS;
const REPORT_PATHS = ['/visitants', '/visitantes', '/commonAreaVisitants'];
const STAFF_SITE_PATHS = ['/contractors', '/createContractor', '/constructions', '/createConstruction'];
/** Who reads the audit trail: the general administrator and community administrators. */
export const AUDIT_ROLES: readonly Role[] = ['generalAdmin', 'admin'];
/** Who reads the trail of every community, and may narrow it to one; an administrator reads their own only. */
export const AUDIT_ALL_COMMUNITIES_ROLES: readonly Role[] = ['generalAdmin'];

export const menuEntries: readonly MenuEntry[] = [
  { label: 'Inicio', path: '/home', roles: ['admin', 'generalAdmin', 'integrator', 'capturista', 'guard'] },
  { label: 'Fraccionamientos', path: '/fracs', roles: ['integrator'] },
  { label: 'Integradores', path: '/integrators', roles: ['generalAdmin'] },
  { label: 'Eventos masivos', path: '/massiveEvents', roles: ['admin', 'resident', 'capturista'] },
  { label: 'Acceso a eventos y obras', path: '/checkin', roles: CHECKIN_ROLES },
  { label: 'Reportes', path: '/visitants', group: 'Administración', roles: REPORT_ROLES },
  { label: 'Reporte áreas comunes', path: '/commonAreaVisitants', group: 'Administración', roles: REPORT_ROLES },
  { label: 'Auditoría', path: '/audit', group: 'Administración', roles: AUDIT_ROLES },
  { label: 'Dispositivos', path: '/qrcodes', roles: ['admin'] },
  { label: 'Residentes', path: '/residents', roles: adminCapturista },
  { label: 'Usuarios', path: '/users', roles: ['admin', 'generalAdmin', 'integrator'] },
  { label: 'Proveedores', path: '/providers', roles: ['admin'] },
  // Contractors and sites: the community's staff; a contractor's own sites.
  { label: 'Contratistas de obra', path: '/contractors', roles: CONTRACTOR_MANAGERS },
  { label: 'Obras', path: '/constructions', roles: CONTRACTOR_MANAGERS },
  { label: 'Obras', path: '/constructions_contractor', roles: ['contractor'] },
  { label: 'Trabajadores de obra', path: '/workers', roles: ['admin', 'capturista', 'contractor'] },
  { label: 'Solicitudes', path: '/workersRequest', roles: adminCapturista },
  { label: 'Tipos de usuario', path: '/users-types', roles: ['generalAdmin'] },
  { label: 'Marcas de vehículos', path: '/carbrands', roles: ['generalAdmin'] },
  { label: 'Colores', path: '/colors', roles: ['generalAdmin'] },
  { label: 'Puertas de acceso', path: '/gates', group: 'Catálogos', roles: adminCapturista },
  { label: 'Zonas', path: '/zones', group: 'Catálogos', roles: adminCapturista },
  { label: 'Calles', path: '/streets', group: 'Catálogos', roles: adminCapturista },
  { label: 'Áreas comunes', path: '/commonareas', group: 'Catálogos', roles: adminCapturista },
  { label: 'Avisos', path: '/notices', group: 'Comunidad', roles: adminCapturista },
  { label: 'Boletines', path: '/newsletters', group: 'Comunidad', roles: adminCapturista },
  { label: 'Promociones', path: '/promotions', group: 'Comunidad', roles: adminCapturista },
  { label: 'Ajustes', path: '/configuration', roles: ['admin'] },
];

export function menuFor(role: Role): MenuEntry[] {
  return menuEntries.filter((entry) => entry.roles.includes(role));
}

export { homeFor };

/**
 * Route guards: /fracs only for integrators, the global catalogues and
 * integrators only for the general administrator; anything else signed-in is allowed.
 * Answers where to redirect, or null when the role may stay.
 */
export function guardRedirect(path: string, role: Role | null): string | null {
  if (role === null) return '/';
  // The reports are the community staff's (menu): others go home.
  if (REPORT_PATHS.includes(path) && !REPORT_ROLES.includes(role)) return homeFor(role);
  if (path === '/fracs' && role !== 'integrator') return '/home';
  // The gate's check-in of event guests is the guards' and the administrator's.
  if (path === '/checkin' && !CHECKIN_ROLES.includes(role)) return homeFor(role);
  if (['/integrators', '/users-types', '/carbrands', '/colors'].includes(path) && role !== 'generalAdmin')
    return '/home';
  if (path === '/audit' && !AUDIT_ROLES.includes(role)) return homeFor(role);
  // 'Ajustes' is the community administrator's.
  if (path === '/configuration' && role !== 'admin') return '/home';
  // Contractors and sites are the staff's; a contractor's own sites are its home.
  if (STAFF_SITE_PATHS.includes(path) && !CONTRACTOR_MANAGERS.includes(role)) return homeFor(role);
  if (path === '/constructions_contractor' && role !== 'contractor') return homeFor(role);
  return null;
}
