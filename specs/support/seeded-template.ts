/**
 * The database every API test file starts from: the migrations applied and the demo data loaded,
 * made once per run by the server project's global setup. On PGlite it is a dump of such a
 * cluster; on PostgreSQL a database of its own (`porton_tpl_…`, owned by `porton_owner`) that each
 * file's database is created from (`CREATE DATABASE … TEMPLATE`), dropped when the run ends.
 */
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Db } from '../../src/server/platform/db/db.js';
import { migrate } from '../../src/server/platform/db/migrate.js';
import { actAsApplication } from '../../src/server/platform/db/open.js';
import { dumpPglite, openPglite } from '../../src/server/platform/db/pglite.js';
import { openPostgres } from '../../src/server/platform/db/postgres.js';
import { asPlatform } from '../../src/server/platform/db/row-scope.js';
import { seedIfEmpty } from '../../src/server/platform/db/seed.js';
import { OWNER_ROLE } from './app-role.js';

/** What `testApp` does to a fresh database before the app opens it. */
export async function migrateAndSeed(db: Db): Promise<void> {
  await migrate(db);
  await actAsApplication(db);
  await asPlatform('sembrar la base de una prueba', () => seedIfEmpty(db));
}

/** The empty cluster's dump (`emptyDump`), migrated and seeded, dumped again. */
export async function dumpSeededPglite(emptyDump: string): Promise<Blob> {
  const db = await openPglite('memory://', { loadDataDir: new Blob([readFileSync(emptyDump)]) });
  try {
    await migrateAndSeed(db);
    return await dumpPglite(db);
  } finally {
    await db.close();
  }
}

/** The owner's URL of database `name` on the server of `adminUrl`. */
export function ownerUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.username = OWNER_ROLE;
  url.password = '';
  url.pathname = `/${name}`;
  return url.toString();
}

/** Makes the template database on the server and answers its name. */
export async function makeSeededTemplate(adminUrl: string): Promise<string> {
  const name = `porton_tpl_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} OWNER ${OWNER_ROLE}`);
  } finally {
    await admin.end();
  }
  // No connection may stay open on a template while databases are created from it.
  const db = await openPostgres(ownerUrl(adminUrl, name));
  try {
    await migrateAndSeed(db);
  } finally {
    await db.close();
  }
  return name;
}

export async function dropSeededTemplate(adminUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}
