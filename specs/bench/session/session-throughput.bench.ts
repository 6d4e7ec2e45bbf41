/**
 * Sessions at memory speed, measured as a user would: autocannon in this process, 20
 * connections, against servers in processes of their own, in one run:
 *   - bare: a node:http hello (the machine's ceiling);
 *   - the app as `npm start` runs it (`src/server/main.ts`, default log level, demo data, its log to a
 *     file, as a service's goes to its journal: this process does not read it) on a fresh
 *     data folder (PGlite) and on a fresh PostgreSQL database (DATABASE_URL or 127.0.0.1:5432):
 *     `GET /api/users/whoami` and a one-page list, `GET /api/zones?page=0&size=10`, with a valid token.
 * Prints requests/s, p99 and the ratio to bare; the load average of the machine with them (it is
 * shared). Never fails on a time. Run: `npm run bench -- session` (DURATION_S, SLICES, CONNECTIONS,
 * ROUNDS, BENCH_LOG_LEVEL may be set).
 */
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { freePort } from '../../support/free-port.js';
import { freshDatabase } from '../../support/test-app.js';
import { benchPostgresUrl } from '../bench-postgres.js';

const DURATION_S = Number(process.env.DURATION_S ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 20);
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info';
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const SLICES = Number(process.env.SLICES ?? 5);

interface Running {
  base: string;
  child: ChildProcess;
  stop: () => Promise<void>;
}

/**
 * Spawns `args` with `env`, its output to a log file (as a service's goes to its journal: the
 * measuring process does not read it), and waits for `ready` in it.
 */
async function start(args: string[], env: Record<string, string>, ready: string, port: number): Promise<Running> {
  const logFile = join(mkdtempSync(join(tmpdir(), 'porton-bench-log-')), 'server.log');
  const out = openSync(logFile, 'w');
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', out, out],
  });
  closeSync(out);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let code: number | null | undefined;
  child.once('exit', (c) => {
    code = c;
  });
  const deadline = Date.now() + 180_000;
  while (!readFileSync(logFile, 'utf8').includes(ready)) {
    if (code !== undefined) throw new Error(`exited with ${code}: ${readFileSync(logFile, 'utf8')}`);
    if (Date.now() > deadline) throw new Error(`did not start: ${readFileSync(logFile, 'utf8')}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base: `http://127.0.0.1:${port}`,
    child,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      rmSync(dirname(logFile), { recursive: true, force: true });
    },
  };
}

const BARE = `require('node:http').createServer((req, res) => { res.setHeader('content-type', 'application/json'); res.end('{"hello":"world"}'); })
  .listen(Number(process.env.PORT), '127.0.0.1', () => console.log('bare ready'));`;

interface Figures {
  rps: number;
  p99: number;
  p50: number;
  errors: number;
}
const run = async (url: string, duration: number, headers: Record<string, string> = {}) =>
  autocannon({ url, connections: CONNECTIONS, duration, headers });

/**
 * A target and bare side by side: after a warm-up of each (JIT, caches, pools), SLICES short runs of
 * bare and of the target in turn, so that both are measured at the same moments (the machine's speed
 * drifts within seconds: bare measured 10 s before the target moved a ratio by a third). Requests/s
 * are the mean over the slices; p50 and p99 the worst slice.
 */
async function sideBySide(bareUrl: string, t: Target): Promise<{ bare: Figures; target: Figures }> {
  await run(bareUrl, 1);
  await run(t.url, 2, t.headers);
  const slice = DURATION_S / SLICES;
  const bare: Figures = { rps: 0, p99: 0, p50: 0, errors: 0 };
  const target: Figures = { rps: 0, p99: 0, p50: 0, errors: 0 };
  for (let i = 0; i < SLICES; i++) {
    for (const [f, r] of [
      [bare, await run(bareUrl, slice)],
      [target, await run(t.url, slice, t.headers)],
    ] as const) {
      f.rps += r.requests.average / SLICES;
      f.p99 = Math.max(f.p99, r.latency.p99);
      f.p50 = Math.max(f.p50, r.latency.p50);
      f.errors += r.non2xx + r.errors + r.timeouts;
    }
  }
  return { bare, target };
}

async function signIn(base: string) {
  const res = await fetch(`${base}/oauth/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from('porton-web:porton-web-secret').toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      grant_type: 'password',
      username: 'administrador@porton.mx',
      password: 'Porton2026',
    }).toString(),
  });
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const row = (name: string, f: Figures, bare: number) =>
  `${name.padEnd(34)} ${f.rps.toFixed(0).padStart(7)} req/s  p50 ${String(f.p50).padStart(4)} ms  p99 ${String(f.p99).padStart(4)} ms  ${((100 * f.rps) / bare).toFixed(1).padStart(5)}% of bare${f.errors ? `  (${f.errors} errors/non-2xx)` : ''}`;

interface Target {
  name: string;
  url: string;
  headers: Record<string, string>;
}

/** The app as `npm start` runs it, signed in: its whoami and its one-page list. */
async function app(
  name: string,
  env: Record<string, string>,
): Promise<{ targets: Target[]; stop: () => Promise<void> }> {
  const server = await start(
    ['--import', 'tsx', 'src/server/main.ts'],
    { ...env, HOST: '127.0.0.1', LOG_LEVEL },
    'Portón está listo',
    await freePort(),
  );
  const headers = { authorization: `Bearer ${await signIn(server.base)}` };
  return {
    targets: [
      { name: `${name}: GET api/users/whoami`, url: `${server.base}/api/users/whoami`, headers },
      { name: `${name}: GET api/zones (one page)`, url: `${server.base}/api/zones?page=0&size=10`, headers },
    ],
    stop: server.stop,
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;

/**
 * Every server runs for the whole run; each round measures every target side by side with bare
 * (`sideBySide`), and each ratio is against the bare of its own slices (the machine is shared: its
 * speed drifts within seconds, and a bare measured once at the start made the ratios swing by half).
 * The summary is the median per target.
 */
async function main() {
  console.log(
    `${CONNECTIONS} connections; each target ${DURATION_S} s in ${SLICES} slices alternating with bare (after a warm-up), ${ROUNDS} rounds; log level ${LOG_LEVEL}; ${new Date().toISOString()}`,
  );
  const stops: (() => Promise<void>)[] = [];
  try {
    const bare = await start(['-e', BARE], {}, 'bare ready', await freePort());
    stops.push(bare.stop);
    const dataDir = mkdtempSync(join(tmpdir(), 'porton-bench-'));
    stops.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const pglite = await app('PGlite', { DATA_DIR: dataDir, DATABASE_URL: '' });
    stops.push(pglite.stop);
    const targets = [...pglite.targets];
    const pgUrl = await benchPostgresUrl();
    if (!pgUrl) console.log('PostgreSQL: no server answers; skipped');
    else {
      process.env.DATABASE_URL = pgUrl;
      const fresh = await freshDatabase();
      stops.push(async () => {
        await fresh.drop().catch(() => undefined);
      });
      const folder = mkdtempSync(join(tmpdir(), 'porton-bench-'));
      stops.push(async () => rmSync(folder, { recursive: true, force: true }));
      const pg = await app('PostgreSQL', { DATA_DIR: folder, DATABASE_URL: fresh.url! });
      stops.push(pg.stop);
      targets.push(...pg.targets);
    }
    const ratios = new Map<string, number[]>(targets.map((t) => [t.name, []]));
    const p99s = new Map<string, number[]>(targets.map((t) => [t.name, []]));
    for (let round = 1; round <= ROUNDS; round++) {
      console.log(`round ${round}`);
      for (const t of targets) {
        const { bare: b, target: f } = await sideBySide(`${bare.base}/`, t);
        console.log(row(`${t.name}`, f, b.rps), ` bare ${b.rps.toFixed(0)} req/s  load ${load()}`);
        ratios.get(t.name)!.push((100 * f.rps) / b.rps);
        p99s.get(t.name)!.push(f.p99);
      }
    }
    console.log(`median of ${ROUNDS} rounds`);
    for (const t of targets) {
      console.log(
        `${t.name.padEnd(34)} ${median(ratios.get(t.name)!).toFixed(1).padStart(5)}% of bare  p99 ${median(p99s.get(t.name)!)} ms`,
      );
    }
  } finally {
    for (const stop of stops.reverse()) await stop();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
