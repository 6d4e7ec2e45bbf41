/**
 * What the invitations of some guests need before any is drawn: the guests within the
 * caller's reach (one of another community or another resident's event: 404, nothing drawn), their
 * events' status (no download for Terminado, Incompleto or Cancelado), design,
 * images and place, the community's message, and each guest's signed pass.
 */
import { AppError } from '../../shared/platform/errors.js';
import { invitationPlace } from '../../shared/massive-events/invitation-drawing.js';
import { InvitationTexts } from '../../shared/massive-events/invitation-rules.js';
import {
  displayStatus,
  EVENT_TIME_ZONE,
  StatusRefusals,
  statusAllows,
} from '../../shared/massive-events/massive-event-rules.js';
import type { Queryable } from '../platform/db/db.js';
import type { EventScope } from './massive-event-rows.js';
import { issuePass, type PassKeys } from '../passes/passes.js';

/** One event's part of the drawing (shared by its guests). */
export interface InvitationEvent {
  id: number;
  title: string;
  startDate: string;
  place: string;
  message: string;
  foregroundColor: string | null;
  backgroundColor: string | null;
  coverKey: string | null;
  profileKey: string | null;
}

export interface InvitationGuest {
  uuid: string;
  firstName: string;
  lastName: string;
  eventId: number;
  pass: string;
}

export interface InvitationJobs {
  events: Map<number, InvitationEvent>;
  guests: InvitationGuest[];
}

const LOCAL = (column: string) => `to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS')`;
/** A local event date-time as Unix seconds (the community's zone). */
const EPOCH = (column: string) => `extract(epoch FROM (${column} AT TIME ZONE '${EVENT_TIME_ZONE}'))::bigint`;

/**
 * The pass window of a massive event's guest (docs/features.md#passes): from the start minus the
 * community's invitation validity (hours) until the end. Also used at check-in.
 */
export const PASS_WINDOW_SQL = `${EPOCH('e.start_date')} - c.invitation_validity * 3600 AS "notBefore", ${EPOCH('e.end_date')} AS "notAfter"`;

interface EventData {
  id: number;
  title: string;
  startDate: string;
  endDate: string;
  status: string;
  communityUuid: string;
  message: string;
  foregroundColor: string | null;
  backgroundColor: string | null;
  coverKey: string | null;
  profileKey: string | null;
  area: string | null;
  street: string;
  number: string;
  notBefore: string;
  notAfter: string;
}

async function eventsOf(q: Queryable, ids: number[]): Promise<EventData[]> {
  return q.query<EventData>(
    `SELECT e.id, e.title, ${LOCAL('e.start_date')} AS "startDate", ${LOCAL('e.end_date')} AS "endDate", e.status,
       c.uuid::text AS "communityUuid", c.invitation_message AS message,
       e.foreground_color AS "foregroundColor", e.background_color AS "backgroundColor",
       bf.storage_key AS "coverKey", pf.storage_key AS "profileKey", a.name AS area, s.name AS street, r.number, ${PASS_WINDOW_SQL}
     FROM massive_events e JOIN communities c ON c.id = e.community_id
       JOIN residents r ON r.id = e.resident_id JOIN streets s ON s.id = r.street_id
       LEFT JOIN common_areas a ON a.id = e.common_area_id
       LEFT JOIN files bf ON bf.id = e.background_image_id LEFT JOIN files pf ON pf.id = e.profile_image_id
     WHERE e.id = ANY($1::int[])`,
    [ids],
  );
}

/** The scope on `massive_events e` from parameter $start on (a resident: their own events only). */
const scopeSql = (scope: EventScope, start: number) => ({
  where:
    scope.residentIds === null
      ? `e.community_id = $${start}`
      : `e.community_id = $${start} AND e.resident_id = ANY($${start + 1}::int[])`,
  params: scope.residentIds === null ? [scope.communityId] : [scope.communityId, scope.residentIds],
});

async function jobsOf(q: Queryable, keys: PassKeys, guests: Omit<InvitationGuest, 'pass'>[]): Promise<InvitationJobs> {
  const events = new Map<number, InvitationEvent>();
  const windows = new Map<number, { community: string; notBefore: number; notAfter: number }>();
  for (const e of await eventsOf(q, [...new Set(guests.map((g) => g.eventId))])) {
    if (!statusAllows.download(displayStatus(e))) throw new AppError('conflict', StatusRefusals.download);
    events.set(e.id, {
      id: e.id,
      title: e.title,
      startDate: e.startDate,
      message: e.message,
      foregroundColor: e.foregroundColor,
      backgroundColor: e.backgroundColor,
      coverKey: e.coverKey,
      profileKey: e.profileKey,
      place: invitationPlace({
        commonArea: e.area === null ? null : { name: e.area },
        resident: { street: e.street, number: e.number },
      }),
    });
    windows.set(e.id, { community: e.communityUuid, notBefore: Number(e.notBefore), notAfter: Number(e.notAfter) });
  }
  return {
    events,
    guests: guests.map((g) => {
      const w = windows.get(g.eventId)!;
      return { ...g, pass: issuePass(keys, { kind: 'massiveEventGuest', subject: g.uuid, ...w }) };
    }),
  };
}

const GUEST_COLUMNS = `g.uuid::text AS uuid, g.first_name AS "firstName", g.last_name AS "lastName", g.massive_event_id AS "eventId"`;

/** The invitations of these guests, in the order asked (repeated uuids once); 404 when any is out of reach. */
export async function guestInvitationJobs(
  q: Queryable,
  keys: PassKeys,
  scope: EventScope,
  uuids: string[],
): Promise<InvitationJobs> {
  const wanted = [...new Set(uuids.map((u) => u.toLowerCase()))];
  const { where, params } = scopeSql(scope, 2);
  const rows = await q.query<Omit<InvitationGuest, 'pass'>>(
    `SELECT ${GUEST_COLUMNS} FROM massive_event_guests g JOIN massive_events e ON e.id = g.massive_event_id
      WHERE g.uuid = ANY($1::uuid[]) AND ${where}`,
    [wanted, ...params],
  );
  if (rows.length !== wanted.length) throw new AppError('not_found', InvitationTexts.guestNotFound);
  const byUuid = new Map(rows.map((r) => [r.uuid, r]));
  return jobsOf(
    q,
    keys,
    wanted.map((u) => byUuid.get(u)!),
  );
}

/** Every guest's invitation of an event in reach (by its id; the caller checked it), in the order they were added. */
export async function eventInvitationJobs(q: Queryable, keys: PassKeys, eventId: number): Promise<InvitationJobs> {
  const rows = await q.query<Omit<InvitationGuest, 'pass'>>(
    `SELECT ${GUEST_COLUMNS} FROM massive_event_guests g WHERE g.massive_event_id = $1 ORDER BY g.id`,
    [eventId],
  );
  if (rows.length === 0) throw new AppError('conflict', InvitationTexts.eventWithoutGuests);
  return jobsOf(q, keys, rows);
}
