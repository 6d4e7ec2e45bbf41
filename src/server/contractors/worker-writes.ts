/**
 * Writing construction workers: a request or an administrator's registration inserts one, an
 * administrator's edit sends it back to Pendiente with its new data and files, a decision
 * approves or rejects it, a delete marks it deleted and lets go of its files. Every statement
 * goes through the worker scope's community (`CommunityScope`).
 */
import { AppError } from '../../shared/platform/errors.js';
import type { AdminWorkerBody } from '../../shared/contractors/construction-worker.schema.js';
import { WorkerStatus } from '../../shared/contractors/worker-rules.js';
import { CommunityScope, NOW } from '../platform/db/community-scope.js';
import type { Queryable } from '../platform/db/db.js';
import { WORKER_FILE_SLOTS, WorkerFileMessages, type WorkerFileSlot } from './worker-files.js';
import { fileUuidOf, type WorkerRow, type WorkerScope } from './worker-rows.js';

/** The worker scope's community as a community scope, over `q` (the request's transaction or the database). */
const scoped = (q: Queryable, scope: Pick<WorkerScope, 'communityId'>) => new CommunityScope(q, scope.communityId);

/** The column of each file slot. */
export const FILE_COLUMN: Record<
  WorkerFileSlot,
  'photo_file_id' | 'identification_file_id' | 'proof_of_address_file_id'
> = {
  photo: 'photo_file_id',
  identification: 'identification_file_id',
  proofOfAddress: 'proof_of_address_file_id',
};

/** A worker's data and the ids of its stored files. */
export interface NewWorker {
  constructionId: number;
  firstName: string;
  lastName: string;
  files: Partial<Record<WorkerFileSlot, number>>;
}

/** Inserts a requested worker (Pendiente, the default) or, with `approvedBy`, one an administrator registered (Aprobado by them); its id. */
export function insertWorker(
  q: Queryable,
  scope: WorkerScope,
  worker: NewWorker,
  createdBy: number,
  approvedBy?: number,
): Promise<number> {
  return scoped(q, scope).insert('construction_workers', {
    construction_id: worker.constructionId,
    first_name: worker.firstName,
    last_name: worker.lastName,
    ...(approvedBy === undefined ? {} : { status: WorkerStatus.approved }),
    photo_file_id: worker.files.photo,
    identification_file_id: worker.files.identification,
    proof_of_address_file_id: worker.files.proofOfAddress,
    created_by_user_id: createdBy,
    ...(approvedBy === undefined ? {} : { decided_by_user_id: approvedBy, decided_at: NOW }),
  });
}

/** An administrator's edit: the new data and files, and the worker back to Pendiente (its decision forgotten). */
export async function updateWorker(q: Queryable, scope: WorkerScope, id: number, worker: NewWorker): Promise<void> {
  await scoped(q, scope).update(
    'construction_workers',
    { id },
    {
      construction_id: worker.constructionId,
      first_name: worker.firstName,
      last_name: worker.lastName,
      photo_file_id: worker.files.photo,
      identification_file_id: worker.files.identification,
      proof_of_address_file_id: worker.files.proofOfAddress,
      status: WorkerStatus.pending,
      reject_reason: null,
      decided_by_user_id: null,
      decided_at: null,
      updated_at: NOW,
    },
  );
}

/** Marks a worker deleted and unlinks its files (the caller drops them). */
export async function deleteWorker(q: Queryable, scope: WorkerScope, id: number): Promise<void> {
  await scoped(q, scope).update(
    'construction_workers',
    { id },
    {
      deleted_at: NOW,
      photo_file_id: null,
      identification_file_id: null,
      proof_of_address_file_id: null,
      updated_at: NOW,
    },
  );
}

/** Records an approval or a rejection (with its reason) by `decidedBy`. */
export async function decideWorker(
  q: Queryable,
  scope: WorkerScope,
  id: number,
  status: 'Aprobado' | 'Rechazado',
  reason: string | null,
  decidedBy: number,
): Promise<void> {
  await scoped(q, scope).update(
    'construction_workers',
    { id },
    { status, reject_reason: reason, decided_by_user_id: decidedBy, decided_at: NOW, updated_at: NOW },
  );
}

/** The name of a site of the scope's community, by id. */
export async function constructionName(q: Queryable, scope: WorkerScope, id: number) {
  return scoped(q, scope).first<{ name: string }>({
    select: 'o.name',
    from: { table: 'constructions', alias: 'o' },
    where: ['o.id = $1'],
    params: [id],
  });
}

/** Files sent as `{ uuid }` must be the worker's own file of that slot (404 otherwise). */
export async function keptFiles(
  q: Queryable,
  worker: WorkerRow,
  body: AdminWorkerBody,
): Promise<Partial<Record<WorkerFileSlot, number>>> {
  const ids: Partial<Record<WorkerFileSlot, number>> = {};
  for (const slot of WORKER_FILE_SLOTS) {
    const sent = body[slot];
    if ('content' in sent) continue;
    const current = worker[FILE_COLUMN[slot]];
    const fileUuid = current === null ? undefined : await fileUuidOf(q, current);
    if (!fileUuid || fileUuid !== sent.uuid)
      throw new AppError('not_found', WorkerFileMessages.kept(slot), { [slot]: WorkerFileMessages.kept(slot) });
    ids[slot] = current!;
  }
  return ids;
}
