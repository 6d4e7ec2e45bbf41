/**
 * The roles the API tests use on a real PostgreSQL server (a superuser would bypass
 * row-level security). `porton_owner` logs in, owns each test file's fresh database and runs the
 * migrations, as an operator's owner role would; the app then acts as `porton_app` (migration
 * 018's role, which row-level security contains), of which the owner is a member. Roles are
 * cluster-wide, so the server project's global setup makes them once, before the test files run
 * in parallel; the step is safe to repeat and safe against a concurrent twin, so a bench or a
 * script may call it too.
 */
import pg from 'pg';
import { APPLICATION_ROLE } from '../../src/server/platform/db/row-scope.js';

export const OWNER_ROLE = 'porton_owner';
/** A login role that owns nothing and is a member of porton_app: what an operator gives the app with DATABASE_OWNER_URL set. */
export const LOGIN_ROLE = 'porton_login';

/** SQLSTATEs of "that role is already there": a duplicate object, or the catalogue's unique index when two sessions race. */
const ALREADY_THERE = new Set(['42710', '23505']);

async function ensureRole(admin: pg.Client, name: string, attributes: string) {
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [name]);
    if (!rowCount) await admin.query(`CREATE ROLE ${name} ${attributes}`);
  } catch (error) {
    if (!ALREADY_THERE.has((error as { code?: string }).code ?? '')) throw error;
  }
}

export async function ensureAppRole(adminUrl: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await ensureRole(admin, OWNER_ROLE, 'LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS');
    await ensureRole(admin, APPLICATION_ROLE, 'NOLOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS');
    await ensureRole(admin, LOGIN_ROLE, 'LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS');
    for (const member of [OWNER_ROLE, LOGIN_ROLE]) {
      const { rowCount } = await admin.query(
        'SELECT 1 FROM pg_auth_members m JOIN pg_roles r ON r.oid = m.roleid JOIN pg_roles o ON o.oid = m.member WHERE r.rolname = $1 AND o.rolname = $2',
        [APPLICATION_ROLE, member],
      );
      if (!rowCount) await admin.query(`GRANT ${APPLICATION_ROLE} TO ${member}`);
    }
  } finally {
    await admin.end();
  }
}
