import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Db, Queryable } from './db.js';

const folder = fileURLToPath(new URL('./migrations/', import.meta.url));

/** The advisory lock every process takes before it migrates a PostgreSQL server (any constant, the same everywhere). */
export const MIGRATION_LOCK = 7_160_431;

const LEDGER =
  'CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())';

function migrationFiles(): string[] {
  return readdirSync(folder)
    .filter((f) => /^\d{3}_.+\.sql$/.test(f))
    .sort();
}

async function appliedVersions(q: Queryable): Promise<Set<string>> {
  return new Set((await q.query<{ version: string }>('SELECT version FROM schema_migrations')).map((r) => r.version));
}

/**
 * Applies every `migrations/NNN_name.sql` not applied yet, each in its own transaction. On a
 * PostgreSQL server several API processes may start at once: each migration's transaction first
 * takes one advisory lock and reads the ledger again under it, so a migration runs once and the
 * others wait for it instead of failing on what it made. PGlite has one process and no such race.
 */
export async function migrate(db: Db): Promise<string[]> {
  const applied: string[] = [];
  if (db.kind === 'pglite') {
    await db.exec(LEDGER);
    const done = await appliedVersions(db);
    for (const file of migrationFiles()) {
      if (done.has(file)) continue;
      const sql = readFileSync(folder + file, 'utf8');
      await db.exec(`BEGIN;\n${sql}\nINSERT INTO schema_migrations (version) VALUES ('${file}');\nCOMMIT;`);
      applied.push(file);
    }
    return applied;
  }
  for (const file of migrationFiles()) {
    const ran = await db.tx(async (q) => {
      await q.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      await q.query(LEDGER);
      if ((await appliedVersions(q)).has(file)) return false;
      // Without parameters node-postgres sends the simple protocol, which runs a script of several statements.
      await q.query(readFileSync(folder + file, 'utf8'));
      await q.query('INSERT INTO schema_migrations (version) VALUES ($1)', [file]);
      return true;
    });
    if (ran) applied.push(file);
  }
  return applied;
}
