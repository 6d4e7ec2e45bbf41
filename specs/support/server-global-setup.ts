/**
 * Global setup of the API test project: runs once, before any test file's worker starts.
 * On a real PostgreSQL server (DATABASE_URL) it creates the cluster-wide objects the files
 * share (the app role), so the files, each on a database of its own, never race to create them.
 * A brand-new server and a server that ran the suite before behave the same.
 */
import { ensureAppRole } from './app-role.js';

export default async function setup() {
  const url = process.env.DATABASE_URL;
  if (!url) return;
  try {
    await ensureAppRole(url);
  } catch (error) {
    throw new Error(`API tests: could not prepare the PostgreSQL server at DATABASE_URL (${redact(url)}): ${(error as Error).message}`);
  }
}

/** The URL without its password, for the message. */
function redact(url: string) {
  try { const u = new URL(url); if (u.password) u.password = '***'; return u.toString(); } catch { return 'DATABASE_URL'; }
}
