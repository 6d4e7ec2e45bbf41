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

/**
 * Who is acting, as the audit trail names them: the verified session's account or the device
 * token's device, or anonymous (a public route), with the caller's address. Every transaction of
 * the work carries it in transaction-local settings next to the row scope, and the database's
 * audit trigger (migration 020) reads it there; work with no actor (seeds, scripts, sweeps) is
 * not recorded.
 */
export interface AuditActor {
  readonly kind: 'user' | 'device' | 'anonymous';
  readonly userId: number | null;
  readonly deviceId: number | null;
  /** The account's email or the device's name, as it reads now. */
  readonly label: string | null;
  readonly address: string | null;
}

const actors = new AsyncLocalStorage<AuditActor>();

/** The actor of the work running now, if it has one. */
export const currentActor = (): AuditActor | undefined => actors.getStore();

/** Runs `fn` as `actor`: the writes of its transactions are recorded under that name. */
export function asActor<T>(actor: AuditActor, fn: () => T): T {
  return actors.run(actor, fn);
}

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

/** A text written as an SQL literal (standard strings: quotes doubled; NUL, which PostgreSQL refuses, dropped). */
const literal = (value: string) => `'${value.replaceAll('\0', '').replaceAll("'", "''")}'`;
const idText = (id: number | null) => (id !== null && Number.isSafeInteger(id) && id > 0 ? String(id) : '');

/** The settings that name the actor of a transaction, as one `SELECT` (empty without an actor). */
export function actorSql(actor: AuditActor | undefined): string {
  if (!actor) return '';
  const settings: [string, string][] = [
    ['porton.actor_kind', actor.kind],
    ['porton.actor_user_id', idText(actor.userId)],
    ['porton.actor_device_id', idText(actor.deviceId)],
    ['porton.actor_label', (actor.label ?? '').slice(0, 160)],
    ['porton.actor_address', (actor.address ?? '').slice(0, 64)],
  ];
  return `SELECT ${settings.map(([name, value]) => `set_config('${name}', ${literal(value)}, true)`).join(', ')}`;
}

/** Everything a transaction of the work running now sets first: its row scope, and its actor when it has one. */
export function transactionSettingsSql(scope: RowScope): string {
  const actor = actorSql(currentActor());
  return actor ? `${rowScopeSql(scope)}; ${actor}` : rowScopeSql(scope);
}

/** The database role the application acts as once migrations have run (migration 018 creates it). */
export const APPLICATION_ROLE = 'porton_app';
