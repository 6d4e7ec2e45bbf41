/**
 * The non-superuser role the API tests connect as on a real PostgreSQL server (TESTING.md: a
 * superuser would bypass row-level security). A role is cluster-wide, so it is created once,
 * by the server project's global setup, before the test files run in parallel; the same step
 * is safe to repeat and safe against a concurrent twin, so a bench or a script may call it too.
 */
import pg from 'pg';

export const APP_ROLE = 'porton_app';

/** SQLSTATEs of "that role is already there": a duplicate object, or the catalogue's unique index when two sessions race. */
const ALREADY_THERE = new Set(['42710', '23505']);

export async function ensureAppRole(adminUrl: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [APP_ROLE]);
    if (rowCount) return;
    await admin.query(`CREATE ROLE ${APP_ROLE} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE`);
  } catch (error) {
    if (!ALREADY_THERE.has((error as { code?: string }).code ?? '')) throw error;
  } finally {
    await admin.end();
  }
}
