import type { AdministratorOption } from '../../shared/communities/community-types.js';
import { AppError } from '../../shared/platform/errors.js';
import { ADMINISTRATOR_MESSAGE } from '../../shared/communities/community.schema.js';
import { UserType } from '../../shared/platform/roles.js';
import type { Queryable } from '../platform/db/db.js';

export const ADMINISTRATOR_NOT_ALLOWED = 'El administrador seleccionado no es válido.';

/**
 * The administrators ($1 = integrator id) an integrator may assign to its communities: live,
 * not disabled type-4 users who are already members or administrators of one of its
 * communities, or whom its account created (users.created_by, set by the users screen) and
 * who belong to no community yet. Anyone else's administrator is never offered nor accepted.
 */
const REACHABLE_ADMINS = `
  SELECT u.id AS "idUser", u.uuid, trim(u.first_name || ' ' || u.last_name) AS name
    FROM users u
   WHERE u.user_type_id = ${UserType.admin} AND u.deleted_at IS NULL AND u.status <> 'DISABLED'
     AND (EXISTS (SELECT 1 FROM user_communities uc JOIN communities c ON c.id = uc.community_id
                   WHERE uc.user_id = u.id AND c.integrator_id = $1)
          OR EXISTS (SELECT 1 FROM communities c WHERE c.admin_user_id = u.id AND c.integrator_id = $1)
          OR (u.created_by = (SELECT user_id FROM integrators WHERE id = $1)
              AND NOT porton_account_has_communities(u.id)
              AND NOT EXISTS (SELECT 1 FROM communities c WHERE c.admin_user_id = u.id)))`;

export const administratorOptions = (q: Queryable, integratorId: number) =>
  q.query<AdministratorOption>(`${REACHABLE_ADMINS} ORDER BY name, u.id`, [integratorId]);

/** Refuses (400, field idUser) an administrator the integrator may not assign. */
export async function assertReachableAdmin(q: Queryable, integratorId: number, userId: number) {
  const row = await q.one(`${REACHABLE_ADMINS} AND u.id = $2`, [integratorId, userId]);
  if (!row) throw new AppError('invalid_request', ADMINISTRATOR_NOT_ALLOWED, { idUser: ADMINISTRATOR_MESSAGE });
}

/** The administrator becomes a member of the community (and lands on it if it had none). */
export async function addAdminMembership(q: Queryable, userId: number, communityId: number) {
  await q.query('INSERT INTO user_communities (user_id, community_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
    userId,
    communityId,
  ]);
  await q.query('UPDATE users SET active_community_id = COALESCE(active_community_id, $1) WHERE id = $2', [
    communityId,
    userId,
  ]);
}
