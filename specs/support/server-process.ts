/**
 * `src/server/main.ts` as the operator runs it, in a child process over a database prepared for it
 * (PGlite in a data folder, or a fresh PostgreSQL database when DATABASE_URL is set), so a test can
 * kill it, signal it and start it again on the same data.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate } from '../../src/server/platform/db/migrate.js';
import { openPglite } from '../../src/server/platform/db/pglite.js';
import { seedIfEmpty } from '../../src/server/platform/db/seed.js';
import { freePort } from './free-port.js';
import { freshDatabase } from './test-app.js';

/** A database with the basic demo accounts, and the environment that points a server at it. */
export async function preparedData(): Promise<{
  kind: string;
  env: Record<string, string>;
  drop: () => Promise<void>;
}> {
  if (process.env.DATABASE_URL) {
    const fresh = await freshDatabase();
    await migrate(fresh.db);
    await seedIfEmpty(fresh.db);
    return { kind: 'postgres', env: { DATABASE_URL: fresh.url! }, drop: fresh.drop };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'porton-crash-'));
  const db = await openPglite(`${dataDir}/pg`);
  await migrate(db);
  await seedIfEmpty(db);
  await db.close();
  return {
    kind: 'pglite',
    env: { DATA_DIR: dataDir, DATABASE_URL: '' },
    drop: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => {
    out += d;
  });
  child.stderr!.on('data', (d) => {
    out += d;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const deadline = Date.now() + 120_000;
  while (!out.includes('Portón está listo')) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not start: ${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, base: `http://127.0.0.1:${port}`, output: () => out, exited };
}

const BASIC = `Basic ${Buffer.from('porton-web:porton-web-secret').toString('base64')}`;

export async function signInOver(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/oauth/token`, {
    method: 'POST',
    headers: { authorization: BASIC, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username: email, password: 'Porton2026' }).toString(),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}
