/**
 * A pass at the gate: a massive event guest's invitation or a construction worker's credential
 * (docs/features.md#passes). The pass is verified (signature, kind, community, the window it was
 * drawn with), then what it cannot know is read from its holder's row: a guest still listed and
 * the event not cancelled; a worker still approved (a rejected or deleted worker's credential is
 * revoked); and the current window (the event's or the site's dates may have moved since the pass
 * was drawn). The entry is a visit of mode QR tied to the holder (type MASSIVE_EVENT with the
 * event, or EMPLOYEE with the site); the exit closes it. An exit is refused only when the holder
 * is unknown or not inside: whoever is inside may always leave.
 */
import {
  CheckinMessages,
  WorkerCheckinMessages,
  type WorkerCheckinRefusal,
} from '../../shared/passes/checkin-rules.js';
import { AppError, type ErrorCode } from '../../shared/platform/errors.js';
import type { CheckinAnswer } from '../../shared/passes/checkin.schema.js';
import type { PassKind } from '../../shared/passes/pass-types.js';
import { WorkerStatus } from '../../shared/contractors/worker-rules.js';
import type { Queryable } from '../platform/db/db.js';
import { sqlState } from '../platform/db/db-errors.js';
import { PASS_WINDOW_SQL } from '../massive-events/invitation-jobs.js';
import { SITE_WINDOW_SQL } from '../contractors/credential-jobs.js';
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

/** The kinds of pass the gate admits. */
export type EntryPassKind = Extract<PassKind, 'massiveEventGuest' | 'workerCredential'>;

/** Why a holder's pass is refused at the gate, whatever its kind. */
type GateRefusal = 'community' | 'notStarted' | 'ended' | 'gone' | 'alreadyInside' | 'notInside';

/** A pass's holder as read at the gate: who, and the window they may enter in (epoch seconds). */
interface Holder {
  id: number;
  uuid: string;
  firstName: string;
  lastName: string;
  notBefore: string;
  notAfter: string;
}

/** What differs between the kinds of pass: how the holder is read and refused, how the visit is written and answered. */
interface PassEntryKind<H extends Holder> {
  kind: EntryPassKind;
  /** Each refusal's error code and message. */
  refusals: Record<GateRefusal, [ErrorCode, string]>;
  /** The holder named by the pass, in the gate's community. */
  holder: (q: Queryable, communityId: number, uuid: string) => Promise<H | undefined>;
  /** Whether a holder still on record is gone for this direction (a deleted worker cannot enter; refused as `gone`). */
  gone: (holder: H, direction: 'IN' | 'OUT') => boolean;
  /** A refusal of the holder's state on entry (the event cancelled, the worker not approved), or null. */
  entryRefusal: (holder: H) => AppError | null;
  /** The visit's column naming the holder (one open visit per holder). */
  holderColumn: 'massive_event_guest_id' | 'construction_worker_id';
  /** Inserts the entry (at `at`, now when null) unless the holder has one open; its uuid and time. */
  insertEntry: (
    q: Queryable,
    registrar: Registrar,
    holder: H,
    at: string | null,
  ) => Promise<{ uuid: string; at: string } | undefined>;
  answer: (holder: H, visitUuid: string, direction: 'IN' | 'OUT', at: string) => CheckinAnswer;
}

const GUEST_CODES: Record<GateRefusal | 'cancelled', ErrorCode> = {
  community: 'not_found',
  notStarted: 'conflict',
  ended: 'conflict',
  cancelled: 'conflict',
  gone: 'not_found',
  alreadyInside: 'conflict',
  notInside: 'conflict',
};

interface GuestAtGate extends Holder {
  eventId: number;
  eventUuid: string;
  title: string;
  status: string;
  residentId: number;
}

const guestPass: PassEntryKind<GuestAtGate> = {
  kind: 'massiveEventGuest',
  refusals: {
    community: [GUEST_CODES.community, CheckinMessages.community],
    notStarted: [GUEST_CODES.notStarted, CheckinMessages.early],
    ended: [GUEST_CODES.ended, CheckinMessages.ended],
    gone: [GUEST_CODES.gone, CheckinMessages.guestDeleted],
    alreadyInside: [GUEST_CODES.alreadyInside, CheckinMessages.alreadyInside],
    notInside: [GUEST_CODES.notInside, CheckinMessages.notInside],
  },
  holder: (q, communityId, uuid) =>
    q.one<GuestAtGate>(
      `SELECT g.id, g.uuid::text AS uuid, g.first_name AS "firstName", g.last_name AS "lastName",
         e.id AS "eventId", e.uuid::text AS "eventUuid", e.title, e.status, e.resident_id AS "residentId", ${PASS_WINDOW_SQL}
       FROM massive_event_guests g JOIN massive_events e ON e.id = g.massive_event_id JOIN communities c ON c.id = e.community_id
       WHERE g.uuid = $1 AND e.community_id = $2`,
      [uuid, communityId],
    ),
  gone: () => false,
  entryRefusal: (guest) =>
    guest.status === 'Cancelado' ? new AppError(GUEST_CODES.cancelled, CheckinMessages.cancelled) : null,
  holderColumn: 'massive_event_guest_id',
  insertEntry: (q, registrar, guest, at) =>
    q.one<{ uuid: string; at: string }>(
      `INSERT INTO visits (community_id, first_name, last_name, visitant_type, access_mode, resident_id, registered_by, entry_device_id,
         massive_event_id, massive_event_guest_id, entered_at)
       SELECT $1, $2, $3, 'MASSIVE_EVENT', 'QR', $4, $5, $6, $7, $8, coalesce($9::timestamptz, now())
        WHERE NOT EXISTS (SELECT 1 FROM visits WHERE massive_event_guest_id = $8 AND exited_at IS NULL)
       RETURNING uuid::text AS uuid, to_json(entered_at) #>> '{}' AS at`,
      [
        registrar.communityId,
        guest.firstName,
        guest.lastName,
        guest.residentId,
        registrar.userId,
        registrar.deviceId,
        guest.eventId,
        guest.id,
        at,
      ],
    ),
  answer: (guest, visitUuid, direction, at) => ({
    visitUuid,
    direction,
    at,
    kind: 'massiveEventGuest',
    construction: null,
    guest: { uuid: guest.uuid, firstName: guest.firstName, lastName: guest.lastName },
    event: { uuid: guest.eventUuid, title: guest.title },
  }),
};

const WORKER_CODES: Record<WorkerCheckinRefusal, ErrorCode> = {
  community: 'not_found',
  siteNotStarted: 'conflict',
  siteEnded: 'conflict',
  workerRejected: 'conflict',
  workerDeleted: 'not_found',
  workerNotApproved: 'conflict',
  alreadyInside: 'conflict',
  notInside: 'conflict',
};
const workerRefusal = (reason: WorkerCheckinRefusal): [ErrorCode, string] => [
  WORKER_CODES[reason],
  WorkerCheckinMessages[reason],
];
const refuseWorker = (reason: WorkerCheckinRefusal) => new AppError(...workerRefusal(reason));

interface WorkerAtGate extends Holder {
  status: string;
  deleted: boolean;
  constructionId: number;
  constructionUuid: string;
  name: string;
  number: string;
}

const workerPass: PassEntryKind<WorkerAtGate> = {
  kind: 'workerCredential',
  refusals: {
    community: workerRefusal('community'),
    notStarted: workerRefusal('siteNotStarted'),
    ended: workerRefusal('siteEnded'),
    gone: workerRefusal('workerDeleted'),
    alreadyInside: workerRefusal('alreadyInside'),
    notInside: workerRefusal('notInside'),
  },
  holder: (q, communityId, uuid) =>
    q.one<WorkerAtGate>(
      `SELECT w.id, w.uuid::text AS uuid, w.first_name AS "firstName", w.last_name AS "lastName", w.status,
         w.deleted_at IS NOT NULL AS deleted, c.id AS "constructionId", c.uuid::text AS "constructionUuid", c.name, c.street_number AS number, ${SITE_WINDOW_SQL}
       FROM construction_workers w JOIN constructions c ON c.id = w.construction_id
       WHERE w.uuid = $1 AND w.community_id = $2`,
      [uuid, communityId],
    ),
  gone: (worker, direction) => worker.deleted && direction === 'IN',
  entryRefusal: (worker) =>
    worker.status === WorkerStatus.rejected
      ? refuseWorker('workerRejected')
      : worker.status !== WorkerStatus.approved
        ? refuseWorker('workerNotApproved')
        : null,
  holderColumn: 'construction_worker_id',
  insertEntry: (q, registrar, worker, at) =>
    q.one<{ uuid: string; at: string }>(
      `INSERT INTO visits (community_id, first_name, last_name, visitant_type, access_mode, accredited, registered_by, entry_device_id,
         construction_id, construction_worker_id, entered_at)
       SELECT $1, $2, $3, 'EMPLOYEE', 'QR', $4, $5, $6, $7, $8, coalesce($9::timestamptz, now())
        WHERE NOT EXISTS (SELECT 1 FROM visits WHERE construction_worker_id = $8 AND exited_at IS NULL)
       RETURNING uuid::text AS uuid, to_json(entered_at) #>> '{}' AS at`,
      [
        registrar.communityId,
        worker.firstName,
        worker.lastName,
        `Obra ${worker.name} (${worker.number})`,
        registrar.userId,
        registrar.deviceId,
        worker.constructionId,
        worker.id,
        at,
      ],
    ),
  answer: (worker, visitUuid, direction, at) => ({
    visitUuid,
    direction,
    at,
    kind: 'workerCredential',
    event: null,
    guest: { uuid: worker.uuid, firstName: worker.firstName, lastName: worker.lastName },
    construction: { uuid: worker.constructionUuid, name: worker.name, number: worker.number },
  }),
};

/** A refusal of this kind of pass, as the contract's error. */
const refuse = <H extends Holder>(entry: PassEntryKind<H>, reason: GateRefusal) =>
  new AppError(...entry.refusals[reason]);

/** The pass checked and its holder found, or the refusal (thrown as the contract's error). */
async function holderOfPass<H extends Holder>(
  q: Queryable,
  entry: PassEntryKind<H>,
  keys: PassKeys,
  registrar: Registrar,
  pass: string,
  direction: 'IN' | 'OUT',
  now = Date.now(),
): Promise<H> {
  const at = Math.floor(now / 1000);
  const check = verifyPass(keys, pass, { kind: entry.kind, community: registrar.communityUuid, at });
  if (!check.ok && check.reason !== 'early' && check.reason !== 'expired') {
    throw check.reason === 'community'
      ? refuse(entry, 'community')
      : new AppError('invalid_request', CheckinMessages[check.reason]);
  }
  const holder = await entry.holder(q, registrar.communityId, check.claims!.subject);
  if (!holder || entry.gone(holder, direction)) throw refuse(entry, 'gone');
  if (direction === 'OUT') return holder;
  const refusal = entry.entryRefusal(holder);
  if (refusal) throw refusal;
  // The window drawn in the pass and the holder's current one.
  if (!check.ok) throw check.reason === 'early' ? refuse(entry, 'notStarted') : refuse(entry, 'ended');
  if (at < Number(holder.notBefore)) throw refuse(entry, 'notStarted');
  if (at > Number(holder.notAfter)) throw refuse(entry, 'ended');
  return holder;
}

async function enter<H extends Holder>(
  q: Queryable,
  entry: PassEntryKind<H>,
  keys: PassKeys,
  registrar: Registrar,
  pass: string,
  at: string | null,
): Promise<CheckinAnswer> {
  const holder = await holderOfPass(q, entry, keys, registrar, pass, 'IN', at ? Date.parse(at) : Date.now());
  try {
    const row = await entry.insertEntry(q, registrar, holder, at);
    if (!row) throw refuse(entry, 'alreadyInside');
    return entry.answer(holder, row.uuid, 'IN', row.at);
  } catch (error) {
    // Two gates at once: the one-open-visit index refuses the second.
    if (sqlState(error) === '23505') throw refuse(entry, 'alreadyInside');
    throw error;
  }
}

async function leave<H extends Holder>(
  q: Queryable,
  entry: PassEntryKind<H>,
  keys: PassKeys,
  registrar: Registrar,
  pass: string,
  at: string | null,
): Promise<CheckinAnswer> {
  const holder = await holderOfPass(q, entry, keys, registrar, pass, 'OUT', at ? Date.parse(at) : Date.now());
  const row = await q.one<{ uuid: string; at: string }>(
    `UPDATE visits SET exited_at = greatest(coalesce($4::timestamptz, now()), entered_at), exit_registered_by = $2, exit_device_id = $3
      WHERE ${entry.holderColumn} = $1 AND exited_at IS NULL
      RETURNING uuid::text AS uuid, to_json(exited_at) #>> '{}' AS at`,
    [holder.id, registrar.userId, registrar.deviceId, at],
  );
  if (!row) throw refuse(entry, 'notInside');
  return entry.answer(holder, row.uuid, 'OUT', row.at);
}

/**
 * The holder's entry (V_IN); refused while an entry of theirs is open ('Este invitado ya ingresó',
 * 'Este trabajador ya ingresó'). `at` is when a gate that was offline let them in (the window is
 * checked at that time and the entry keeps it); now by default.
 */
export function passEntry(
  q: Queryable,
  kind: EntryPassKind,
  keys: PassKeys,
  registrar: Registrar,
  pass: string,
  at: string | null = null,
): Promise<CheckinAnswer> {
  return kind === 'massiveEventGuest'
    ? enter(q, guestPass, keys, registrar, pass, at)
    : enter(q, workerPass, keys, registrar, pass, at);
}

/** The holder's exit (V_OUT): closes their open entry (at `at`, never before it opened; now by default); refused when they are not inside. */
export function passExit(
  q: Queryable,
  kind: EntryPassKind,
  keys: PassKeys,
  registrar: Registrar,
  pass: string,
  at: string | null = null,
): Promise<CheckinAnswer> {
  return kind === 'massiveEventGuest'
    ? leave(q, guestPass, keys, registrar, pass, at)
    : leave(q, workerPass, keys, registrar, pass, at);
}
