import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { mkdirSync } from 'node:fs';
import { queryable, type Db } from './db.js';

/**
 * Embedded PostgreSQL in a data folder; `memory://` for tests. `loadDataDir` starts from a
 * dumped cluster (`dumpPgliteTemplate`) instead of running initdb, which is most of the start.
 */
export async function openPglite(dataDir: string, options: { loadDataDir?: Blob } = {}): Promise<Db> {
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const pg = await PGlite.create(dataDir, { extensions: { pg_trgm, unaccent }, loadDataDir: options.loadDataDir });
  const q = queryable((sql, params) => pg.query(sql, params));
  return {
    kind: 'pglite',
    ...q,
    tx: (fn) => pg.transaction((tx) => fn(queryable((sql, params) => tx.query(sql, params)))),
    exec: async (sql) => { await pg.exec(sql); },
    listen: async (channel, handler) => {
      const stop = await pg.listen(channel, handler);
      return async () => { await stop(); };
    },
    close: () => pg.close(),
  };
}

/** A freshly initialised, empty in-memory cluster as a tarball: what `openPglite(…, { loadDataDir })` starts from. */
export async function dumpPgliteTemplate(): Promise<Blob> {
  const pg = await PGlite.create('memory://', { extensions: { pg_trgm, unaccent } });
  try {
    return await pg.dumpDataDir('none');
  } finally {
    await pg.close();
  }
}
