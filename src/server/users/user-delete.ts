import { AppError } from '../../shared/platform/errors.js';
import { canManageUserType, TYPE_NOT_MANAGEABLE } from '../../shared/users/user-types-allowed.js';
import type { Queryable } from '../platform/db/db.js';
import type { AuthContext } from '../platform/http/auth-context.js';
import { revokeUserSessions } from '../platform/http/sessions.js';
import { findScopedUser, userScope } from './user-rows.js';

export const SELF_DELETE = 'No puedes eliminar tu propio usuario.';
export const INTEGRATOR_ACCOUNT = 'Este usuario es un integrador; elimínalo desde Integradores.';

/**
 * Deletes a user for the caller. A user may belong to communities outside the caller's reach
 * (an administrator of two communities): the caller removes it from its own communities only,
 * and ends the sessions opened on them. With no community left, the user is deleted (soft:
 * `deleted_at`, so its email and code answer 410 later) and every session is revoked at once.
 */
export async function deleteUser(q: Queryable, auth: AuthContext, uuid: string): Promise<void> {
  const user = await findScopedUser(q, auth, uuid);
  if (user.id === auth.userId) throw new AppError('invalid_request', SELF_DELETE);
  if (!canManageUserType(auth.role, user.user_type_id)) throw new AppError('forbidden', TYPE_NOT_MANAGEABLE);
  if (await q.one('SELECT 1 FROM integrators WHERE user_id = $1', [user.id]))
    throw new AppError('conflict', INTEGRATOR_ACCOUNT);

  const scope = userScope(auth);
  if (scope.communityIds !== null) {
    const n = scope.params.length + 1;
    const removed = await q.query<{ community_id: number }>(
      `DELETE FROM user_communities WHERE user_id = $${n} AND community_id IN (${scope.communityIds}) RETURNING community_id`,
      [...scope.params, user.id],
    );
    await q.query(
      `UPDATE communities SET admin_user_id = NULL WHERE admin_user_id = $${n} AND id IN (${scope.communityIds})`,
      [...scope.params, user.id],
    );
    // Memberships outside the caller's reach are not visible to it (row-level security): the database answers the fact alone.
    const left = await q.one<{ left: boolean }>('SELECT porton_account_has_communities($1) AS left', [user.id]);
    if (left?.left) {
      await revokeUserSessions(
        q,
        user.id,
        removed.map((r) => r.community_id),
      );
      return;
    }
  }
  await q.query('UPDATE users SET deleted_at = now() WHERE id = $1', [user.id]);
  await q.query('UPDATE communities SET admin_user_id = NULL WHERE admin_user_id = $1', [user.id]);
  await revokeUserSessions(q, user.id);
}
