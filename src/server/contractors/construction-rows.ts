/**
 * Construction sites' rows: the answer's shape read in SQL, with the live workers'
 * counts by status and the last rejected worker's name (the contractor's home status).
 * `constructionById` is what a live status push sends (the workers' routes).
 */
import { AppError } from '../../shared/platform/errors.js';
import { ConstructionTexts } from '../../shared/contractors/construction-rules.js';
import type { Construction } from '../../shared/contractors/contractor-types.js';
import type { CommunityScope } from '../platform/db/community-scope.js';
import type { Queryable } from '../platform/db/db.js';
import type { ListQuery } from '../platform/http/list-query.js';

export const CONSTRUCTION_SELECT = `o.uuid, o.name,
  json_build_object('uuid', k.uuid, 'firstName', k.first_name, 'lastName', k.last_name, 'enterprise', k.enterprise) AS contractor,
  json_build_object('uuid', s.uuid, 'name', s.name, 'zone', json_build_object('uuid', z.uuid, 'name', z.name),
    'community', json_build_object('uuid', c.uuid, 'name', c.name)) AS street,
  o.number, o.street_number AS "streetNumber",
  to_char(o.start_date, 'YYYY-MM-DD') AS "startDate", to_char(o.end_date, 'YYYY-MM-DD') AS "endDate",
  w.worker_count AS "workerCount", w.approved, w.rejected, w.pending, w.rejected_worker AS "rejectedWorker"`;

/** What a site's answer joins to `constructions o`: its contractor, street, zone, community and workers' counts. */
export const CONSTRUCTION_JOINS = `JOIN contractors k ON k.id = o.contractor_id
  JOIN streets s ON s.id = o.street_id
  JOIN zones z ON z.id = s.zone_id
  JOIN communities c ON c.id = o.community_id
  CROSS JOIN LATERAL (
    SELECT count(*)::int AS worker_count,
           count(*) FILTER (WHERE cw.status = 'Aprobado')::int AS approved,
           count(*) FILTER (WHERE cw.status = 'Rechazado')::int AS rejected,
           count(*) FILTER (WHERE cw.status = 'Pendiente')::int AS pending,
           (SELECT r.first_name || ' ' || r.last_name FROM construction_workers r
             WHERE r.construction_id = o.id AND r.deleted_at IS NULL AND r.status = 'Rechazado'
             ORDER BY r.decided_at DESC NULLS LAST, r.id DESC LIMIT 1) AS rejected_worker
      FROM construction_workers cw WHERE cw.construction_id = o.id AND cw.deleted_at IS NULL) w`;
export const CONSTRUCTION_FROM = `constructions o ${CONSTRUCTION_JOINS}`;

export async function constructionById(q: Queryable, id: number): Promise<Construction> {
  return (await q.one<Construction>(`SELECT ${CONSTRUCTION_SELECT} FROM ${CONSTRUCTION_FROM} WHERE o.id = $1`, [id]))!;
}

/**
 * A site of the caller's community by uuid, and for a contractor only one of its own (`contractorId`):
 * another community's or another contractor's answers 404, like one that does not exist.
 */
export async function findConstruction(
  q: Queryable,
  communityId: number,
  uuid: string,
  contractorId: number | null,
  forUpdate = false,
) {
  const row = await q.one<{ id: number; start_date: string; contractor_id: number }>(
    `SELECT id, to_char(start_date, 'YYYY-MM-DD') AS start_date, contractor_id FROM constructions
      WHERE community_id = $1 AND uuid = $2 AND ($3::int IS NULL OR contractor_id = $3)${forUpdate ? ' FOR UPDATE' : ''}`,
    [communityId, uuid, contractorId],
  );
  if (!row) throw new AppError('not_found', ConstructionTexts.notFound);
  return row;
}

/** A page of the scope's sites meeting `where` (on `o`, the site, and `k`, its contractor), newest start first; `search`: site, contractor or street. */
export const constructionPage = (scope: CommunityScope, where: string[], params: unknown[], query: ListQuery) =>
  scope.page<Construction>(
    {
      select: CONSTRUCTION_SELECT,
      from: { table: 'constructions', alias: 'o', joins: CONSTRUCTION_JOINS },
      where,
      params,
      searchColumns: ['o.name', "k.first_name || ' ' || k.last_name", 's.name'],
      orderBy: 'o.start_date DESC, o.id DESC',
    },
    query,
  );

/** Whether a site has live workers (then it cannot be deleted). */
export async function constructionHasWorkers(scope: CommunityScope, constructionId: number): Promise<boolean> {
  return Boolean(
    await scope.first({
      select: '1',
      from: { table: 'construction_workers', alias: 'w' },
      where: ['w.construction_id = $1', 'w.deleted_at IS NULL'],
      params: [constructionId],
      limit: 1,
    }),
  );
}
