/**
 * Contractors' rows: the answer's shape read in SQL, and the contractor record behind a
 * contractor's session (used by the sites' and the workers' routes to scope a contractor).
 */
import { AppError } from '../../shared/platform/errors.js';
import type { Contractor } from '../../shared/contractors/contractor-types.js';
import { ContractorTexts } from '../../shared/contractors/construction-rules.js';
import type { CommunityScope, ScopedFrom } from '../platform/db/community-scope.js';
import type { Queryable } from '../platform/db/db.js';
import type { ListQuery } from '../platform/http/list-query.js';
import type { AuthContext } from '../platform/http/auth-context.js';
import { requireCommunity } from '../platform/http/route.js';

/** The answer's columns; `fullAddress` in the create format (`city, street, #number, C.P.:code`). */
export const CONTRACTOR_SELECT = `k.uuid, k.first_name AS "firstName", k.last_name AS "lastName", k.phone, k.enterprise,
  k.city || ', ' || k.street || ', #' || k.number || ', C.P.:' || k.postal_code AS "fullAddress",
  json_build_object('email', u.email) AS "user"`;
export const CONTRACTOR_JOINS = 'JOIN users u ON u.id = k.user_id';
export const CONTRACTOR_FROM = `contractors k ${CONTRACTOR_JOINS}`;

export async function contractorById(q: Queryable, id: number): Promise<Contractor> {
  return (await q.one<Contractor>(`SELECT ${CONTRACTOR_SELECT} FROM ${CONTRACTOR_FROM} WHERE k.id = $1`, [id]))!;
}

/** A contractor of the caller's community by uuid; another community's (or none) answers 404. */
export async function findContractor(q: Queryable, communityId: number, uuid: string, forUpdate = false) {
  const row = await q.one<{ id: number; user_id: number; email: string }>(
    `SELECT k.id, k.user_id, u.email FROM ${CONTRACTOR_FROM} WHERE k.community_id = $1 AND k.uuid = $2${forUpdate ? ' FOR UPDATE OF k' : ''}`,
    [communityId, uuid],
  );
  if (!row) throw new AppError('not_found', ContractorTexts.notFound);
  return row;
}

/**
 * The contractor record of a contractor's session in its active community (the contractor's
 * scope for sites and workers); 404 when the account has none there.
 */
export async function contractorOfSession(q: Queryable, auth: AuthContext): Promise<{ id: number; uuid: string }> {
  const row = await q.one<{ id: number; uuid: string }>(
    'SELECT id, uuid FROM contractors WHERE user_id = $1 AND community_id = $2',
    [auth.userId, requireCommunity(auth)],
  );
  if (!row) throw new AppError('not_found', ContractorTexts.notFound);
  return row;
}

const CONTRACTORS: ScopedFrom = { table: 'contractors', alias: 'k', joins: CONTRACTOR_JOINS };

/** A page of the community's contractors by name (`search`: name, company or email). */
export const contractorPage = (scope: CommunityScope, query: ListQuery) =>
  scope.page<Contractor>(
    {
      select: CONTRACTOR_SELECT,
      from: CONTRACTORS,
      searchColumns: ["k.first_name || ' ' || k.last_name", 'k.enterprise', 'u.email'],
      orderBy: 'k.first_name, k.last_name, k.id',
    },
    query,
  );

/** A contractor of the scope's community by uuid (with `contractorId`, only that one: a contractor's own); its id, or undefined. */
export async function contractorIdInReach(
  scope: CommunityScope,
  uuid: string,
  contractorId: number | null,
): Promise<number | undefined> {
  const row = await scope.first<{ id: number }>({
    select: 'k.id',
    from: { table: 'contractors', alias: 'k' },
    where: ['k.uuid = $1', '($2::int IS NULL OR k.id = $2)'],
    params: [uuid, contractorId],
  });
  return row?.id;
}

/** Whether the contractor has sites (then it cannot be deleted). */
export async function contractorHasConstructions(scope: CommunityScope, contractorId: number): Promise<boolean> {
  return Boolean(
    await scope.first({
      select: '1',
      from: { table: 'constructions', alias: 'o' },
      where: ['o.contractor_id = $1'],
      params: [contractorId],
      limit: 1,
    }),
  );
}
