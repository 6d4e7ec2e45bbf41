/**
 * Sessions at memory speed (issue 16 §1), measured as a user would: autocannon in this process, 20
 * connections, against servers in processes of their own, in one run:
 *   - bare: a node:http hello (the machine's ceiling);
 *   - the app as `npm start` runs it (`src/server/main.ts`, default log level, demo data) on a fresh
 *     data folder (PGlite) and on a fresh PostgreSQL database (DATABASE_URL or 127.0.0.1:5432):
 *     `GET /api/users/whoami` and a one-page list, `GET /api/zones?page=0&size=10`, with a valid token.
 * Prints requests/s, p99 and the ratio to bare; the load average of the machine with them (it is
 * shared). Never fails on a time. Run: `npm run bench -- session` (DURATION_S, CONNECTIONS,
 * BENCH_LOG_LEVEL may be set).
 */
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../support/free-port.js';
import { freshDatabase } from '../support/test-app.js';
import { benchPostgresUrl } from './bench-postgres.js';

const DURATION_S = Number(process.env.DURATION_S ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 20);
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info';

interface Running { base: string; child: ChildProcess; stop: () => Promise<void> }

/** Spawns `args` with `env`, waits for `ready` on its output, then discards the output. */
async function start(args: string[], env: Record<string, string>, ready: string, port: number): Promise<Running> {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`did not start: ${out}`)), 180_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes(ready)) { clearTimeout(timer); out = ''; resolve(); }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => { clearTimeout(timer); reject(new Error(`exited with ${code}: ${out}`)); });
  });
  child.stdout!.removeAllListeners('data');
  child.stderr!.removeAllListeners('data');
  child.stdout!.resume();
  child.stderr!.resume();
  return { base: `http://127.0.0.1:${port}`, child, stop: async () => { child.kill('SIGTERM'); await exited; } };
}

const BARE = `require('node:http').createServer((req, res) => { res.setHeader('content-type', 'application/json'); res.end('{"hello":"world"}'); })
  .listen(Number(process.env.PORT), '127.0.0.1', () => console.log('bare ready'));`;

interface Figures { rps: number; p99: number; p50: number; errors: number }
async function measure(url: string, headers: Record<string, string> = {}): Promise<Figures> {
  // A short warm-up (JIT, caches, pools), then the measured run.
  await autocannon({ url, connections: CONNECTIONS, duration: 2, headers });
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  return { rps: r.requests.average, p99: r.latency.p99, p50: r.latency.p50, errors: r.non2xx + r.errors + r.timeouts };
}

async function signIn(base: string) {
  const res = await fetch(`${base}/oauth/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from('porton-web:porton-web-secret').toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username: 'administrador@porton.mx', password: 'Porton2026' }).toString(),
  });
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');
const row = (name: string, f: Figures, bare: number) =>
  `${name.padEnd(34)} ${f.rps.toFixed(0).padStart(7)} req/s  p50 ${String(f.p50).padStart(4)} ms  p99 ${String(f.p99).padStart(4)} ms  ${(100 * f.rps / bare).toFixed(1).padStart(5)}% of bare${f.errors ? `  (${f.errors} errors/non-2xx)` : ''}`;

async function app(name: string, env: Record<string, string>, bare: number) {
  const server = await start(['--import', 'tsx', 'src/server/main.ts'], { ...env, HOST: '127.0.0.1', LOG_LEVEL }, 'Portón está listo', await freePort());
  try {
    const token = await signIn(server.base);
    const headers = { authorization: `Bearer ${token}` };
    const whoami = await measure(`${server.base}/api/users/whoami`, headers);
    console.log(row(`${name}: GET api/users/whoami`, whoami, bare), ` load ${load()}`);
    const zones = await measure(`${server.base}/api/zones?page=0&size=10`, headers);
    console.log(row(`${name}: GET api/zones (one page)`, zones, bare), ` load ${load()}`);
  } finally {
    await server.stop();
  }
}

async function main() {
  console.log(`${CONNECTIONS} connections, ${DURATION_S} s each (after 2 s of warm-up); log level ${LOG_LEVEL}; ${new Date().toISOString()}`);
  const bareServer = await start(['-e', BARE], {}, 'bare ready', await freePort());
  let bare: Figures;
  try {
    bare = await measure(`${bareServer.base}/`);
    console.log(row('bare node:http hello', bare, bare.rps), ` load ${load()}`);
  } finally {
    await bareServer.stop();
  }

  const dataDir = mkdtempSync(join(tmpdir(), 'porton-bench-'));
  try {
    await app('PGlite', { DATA_DIR: dataDir, DATABASE_URL: '' }, bare.rps);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  const pgUrl = await benchPostgresUrl();
  if (!pgUrl) console.log('PostgreSQL: no server answers; skipped');
  else {
    process.env.DATABASE_URL = pgUrl;
    const fresh = await freshDatabase();
    const folder = mkdtempSync(join(tmpdir(), 'porton-bench-'));
    try {
      await app('PostgreSQL', { DATA_DIR: folder, DATABASE_URL: fresh.url! }, bare.rps);
    } finally {
      rmSync(folder, { recursive: true, force: true });
      await fresh.drop().catch(() => undefined);
    }
  }
}

main().then(() => process.exit(0), (err) => { console.error(err); process.exit(1); });
