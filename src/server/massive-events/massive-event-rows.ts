/** Reading massive events and their guests within the caller's reach. */
import { AppError } from '../../shared/platform/errors.js';
import type * as v from 'valibot';
import {
  EventMessages,
  type EventBody,
  type RestoreEventSchema,
} from '../../shared/massive-events/massive-event.schema.js';
import {
  displayStatus,
  eventEnd,
  EventTexts,
  localNow,
  StatusRefusals,
  type EventAction,
  type EventStatus,
  statusAllows,
} from '../../shared/massive-events/massive-event-rules.js';
import type { Guest, MassiveEvent, MassiveEventSummary } from '../../shared/massive-events/massive-event-types.js';
import type { AuthContext } from '../platform/http/auth-context.js';
import { requireCommunity } from '../platform/http/route.js';
import { CommunityScope, NOW, SqlValue } from '../platform/db/community-scope.js';
import type { Db, Queryable } from '../platform/db/db.js';
import { withConstraints } from '../platform/db/db-errors.js';

export const EVENT_NOT_FOUND = 'El evento no existe.';
export const GUEST_NOT_FOUND = 'El invitado no existe.';
export const EVENT_RESIDENT_NOT_FOUND = 'El residente no existe.';
export const EVENT_AREA_NOT_FOUND = 'El área común no existe.';

/**
 * Whose events the caller reaches: the community's (staff), or only those of the caller's own
 * resident records (a resident; another resident's event is 'not found').
 */
export interface EventScope {
  communityId: number;
  residentIds: number[] | null;
}

/** Every change of an event moves its version on (the optimistic check of `assertFresh`). */
export const NEXT_VERSION = new SqlValue('version + 1');

/** The event scope's community as a community scope, over `q` (the request's transaction or the database). */
export const eventsOf = (q: Queryable, scope: EventScope) => new CommunityScope(q, scope.communityId);

export async function eventScope(q: Queryable, auth: AuthContext): Promise<EventScope> {
  const communityId = requireCommunity(auth);
  if (auth.role !== 'resident') return { communityId, residentIds: null };
  const own = await q.query<{ id: number }>(
    'SELECT id FROM residents WHERE community_id = $1 AND user_id = $2 AND deleted_at IS NULL',
    [communityId, auth.userId],
  );
  return { communityId, residentIds: own.map((r) => r.id) };
}

/** The scope as SQL on `massive_events e`, from parameter `$start` on. */
const scopeSql = (scope: EventScope, start: number) => ({
  where:
    scope.residentIds === null
      ? `e.community_id = $${start}`
      : `e.community_id = $${start} AND e.resident_id = ANY($${start + 1}::int[])`,
  params: scope.residentIds === null ? [scope.communityId] : [scope.communityId, scope.residentIds],
});

const LOCAL = (column: string) => `to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS')`;
const imageRef = (alias: string) =>
  `CASE WHEN ${alias}.id IS NULL THEN NULL ELSE json_build_object('uuid', ${alias}.uuid, 'publicUrl', '/api/massiveEvents/' || e.uuid || '/images/' || ${alias}.uuid) END`;

const SUMMARY_SELECT = `e.uuid::text AS uuid, e.title, e.additional_information AS "additionalInformation",
  ${LOCAL('e.start_date')} AS "startDate", ${LOCAL('e.end_date')} AS "endDate", e.status, e.version,
  CASE WHEN a.id IS NULL THEN NULL ELSE json_build_object('uuid', a.uuid, 'name', a.name) END AS "commonArea",
  json_build_object('uuid', r.uuid, 'firstName', r.first_name, 'lastName', r.last_name, 'street', s.name, 'number', r.number) AS resident,
  e.background_color AS "backgroundColor", e.foreground_color AS "foregroundColor",
  ${imageRef('bf')} AS "backgroundImage", ${imageRef('pf')} AS profile`;
const SUMMARY_FROM = `massive_events e JOIN residents r ON r.id = e.resident_id JOIN streets s ON s.id = r.street_id
  LEFT JOIN common_areas a ON a.id = e.common_area_id LEFT JOIN files bf ON bf.id = e.background_image_id
  LEFT JOIN files pf ON pf.id = e.profile_image_id`;

export const GUEST_SELECT = `g.id, g.uuid::text AS uuid, g.first_name AS "firstName", g.last_name AS "lastName", g.email, g.phone,
  json_build_object('uuid', e.uuid) AS "massiveEvent"`;

/** The list: every event in reach with its guest count, newest start first. */
export async function listEvents(q: Queryable, scope: EventScope): Promise<[MassiveEventSummary, number][]> {
  const { where, params } = scopeSql(scope, 1);
  const rows = await q.query<MassiveEventSummary & { guestCount: number }>(
    `SELECT ${SUMMARY_SELECT}, (SELECT count(*)::int FROM massive_event_guests g WHERE g.massive_event_id = e.id) AS "guestCount"
       FROM ${SUMMARY_FROM} WHERE ${where} ORDER BY e.start_date DESC, e.id DESC`,
    params,
  );
  return rows.map(({ guestCount, ...event }) => [event, guestCount]);
}

/** One event with its guests (in the order they were added). */
export async function eventById(q: Queryable, id: number): Promise<MassiveEvent> {
  const event = (await q.one<MassiveEventSummary>(`SELECT ${SUMMARY_SELECT} FROM ${SUMMARY_FROM} WHERE e.id = $1`, [
    id,
  ]))!;
  const guests = await q.query<Guest>(
    `SELECT ${GUEST_SELECT} FROM massive_event_guests g JOIN massive_events e ON e.id = g.massive_event_id
      WHERE g.massive_event_id = $1 ORDER BY g.id`,
    [id],
  );
  return { ...event, massiveEventGuests: guests };
}

export interface EventRow {
  id: number;
  uuid: string;
  status: string;
  startDate: string;
  endDate: string;
  version: number;
  residentId: number;
  commonAreaId: number | null;
  backgroundImageId: number | null;
  profileImageId: number | null;
}
const ROW_SELECT = `e.id, e.uuid::text AS uuid, e.status, ${LOCAL('e.start_date')} AS "startDate", ${LOCAL('e.end_date')} AS "endDate",
  e.version, e.resident_id AS "residentId", e.common_area_id AS "commonAreaId",
  e.background_image_id AS "backgroundImageId", e.profile_image_id AS "profileImageId"`;

/** An event in reach by uuid, locked for the transaction when asked; otherwise 404. */
export async function findEvent(q: Queryable, scope: EventScope, uuid: string, lock = false): Promise<EventRow> {
  const { where, params } = scopeSql(scope, 2);
  const row = await q.one<EventRow>(
    `SELECT ${ROW_SELECT} FROM massive_events e WHERE e.uuid = $1 AND ${where}${lock ? ' FOR UPDATE' : ''}`,
    [uuid, ...params],
  );
  if (!row) throw new AppError('not_found', EVENT_NOT_FOUND);
  return row;
}

export const statusOf = (row: EventRow): EventStatus => displayStatus(row, localNow());

/** The action must be allowed by the event's display status (409 with the reason). */
export function assertStatusAllows(row: EventRow, action: EventAction) {
  if (!statusAllows[action](statusOf(row))) throw new AppError('conflict', StatusRefusals[action]);
}

/** A save that names the version it read is refused when the event changed since (two tabs). */
export function assertFresh(row: EventRow, version: number | undefined) {
  if (version !== undefined && version !== row.version) throw new AppError('conflict', EventTexts.stale);
}

/** The host: a live resident of the community, and for a resident only one of their own records. */
export async function hostResidentId(q: Queryable, scope: EventScope, uuid: string): Promise<number> {
  const row = await q.one<{ id: number }>(
    'SELECT id FROM residents WHERE community_id = $1 AND uuid = $2 AND deleted_at IS NULL',
    [scope.communityId, uuid],
  );
  if (!row || (scope.residentIds !== null && !scope.residentIds.includes(row.id)))
    throw new AppError('not_found', EVENT_RESIDENT_NOT_FOUND);
  return row.id;
}

/** The place: a common area of the community, or null for 'Casa del residente'. */
export async function placeId(
  q: Queryable,
  communityId: number,
  area: { uuid: string } | null,
): Promise<number | null> {
  if (!area) return null;
  const row = await q.one<{ id: number }>('SELECT id FROM common_areas WHERE community_id = $1 AND uuid = $2', [
    communityId,
    area.uuid,
  ]);
  if (!row) throw new AppError('not_found', EVENT_AREA_NOT_FOUND);
  return row.id;
}

/** The date is not before today on create, nor when a save changes it. */
export function assertNotPast(startDate: string, stored?: string) {
  if (startDate === stored) return;
  if (startDate.slice(0, 10) < localNow().slice(0, 10))
    throw new AppError('invalid_request', EventMessages.datePast, { startDate: EventMessages.datePast });
}

/** The event's own fields, resolved in the caller's reach (host and place 404 when out of it). */
export async function eventFields(q: Queryable, scope: EventScope, body: Pick<EventBody, 'resident' | 'commonArea'>) {
  return {
    residentId: await hostResidentId(q, scope, body.resident.uuid),
    areaId: await placeId(q, scope.communityId, body.commonArea),
  };
}

const GUEST_TAKEN = 'Uno de los invitados a restaurar pertenece a otro evento.';

/**
 * The event's fields and its guest list put back exactly as `body` has them, in one transaction:
 * guests added since are deleted, changed ones put back, deleted ones created again with their own
 * uuid (so invitations already sent stay valid).
 */
export function restoreEvent(
  db: Db,
  auth: AuthContext,
  uuid: string,
  body: v.InferOutput<typeof RestoreEventSchema>,
): Promise<MassiveEvent> {
  return withConstraints({ duplicate: GUEST_TAKEN, otherCommunity: GUEST_TAKEN }, () =>
    db.tx(async (q) => {
      const scope = await eventScope(q, auth);
      const row = await findEvent(q, scope, uuid, true);
      assertStatusAllows(row, 'edit');
      assertFresh(row, body.version);
      const { residentId, areaId } = await eventFields(q, scope, body);
      await eventsOf(q, scope).update(
        'massive_events',
        { id: row.id },
        {
          title: body.title,
          additional_information: body.additionalInformation,
          start_date: body.startDate,
          end_date: eventEnd(body.startDate),
          resident_id: residentId,
          common_area_id: areaId,
          version: NEXT_VERSION,
          updated_at: NOW,
        },
      );
      const uuids = body.guests.map((g) => g.uuid);
      await q.query(
        'DELETE FROM massive_event_guests WHERE massive_event_id = $1 AND NOT (uuid::text = ANY($2::text[]))',
        [row.id, uuids],
      );
      // A guest of another event of this community is seen here; one of another community is not
      // (row-level security), and its upsert below is refused: both answer 409 GUEST_TAKEN.
      const foreign = await q.one<{ n: number }>(
        'SELECT count(*)::int AS n FROM massive_event_guests WHERE uuid::text = ANY($2::text[]) AND massive_event_id <> $1',
        [row.id, uuids],
      );
      if (foreign!.n) throw new AppError('conflict', GUEST_TAKEN);
      const col = <K extends keyof (typeof body.guests)[number]>(k: K) => body.guests.map((g) => g[k]);
      await q.query(
        `INSERT INTO massive_event_guests (massive_event_id, uuid, first_name, last_name, phone, email)
       SELECT $1, u::uuid, f, l, p, e FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[]) AS t(u, f, l, p, e)
       ON CONFLICT (uuid) DO UPDATE SET first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name,
              phone = EXCLUDED.phone, email = EXCLUDED.email`,
        [row.id, uuids, col('firstName'), col('lastName'), col('phone'), col('email')],
      );
      return eventById(q, row.id);
    }),
  );
}
