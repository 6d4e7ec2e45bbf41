import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The rows of community tables a piece of work may reach. Row-level
 * security (migration 018) shows the application role only the rows of the communities named by
 * the transaction's settings; with no scope at all it shows none. Every statement runs under the
 * scope of the work that issued it (an `AsyncLocalStorage`, so a request's queries, and the jobs it
 * starts, carry it without being handed anything):
 * - a request: its session's or device's active community (`defineRoute`), nothing else;
 * - a person who spans communities: `acrossCommunities` (route-scopes.ts), explicit and logged;
 * - the platform's own work (resolving a token, a code's redemption, seeds, sweeps): `asPlatform`,
 *   with the reason named at the call.
 */
export type RowScope =
  | { readonly communities: readonly number[] }
  | { readonly integratorUserId: number; readonly reason: string }
  | { readonly all: true; readonly reason: string };

const storage = new AsyncLocalStorage<RowScope>();

/** The scope of the work running now; undefined outside any (community tables then show no rows). */
export const currentRowScope = (): RowScope | undefined => storage.getStore();

/** Runs `fn` with the rows of these communities only (none for an empty list). */
export function inCommunities<T>(communities: readonly number[], fn: () => T): T {
  return storage.run({ communities }, fn);
}

/** Runs `fn` over the rows of the communities the integrator of this account owns (the database decides which, in each transaction). */
export function asIntegrator<T>(integratorUserId: number, reason: string, fn: () => T): T {
  return storage.run({ integratorUserId, reason }, fn);
}

/**
 * Runs `fn` over every community's rows: the platform's own work, never a request's by default.
 * `reason` names it where it is called (it is what a reader of the code audits).
 */
export function asPlatform<T>(reason: string, fn: () => T): T {
  return storage.run({ all: true, reason }, fn);
}

/** Runs `fn` with no scope: community tables show no rows (the test of the wall uses it). */
export function withoutScope<T>(fn: () => T): T {
  return storage.exit(fn);
}

/**
 * The statement that sets a transaction's scope (`set_config(…, true)`: it ends with the
 * transaction). The ids are integers checked here, so they are written into the SQL as literals
 * and the statement can share a round trip with `BEGIN`.
 */
export function rowScopeSql(scope: RowScope): string {
  if ('all' in scope) return "SELECT set_config('app.all_communities', 'on', true)";
  if ('integratorUserId' in scope) {
    if (!Number.isSafeInteger(scope.integratorUserId) || scope.integratorUserId <= 0)
      throw new Error('row scope: not an account id');
    return `SELECT set_config('app.integrator_user', '${scope.integratorUserId}', true)`;
  }
  for (const id of scope.communities) {
    if (!Number.isSafeInteger(id) || id <= 0) throw new Error(`row scope: not a community id: ${String(id)}`);
  }
  return `SELECT set_config('app.community_ids', '${scope.communities.join(',')}', true)`;
}

/** The database role the application acts as once migrations have run (migration 018 creates it). */
export const APPLICATION_ROLE = 'porton_app';
