import { AppError } from '../../shared/platform/errors.js';
import { UserType } from '../../shared/platform/roles.js';
import type { ManagedUser } from '../../shared/users/user-management-types.js';
import type { Queryable } from '../platform/db/db.js';
import { escapeLike, type ListQuery, pageQuery } from '../platform/http/list-query.js';
import type { AuthContext } from '../platform/http/auth-context.js';
import { requireCommunity } from '../platform/http/route.js';

export const USER_NOT_FOUND = 'El usuario no existe.';

/**
 * The users a caller manages, as SQL on alias `u` with its parameters
 * first: an administrator the members of the session's community; an integrator the members
 * and administrators of its communities plus the users it registered (not assigned yet); the
 * general administrator every user. Deleted users and contractors (type 15) never appear.
 */
export interface UserScope {
  where: string[];
  params: unknown[];
  /** SQL of the community to show first in `testFrac`. */
  preferredCommunity: string;
  /** Communities whose membership a delete removes (null: all of them). */
  communityIds: string | null;
}

export function userScope(auth: AuthContext): UserScope {
  const base = ['u.deleted_at IS NULL', `u.user_type_id <> ${UserType.contractor}`];
  switch (auth.role) {
    case 'admin':
      return {
        where: [...base, 'EXISTS (SELECT 1 FROM user_communities m WHERE m.user_id = u.id AND m.community_id = $1)'],
        params: [requireCommunity(auth)],
        preferredCommunity: '$1::int',
        communityIds: 'SELECT $1::int',
      };
    case 'integrator': {
      const owned =
        'SELECT oc.id FROM communities oc JOIN integrators oi ON oi.id = oc.integrator_id WHERE oi.user_id = $1';
      return {
        where: [
          ...base,
          `(u.created_by = $1
          OR EXISTS (SELECT 1 FROM user_communities m WHERE m.user_id = u.id AND m.community_id IN (${owned}))
          OR EXISTS (SELECT 1 FROM communities ac WHERE ac.admin_user_id = u.id AND ac.id IN (${owned})))`,
        ],
        params: [auth.userId],
        preferredCommunity: 'u.active_community_id',
        communityIds: owned,
      };
    }
    case 'generalAdmin':
      return { where: base, params: [], preferredCommunity: 'u.active_community_id', communityIds: null };
    default:
      throw new AppError('forbidden');
  }
}

export const userSelect = (
  preferredCommunity: string,
) => `u.uuid, u.first_name AS "firstName", u.last_name AS "lastName",
  u.email, u.vigilant_code AS "vigilantCode", u.user_type_id AS "idUsersTypes", u.status,
  json_build_object('name', t.name) AS "testUsersType",
  (SELECT json_build_object('uuid', c.uuid, 'name', c.name) FROM communities c
    WHERE c.id IN (SELECT m.community_id FROM user_communities m WHERE m.user_id = u.id)
       OR c.integrator_id IN (SELECT i.id FROM integrators i WHERE i.user_id = u.id)
    ORDER BY (c.id = ${preferredCommunity}) DESC NULLS LAST, (c.id = u.active_community_id) DESC NULLS LAST, c.name
    LIMIT 1) AS "testFrac",
  CASE WHEN a.id IS NULL THEN NULL ELSE json_build_object('idAddress', a.id, 'uuid', a.uuid, 'cp', a.cp, 'colony', a.colony,
    'city', a.city, 'state', a.state) END AS address,
  u.address_id AS "idAddress", u.street, u.ext_number AS "extNumber", u.int_number AS "intNumber",
  json_build_object('useapp', u.chatbot_use_app,
    'phone', CASE WHEN u.phone IS NULL THEN NULL ELSE json_build_object('phone', u.phone) END) AS "administrativeVisitsUser"`;

export const USER_FROM =
  'users u JOIN user_types t ON t.id = u.user_type_id LEFT JOIN addresses a ON a.id = u.address_id';

/** The rows of `ids` in the list's shape, in the order given. */
export async function usersByIds(
  q: Queryable,
  ids: number[],
  preferredCommunityId: number | null,
): Promise<ManagedUser[]> {
  const rows = await q.query<ManagedUser & { id: number }>(
    `SELECT u.id, ${userSelect('$2::int')} FROM ${USER_FROM} WHERE u.id = ANY($1::int[])`,
    [ids, preferredCommunityId],
  );
  return ids.map((id) => rows.find((r) => r.id === id)!).map(({ id: _id, ...row }) => row);
}

export interface ScopedUser {
  id: number;
  user_type_id: number;
  email: string | null;
  vigilant_code: string | null;
  code_community_id: number | null;
}

/** A user the caller manages, by uuid; anyone else (another community's, a contractor, deleted) is 404. */
export async function findScopedUser(q: Queryable, auth: AuthContext, uuid: string): Promise<ScopedUser> {
  const scope = userScope(auth);
  const n = scope.params.length + 1;
  const row = await q.one<ScopedUser>(
    `SELECT u.id, u.user_type_id, u.email, u.vigilant_code, u.code_community_id FROM users u
      WHERE ${[...scope.where, `u.uuid = $${n}`].join(' AND ')} FOR UPDATE OF u`,
    [...scope.params, uuid],
  );
  if (!row) throw new AppError('not_found', USER_NOT_FOUND);
  return row;
}

/**
 * The community a guard's code is unique in: where it was registered, or, for a guard without a
 * code yet, its first community (the caller's active one first). A user's memberships span
 * communities, so this reads them all (the users routes run `acrossCommunities`); null without any.
 */
export async function codeCommunityOf(
  q: Queryable,
  user: ScopedUser,
  preferredCommunityId: number | null,
): Promise<number | null> {
  if (user.code_community_id !== null) return user.code_community_id;
  const first = await q.one<{ community_id: number }>(
    'SELECT community_id FROM user_communities WHERE user_id = $1 ORDER BY (community_id = $2) DESC, community_id LIMIT 1',
    [user.id, preferredCommunityId ?? 0],
  );
  return first?.community_id ?? null;
}

/** The ids of the user types whose name matches `pattern` (ILIKE): a handful of rows. */
export async function userTypeIdsMatching(q: Queryable, pattern: string): Promise<number[]> {
  return (await q.query<{ id: number }>('SELECT id FROM user_types WHERE name ILIKE $1', [pattern])).map((r) => r.id);
}

/** The user types the roles are built on: they can be renamed but never deleted. */
export const SYSTEM_USER_TYPE_IDS: readonly number[] = Object.values(UserType);

/** Columns of one user type (table `user_types`); `system` marks a type the roles are built on. */
export const USER_TYPE_SELECT = `uuid, name, id AS "idUsersTypes", id IN (${SYSTEM_USER_TYPE_IDS.join(', ')}) AS system`;

/**
 * A page of the ids of the users the caller manages (`userScope`): `search` in the name, email,
 * vigilant code or user type. The caller reads the rows of the page's ids.
 */
export async function userIdPage(q: Queryable, auth: AuthContext, query: ListQuery) {
  const scope = userScope(auth);
  const where = [...scope.where];
  const params = [...scope.params];
  if (query.search) {
    const term = `%${escapeLike(query.search)}%`;
    // Types are a handful of rows: matching them first keeps every arm of the OR on its own index.
    const typeIds = await userTypeIdsMatching(q, term);
    params.push(term);
    const n = params.length;
    const arms = [
      `(u.first_name || ' ' || u.last_name) ILIKE $${n}`,
      `u.email ILIKE $${n}`,
      `u.vigilant_code ILIKE $${n}`,
    ];
    if (typeIds.length) {
      params.push(typeIds);
      arms.push(`u.user_type_id = ANY($${params.length}::int[])`);
    }
    where.push(`(${arms.join(' OR ')})`);
  }
  // The page's ids first (cheap columns, counted over every match), then the rows of those 15 only.
  // Newest first. While searching, by created_at (same order, not indexed on purpose): ordering by
  // the primary key tempts the planner into a backward scan testing ILIKE on every row instead of
  // using the trigram indexes; without a search that backward scan is the fast path.
  return pageQuery<{ id: number }>(
    q,
    {
      select: 'u.id',
      from: 'users u',
      where,
      params,
      searchColumns: [],
      orderBy: query.search ? 'u.created_at DESC, u.id DESC' : 'u.id DESC',
    },
    { ...query, search: '' },
  );
}
