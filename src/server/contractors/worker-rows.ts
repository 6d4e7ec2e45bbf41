/**
 * Reading construction workers within the caller's reach: the community's staff see
 * every worker of the community; a contractor only the workers of its own sites. Anything else
 * answers 404, as if it did not exist.
 */
import { AppError } from '../../shared/platform/errors.js';
import type { WorkerAnswerSchema } from '../../shared/contractors/construction-worker.answer.js';
import { WorkerMessages } from '../../shared/contractors/worker-rules.js';
import { CommunityScope } from '../platform/db/community-scope.js';
import type { Queryable } from '../platform/db/db.js';
import type { AuthContext } from '../platform/http/auth-context.js';
import { requireCommunity } from '../platform/http/route.js';
import { signFileLink } from './worker-file-links.js';
import type * as v from 'valibot';

export type WorkerAnswer = v.InferInput<typeof WorkerAnswerSchema>;

/** The community the caller works in and, for a contractor, its contractor record; the caller (whose file links these are). */
export interface WorkerScope {
  communityId: number;
  contractorId: number | null;
  contractorUuid: string | null;
  communityUuid: string;
  userUuid: string;
}

const NOT_A_CONTRACTOR = 'Tu cuenta no tiene un registro de contratista.';

export async function workerScope(q: Queryable, auth: AuthContext): Promise<WorkerScope> {
  if (auth.role === 'contractor') {
    const row = await q.one<{ id: number; uuid: string; community_id: number; community_uuid: string }>(
      `SELECT k.id, k.uuid::text AS uuid, k.community_id, c.uuid::text AS community_uuid
         FROM contractors k JOIN communities c ON c.id = k.community_id WHERE k.user_id = $1`,
      [auth.userId],
    );
    if (!row) throw new AppError('not_found', NOT_A_CONTRACTOR);
    return {
      communityId: row.community_id,
      contractorId: row.id,
      contractorUuid: row.uuid,
      communityUuid: row.community_uuid,
      userUuid: auth.userUuid,
    };
  }
  const communityId = requireCommunity(auth);
  return {
    communityId,
    contractorId: null,
    contractorUuid: null,
    communityUuid: auth.communityUuid!,
    userUuid: auth.userUuid,
  };
}

/** A site of the caller's reach (a contractor: its own), by uuid; 404 otherwise. */
export async function findConstruction(q: Queryable, scope: WorkerScope, uuid: string) {
  const row = await q.one<{ id: number; uuid: string; name: string; contractor_id: number; contractor_uuid: string }>(
    `SELECT c.id, c.uuid::text AS uuid, c.name, c.contractor_id, k.uuid::text AS contractor_uuid
       FROM constructions c JOIN contractors k ON k.id = c.contractor_id
      WHERE c.uuid = $1 AND c.community_id = $2 AND ($3::int IS NULL OR c.contractor_id = $3)`,
    [uuid, scope.communityId, scope.contractorId],
  );
  if (!row) throw new AppError('not_found', WorkerMessages.constructionNotFound);
  return row;
}

export interface WorkerRow {
  id: number;
  uuid: string;
  status: string;
  first_name: string;
  last_name: string;
  construction_id: number;
  contractor_uuid: string;
  construction_uuid: string;
  photo_file_id: number | null;
  identification_file_id: number | null;
  proof_of_address_file_id: number | null;
}

/** A live worker of the caller's reach, by uuid (locked for a change with `forUpdate`); 404 otherwise. */
export async function findWorker(
  q: Queryable,
  scope: WorkerScope,
  uuid: string,
  forUpdate = false,
): Promise<WorkerRow> {
  const row = await q.one<WorkerRow>(
    `SELECT w.id, w.uuid::text AS uuid, w.status, w.first_name, w.last_name, w.construction_id, k.uuid::text AS contractor_uuid,
            c.uuid::text AS construction_uuid, w.photo_file_id, w.identification_file_id, w.proof_of_address_file_id
       FROM construction_workers w JOIN constructions c ON c.id = w.construction_id JOIN contractors k ON k.id = c.contractor_id
      WHERE w.uuid = $1 AND w.community_id = $2 AND w.deleted_at IS NULL AND ($3::int IS NULL OR c.contractor_id = $3)
      ${forUpdate ? 'FOR UPDATE OF w' : ''}`,
    [uuid, scope.communityId, scope.contractorId],
  );
  if (!row) throw new AppError('not_found', WorkerMessages.notFound);
  return row;
}

/** Which workers a read wants, besides the scope. */
export interface WorkerFilter {
  workerIds?: number[];
  constructionId?: number;
  contractorId?: number;
}

interface AnswerRow {
  id: number;
  uuid: string;
  first_name: string;
  last_name: string;
  status: 'Pendiente' | 'Aprobado' | 'Rechazado';
  reject_reason: string | null;
  c_uuid: string;
  c_name: string;
  c_number: string;
  c_street_number: string;
  c_start: string;
  c_end: string;
  s_uuid: string;
  s_name: string;
  k_uuid: string;
  k_first: string;
  k_last: string;
  k_enterprise: string;
  photo: FileCol | null;
  identification: FileCol | null;
  proof: FileCol | null;
}
interface FileCol {
  uuid: string;
  name: string;
  mimeType: string;
}

const fileJson = (column: string) =>
  `(SELECT json_build_object('uuid', f.uuid, 'name', f.name, 'mimeType', f.mime_type) FROM files f WHERE f.id = w.${column})`;

/** Workers in the answer's shape, with fresh signed links to their files (for the scope's user); ordered by site, then name. */
export async function workerAnswers(
  q: Queryable,
  key: Uint8Array,
  scope: WorkerScope,
  filter: WorkerFilter = {},
): Promise<WorkerAnswer[]> {
  const rows = await q.query<AnswerRow>(
    `SELECT w.id, w.uuid::text AS uuid, w.first_name, w.last_name, w.status, w.reject_reason,
            c.uuid::text AS c_uuid, c.name AS c_name, c.number AS c_number, c.street_number AS c_street_number,
            to_char(c.start_date, 'YYYY-MM-DD') AS c_start, to_char(c.end_date, 'YYYY-MM-DD') AS c_end,
            s.uuid::text AS s_uuid, s.name AS s_name, k.uuid::text AS k_uuid, k.first_name AS k_first, k.last_name AS k_last,
            k.enterprise AS k_enterprise,
            ${fileJson('photo_file_id')} AS photo, ${fileJson('identification_file_id')} AS identification,
            ${fileJson('proof_of_address_file_id')} AS proof
       FROM construction_workers w
       JOIN constructions c ON c.id = w.construction_id
       JOIN streets s ON s.id = c.street_id
       JOIN contractors k ON k.id = c.contractor_id
      WHERE w.community_id = $1 AND w.deleted_at IS NULL
        AND ($2::int IS NULL OR c.contractor_id = $2)
        AND ($3::int[] IS NULL OR w.id = ANY($3::int[]))
        AND ($4::int IS NULL OR w.construction_id = $4)
        AND ($5::int IS NULL OR c.contractor_id = $5)
      ORDER BY c.name, w.last_name, w.first_name, w.id`,
    [
      scope.communityId,
      scope.contractorId,
      filter.workerIds ?? null,
      filter.constructionId ?? null,
      filter.contractorId ?? null,
    ],
  );
  const now = Date.now();
  const link = async (file: FileCol | null, workerUuid: string) =>
    file && {
      ...file,
      publicUrl: await signFileLink(key, { fileUuid: file.uuid, workerUuid, userUuid: scope.userUuid }, now),
    };
  return Promise.all(
    rows.map(async (r) => ({
      id: r.id,
      uuid: r.uuid,
      firstName: r.first_name,
      lastName: r.last_name,
      status: r.status,
      rejectReason: r.reject_reason,
      photo: await link(r.photo, r.uuid),
      identification: await link(r.identification, r.uuid),
      proofOfAddress: await link(r.proof, r.uuid),
      construction: {
        uuid: r.c_uuid,
        name: r.c_name,
        number: r.c_number,
        streetNumber: r.c_street_number,
        startDate: r.c_start,
        endDate: r.c_end,
        street: { uuid: r.s_uuid, name: r.s_name },
        contractor: { uuid: r.k_uuid, firstName: r.k_first, lastName: r.k_last, enterprise: r.k_enterprise },
      },
    })),
  );
}

export async function workerAnswer(
  q: Queryable,
  key: Uint8Array,
  scope: WorkerScope,
  id: number,
): Promise<WorkerAnswer> {
  const [answer] = await workerAnswers(q, key, scope, { workerIds: [id] });
  if (!answer) throw new AppError('not_found', WorkerMessages.notFound);
  return answer;
}

/** The uuid of a stored file, by its id. */
export async function fileUuidOf(q: Queryable, fileId: number): Promise<string | undefined> {
  return (await q.one<{ uuid: string }>('SELECT uuid::text AS uuid FROM files WHERE id = $1', [fileId]))?.uuid;
}

/** Per construction of the community with workers: how many it has, approved, rejected and pending (those with pending ones first). */
export function workerRequestSummaries(q: Queryable, communityId: number) {
  return new CommunityScope(q, communityId).select<{
    uuid: string;
    name: string;
    number: string;
    street_number: string;
    workers: number;
    approved: number;
    rejected: number;
    pending: number;
  }>({
    select: `c.uuid::text AS uuid, c.name, c.number, c.street_number, count(*)::int AS workers,
            count(*) FILTER (WHERE w.status = 'Aprobado')::int AS approved,
            count(*) FILTER (WHERE w.status = 'Rechazado')::int AS rejected,
            count(*) FILTER (WHERE w.status = 'Pendiente')::int AS pending`,
    from: {
      table: 'constructions',
      alias: 'c',
      joins: 'JOIN construction_workers w ON w.construction_id = c.id AND w.deleted_at IS NULL',
    },
    groupBy: 'c.id',
    orderBy: `count(*) FILTER (WHERE w.status = 'Pendiente') > 0 DESC, c.street_number, c.name, c.id`,
  });
}
