/** The one query layer: parameterised SQL over PGlite (embedded) or node-postgres (server). */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  one<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T | undefined>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction; a thrown error rolls everything back. */
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  /** Runs a script of several statements (migrations). */
  exec(sql: string): Promise<void>;
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
