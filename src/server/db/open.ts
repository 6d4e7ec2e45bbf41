import type { Config } from '../config.js';
import type { Db } from './db.js';
import { migrate } from './migrate.js';

/** Opens the configured database and brings its schema up to date. */
export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Db> {
  const db = config.databaseUrl
    ? await (await import('./postgres.js')).openPostgres(config.databaseUrl)
    : await (await import('./pglite.js')).openPglite(`${config.dataDir.replace(/\/$/, '')}/pg`);
  await migrate(db);
  return db;
}
