import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../../src/server/platform/db/migrate.js';
import { openPostgres } from '../../../src/server/platform/db/postgres.js';
import { freshDatabase } from '../../support/test-app.js';

const migrationFiles = readdirSync(
  fileURLToPath(new URL('../../../src/server/platform/db/migrations/', import.meta.url)),
)
  .filter((f) => /^\d{3}_.+\.sql$/.test(f))
  .sort();

/** Two API machines starting at once on one PostgreSQL server: only there can two processes migrate the same database. */
describe.runIf(process.env.DATABASE_URL)('migrations on a PostgreSQL server shared by several machines', () => {
  it('two processes migrating one new database at once apply each migration once, and both start', async () => {
    const fresh = await freshDatabase();
    const other = await openPostgres(fresh.url!);
    try {
      const [first, second] = await Promise.all([migrate(fresh.db), migrate(other)]);
      // Every migration ran in exactly one of the two; neither failed on what the other made.
      expect([...first, ...second].sort()).toEqual(migrationFiles);
      const ledger = await fresh.db.query<{ version: string }>(
        'SELECT version FROM schema_migrations ORDER BY version',
      );
      expect(ledger.map((r) => r.version)).toEqual(migrationFiles);
      // A later start finds nothing left to do.
      expect(await migrate(other)).toEqual([]);
    } finally {
      await other.close();
      await fresh.drop();
    }
  });
});

describe('migrations on the embedded database', () => {
  it('a second migration run on a migrated database applies nothing', async () => {
    const fresh = await freshDatabase();
    try {
      expect(await migrate(fresh.db)).toEqual(migrationFiles);
      expect(await migrate(fresh.db)).toEqual([]);
    } finally {
      await fresh.drop();
    }
  });
});
