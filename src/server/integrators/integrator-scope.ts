import { AppError } from '../../shared/platform/errors.js';
import type { Queryable } from '../platform/db/db.js';
import type { AuthContext } from '../platform/http/auth-context.js';

/**
 * The integrator behind the caller. The role 'integrator' also covers unrecognised user types;
 * an account without an integrator record owns nothing and is refused.
 */
export async function requireIntegrator(q: Queryable, auth: AuthContext): Promise<{ id: number; licenses: number }> {
  const row = await q.one<{ id: number; licenses: number }>('SELECT id, licenses FROM integrators WHERE user_id = $1', [
    auth.userId,
  ]);
  if (!row) throw new AppError('forbidden', 'Tu cuenta no está registrada como integrador.');
  return row;
}
