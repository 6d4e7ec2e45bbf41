/** The one query layer: parameterised SQL over PGlite (embedded) or node-postgres (server). */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  one<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T | undefined>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction; a thrown error rolls everything back. */
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  /**
   * From now on, statements run as this database role (`SET ROLE`): after the migrations, the
   * application acts as `porton_app`, which row-level security contains (row-scope.ts). `null`
   * returns to the connecting role.
   */
  actAs(role: string | null): Promise<void>;
  /** Runs a script of several statements (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * A query's rows in batches of `batchSize` through a server-side cursor on a connection of its
   * own (PostgreSQL only; PGlite's one connection would be held by it, so there callers page with
   * keysets). Stopping the iteration closes the cursor and frees the connection.
   */
  cursor?<T = Record<string, unknown>>(sql: string, params: readonly unknown[], batchSize: number): AsyncIterable<T[]>;
  /**
   * Hears NOTIFY on `channel` (the auth-change triggers of migration 014): PGlite in
   * process, PostgreSQL on a connection of its own. Answers a function that stops listening.
   * `onLive(false)` tells that the connection was lost (events may be missed until `onLive(true)`,
   * once it listens again); PGlite, in process, never loses it.
   */
  listen(
    channel: string,
    handler: (payload: string) => void,
    onLive?: (live: boolean) => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export function queryable(run: (sql: string, params: unknown[]) => Promise<{ rows: unknown[] }>): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []) {
      return (await run(sql, [...params])).rows as T[];
    },
    async one<T>(sql: string, params: readonly unknown[] = []) {
      return (await run(sql, [...params])).rows[0] as T | undefined;
    },
  };
}
