/** Devices' rules shared by the server, the machines, the screens and the simulator. */
import type { Role } from '../platform/roles.js';

/** The menu 'Dispositivos' and every `api/devices` call are the community administrator's. */
export const DEVICE_ADMINS: readonly Role[] = ['admin'];

export const DEVICE_TYPES = ['BOOTH', 'HOSTESS', 'SCANNER'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];
export const DeviceTypeLabel: Record<DeviceType, string> = { BOOTH: 'Caseta', HOSTESS: 'Hostess', SCANNER: 'Escáner' };

export const SCANNER_ACCESSES = ['IN', 'OUT'] as const;
export type ScannerAccess = (typeof SCANNER_ACCESSES)[number];
export const ScannerAccessLabel: Record<ScannerAccess, string> = { IN: 'Entrada', OUT: 'Salida' };

export const SCANNER_TYPES = ['STREET', 'ZONE', 'HOUSE'] as const;
export type ScannerType = (typeof SCANNER_TYPES)[number];

/** The form's sub-types and the location type each one means. */
export const SCANNER_PLACES = ['BARRERA', 'COTO', 'CASA', 'COMMONAREA'] as const;
export type ScannerPlace = (typeof SCANNER_PLACES)[number];
export const ScannerPlaceType: Record<ScannerPlace, ScannerType> = {
  BARRERA: 'ZONE',
  COTO: 'STREET',
  CASA: 'HOUSE',
  COMMONAREA: 'ZONE',
};
export const ScannerPlaceLabel: Record<ScannerPlace, string> = {
  BARRERA: 'Barrera',
  COTO: 'Coto',
  CASA: 'Casa',
  COMMONAREA: 'Área común',
};
/** A stored location type without a sub-type reads as the first sub-type that means it. */
export const placeOfType = (type: ScannerType): ScannerPlace =>
  type === 'ZONE' ? 'BARRERA' : type === 'STREET' ? 'COTO' : 'CASA';

export const DEVICE_STATUSES = ['INACTIVE', 'ACTIVE'] as const;
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];
export const DeviceStatusLabel: Record<DeviceStatus, string> = { ACTIVE: 'Activo', INACTIVE: 'Inactivo' };

/** A link code lives 10 minutes; a device silent for 2 minutes is offline; heartbeats every 30 s. */
export const LINK_CODE_TTL_MS = 10 * 60_000;
export const OFFLINE_AFTER_MS = 2 * 60_000;
export const HEARTBEAT_INTERVAL_MS = 30_000;
/** While the link dialog shows a code, the device is also asked for every few seconds (the event's fallback). */
export const LINK_POLL_MS = 4_000;
/** Device tokens carry a prefix, so a request's token is looked up in one table only. */
export const DEVICE_TOKEN_PREFIX = 'dvc_';
/** Link codes: 8 characters without look-alikes (no 0/O, 1/I/L). */
export const LINK_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const LINK_CODE_LENGTH = 8;

/** The devices screen's texts and the messages the device calls answer. */
export const DeviceTexts = {
  title: 'Dispositivos',
  search: 'Buscar dispositivo',
  add: 'Agregar dispositivo',
  create: 'Agregar dispositivo',
  edit: 'Editar dispositivo',
  name: 'Asigna un nombre al dispositivo',
  nameLength: 'El nombre del dispositivo debe tener como máximo 64 caracteres.',
  deviceType: 'El tipo de dispositivo no es válido.',
  scannerAccess: 'El tipo de lectura debe ser entrada o salida.',
  scannerType: 'Selecciona el tipo de ubicación del escáner.',
  zone: 'Selecciona una zona.',
  street: 'Selecciona una calle.',
  number: 'Asigna el número de la casa.',
  numberLength: 'El número de la casa debe tener como máximo 8 caracteres.',
  parents: 'Los dispositivos padre no son válidos.',
  hostessClubOnly: 'El dispositivo Hostess solo está disponible para el club.',
  created: '¡Dispositivo registrado correctamente!',
  updated: '¡Dispositivo actualizado correctamente!',
  deleted: '¡Dispositivo eliminado correctamente!',
  unlinked: 'Dispositivo desvinculado correctamente',
  linked: 'Dispositivo vinculado',
  notFound: 'El dispositivo no existe.',
  parentNotFound: 'El dispositivo padre no existe.',
  parentCycle:
    'Los dispositivos padre no pueden formar un ciclo: un dispositivo no puede estar antes de sí mismo en la ruta.',
  parentIsOut: 'Un lector de salida no puede ser dispositivo padre.',
  zoneNotFound: 'La zona seleccionada no existe.',
  streetNotFound: 'La calle seleccionada no existe.',
  streetNotInZone: 'La calle no pertenece a la zona seleccionada.',
  deleteActive: 'El dispositivo está vinculado: desvincúlalo antes de eliminarlo.',
  alreadyLinked: 'El dispositivo ya está vinculado: desvincúlalo para generar un código nuevo.',
  notLinked: 'El dispositivo no está vinculado.',
  wrongToken: 'El token no corresponde al dispositivo vinculado.',
  codeInvalid: 'El código de vinculación no es válido.',
  codeGone: 'El código de vinculación ya fue usado o expiró. Genera uno nuevo.',
  codeRequired: 'El código de vinculación es obligatorio.',
  boothManual: 'Este dispositivo registra accesos manuales (accessMode MANUAL).',
  scannerQr: 'Un escáner registra accesos con QR (accessMode QR).',
  scannerOutOnly: 'Este escáner es de salida: solo registra salidas.',
  scannerInOnly: 'Este escáner es de entrada: solo registra entradas.',
  errorTitle: 'Error',
  deleteConfirm: '¿Seguro que deseas eliminar',
  unlinkConfirm: '¿Seguro que deseas desvincular',
  linkTitle: 'Vincular dispositivo',
  codeExpired: 'El código expiró; generando uno nuevo…',
} as const;

/** Which of the form's fields show for the values chosen: the type rules. */
export interface DeviceFieldsShown {
  scanner: boolean;
  parents: boolean;
  street: boolean;
  number: boolean;
}

export function deviceFieldsShown(values: {
  deviceType?: unknown;
  scannerAccess?: unknown;
  scannerPlace?: unknown;
}): DeviceFieldsShown {
  const scanner = values.deviceType === 'SCANNER';
  const type = ScannerPlaceType[values.scannerPlace as ScannerPlace] as ScannerType | undefined;
  return {
    scanner,
    // Parents apply to IN readers only (hidden for OUT).
    parents: scanner && values.scannerAccess !== 'OUT',
    // Street is not needed when the location type is ZONE; the number shows for HOUSE.
    street: scanner && type !== undefined && type !== 'ZONE',
    number: scanner && type === 'HOUSE',
  };
}

/** The device types a community offers: Hostess only in the club community. */
export const deviceTypesFor = (club: boolean): DeviceType[] => (club ? [...DEVICE_TYPES] : ['BOOTH', 'SCANNER']);

/** Is a device online: linked and heard from within the last 2 minutes. */
export const isDeviceOnline = (status: string, lastSeenAt: string | null, now: number) =>
  status === 'ACTIVE' && lastSeenAt !== null && now - Date.parse(lastSeenAt) < OFFLINE_AFTER_MS;

/**
 * What a device may register: a booth or hostess station manual entries and exits; a
 * scanner QR entries when it reads IN, exits when it reads OUT. A refusal is either the wrong
 * direction for the device ('direction') or the wrong access mode ('mode').
 */
export function deviceVisitRefusal(
  device: { deviceType: DeviceType; scannerAccess: ScannerAccess },
  action: 'entry' | 'exit',
  accessMode?: string,
): { kind: 'direction' | 'mode'; message: string } | null {
  if (device.deviceType === 'SCANNER') {
    if (action === 'entry' && device.scannerAccess === 'OUT')
      return { kind: 'direction', message: DeviceTexts.scannerOutOnly };
    if (action === 'exit' && device.scannerAccess === 'IN')
      return { kind: 'direction', message: DeviceTexts.scannerInOnly };
  }
  if (action === 'exit') return null;
  const mode = device.deviceType === 'SCANNER' ? 'QR' : 'MANUAL';
  if (accessMode === mode) return null;
  return { kind: 'mode', message: mode === 'QR' ? DeviceTexts.scannerQr : DeviceTexts.boothManual };
}

/**
 * What the link QR holds: the server's address and the code, so a device that scans it knows
 * where to link (`porton-device:link?server=…&code=…`). The simulator takes this text or the bare code.
 */
export const linkUri = (server: string, code: string) =>
  `porton-device:link?${new URLSearchParams({ server, code }).toString()}`;

export function parseLinkUri(text: string): { server: string | null; code: string } {
  const trimmed = text.trim();
  if (!trimmed.startsWith('porton-device:link?')) return { server: null, code: trimmed.toUpperCase() };
  const params = new URLSearchParams(trimmed.slice('porton-device:link?'.length));
  return { server: params.get('server'), code: (params.get('code') ?? '').toUpperCase() };
}

/** The link dialog's countdown: 'mm:ss' left until `expiresAt` (never negative). */
export function countdownText(expiresAt: string, now: number): string {
  const left = Math.max(0, Math.ceil((Date.parse(expiresAt) - now) / 1000));
  return `${String(Math.floor(left / 60)).padStart(2, '0')}:${String(left % 60).padStart(2, '0')}`;
}

/** The list's location column: sub-type, zone, street and number of a scanner; nothing for a booth or a hostess station. */
export function deviceLocation(d: {
  deviceType: string;
  scannerPlace: string | null;
  zone: { name: string } | null;
  street: { name: string } | null;
  number: string | null;
}): string {
  if (d.deviceType !== 'SCANNER') return '—';
  const parts = [
    d.scannerPlace ? ScannerPlaceLabel[d.scannerPlace as ScannerPlace] : null,
    d.zone?.name ?? null,
    d.street ? (d.number ? `${d.street.name} #${d.number}` : d.street.name) : null,
  ];
  return parts.filter(Boolean).join(' · ') || '—';
}

/** Only an INACTIVE device can be linked or deleted; an active one can only be unlinked. */
export const canDeleteDevice = (status: string) => status === 'INACTIVE';
export const canLinkDevice = (status: string) => status === 'INACTIVE';
export const canUnlinkDevice = (status: string) => status === 'ACTIVE';

/** The list's 'Buscar por' options: 'No. acción' only for the club community. */
export const DEVICE_SEARCH_FIELDS = ['NAME', 'ZONE', 'ADDRESS', 'ACTION'] as const;
export type DeviceSearchField = (typeof DEVICE_SEARCH_FIELDS)[number];
export const DeviceSearchLabel: Record<DeviceSearchField, string> = {
  NAME: 'Nombre',
  ZONE: 'Zona',
  ADDRESS: 'Dirección',
  ACTION: 'No. acción',
};
export const deviceSearchFieldsFor = (club: boolean): DeviceSearchField[] =>
  club ? [...DEVICE_SEARCH_FIELDS] : ['NAME', 'ZONE', 'ADDRESS'];
