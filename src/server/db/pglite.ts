import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { mkdirSync } from 'node:fs';
import { queryable, type Db } from './db.js';

/** Embedded PostgreSQL in a data folder; `memory://` for tests. */
export async function openPglite(dataDir: string): Promise<Db> {
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const pg = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  const q = queryable((sql, params) => pg.query(sql, params));
  return {
    kind: 'pglite',
    ...q,
    tx: (fn) => pg.transaction((tx) => fn(queryable((sql, params) => tx.query(sql, params)))),
    exec: async (sql) => { await pg.exec(sql); },
    close: () => pg.close(),
  };
}
