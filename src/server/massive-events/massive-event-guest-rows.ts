/** Reading and writing the guests of massive events; the event itself is found (and locked) by `findEvent`. */
import { AppError } from '../../shared/platform/errors.js';
import type { Guest } from '../../shared/massive-events/massive-event-types.js';
import { CommunityScope } from '../platform/db/community-scope.js';
import type { Queryable } from '../platform/db/db.js';
import { type EventRow, type EventScope, findEvent, GUEST_NOT_FOUND, GUEST_SELECT } from './massive-event-rows.js';

/** A guest's own fields. */
export interface GuestFields {
  firstName: string;
  lastName: string;
  phone?: string | null;
  email?: string | null;
}

/** A guest of an event in the caller's reach, with its event locked; otherwise 404. */
export async function findGuest(
  q: Queryable,
  scope: EventScope,
  uuid: string,
): Promise<{ id: number; event: EventRow }> {
  const guest = await new CommunityScope(q, scope.communityId).first<{ id: number; eventUuid: string }>({
    select: 'g.id, e.uuid::text AS "eventUuid"',
    from: { table: 'massive_events', alias: 'e', joins: 'JOIN massive_event_guests g ON g.massive_event_id = e.id' },
    where: ['g.uuid = $1'],
    params: [uuid],
  });
  if (!guest) throw new AppError('not_found', GUEST_NOT_FOUND);
  try {
    return { id: guest.id, event: await findEvent(q, scope, guest.eventUuid, true) };
  } catch {
    throw new AppError('not_found', GUEST_NOT_FOUND);
  }
}

/** One guest as answered, by id. */
export const guestById = async (q: Queryable, id: number) =>
  (await q.one<Guest>(
    `SELECT ${GUEST_SELECT} FROM massive_event_guests g JOIN massive_events e ON e.id = g.massive_event_id WHERE g.id = $1`,
    [id],
  ))!;

/** Adds a guest to an event; its id. */
export async function insertGuest(q: Queryable, eventId: number, guest: GuestFields): Promise<number> {
  const row = await q.one<{ id: number }>(
    `INSERT INTO massive_event_guests (massive_event_id, first_name, last_name, phone, email) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [eventId, guest.firstName, guest.lastName, guest.phone, guest.email],
  );
  return row!.id;
}

/** Adds guests to an event in one statement; answers them as created, in the order given. */
export function insertGuests(q: Queryable, event: { id: number; uuid: string }, guests: GuestFields[]) {
  const col = <K extends keyof GuestFields>(k: K) => guests.map((g) => g[k]);
  return q.query<Guest>(
    `WITH created AS (
           INSERT INTO massive_event_guests (massive_event_id, first_name, last_name, phone, email)
           SELECT $1, f, l, p, m FROM unnest($2::text[], $3::text[], $4::text[], $5::text[]) WITH ORDINALITY AS t(f, l, p, m, n) ORDER BY n
           RETURNING id, uuid, first_name, last_name, email, phone)
         SELECT g.id, g.uuid::text AS uuid, g.first_name AS "firstName", g.last_name AS "lastName", g.email, g.phone,
                json_build_object('uuid', $6::text) AS "massiveEvent"
           FROM created g ORDER BY g.id`,
    [event.id, col('firstName'), col('lastName'), col('phone'), col('email'), event.uuid],
  );
}

/** Changes a guest's fields. */
export async function updateGuest(q: Queryable, id: number, guest: GuestFields): Promise<void> {
  await q.query(
    'UPDATE massive_event_guests SET first_name = $2, last_name = $3, phone = $4, email = $5 WHERE id = $1',
    [id, guest.firstName, guest.lastName, guest.phone, guest.email],
  );
}

export async function deleteGuest(q: Queryable, id: number): Promise<void> {
  await q.query('DELETE FROM massive_event_guests WHERE id = $1', [id]);
}

/** How many guests an event has. */
export async function guestCount(q: Queryable, eventId: number): Promise<number> {
  const row = await q.one<{ n: number }>(
    'SELECT count(*)::int AS n FROM massive_event_guests WHERE massive_event_id = $1',
    [eventId],
  );
  return row!.n;
}

/** Copies an event's guests (new uuids) to another event, in the order they were added. */
export async function copyGuests(q: Queryable, fromEventId: number, toEventId: number): Promise<void> {
  await q.query(
    `INSERT INTO massive_event_guests (massive_event_id, first_name, last_name, phone, email)
             SELECT $2, first_name, last_name, phone, email FROM massive_event_guests WHERE massive_event_id = $1 ORDER BY id`,
    [fromEventId, toEventId],
  );
}
