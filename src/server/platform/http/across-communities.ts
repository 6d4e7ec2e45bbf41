import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../shared/platform/errors.js';
import { asIntegrator, asPlatform } from '../db/row-scope.js';
import type { AuthContext } from './auth-context.js';

/**
 * The explicit path of the people who span communities. A request runs in its
 * session's active community only; a route that must reach several says so (`defineRoute`'s
 * `acrossCommunities`, or a call here), naming why. Who reaches what is decided here and in the
 * database, never by the route:
 * - the general administrator: every community;
 * - an integrator: the communities its account owns, and no other (row-level security reads
 *   which in each transaction, so a community it creates is reachable in the same transaction);
 * - anyone else: refused (403).
 * Every use is written to the request's log (who, which scope, why): the audit of reads. Changes
 * made on this path are in the audit trail (audit_events) as every change is.
 */
export async function acrossCommunities<T>(
  req: Pick<FastifyRequest, 'log'> & { auth: AuthContext | null },
  reason: string,
  fn: () => Promise<T>,
): Promise<T> {
  const auth = req.auth;
  if (!auth) throw new AppError('unauthorized');
  if (auth.role === 'generalAdmin') {
    req.log.info({ rowScope: 'all', actor: auth.userUuid, reason }, 'acceso entre fraccionamientos');
    return asPlatform(reason, fn);
  }
  if (auth.role === 'integrator') {
    req.log.info({ rowScope: 'integrator', actor: auth.userUuid, reason }, 'acceso entre fraccionamientos');
    return asIntegrator(auth.userId, reason, fn);
  }
  throw new AppError('forbidden');
}

/** Whether a role works across communities (`acrossCommunities` takes it); everyone else works in the active community. */
export const spansCommunities = (auth: AuthContext | null) =>
  auth?.role === 'generalAdmin' || auth?.role === 'integrator';
