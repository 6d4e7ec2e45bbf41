import { asPlatform } from '../db/row-scope.js';
import { ACCESS_TOKEN_TTL_SECONDS } from '../../../shared/platform/constants.js';
import { roleOfType } from '../../../shared/platform/roles.js';
import type { Queryable } from '../db/db.js';
import { newToken, tokenHash } from '../services/tokens.js';
import type { AuthContext } from './auth-context.js';

/**
 * SQL fragment: true when the account may not be used. A disabled user, a disabled integrator,
 * a member of communities that all belong to disabled integrators (the disable cascade), or a
 * resident's account none of whose resident records is live, active and with app use.
 */
export const ACCOUNT_BLOCKED_SQL = `(
  u.status = 'DISABLED'
  OR EXISTS (SELECT 1 FROM integrators bi WHERE bi.user_id = u.id AND NOT bi.enabled)
  OR (EXISTS (SELECT 1 FROM user_communities bu WHERE bu.user_id = u.id)
      AND NOT EXISTS (
        SELECT 1 FROM user_communities bu
        JOIN communities bc ON bc.id = bu.community_id AND NOT bc.license_expired
        LEFT JOIN integrators bi ON bi.id = bc.integrator_id
        WHERE bu.user_id = u.id AND COALESCE(bi.enabled, true)))
  OR (EXISTS (SELECT 1 FROM residents br WHERE br.user_id = u.id)
      AND NOT EXISTS (SELECT 1 FROM residents br WHERE br.user_id = u.id AND br.deleted_at IS NULL AND br.status = 'ACTIVE' AND br.useapp))
)`;

/**
 * SQL: true when every community of the account's memberships is closed and one of them only by an
 * expired licence: the sign-in then says so in Spanish instead of the generic text.
 */
export const LICENCE_EXPIRED_SQL = `(
  EXISTS (SELECT 1 FROM user_communities lu JOIN communities lc ON lc.id = lu.community_id AND lc.license_expired
           LEFT JOIN integrators li ON li.id = lc.integrator_id
           WHERE lu.user_id = u.id AND COALESCE(li.enabled, true))
)`;

/**
 * SQL condition on a community alias: its integrator (when it has one) is enabled. A disabled
 * integrator's communities are closed to everyone.
 */
export const communityOpenSql = (alias: string) =>
  `NOT EXISTS (SELECT 1 FROM integrators ci WHERE ci.id = ${alias}.integrator_id AND NOT ci.enabled)`;

interface SessionRow {
  session_id: number;
  user_id: number;
  uuid: string;
  email: string;
  user_type_id: number;
  community_id: number | null;
  community_uuid: string | null;
  blocked: boolean;
  community_closed: boolean;
  community_expired: boolean;
  expires_at: Date | string;
}

/** Who still reaches a community whose licence expired: its integrator and the general administrator, to renew it. */
const reachesExpiredCommunity = (typeId: number) => ['integrator', 'generalAdmin'].includes(roleOfType(typeId));

/**
 * The one way a session token's hash is resolved, by an HTTP request (through the session cache)
 * and by the socket handshake and its re-checks alike: the account's memberships and resident
 * records span communities, so whether it is blocked is read across all of them (the platform's
 * work). Outside that scope row-level security would show none of them and a blocked account would pass.
 */
export function findSession(
  db: Queryable,
  hash: string,
): Promise<{ kind: 'session'; auth: AuthContext; expiresAt: number } | null> {
  return asPlatform('resolver una sesión', () => loadSession(db, hash));
}

/** The session of a token hash from the database, with its expiry (what the session cache keeps); null when refused. Called in the platform's scope (`findSession`). */
export async function loadSession(
  db: Queryable,
  hash: string,
): Promise<{ kind: 'session'; auth: AuthContext; expiresAt: number } | null> {
  const row = await db.one<SessionRow>(
    `SELECT s.id AS session_id, u.id AS user_id, u.uuid, u.email, u.user_type_id, s.expires_at,
            s.community_id, c.uuid AS community_uuid, ${ACCOUNT_BLOCKED_SQL} AS blocked,
            (c.id IS NOT NULL AND NOT ${communityOpenSql('c')}) AS community_closed, COALESCE(c.license_expired, false) AS community_expired
       FROM sessions s
       JOIN users u ON u.id = s.user_id AND u.deleted_at IS NULL
       LEFT JOIN communities c ON c.id = s.community_id
      WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now()`,
    [hash],
  );
  // A session whose active community was closed stops at once; signing in again lands on an open one.
  if (!row || row.blocked || row.community_closed) return null;
  // An expired licence closes the community to its members at once; its integrator keeps working to renew it.
  if (row.community_expired && !reachesExpiredCommunity(row.user_type_id)) return null;
  const auth: AuthContext = {
    sessionId: Number(row.session_id),
    userId: row.user_id,
    userUuid: row.uuid,
    email: row.email,
    typeId: row.user_type_id,
    role: roleOfType(row.user_type_id),
    communityId: row.community_id,
    communityUuid: row.community_uuid,
  };
  return { kind: 'session', auth, expiresAt: new Date(row.expires_at).getTime() };
}

/**
 * Communities a user works in: its memberships whose licence is current, or the communities an
 * integrator owns (expired ones too: it renews them); open ones only.
 */
export const USER_COMMUNITIES_SQL = `
  SELECT c.id, c.uuid, c.name FROM communities c
   WHERE ((c.id IN (SELECT community_id FROM user_communities WHERE user_id = $1) AND NOT c.license_expired)
          OR c.integrator_id IN (SELECT id FROM integrators WHERE user_id = $1))
     AND ${communityOpenSql('c')}
   ORDER BY c.name`;

/** The communities of `USER_COMMUNITIES_SQL`: the account's own memberships, in every community. */
export function accountCommunities(db: Queryable, userId: number) {
  return asPlatform('los fraccionamientos de la propia cuenta', () =>
    db.query<{ id: number; uuid: string; name: string }>(USER_COMMUNITIES_SQL, [userId]),
  );
}

export async function openSession(db: Queryable, userId: number, preferredCommunityId: number | null) {
  const communities = await db.query<{ id: number }>(USER_COMMUNITIES_SQL, [userId]);
  const communityId = communities.find((c) => c.id === preferredCommunityId)?.id ?? communities[0]?.id ?? null;
  const token = newToken();
  await db.query(
    `INSERT INTO sessions (token_hash, user_id, community_id, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(secs => $4))`,
    [tokenHash(token), userId, communityId, ACCESS_TOKEN_TTL_SECONDS],
  );
  return { token, expiresIn: ACCESS_TOKEN_TTL_SECONDS, communityId };
}

export async function revokeSession(db: Queryable, sessionId: number) {
  await db.query('UPDATE sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL', [sessionId]);
}

/**
 * Ends the open sessions of a user (a disabled, deleted or moved account, a new password): every one,
 * or only those opened on the given communities. A null user has none.
 */
export async function revokeUserSessions(db: Queryable, userId: number | null, communityIds?: readonly number[]) {
  if (communityIds)
    await db.query(
      'UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND community_id = ANY($2::int[]) AND revoked_at IS NULL',
      [userId, communityIds],
    );
  else await db.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL', [userId]);
}
