import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { mkdirSync } from 'node:fs';
import { queryable, type Db } from './db.js';
import { currentRowScope, transactionSettingsSql } from './row-scope.js';

/**
 * Embedded PostgreSQL in a data folder; `memory://` for tests. `loadDataDir` starts from a
 * dumped cluster (`dumpPgliteTemplate`) instead of running initdb, which is most of the start.
 */
export async function openPglite(dataDir: string, options: { loadDataDir?: Blob } = {}): Promise<Db> {
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const pg = await PGlite.create(dataDir, { extensions: { pg_trgm, unaccent }, loadDataDir: options.loadDataDir });
  const db = wrap(pg);
  opened.set(db, pg);
  return db;
}

/** The cluster of each database `openPglite` opened, for `dumpPglite`. */
const opened = new WeakMap<Db, PGlite>();

/**
 * An open database's cluster as a tarball, what `openPglite(…, { loadDataDir })` starts from: the
 * API tests dump one migrated database with the demo data once and start every file from it.
 */
export async function dumpPglite(db: Db): Promise<Blob> {
  const pg = opened.get(db);
  if (!pg) throw new Error('dumpPglite: not a database opened by openPglite');
  return pg.dumpDataDir('none');
}

function wrap(pg: PGlite): Db {
  // Under a row scope a statement runs in a transaction that sets it (migration 018's policies read it).
  const q = queryable((sql, params) => {
    const scope = currentRowScope();
    if (!scope) return pg.query(sql, params);
    return pg.transaction(async (tx) => {
      await tx.exec(transactionSettingsSql(scope));
      return tx.query(sql, params);
    });
  });
  return {
    kind: 'pglite',
    ...q,
    tx: (fn) => {
      const scope = currentRowScope();
      return pg.transaction(async (tx) => {
        if (scope) await tx.exec(transactionSettingsSql(scope));
        return fn(queryable((sql, params) => tx.query(sql, params)));
      });
    },
    // One connection: the role is switched once, for everything after the migrations.
    actAs: async (role) => {
      if (role !== null && !/^[a-z_][a-z0-9_]*$/.test(role)) throw new Error(`not a role name: ${role}`);
      await pg.exec(role ? `SET ROLE ${role}` : 'RESET ROLE');
    },
    exec: async (sql) => {
      await pg.exec(sql);
    },
    listen: async (channel, handler) => {
      const stop = await pg.listen(channel, handler);
      return async () => {
        await stop();
      };
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
