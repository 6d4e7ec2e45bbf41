import type { Db, Queryable } from '../platform/db/db.js';
import { asPlatform } from '../platform/db/row-scope.js';
import { ACCOUNT_BLOCKED_SQL, LICENCE_EXPIRED_SQL } from '../platform/http/sessions.js';

/** The signed-in account and its type's name. */
export interface AccountRow {
  id: number;
  uuid: string;
  email: string;
  first_name: string;
  last_name: string;
  user_type_id: number;
  type_name: string;
}

/** An account by its id. */
export function accountById(q: Queryable, userId: number): Promise<AccountRow | undefined> {
  return q.one<AccountRow>(
    `SELECT u.id, u.uuid, u.email, u.first_name, u.last_name, u.user_type_id, t.name AS type_name
       FROM users u JOIN user_types t ON t.id = u.user_type_id WHERE u.id = $1`,
    [userId],
  );
}

/** What the account menu shows of the active community: whether it has a logo, and whether it is a club. */
export function communityLogoAndClub(q: Queryable, communityId: number) {
  return q.one<{ logo_path: string | null; club: boolean }>('SELECT logo_path, club FROM communities WHERE id = $1', [
    communityId,
  ]);
}

/** Makes a community the session's active one, and the account's next sign-in's. */
export async function setActiveCommunity(
  db: Db,
  sessionId: number,
  userId: number,
  communityId: number,
): Promise<void> {
  await db.tx(async (q) => {
    await q.query('UPDATE sessions SET community_id = $1 WHERE id = $2', [communityId, sessionId]);
    await q.query('UPDATE users SET active_community_id = $1 WHERE id = $2', [communityId, userId]);
  });
}

/** The live account signing in by its (lower-case) email, with whether it is blocked or its licence expired, or null. */
export function signInAccount(db: Queryable, account: string) {
  // Whether the account may sign in depends on its memberships and resident records in every community.
  return asPlatform('iniciar sesión: la cuenta y sus fraccionamientos', () =>
    db.one<{
      id: number;
      password_hash: string | null;
      active_community_id: number | null;
      blocked: boolean;
      licence_expired: boolean;
    }>(
      `SELECT u.id, u.password_hash, u.active_community_id, ${ACCOUNT_BLOCKED_SQL} AS blocked, ${LICENCE_EXPIRED_SQL} AS licence_expired
       FROM users u WHERE lower(u.email) = $1 AND u.deleted_at IS NULL`,
      [account],
    ),
  );
}
