import type { Queryable } from '../db/db.js';
import { asPlatform } from '../db/row-scope.js';
import type { AuthContext } from '../http/auth-context.js';
import { ACCOUNT_BLOCKED_SQL, communityOpenSql, USER_COMMUNITIES_SQL } from '../http/sessions.js';

/**
 * Condition on session alias `s`, as `findSession` decides it: not revoked nor expired, the
 * account live and not blocked, and its active community not closed by a disabled integrator.
 */
const SESSION_LIVE = `s.revoked_at IS NULL AND s.expires_at > now()
  AND EXISTS (SELECT 1 FROM users u WHERE u.id = s.user_id AND u.deleted_at IS NULL AND NOT ${ACCOUNT_BLOCKED_SQL})
  AND NOT EXISTS (SELECT 1 FROM communities sc WHERE sc.id = s.community_id AND NOT ${communityOpenSql('sc')})`;

/**
 * One round trip for a socket: whether its session may still be used, and the caller's
 * community with this uuid (null when it is not one of the caller's open communities).
 */
export async function socketAccess(db: Queryable, auth: AuthContext, communityUuid: string | null) {
  // The account's memberships span communities: the platform resolves them.
  return (await asPlatform('comprobar la sesión de un socket', () =>
    db.one<{ live: boolean; uuid: string | null }>(
      `SELECT EXISTS (SELECT 1 FROM sessions s WHERE s.id = $2 AND ${SESSION_LIVE}) AS live,
            (SELECT uc.uuid FROM (${USER_COMMUNITIES_SQL}) uc WHERE uc.uuid = $3::uuid) AS uuid`,
      [auth.userId, auth.sessionId, communityUuid],
    ),
  ))!;
}
