/**
 * The records an offline gate sends back (docs/features.md#offline-gate): each entry or exit is
 * applied again by the server's own rules (the pass, the holder's state now, the window at the
 * record's time, one open entry per holder), keeps the record's time, and is kept by the device's
 * id with the decision, so a record sent twice answers its first decision and is applied once.
 */
import { AppError } from '../../shared/platform/errors.js';
import type { CheckinAnswer } from '../../shared/passes/checkin.schema.js';
import {
  GATE_CLOCK_SKEW_SECONDS,
  GATE_RECORD_MAX_AGE_HOURS,
  GateSyncTexts,
  type GateRecord,
  type GateSyncOutcome,
} from '../../shared/passes/gate.schema.js';
import { recordAudit, type AuditWho } from '../audit/audit.js';
import type { Db, Queryable } from '../platform/db/db.js';
import { sqlState } from '../platform/db/db-errors.js';
import { kindOf } from './gate-registrar.js';
import { passEntry, passExit, type Registrar } from './pass-entry.js';
import type { PassKeys } from './passes.js';

interface StoredRecord {
  accepted: boolean;
  decision: string;
  entry: CheckinAnswer | null;
}

const stored = (q: Queryable, communityId: number, id: string) =>
  q.one<StoredRecord>(
    'SELECT accepted, decision, entry FROM gate_sync_records WHERE community_id = $1 AND record_id = $2',
    [communityId, id],
  );

const store = (q: Queryable, communityId: number, record: GateRecord, outcome: StoredRecord) =>
  q.query(
    `INSERT INTO gate_sync_records (community_id, record_id, direction, recorded_at, accepted, decision, entry)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      communityId,
      record.id,
      record.direction,
      record.at,
      outcome.accepted,
      outcome.decision,
      outcome.entry ? JSON.stringify(outcome.entry) : null,
    ],
  );

const answerOf = (id: string, record: StoredRecord, replayed: boolean): GateSyncOutcome => ({
  id,
  outcome: record.accepted ? 'accepted' : 'refused',
  decision: record.decision,
  replayed,
  entry: record.entry,
});

/** The record's time as the server keeps it, or null when it is in the future or too old to apply. */
function recordTime(at: string, now: number): string | null {
  const time = Date.parse(at);
  if (Number.isNaN(time)) return null;
  if (time > now + GATE_CLOCK_SKEW_SECONDS * 1000) return null;
  if (time < now - GATE_RECORD_MAX_AGE_HOURS * 3600 * 1000) return null;
  return new Date(Math.min(time, now)).toISOString();
}

/** What a decision says when it lets the record through. */
export const acceptedDecision = (entry: CheckinAnswer) =>
  entry.direction === 'IN' ? 'Entrada registrada' : 'Salida registrada';

/**
 * Applies one record, once: its first decision when it was sent before; otherwise the entry or
 * exit by the server's rules at the record's time, kept with the decision in one transaction
 * (a refusal is kept too, so it is answered the same when sent again).
 */
export async function applyGateRecord(
  db: Db,
  keys: PassKeys,
  registrar: Registrar,
  who: AuditWho,
  record: GateRecord,
  now = Date.now(),
): Promise<GateSyncOutcome> {
  const before = await stored(db, registrar.communityId, record.id);
  if (before) return answerOf(record.id, before, true);
  const at = recordTime(record.at, now);
  const kind = kindOf(record.pass);
  const worker = kind === 'workerCredential';
  try {
    if (!at) throw new AppError('invalid_request', GateSyncTexts.badTime);
    const entry = await db.tx(async (q) => {
      const done =
        record.direction === 'IN'
          ? await passEntry(q, kind, keys, registrar, record.pass, at)
          : await passExit(q, kind, keys, registrar, record.pass, at);
      await store(q, registrar.communityId, record, { accepted: true, decision: acceptedDecision(done), entry: done });
      await recordAudit(q, {
        ...who,
        communityId: registrar.communityId,
        action: `${worker ? 'visit' : 'guest'}.${record.direction === 'IN' ? 'checkIn' : 'checkOut'}`,
        recordUuid: worker ? done.visitUuid : done.guest.uuid,
      });
      return done;
    });
    return answerOf(record.id, { accepted: true, decision: acceptedDecision(entry), entry }, false);
  } catch (error) {
    // The same record sent twice at once: the other's decision stands.
    if (sqlState(error) === '23505') {
      const other = await stored(db, registrar.communityId, record.id);
      if (other) return answerOf(record.id, other, true);
    }
    if (!(error instanceof AppError)) throw error;
    const refusal: StoredRecord = { accepted: false, decision: error.message, entry: null };
    try {
      await store(db, registrar.communityId, record, refusal);
    } catch (storeError) {
      if (sqlState(storeError) !== '23505') throw storeError;
      const other = await stored(db, registrar.communityId, record.id);
      if (other) return answerOf(record.id, other, true);
    }
    return answerOf(record.id, refusal, false);
  }
}
