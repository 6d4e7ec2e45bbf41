/**
 * A construction worker at the gate with the credential's QR (docs/features.md#passes, kind 2):
 * the pass is verified (signature, kind, community, the site's window as drawn), then what it
 * cannot know is read from the worker's row: still approved (a rejected or deleted worker's
 * credential is revoked) and the site's current dates (they may have changed since it was drawn).
 * The entry is a visit of type EMPLOYEE, mode QR, tied to the worker and the site.
 */
import {
  CheckinMessages,
  WorkerCheckinMessages,
  type WorkerCheckinRefusal,
} from '../../shared/passes/checkin-rules.js';
import { AppError, type ErrorCode } from '../../shared/platform/errors.js';
import type { CheckinAnswer } from '../../shared/passes/checkin.schema.js';
import { WorkerStatus } from '../../shared/contractors/worker-rules.js';
import type { Queryable } from '../platform/db/db.js';
import { sqlState } from '../platform/db/db-errors.js';
import { SITE_WINDOW_SQL } from '../contractors/credential-jobs.js';
import type { Registrar } from './guest-checkin.js';
import { verifyPass, type PassKeys } from './passes.js';

const CODES: Record<WorkerCheckinRefusal, ErrorCode> = {
  community: 'not_found',
  siteNotStarted: 'conflict',
  siteEnded: 'conflict',
  workerRejected: 'conflict',
  workerDeleted: 'not_found',
  workerNotApproved: 'conflict',
  alreadyInside: 'conflict',
  notInside: 'conflict',
};
const refuse = (reason: WorkerCheckinRefusal) => new AppError(CODES[reason], WorkerCheckinMessages[reason]);

interface WorkerAtGate {
  workerId: number;
  workerUuid: string;
  firstName: string;
  lastName: string;
  status: string;
  deleted: boolean;
  constructionId: number;
  constructionUuid: string;
  name: string;
  number: string;
  notBefore: string;
  notAfter: string;
}

/** The credential checked and its worker found, or the refusal. An exit is refused only when the worker is unknown. */
export async function workerOfPass(
  q: Queryable,
  keys: PassKeys,
  registrar: Registrar,
  pass: string,
  direction: 'IN' | 'OUT',
  now = Date.now(),
): Promise<WorkerAtGate> {
  const at = Math.floor(now / 1000);
  const check = verifyPass(keys, pass, { kind: 'workerCredential', community: registrar.communityUuid, at });
  if (!check.ok && (check.reason === 'malformed' || check.reason === 'forged' || check.reason === 'kind')) {
    throw new AppError('invalid_request', CheckinMessages[check.reason]);
  }
  if (!check.ok && check.reason === 'community') throw refuse('community');
  const worker = await q.one<WorkerAtGate>(
    `SELECT w.id AS "workerId", w.uuid::text AS "workerUuid", w.first_name AS "firstName", w.last_name AS "lastName", w.status,
       w.deleted_at IS NOT NULL AS deleted, c.id AS "constructionId", c.uuid::text AS "constructionUuid", c.name, c.street_number AS number, ${SITE_WINDOW_SQL}
     FROM construction_workers w JOIN constructions c ON c.id = w.construction_id
     WHERE w.uuid = $1 AND w.community_id = $2`,
    [check.claims!.subject, registrar.communityId],
  );
  if (!worker || (worker.deleted && direction === 'IN')) throw refuse('workerDeleted');
  if (direction === 'OUT') return worker;
  if (worker.status === WorkerStatus.rejected) throw refuse('workerRejected');
  if (worker.status !== WorkerStatus.approved) throw refuse('workerNotApproved');
  // The window drawn in the pass and the site's current one.
  if (!check.ok) throw refuse(check.reason === 'early' ? 'siteNotStarted' : 'siteEnded');
  if (at < Number(worker.notBefore)) throw refuse('siteNotStarted');
  if (at > Number(worker.notAfter)) throw refuse('siteEnded');
  return worker;
}

const answer = (w: WorkerAtGate, visitUuid: string, direction: 'IN' | 'OUT', at: string): CheckinAnswer => ({
  visitUuid,
  direction,
  at,
  kind: 'workerCredential',
  event: null,
  guest: { uuid: w.workerUuid, firstName: w.firstName, lastName: w.lastName },
  construction: { uuid: w.constructionUuid, name: w.name, number: w.number },
});

/** The worker's entry (V_IN), an EMPLOYEE visit tied to the site; refused while an entry of theirs is open. */
export async function workerCheckIn(
  q: Queryable,
  keys: PassKeys,
  registrar: Registrar,
  pass: string,
): Promise<CheckinAnswer> {
  const w = await workerOfPass(q, keys, registrar, pass, 'IN');
  try {
    const row = await q.one<{ uuid: string; at: string }>(
      `INSERT INTO visits (community_id, first_name, last_name, visitant_type, access_mode, accredited, registered_by, entry_device_id,
         construction_id, construction_worker_id)
       SELECT $1, $2, $3, 'EMPLOYEE', 'QR', $4, $5, $6, $7, $8
        WHERE NOT EXISTS (SELECT 1 FROM visits WHERE construction_worker_id = $8 AND exited_at IS NULL)
       RETURNING uuid::text AS uuid, to_json(entered_at) #>> '{}' AS at`,
      [
        registrar.communityId,
        w.firstName,
        w.lastName,
        `Obra ${w.name} (${w.number})`,
        registrar.userId,
        registrar.deviceId,
        w.constructionId,
        w.workerId,
      ],
    );
    if (!row) throw refuse('alreadyInside');
    return answer(w, row.uuid, 'IN', row.at);
  } catch (error) {
    if (sqlState(error) === '23505') throw refuse('alreadyInside');
    throw error;
  }
}

/** The worker's exit (V_OUT): closes their open entry. */
export async function workerCheckOut(
  q: Queryable,
  keys: PassKeys,
  registrar: Registrar,
  pass: string,
): Promise<CheckinAnswer> {
  const w = await workerOfPass(q, keys, registrar, pass, 'OUT');
  const row = await q.one<{ uuid: string; at: string }>(
    `UPDATE visits SET exited_at = greatest(now(), entered_at), exit_registered_by = $2, exit_device_id = $3
      WHERE construction_worker_id = $1 AND exited_at IS NULL
      RETURNING uuid::text AS uuid, to_json(exited_at) #>> '{}' AS at`,
    [w.workerId, registrar.userId, registrar.deviceId],
  );
  if (!row) throw refuse('notInside');
  return answer(w, row.uuid, 'OUT', row.at);
}
