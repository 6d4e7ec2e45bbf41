import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import type { Db, Queryable } from '../../src/server/platform/db/db.js';
import { actAsApplication } from '../../src/server/platform/db/open.js';
import { asPlatform, withoutScope } from '../../src/server/platform/db/row-scope.js';
import { openPglite } from '../../src/server/platform/db/pglite.js';
import { openPostgres } from '../../src/server/platform/db/postgres.js';
import { DEMO_PASSWORD } from '../../src/server/platform/db/demo-data.js';
import type { Mailer, MailMessage } from '../../src/server/platform/services/mail.js';
import { OWNER_ROLE, ensureAppRole } from './app-role.js';
import { migrateAndSeed } from './seeded-template.js';
import { validateAnswers } from './response-contract.js';

export { OWNER_ROLE };

/**
 * A fresh database for one test file: PGlite in memory, or, when DATABASE_URL is set, a new
 * database on that server owned by a non-superuser role that the app connects as. The role is
 * made once by the global setup (specs/support/server-global-setup.ts); `ensureAppRole` here is
 * a no-op then, and keeps benches and scripts that call this outside vitest working.
 */
export async function freshDatabase(options: { pgliteFolder?: boolean } = {}): Promise<TestDatabase> {
  return database(process.env.PORTON_PGLITE_TEMPLATE, undefined, options.pgliteFolder);
}

interface TestDatabase {
  db: Db;
  drop: () => Promise<void>;
  kind: string;
  url: string | null;
  /** Whether it already holds the migrations and the demo data (a copy of the global setup's). */
  seeded?: boolean;
}

/**
 * A database with the migrations applied and the demo data loaded: a copy of the one the server
 * project's global setup made (specs/support/seeded-template.ts), or, outside that setup (a
 * bench, a script), a fresh one that `testApp` migrates and seeds itself.
 */
async function seededDatabase(pgliteFolder = false): Promise<TestDatabase> {
  const dump = process.env.PORTON_PGLITE_SEEDED;
  const template = process.env.PORTON_PG_TEMPLATE;
  const seeded = process.env.DATABASE_URL ? Boolean(template) : Boolean(dump && existsSync(dump));
  if (!seeded) return freshDatabase({ pgliteFolder });
  return { ...(await database(dump, template, pgliteFolder)), seeded: true };
}

/**
 * A PGlite started from the dump `pgliteDump` (in memory, or in a data folder of its own as
 * `npm start` keeps it when `pgliteFolder`), or a PostgreSQL database created from `pgTemplate`.
 */
async function database(
  pgliteDump: string | undefined,
  pgTemplate: string | undefined,
  pgliteFolder = false,
): Promise<TestDatabase> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    // The server project's global setup leaves an initialised cluster to start from.
    const template = pgliteDump;
    const loadDataDir = template && existsSync(template) ? new Blob([readFileSync(template)]) : undefined;
    const folder = pgliteFolder ? mkdtempSync(join(tmpdir(), 'porton-pglite-')) : null;
    const db = await openPglite(folder ?? 'memory://', { loadDataDir });
    return {
      db,
      kind: folder ? 'pglite (data folder)' : 'pglite',
      url: null,
      drop: async () => {
        await db.close();
        if (folder) rmSync(folder, { recursive: true, force: true });
      },
    };
  }
  const name = `porton_t_${randomBytes(6).toString('hex')}`;
  await ensureAppRole(url);
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} ${pgTemplate ? `TEMPLATE ${pgTemplate} ` : ''}OWNER ${OWNER_ROLE}`);
  } finally {
    await admin.end();
  }
  const appUrl = new URL(url);
  appUrl.username = OWNER_ROLE;
  appUrl.password = '';
  appUrl.pathname = `/${name}`;
  const db = await openPostgres(appUrl.toString());
  return {
    db,
    kind: 'postgres',
    /** The app role's URL of this database, for a second process to open it. */
    url: appUrl.toString(),
    drop: async () => {
      await db.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** Collects mail in memory so tests can read what was sent. */
export function memoryMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    send: async (m) => {
      sent.push(m);
    },
    close: () => undefined,
  };
}

/**
 * The app on a fresh database with the demo data. Every answer is checked against the OpenAPI
 * document; benchmarks turn that off (`checkAnswers: false`) so they time the app alone.
 */
export async function testApp(
  options: {
    checkAnswers?: boolean;
    plainJsonAnswers?: boolean;
    env?: NodeJS.ProcessEnv;
    distDir?: string;
    logStream?: { write(line: string): void };
    /** The embedded database in a data folder, as `npm start` keeps it (benchmarks of memory); in memory otherwise. */
    pgliteFolder?: boolean;
  } = {},
) {
  const { db, drop, kind, url, seeded } = await seededDatabase(options.pgliteFolder);
  try {
    if (seeded) await actAsApplication(db);
    else await migrateAndSeed(db);
  } catch (error) {
    await drop(); // a failed setup leaves no database behind, and says only its own error
    throw error;
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'porton-api-'));
  const config = {
    ...loadConfig({ LOG_LEVEL: 'silent', PUBLIC_URL: 'http://porton.test', DATA_DIR: dataDir, ...options.env }),
  };
  const mailer = memoryMailer();
  // Every answer a test receives is checked against the served OpenAPI document (response-contract.ts).
  const built = await buildApp({
    config,
    db,
    mailer,
    plainJsonAnswers: options.plainJsonAnswers,
    distDir: options.distDir,
    logStream: options.logStream,
  });
  const app = options.checkAnswers === false ? built : validateAnswers(built);
  await app.ready();
  const basic = `Basic ${Buffer.from(`${config.oauthClientId}:${config.oauthClientSecret}`).toString('base64')}`;

  async function signIn(email: string, password = DEMO_PASSWORD) {
    const res = await app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'password', username: email, password }).toString(),
    });
    if (res.statusCode !== 200) throw new Error(`sign-in ${email} failed: ${res.statusCode} ${res.body}`);
    return res.json().access_token as string;
  }

  /** Calls the API as `token`; JSON bodies are sent as JSON. */
  function as(token: string) {
    const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
      app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${token}`, 'accept-language': 'es-MX' },
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    return {
      get: (url: string) => call('GET', url),
      post: (url: string, body?: unknown) => call('POST', url, body ?? {}),
      put: (url: string, body?: unknown) => call('PUT', url, body ?? {}),
      del: (url: string) => call('DELETE', url),
    };
  }

  // A test's own writes (a status changed straight in the database) reach the app as an operator's
  // would: through the auth events. On PostgreSQL they arrive asynchronously, so each write waits
  // until this app has heard it (the barrier its write routes use), as the next request would.
  const heard = () => built.authEvents.barrier();
  const isWrite = (sql: string) => /^\s*(UPDATE|DELETE|INSERT|WITH)\b/i.test(sql);
  // A test's own statements are an operator's: every community's rows (the platform's path).
  const operator = <T>(fn: () => Promise<T>) => asPlatform('una prueba, como el operador', fn);
  const testDb: Db = Object.assign(Object.create(db) as Db, {
    query: async <T>(sql: string, params?: readonly unknown[]) => {
      const rows = await operator(() => db.query<T>(sql, params));
      if (isWrite(sql)) await heard();
      return rows;
    },
    one: async <T>(sql: string, params?: readonly unknown[]) => {
      const row = await operator(() => db.one<T>(sql, params));
      if (isWrite(sql)) await heard();
      return row;
    },
    tx: async <T>(fn: (q: Queryable) => Promise<T>) => {
      const out = await operator(() => db.tx(fn));
      await heard();
      return out;
    },
  });

  return {
    /** The database's URL on PostgreSQL (null on PGlite): a second API can open the same database. */
    app,
    db: testDb,
    kind,
    url,
    config,
    mailer,
    basic,
    signIn,
    as,
    /**
     * A maintenance statement (VACUUM, ANALYZE) as the tables' owner and outside any transaction:
     * the test's own statements run as the application role, each in a transaction.
     */
    asOwner: async (sql: string) => {
      await db.actAs(null);
      try {
        await withoutScope(() => db.query(sql));
      } finally {
        await actAsApplication(db);
      }
    },
    close: async () => {
      await app.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
export type TestApp = Awaited<ReturnType<typeof testApp>>;
