/**
 * The audit trail's actions and how the screen says them in Spanish. One list for
 * the server (the route's `action` filter accepts only these) and the web (labels and the filter).
 * Actions marked `wiredBy` are written by routes built on other branches: the names are fixed
 * here so those routes call `recordAudit` with them.
 */
export const AUDIT_ACTIONS = {
  'session.signIn': 'Inició sesión',
  'session.signInFailed': 'Intento de inicio de sesión fallido',
  'session.signInRefused': 'Inicio de sesión rechazado (cuenta o fraccionamiento deshabilitado)',
  'session.signOut': 'Cerró sesión',
  'user.create': 'Dio de alta un usuario',
  'user.update': 'Editó un usuario',
  'user.delete': 'Eliminó un usuario',
  'resident.create': 'Dio de alta un residente',
  'resident.update': 'Editó un residente',
  'resident.enable': 'Activó un residente',
  'resident.disable': 'Desactivó un residente',
  'resident.delete': 'Eliminó un residente',
  'integrator.create': 'Dio de alta un integrador',
  'integrator.update': 'Editó un integrador',
  'integrator.enable': 'Habilitó un integrador',
  'integrator.disable': 'Deshabilitó un integrador',
  'integrator.delete': 'Eliminó un integrador',
  'community.create': 'Dio de alta un fraccionamiento',
  'community.update': 'Editó un fraccionamiento',
  'community.licenses': 'Cambió las licencias de un fraccionamiento',
  'community.enable': 'Habilitó un fraccionamiento',
  'community.disable': 'Deshabilitó un fraccionamiento',
  'settings.update': 'Cambió los ajustes del fraccionamiento',
  'device.create': 'Dio de alta un dispositivo',
  'device.update': 'Editó un dispositivo',
  'device.delete': 'Eliminó un dispositivo',
  'device.link': 'Se vinculó un dispositivo',
  'device.unlink': 'Desvinculó un dispositivo',
  // Workers' decisions and gate check-ins (issues 13 and 14); 'construction.*' are reserved for site approvals.
  'worker.approve': 'Aprobó un trabajador',
  'worker.reject': 'Rechazó un trabajador',
  'construction.approve': 'Aprobó una obra',
  'construction.reject': 'Rechazó una obra',
  'visit.checkIn': 'Registró una entrada',
  'visit.checkOut': 'Registró una salida',
  'guest.checkIn': 'Registró la llegada de un invitado',
  'guest.checkOut': 'Registró la salida de un invitado',
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;
export const auditActionNames = Object.keys(AUDIT_ACTIONS) as AuditAction[];

/** Spanish names of the changed fields the screen shows (columns as stored); others show as stored. */
export const AUDIT_FIELD_LABELS: Record<string, string> = {
  first_name: 'Nombre',
  last_name: 'Apellidos',
  name: 'Nombre',
  email: 'Correo',
  phone: 'Teléfono',
  status: 'Estado',
  street: 'Calle',
  ext_number: 'Número exterior',
  int_number: 'Número interior',
  number: 'Número',
  address_id: 'Colonia',
  licenses: 'Licencias',
  license_total: 'Licencias',
  license_expired: 'Licencia vencida',
  enabled: 'Habilitado',
  admin_user_id: 'Administrador',
  useapp: 'Usa la app',
  street_id: 'Calle',
  device_type: 'Tipo',
  scanner_access: 'Acceso',
  zone_id: 'Zona',
  club: 'Club',
  notresident: 'No residente',
  action: 'No. acción',
  chatbot_use_app: 'Visitas administrativas',
  scanner_type: 'Tipo de escáner',
  scanner_place: 'Ubicación',
  folio_required: 'Folio obligatorio',
  visitor_search: 'Búsqueda de visitantes',
  search_name: 'Buscar por nombre',
  search_address: 'Buscar por domicilio',
  search_action: 'Buscar por No. acción',
  search_place: 'Buscar por lugar',
  search_common_area: 'Buscar por área común',
  view_resident_name: 'Ver nombre del residente',
  view_visit_address: 'Ver domicilio de la visita',
  view_resident_address: 'Ver domicilio del residente',
  view_resident_number: 'Ver número del residente',
  invitation_validity: 'Vigencia de invitaciones (horas)',
  invitation_message: 'Mensaje de invitación',
  frequent_invitation_chrono_unit: 'Unidad de vigencia de visitas frecuentes',
  frequent_invitation_validity: 'Vigencia de visitas frecuentes',
};

/** The Spanish sentence of an action; an unknown one (a newer server) shows as stored. */
export const auditActionLabel = (action: string) => (AUDIT_ACTIONS as Record<string, string>)[action] ?? action;

/** A value of a changed field as the screen shows it. */
const shown = (value: unknown) =>
  value === null || value === undefined || value === ''
    ? '(vacío)'
    : value === true
      ? 'sí'
      : value === false
        ? 'no'
        : typeof value === 'object'
          ? JSON.stringify(value)
          : String(value);

/** 'Nombre: Rosa → Rosalía', one line per changed field. */
export function describeChanges(changes: Record<string, { from: unknown; to: unknown }> | null): string[] {
  if (!changes) return [];
  return Object.entries(changes).map(
    ([field, c]) => `${AUDIT_FIELD_LABELS[field] ?? field}: ${shown(c.from)} → ${shown(c.to)}`,
  );
}

/** Who, in Spanish: the account, 'Dispositivo …', or 'Desconocido' for an unnamed failed sign-in. */
export function describeActor(event: {
  actorKind: 'user' | 'device' | 'anonymous';
  actorLabel: string | null;
}): string {
  if (event.actorKind === 'device') return `Dispositivo ${event.actorLabel ?? ''}`.trim();
  return event.actorLabel ?? 'Desconocido';
}
