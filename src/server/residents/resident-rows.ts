/**
 * Reading residents as the contract answers them. A pending registration code is a secret of the
 * resident's mailbox: an answer says only that one is pending and when it expires, never the code
 * (see docs/decisions.md, "Secrets in answers").
 */
import type { CommunityScope, ScopedFrom } from '../platform/db/community-scope.js';
import type { Queryable } from '../platform/db/db.js';
import { escapeLike, pageOfRows, type ListQuery } from '../platform/http/list-query.js';
import type { ResidentAnswer, ResidentOption } from '../../shared/residents/resident-types.js';
import type { Page } from '../../shared/platform/api-types.js';

export const RESIDENT_SELECT = `r.uuid, r.id AS "idResident", r.first_name || ' ' || r.last_name AS name,
  r.first_name AS "firstName", r.last_name AS "lastName", r.email, r.number, r.int_number AS "intNumber", r.action,
  r.useapp, r.status, r.notresident, r.community_id AS "idFrac", r.street_id AS "idStreet", s.zone_id AS "idZone",
  COALESCE((SELECT json_agg(json_build_object('uuid', p.uuid, 'phone', p.phone) ORDER BY p.position, p.id)
              FROM resident_phones p WHERE p.resident_id = r.id), '[]'::json) AS phones,
  json_build_object('uuid', s.uuid, 'idStreet', s.id, 'name', s.name, 'testZone', json_build_object(
    'uuid', z.uuid, 'idZone', z.id, 'name', z.name, 'testFrac', json_build_object('uuid', c.uuid, 'name', c.name))) AS "testStreet",
  (SELECT json_build_object('pending', true,
      'expiresAt', to_char(k.expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) FROM resident_codes k
    WHERE k.resident_id = r.id AND k.used_at IS NULL) AS "testResidentRegistration"`;

export const RESIDENT_FROM = `residents r JOIN streets s ON s.id = r.street_id JOIN zones z ON z.id = s.zone_id
  JOIN communities c ON c.id = r.community_id`;

export const RESIDENT_NOT_FOUND = 'El residente no existe.';

/** Residents by id, in the order given. */
export async function residentsByIds(q: Queryable, ids: number[]): Promise<ResidentAnswer[]> {
  const rows = await q.query<ResidentAnswer>(
    `SELECT ${RESIDENT_SELECT} FROM ${RESIDENT_FROM} WHERE r.id = ANY($1::int[])`,
    [ids],
  );
  const byId = new Map(rows.map((r) => [r.idResident, r]));
  return ids.map((id) => byId.get(id)!).filter(Boolean);
}

export async function residentById(q: Queryable, id: number): Promise<ResidentAnswer> {
  return (await residentsByIds(q, [id]))[0];
}

/** A live resident of the community by uuid (another community's, or a deleted one, is not found). */
export async function liveResidentId(q: Queryable, communityId: number, uuid: string, lock = false) {
  return q.one<{ id: number; status: string; useapp: boolean; email: string | null; user_id: number | null }>(
    `SELECT id, status, useapp, email, user_id FROM residents
      WHERE community_id = $1 AND uuid = $2 AND deleted_at IS NULL ${lock ? 'FOR UPDATE' : ''}`,
    [communityId, uuid],
  );
}

/** The community's name as the residents' mails say it ('tu fraccionamiento' when it is gone). */
export async function communityMailName(q: Queryable, communityId: number): Promise<string> {
  return (
    (await q.one<{ name: string }>('SELECT name FROM communities WHERE id = $1', [communityId]))?.name ??
    'tu fraccionamiento'
  );
}

const RESIDENTS: ScopedFrom = { table: 'residents', alias: 'r' };
/** The residents offered in a select: live (not deleted) and active. */
const LIVE_AND_ACTIVE = ['r.deleted_at IS NULL', "r.status = 'ACTIVE'"];
const OPTION_ORDER = 'r.first_name, r.last_name, r.id';
const OPTION_SELECT = `r.id AS "idResident", r.uuid, r.first_name AS "firstName", r.last_name AS "lastName", r.number, r.street_id AS "idStreet"`;

/**
 * A page of the live residents' ids, by name: `useApp` keeps those who use the app, `search` looks
 * in the lower-case `search_text` (LIKE on the lowered term). A search goes through
 * `porton_resident_search` (migration 025), where the trigram index serves it, page and total in one
 * statement; without a search the page is read in name order and counted apart.
 */
export async function residentIdPage(
  scope: CommunityScope,
  query: ListQuery & { useApp?: boolean },
): Promise<Page<{ id: number }>> {
  if (query.search) {
    const pattern = `%${escapeLike(query.search.toLowerCase())}%`;
    const size = query.whole ? null : query.size;
    const offset = query.whole ? 0 : query.page * query.size;
    const rows = await scope.ofFunction<{ id: number; total: number }>('porton_resident_search', [
      pattern,
      Boolean(query.useApp),
      size,
      offset,
    ]);
    // A page past the last match has no row to carry the total: it is asked for alone.
    const total = rows.length
      ? rows[0].total
      : offset > 0
        ? ((
            await scope.ofFunction<{ total: number }>('porton_resident_search', [pattern, Boolean(query.useApp), 1, 0])
          )[0]?.total ?? 0)
        : 0;
    return pageOfRows(
      rows.map(({ id }) => ({ id })),
      total,
      query,
    );
  }
  return scope.page<{ id: number }>(
    {
      select: 'r.id',
      from: RESIDENTS,
      where: query.useApp ? ['r.deleted_at IS NULL', 'r.useapp'] : ['r.deleted_at IS NULL'],
      params: [],
      searchColumns: [],
      orderBy: 'r.first_name, r.last_name, r.id',
      separateCount: true,
    },
    query,
  );
}

/** The live and active residents of the community (of one street with `streetId`), by name. */
export function residentOptions(scope: CommunityScope, streetId?: number): Promise<ResidentOption[]> {
  return scope.select<ResidentOption>({
    select: OPTION_SELECT,
    from: RESIDENTS,
    where: streetId === undefined ? LIVE_AND_ACTIVE : ['r.street_id = $1', ...LIVE_AND_ACTIVE],
    ...(streetId === undefined ? {} : { params: [streetId] }),
    orderBy: OPTION_ORDER,
  });
}

/** A live resident by uuid or by email (lower-case, exact); with `userId`, only if it is that user's own record. */
export async function findResidentId(
  scope: CommunityScope,
  by: { uuid?: string; email?: string },
  userId?: number,
): Promise<number | undefined> {
  const own = userId !== undefined;
  const row = await scope.first<{ id: number }>({
    select: 'r.id',
    from: RESIDENTS,
    where: [
      'r.deleted_at IS NULL',
      by.uuid ? 'r.uuid = $1' : 'lower(r.email) = $1',
      ...(own ? ['r.user_id = $2'] : []),
    ],
    params: [by.uuid ?? by.email, ...(own ? [userId] : [])],
  });
  return row?.id;
}

/** The uuid of a resident of the scope's community, by id. */
export async function residentUuid(scope: CommunityScope, id: number): Promise<string> {
  return (await scope.first<{ uuid: string }>({
    select: 'r.uuid',
    from: RESIDENTS,
    where: ['r.id = $1'],
    params: [id],
  }))!.uuid;
}

/** Whether the community is a club (its residents keep a 'No. acción'). */
export async function isClub(q: Queryable, communityId: number): Promise<boolean> {
  return (await q.one<{ club: boolean }>('SELECT club FROM communities WHERE id = $1', [communityId]))!.club;
}

/** A resident's first name, by id. */
export async function residentFirstName(scope: CommunityScope, id: number): Promise<string> {
  return (await scope.first<{ first_name: string }>({
    select: 'r.first_name',
    from: RESIDENTS,
    where: ['r.id = $1'],
    params: [id],
  }))!.first_name;
}

/** A live resident's email, by uuid; undefined when there is no such resident. */
export function liveResidentEmail(scope: CommunityScope, uuid: string) {
  return scope.first<{ email: string | null }>({
    select: 'r.email',
    from: RESIDENTS,
    where: ['r.uuid = $1', 'r.deleted_at IS NULL'],
    params: [uuid],
  });
}

/** Whether a deleted resident of the community had this email (lower-case). */
export async function hasDeletedResidentWithEmail(scope: CommunityScope, email: string): Promise<boolean> {
  return Boolean(
    await scope.first({
      select: '1',
      from: RESIDENTS,
      where: ['lower(r.email) = $1', 'r.deleted_at IS NOT NULL'],
      params: [email],
      limit: 1,
    }),
  );
}

/** The most recently deleted resident of the community with this email (lower-case), locked; undefined if none. */
export function lastDeletedResidentWithEmail(scope: CommunityScope, email: string) {
  return scope.first<{ id: number }>({
    select: 'r.id',
    from: RESIDENTS,
    where: ['lower(r.email) = $1', 'r.deleted_at IS NOT NULL'],
    params: [email],
    orderBy: 'r.deleted_at DESC',
    limit: 1,
    forUpdate: true,
  });
}
