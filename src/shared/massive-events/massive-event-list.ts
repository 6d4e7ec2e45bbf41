/**
 * The 'Eventos masivos' list: `GET api/massiveEvents/` answers every
 * event of the caller as [event, guest count] pairs, so searching, sorting and paging are done
 * here, on the pairs, the same way for the screen and its tests.
 */
import type { Page } from '../platform/api-types.js';
import { displayStatus, EVENTS_PAGE_SIZE, localNow, type EventStatus } from './massive-event-rules.js';
import type { MassiveEventList } from './massive-event-types.js';

/** A listed event as the table shows it. `name` is what the shared list's dialogs read. */
export interface EventListRow {
  [key: string]: unknown;
  uuid: string;
  name: string;
  guests: number;
  /** 'YYYY-MM-DD' and 'HH:mm' of the start (the community's local time). */
  date: string;
  time: string;
  status: EventStatus;
}

/** 'Ordenar por' choices; the first is the default (the nearest date first). */
export const EVENT_SORTS = [
  { value: 'dateAsc', label: 'Fecha (próximos primero)' },
  { value: 'dateDesc', label: 'Fecha (recientes primero)' },
  { value: 'name', label: 'Nombre (A-Z)' },
  { value: 'guests', label: 'Invitados (más primero)' },
  { value: 'status', label: 'Estatus' },
] as const;
export type EventSort = (typeof EVENT_SORTS)[number]['value'];

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

export function eventRowOf([event, guests]: MassiveEventList[number], now: string): EventListRow {
  return {
    uuid: event.uuid,
    name: event.title,
    guests,
    date: event.startDate.slice(0, 10),
    time: event.startDate.slice(11, 16),
    status: displayStatus(event, now),
  };
}

const byDate = (a: EventListRow, b: EventListRow) => `${a.date}T${a.time}`.localeCompare(`${b.date}T${b.time}`);
const comparators: Record<EventSort, (a: EventListRow, b: EventListRow) => number> = {
  dateAsc: byDate,
  dateDesc: (a, b) => byDate(b, a),
  name: (a, b) => a.name.localeCompare(b.name, 'es-MX') || byDate(a, b),
  guests: (a, b) => b.guests - a.guests || byDate(a, b),
  status: (a, b) => a.status.localeCompare(b.status, 'es-MX') || byDate(a, b),
};

/**
 * One page of the events: the search looks in the name, the status and the date (accents and
 * case ignored), then the chosen order, then pages of 10.
 */
export function eventsPage(
  pairs: MassiveEventList,
  q: { page: number; size?: number; search: string; sort?: string },
  now = localNow(),
): Page<EventListRow> {
  const size = q.size ?? EVENTS_PAGE_SIZE;
  const needle = fold(q.search.trim());
  const sort = (EVENT_SORTS.some((s) => s.value === q.sort) ? q.sort : 'dateAsc') as EventSort;
  const rows = pairs
    .map((pair) => eventRowOf(pair, now))
    .filter((r) => !needle || fold(`${r.name} ${r.status} ${r.date}`).includes(needle))
    .sort(comparators[sort]);
  const totalPages = Math.ceil(rows.length / size);
  const page = Math.min(Math.max(0, q.page), Math.max(0, totalPages - 1));
  return { content: rows.slice(page * size, page * size + size), totalElements: rows.length, totalPages, page, size };
}

/** A guest card of 'Invitados al evento'. */
export interface GuestListRow {
  [key: string]: unknown;
  uuid: string;
  name: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

/** One page of an event's guests: 'Buscar invitado' looks in name, email and phone (accents and case ignored); 15 a page. */
export function guestsPage(
  guests: readonly { uuid: string; firstName: string; lastName: string; email: string; phone: string }[],
  q: { page: number; size: number; search: string },
): Page<GuestListRow> {
  const needle = fold(q.search.trim());
  const rows = guests
    .map(
      (g): GuestListRow => ({
        uuid: g.uuid,
        firstName: g.firstName,
        lastName: g.lastName,
        email: g.email,
        phone: g.phone,
        name: `${g.firstName} ${g.lastName}`,
      }),
    )
    .filter((g) => !needle || fold(`${g.name} ${g.email} ${g.phone}`).includes(needle));
  const totalPages = Math.ceil(rows.length / q.size);
  const page = Math.min(Math.max(0, q.page), Math.max(0, totalPages - 1));
  return {
    content: rows.slice(page * q.size, page * q.size + q.size),
    totalElements: rows.length,
    totalPages,
    page,
    size: q.size,
  };
}
