/**
 * Massive events' rules shared by the server, the machines and the screens: the display status, which action each status allows, the texts.
 */
import type { Role } from '../platform/roles.js';

/** What the database keeps; 'En curso' and 'Terminado' are computed from the dates. */
export type StoredEventStatus = 'Próximo' | 'Cancelado' | 'Incompleto';
export type EventStatus = StoredEventStatus | 'En curso' | 'Terminado';
export const STORED_EVENT_STATUSES = ['Próximo', 'Cancelado', 'Incompleto'] as const;

/** Event dates are the community's local date-times ('YYYY-MM-DDTHH:mm:ss'), read in this zone. */
export const EVENT_TIME_ZONE = 'America/Mexico_City';
/** The end is the start plus 12 hours; the date ceiling is 2100-12-30. */
export const EVENT_HOURS = 12;
export const EVENT_DATE_CEILING = '2100-12-30';
export const EVENT_TITLE_MAX = 64;
export const EVENT_INFO_MAX = 200;
export const GUEST_FIELD_MAX = 64;
/** Default invitation colours, not sent when unchanged. */
export const DEFAULT_FOREGROUND = '8e8e8e';
export const DEFAULT_BACKGROUND = 'ffffff';
/** Page sizes. */
export const EVENTS_PAGE_SIZE = 10;
export const GUESTS_PAGE_SIZE = 15;
export const PAGE_LINKS = 6;

const pad = (n: number) => String(n).padStart(2, '0');
const formatter = new Intl.DateTimeFormat('en-CA', {
  timeZone: EVENT_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The wall-clock date-time in the events' zone, as 'YYYY-MM-DDTHH:mm:ss' (compares as text). */
export function localNow(at: number = Date.now()): string {
  const part = Object.fromEntries(formatter.formatToParts(new Date(at)).map((p) => [p.type, p.value]));
  return `${part.year}-${part.month}-${part.day}T${part.hour}:${part.minute}:${part.second}`;
}

/** A local date-time plus some hours, as a local date-time (no zone arithmetic: wall clock). */
export function addHours(local: string, hours: number): string {
  const d = new Date(`${normalizeLocal(local)}Z`);
  d.setUTCHours(d.getUTCHours() + hours);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** 'YYYY-MM-DDTHH:mm' or with seconds, always with seconds. */
export function normalizeLocal(local: string): string {
  const t = local.replace(' ', 'T');
  return t.length === 16 ? `${t}:00` : t.slice(0, 19);
}

/** The end shown and stored is the start plus 12 hours. */
export const eventEnd = (start: string) => addHours(start, EVENT_HOURS);

/**
 * If the start is in the past and the stored status is neither Cancelado nor
 * Incompleto, 'En curso' while the end is in the future, otherwise 'Terminado'; else the stored one.
 */
export function displayStatus(
  event: { status: string; startDate: string; endDate: string },
  now: string = localNow(),
): EventStatus {
  const stored = event.status as StoredEventStatus;
  if (normalizeLocal(event.startDate) <= now && stored !== 'Cancelado' && stored !== 'Incompleto') {
    return normalizeLocal(event.endDate) > now ? 'En curso' : 'Terminado';
  }
  return stored;
}

export type EventAction = 'edit' | 'clone' | 'cancel' | 'delete' | 'download';

/** Action rules (the server enforces them; the list's machine guards them). */
export const statusAllows: Record<EventAction, (s: EventStatus) => boolean> = {
  delete: (s) => s === 'Terminado' || s === 'Cancelado' || s === 'Incompleto',
  clone: (s) => s === 'Terminado',
  edit: (s) => s === 'Próximo' || s === 'Incompleto',
  cancel: (s) => s !== 'Cancelado' && s !== 'Terminado' && s !== 'En curso',
  download: (s) => s !== 'Terminado' && s !== 'Incompleto' && s !== 'Cancelado',
};

/** The guest count links to the guests only when the event is not finished, cancelled or incomplete. */
export const guestsLinked = (s: EventStatus) => statusAllows.download(s);
/** Guests of a finished or cancelled event are not changed (bad input). */
export const guestsChangeable = (s: EventStatus) => s !== 'Terminado' && s !== 'Cancelado';

/** Why a status refuses an action: the server's 409 text and the list's dialog. */
export const StatusRefusals: Record<EventAction, string> = {
  delete:
    'No es posible eliminar un evento que no ha terminado. Solo se eliminan eventos terminados, cancelados o incompletos.',
  clone: 'No se puede clonar este evento, solo es posible clonar eventos con estatus "Terminado".',
  edit: 'Solo es posible editar eventos con estatus "Próximo" o "Incompleto".',
  cancel: 'No es posible cancelar un evento cancelado, terminado o en curso.',
  download: 'No es posible descargar invitaciones de eventos terminados, incompletos o cancelados.',
};
export const GUESTS_LOCKED = 'No es posible modificar los invitados de un evento terminado o cancelado.';

/** Who may do what. A resident only with their own events (the server checks ownership). */
export const EVENT_READERS: readonly Role[] = ['admin', 'capturista', 'guard', 'resident'];
export const EVENT_WRITERS: readonly Role[] = ['admin', 'resident'];
export const canWriteEvents = (role: Role) => EVENT_WRITERS.includes(role);

export const EventTexts = {
  listTitle: 'Eventos masivos',
  create: 'Crear evento masivo',
  edit: 'Editar evento masivo',
  stepHeaders: ['Crear evento masivo', 'Agrega invitados para evento masivo', 'Personaliza tu invitación'] as const,
  guestsTitle: 'Invitados al evento',
  guestSearch: 'Buscar invitado',
  eventSearch: 'Buscar evento',
  residentHome: 'Casa del residente',
  deleted: 'Evento eliminado correctamente',
  cloned: 'Evento clonado correctamente',
  cancelled: 'Evento cancelado correctamente',
  cloneRefusedTitle: 'Ups...',
  forbiddenTitle: 'No se puede realizar la siguiente acción',
  errorTitle: 'Ha ocurrido un error',
  discardFailed: 'Ha ocurrido un error al crear el EVENTO',
  leaveTitle: '¿Seguro que deseas salir?',
  leaveDetail: 'Si sales sin guardar se perderán los cambios realizados',
  noGuestsTitle: 'No puedes continuar',
  noGuestsDetail: 'Debes agregar por lo menos a un invitado',
  repeatedGuest: 'Estas seguro de agregar a este invitado nuevamente?',
  repeatedGuestConfirm: 'Si, agregar',
  guestAdded: 'Invitado agregado correctamente',
  guestUpdated: 'Invitado actualizado correctamente',
  guestDeleted: 'Invitado eliminado correctamente',
  deleteGuestDetail: 'No podrás revertir esta acción',
  stale: 'El evento fue modificado en otra sesión. Vuelve a abrirlo para ver los cambios.',
} as const;

/** Selection rules: the messages when a toolbar action has no row or more than one. */
export const SelectionTexts = {
  none: 'Para realizar esta acción, asegúrate de seleccionar un evento',
  manyEdit: 'No es posible editar más de un evento a la ves',
  many: (verb: string) => `No es posible ${verb} más de un evento a la vez`,
  noGuest: 'Para realizar esta acción, asegúrate de seleccionar un invitado',
  manyGuests: 'No es posible eliminar más de un invitado a la vez',
  manyGuestsEdit: 'No es posible editar más de un invitado a la vez',
} as const;

/** The edit link. */
export const eventEditPath = (uuid: string) => `/create?token=${encodeURIComponent(uuid)}`;
export const eventGuestsPath = (uuid: string) => `/guests?event=${encodeURIComponent(uuid)}`;

/** The guests' names as the repeated-guest check compares them: trimmed, case and accents ignored. */
export const guestNameKey = (g: { firstName: string; lastName: string }) =>
  `${g.firstName} ${g.lastName}`
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .replace(/\s+/g, ' ')
    .toLowerCase();

/** The guest's name is already another guest's of the event (the guest being edited aside). */
export const repeatsGuest = (
  guest: { firstName: string; lastName: string },
  guests: readonly { uuid: string; firstName: string; lastName: string }[],
  ownUuid: string | null,
) => guests.some((g) => g.uuid !== ownUuid && guestNameKey(g) === guestNameKey(guest));
