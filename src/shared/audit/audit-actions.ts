import { AUDIT_FIELD_LABELS } from './audit-fields.js';

/**
 * The audit trail's actions and how the screen says them in Spanish. One list for
 * the server (the route's `action` filter accepts only these) and the web (labels and the filter).
 * Routes name their own events with `recordAudit`; every other change of a row is named by the
 * database's audit trigger as `<entity>.create|update|delete` (migration 020), whose entities are
 * listed here too.
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
  // Workers' decisions and gate check-ins; 'construction.approve|reject' are reserved for site approvals.
  'worker.approve': 'Aprobó un trabajador',
  'worker.reject': 'Rechazó un trabajador',
  'construction.approve': 'Aprobó una obra',
  'construction.reject': 'Rechazó una obra',
  'visit.checkIn': 'Registró una entrada',
  'visit.checkOut': 'Registró una salida',
  'guest.checkIn': 'Registró la llegada de un invitado',
  'guest.checkOut': 'Registró la salida de un invitado',
  // Written by the database for every other change of a row (migration 020): `<entity>.create|update|delete`.
  'community.delete': 'Eliminó un fraccionamiento',
  'membership.create': 'Asignó un usuario a un fraccionamiento',
  'membership.update': 'Editó la asignación de un usuario a un fraccionamiento',
  'membership.delete': 'Quitó un usuario de un fraccionamiento',
  'zone.create': 'Dio de alta una zona',
  'zone.update': 'Editó una zona',
  'zone.delete': 'Eliminó una zona',
  'street.create': 'Dio de alta una calle',
  'street.update': 'Editó una calle',
  'street.delete': 'Eliminó una calle',
  'commonArea.create': 'Dio de alta un área común',
  'commonArea.update': 'Editó un área común',
  'commonArea.delete': 'Eliminó un área común',
  'gate.create': 'Dio de alta una puerta de acceso',
  'gate.update': 'Editó una puerta de acceso',
  'gate.delete': 'Eliminó una puerta de acceso',
  'providerType.create': 'Dio de alta un tipo de proveedor',
  'providerType.update': 'Editó un tipo de proveedor',
  'providerType.delete': 'Eliminó un tipo de proveedor',
  'residentPhone.create': 'Agregó un teléfono de un residente',
  'residentPhone.update': 'Editó un teléfono de un residente',
  'residentPhone.delete': 'Eliminó un teléfono de un residente',
  'residentCode.create': 'Generó un código de registro de un residente',
  'residentCode.update': 'Usó o cambió un código de registro de un residente',
  'residentCode.delete': 'Eliminó un código de registro de un residente',
  'administrativeResident.create': 'Dio de alta un residente administrativo',
  'administrativeResident.update': 'Editó un residente administrativo',
  'administrativeResident.delete': 'Eliminó un residente administrativo',
  'visit.create': 'Registró una visita',
  'visit.update': 'Editó una visita',
  'visit.delete': 'Eliminó una visita',
  'commonAreaVisit.create': 'Registró una visita a un área común',
  'commonAreaVisit.update': 'Editó una visita a un área común',
  'commonAreaVisit.delete': 'Eliminó una visita a un área común',
  'deviceParent.create': 'Asignó un dispositivo principal',
  'deviceParent.update': 'Cambió un dispositivo principal',
  'deviceParent.delete': 'Quitó un dispositivo principal',
  'deviceLinkCode.create': 'Generó un código de vinculación',
  'deviceLinkCode.update': 'Usó o cambió un código de vinculación',
  'deviceLinkCode.delete': 'Eliminó un código de vinculación',
  'content.create': 'Publicó un aviso, boletín o promoción',
  'content.update': 'Editó un aviso, boletín o promoción',
  'content.delete': 'Eliminó un aviso, boletín o promoción',
  'noticeAudience.create': 'Agregó un destinatario a un aviso',
  'noticeAudience.update': 'Editó un destinatario de un aviso',
  'noticeAudience.delete': 'Quitó un destinatario de un aviso',
  'massiveEvent.create': 'Creó un evento masivo',
  'massiveEvent.update': 'Editó un evento masivo',
  'massiveEvent.delete': 'Eliminó un evento masivo',
  'massiveEventGuest.create': 'Agregó un invitado a un evento masivo',
  'massiveEventGuest.update': 'Editó un invitado de un evento masivo',
  'massiveEventGuest.delete': 'Quitó un invitado de un evento masivo',
  'contractor.create': 'Dio de alta un contratista',
  'contractor.update': 'Editó un contratista',
  'contractor.delete': 'Eliminó un contratista',
  'construction.create': 'Dio de alta una obra',
  'construction.update': 'Editó una obra',
  'construction.delete': 'Eliminó una obra',
  'worker.create': 'Dio de alta un trabajador',
  'worker.update': 'Editó un trabajador',
  'worker.delete': 'Eliminó un trabajador',
  'color.create': 'Dio de alta un color',
  'color.update': 'Editó un color',
  'color.delete': 'Eliminó un color',
  'carBrand.create': 'Dio de alta una marca de auto',
  'carBrand.update': 'Editó una marca de auto',
  'carBrand.delete': 'Eliminó una marca de auto',
  'userType.create': 'Dio de alta un tipo de usuario',
  'userType.update': 'Editó un tipo de usuario',
  'userType.delete': 'Eliminó un tipo de usuario',
  'address.create': 'Dio de alta una colonia',
  'address.update': 'Editó una colonia',
  'address.delete': 'Eliminó una colonia',
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;
export const auditActionNames = Object.keys(AUDIT_ACTIONS) as AuditAction[];

/**
 * The filter's groups, so an action is found by what it is about: each group names the entities
 * (the part of an action before its dot) it holds. Every action is in exactly one group (a test
 * checks it); within a group the actions keep the list's order.
 */
export const AUDIT_ACTION_GROUPS: readonly { label: string; entities: readonly string[] }[] = [
  { label: 'Sesiones', entities: ['session'] },
  { label: 'Usuarios', entities: ['user', 'membership'] },
  { label: 'Integradores y fraccionamientos', entities: ['integrator', 'community', 'settings'] },
  {
    label: 'Residentes',
    entities: ['resident', 'residentPhone', 'residentCode', 'administrativeResident'],
  },
  {
    label: 'Catálogos del fraccionamiento',
    entities: ['zone', 'street', 'commonArea', 'gate', 'providerType'],
  },
  { label: 'Visitas y accesos', entities: ['visit', 'commonAreaVisit', 'guest'] },
  { label: 'Dispositivos', entities: ['device', 'deviceParent', 'deviceLinkCode'] },
  { label: 'Avisos, boletines y promociones', entities: ['content', 'noticeAudience'] },
  { label: 'Eventos masivos', entities: ['massiveEvent', 'massiveEventGuest'] },
  { label: 'Contratistas, obras y trabajadores', entities: ['contractor', 'construction', 'worker'] },
  { label: 'Catálogos generales', entities: ['color', 'carBrand', 'userType', 'address'] },
];

/** The actions under each group's label, in the list's order (groups without actions left out). */
export function auditActionGroups(): { label: string; actions: AuditAction[] }[] {
  return AUDIT_ACTION_GROUPS.map((group) => ({
    label: group.label,
    actions: auditActionNames.filter((action) => group.entities.includes(action.split('.')[0]!)),
  })).filter((group) => group.actions.length > 0);
}

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
