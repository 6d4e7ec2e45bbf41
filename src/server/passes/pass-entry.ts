/**
 * A massive event guest at the gate: the pass is verified (signature, kind, community,
 * its window), then what it cannot know is checked against the database (the guest still listed,
 * the event not cancelled, its current dates, not already inside), and the entry is written as a
 * visit of type MASSIVE_EVENT, mode QR, tied to the guest and the event; the exit closes it.
 */
import { CheckinMessages, type CheckinRefusal } from '../../shared/passes/checkin-rules.js';
import { AppError, type ErrorCode } from '../../shared/platform/errors.js';
import type { CheckinAnswer } from '../../shared/passes/checkin.schema.js';
import type { Queryable } from '../platform/db/db.js';
import { sqlState } from '../platform/db/db-errors.js';
import { PASS_WINDOW_SQL } from '../massive-events/invitation-jobs.js';
import { verifyPass, type PassKeys } from './passes.js';

/** Who registers: the gate's community and the user or the device. */
export interface Registrar {
  communityId: number;
  communityUuid: string;
  userId: number | null;
  deviceId: number | null;
}

/** The uuid of the gate's community (what a pass names). */
export async function communityUuidOf(q: Queryable, communityId: number): Promise<string> {
  return (await q.one<{ uuid: string }>('SELECT uuid::text AS uuid FROM communities WHERE id = $1', [communityId]))!
    .uuid;
}

const CODES: Record<CheckinRefusal, ErrorCode> = {
  malformed: 'invalid_request',
  forged: 'invalid_request',
  kind: 'invalid_request',
  community: 'not_found',
  early: 'conflict',
  ended: 'conflict',
  cancelled: 'conflict',
  guestDeleted: 'not_found',
  alreadyInside: 'conflict',
  notInside: 'conflict',
};
const refuse = (reason: CheckinRefusal) => new AppError(CODES[reason], CheckinMessages[reason]);

interface GuestAtGate {
  guestId: number;
  guestUuid: string;
  firstName: string;
  lastName: string;
  eventId: number;
  eventUuid: string;
  title: string;
  status: string;
  residentId: number;
  notBefore: string;
  notAfter: string;
}

/**
 * The pass checked and its guest found, or the refusal (thrown as the contract's error). An exit
 * is not refused for the event's status or window: a guest inside may always leave.
 */
export async function guestOfPass(
  q: Queryable,
  keys: PassKeys,
  registrar: Registrar,
  pass: string,
  direction: 'IN' | 'OUT',
  now = Date.now(),
): Promise<GuestAtGate> {
  const at = Math.floor(now / 1000);
  const check = verifyPass(keys, pass, { kind: 'massiveEventGuest', community: registrar.communityUuid, at });
  if (!check.ok && check.reason !== 'early' && check.reason !== 'expired') throw refuse(check.reason);
  const guest = await q.one<GuestAtGate>(
    `SELECT g.id AS "guestId", g.uuid::text AS "guestUuid", g.first_name AS "firstName", g.last_name AS "lastName",
       e.id AS "eventId", e.uuid::text AS "eventUuid", e.title, e.status, e.resident_id AS "residentId", ${PASS_WINDOW_SQL}
     FROM massive_event_guests g JOIN massive_events e ON e.id = g.massive_event_id JOIN communities c ON c.id = e.community_id
     WHERE g.uuid = $1 AND e.community_id = $2`,
    [check.claims!.subject, registrar.communityId],
  );
  if (!guest) throw refuse('guestDeleted');
  if (direction === 'OUT') return guest;
  if (guest.status === 'Cancelado') throw refuse('cancelled');
  // The pass's window and the event's current one (it may have been moved since it was drawn).
  if (!check.ok) throw refuse(check.reason === 'early' ? 'early' : 'ended');
  if (at < Number(guest.notBefore)) throw refuse('early');
  if (at > Number(guest.notAfter)) throw refuse('ended');
  return guest;
}

const answer = (g: GuestAtGate, visitUuid: string, direction: 'IN' | 'OUT', at: string): CheckinAnswer => ({
  visitUuid,
  direction,
  at,
  kind: 'massiveEventGuest',
  construction: null,
  guest: { uuid: g.guestUuid, firstName: g.firstName, lastName: g.lastName },
  event: { uuid: g.eventUuid, title: g.title },
});

/** The guest's entry (V_IN); refused while an entry of theirs is open ('Este invitado ya ingresó'). */
export async function checkIn(
  q: Queryable,
  keys: PassKeys,
  registrar: Registrar,
  pass: string,
): Promise<CheckinAnswer> {
  const g = await guestOfPass(q, keys, registrar, pass, 'IN');
  try {
    const row = await q.one<{ uuid: string; at: string }>(
      `INSERT INTO visits (community_id, first_name, last_name, visitant_type, access_mode, resident_id, registered_by, entry_device_id,
         massive_event_id, massive_event_guest_id)
       SELECT $1, $2, $3, 'MASSIVE_EVENT', 'QR', $4, $5, $6, $7, $8
        WHERE NOT EXISTS (SELECT 1 FROM visits WHERE massive_event_guest_id = $8 AND exited_at IS NULL)
       RETURNING uuid::text AS uuid, to_json(entered_at) #>> '{}' AS at`,
      [
        registrar.communityId,
        g.firstName,
        g.lastName,
        g.residentId,
        registrar.userId,
        registrar.deviceId,
        g.eventId,
        g.guestId,
      ],
    );
    if (!row) throw refuse('alreadyInside');
    return answer(g, row.uuid, 'IN', row.at);
  } catch (error) {
    // Two gates at once: the one-open-visit index refuses the second.
    if (sqlState(error) === '23505') throw refuse('alreadyInside');
    throw error;
  }
}

/** The guest's exit (V_OUT): closes their open entry; refused when they are not inside. */
export async function checkOut(
  q: Queryable,
  keys: PassKeys,
  registrar: Registrar,
  pass: string,
): Promise<CheckinAnswer> {
  const g = await guestOfPass(q, keys, registrar, pass, 'OUT');
  const row = await q.one<{ uuid: string; at: string }>(
    `UPDATE visits SET exited_at = greatest(now(), entered_at), exit_registered_by = $2, exit_device_id = $3
      WHERE massive_event_guest_id = $1 AND exited_at IS NULL
      RETURNING uuid::text AS uuid, to_json(exited_at) #>> '{}' AS at`,
    [g.guestId, registrar.userId, registrar.deviceId],
  );
  if (!row) throw refuse('notInside');
  return answer(g, row.uuid, 'OUT', row.at);
}
