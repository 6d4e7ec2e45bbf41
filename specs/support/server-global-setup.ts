/**
 * Global setup of the API test project: runs once, before any test file's worker starts.
 * On a real PostgreSQL server (DATABASE_URL) it creates the cluster-wide objects the files
 * share (the app role), so the files, each on a database of its own, never race to create them.
 * A brand-new server and a server that ran the suite before behave the same.
 * On PGlite it initialises one empty cluster and leaves its dump for every file to start from
 * (initdb is most of a PGlite start: about 4 s against 1.4 s from the dump).
 *
 * On both it also makes one database with the migrations applied and the demo data loaded, which
 * every file's `testApp` starts from (a copy: a PGlite dump, or a PostgreSQL template database),
 * instead of migrating and seeding a database of its own: the same rows every file had, without
 * paying for them about 80 times per run.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dumpPgliteTemplate } from '../../src/server/platform/db/pglite.js';
import { ensureAppRole } from './app-role.js';
import { dropSeededTemplate, dumpSeededPglite, makeSeededTemplate } from './seeded-template.js';

export default async function setup() {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const dir = mkdtempSync(join(tmpdir(), 'porton-pglite-'));
    const file = join(dir, 'template.tar');
    writeFileSync(file, Buffer.from(await (await dumpPgliteTemplate()).arrayBuffer()));
    process.env.PORTON_PGLITE_TEMPLATE = file;
    const seeded = join(dir, 'seeded.tar');
    writeFileSync(seeded, Buffer.from(await (await dumpSeededPglite(file)).arrayBuffer()));
    process.env.PORTON_PGLITE_SEEDED = seeded;
    return () => {
      rmSync(dir, { recursive: true, force: true });
    };
  }
  let template: string;
  try {
    await ensureAppRole(url);
    template = await makeSeededTemplate(url);
  } catch (error) {
    throw new Error(
      `API tests: could not prepare the PostgreSQL server at DATABASE_URL (${redact(url)}): ${(error as Error).message}`,
    );
  }
  process.env.PORTON_PG_TEMPLATE = template;
  return () => dropSeededTemplate(url, template);
}

/** The URL without its password, for the message. */
function redact(url: string) {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'DATABASE_URL';
  }
}
