// `npm test`: the API contract, lint, type check and every test layer. The API suite runs on
// embedded PGlite, and again on a real PostgreSQL server when DATABASE_URL is set or one answers here.
//
// The steps run two at a time (docs/testing.md, "How npm test uses the machine"): the type check
// waits on one core most of the time, so it runs beside the unit tests; the browser tests run last,
// alone. Each step's output is printed whole when it ends,
// with its duration; the summary lists every step in the usual order.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import pg from 'pg';
import { CHROMIUM } from '../specs/support/chromium-path.js';

/** How many steps run at once (TEST_STEPS=1 runs them one after another, as before). */
const SLOTS = Math.max(1, Number(process.env.TEST_STEPS ?? 2));

async function postgresUrl(): Promise<string | null> {
  const candidate = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const client = new pg.Client({ connectionString: candidate, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return candidate;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => {});
  }
}

interface Step {
  step: string;
  args: string[];
  env?: Record<string, string>;
  /** Steps that must have ended before this one starts. */
  after?: string[];
}
interface Result {
  step: string;
  ok: boolean;
  seconds: number;
}

const vitest = ['node_modules/vitest/vitest.mjs', 'run'];
const CONTRACT = 'API contract: OpenAPI lint (Redocly) and client types (openapi-typescript)';
const POSTGRES_API = 'API tests on PostgreSQL server';
const BUILD = 'build web app';
const steps: Step[] = [
  // The served OpenAPI document, linted, and the client types the type check compiles against.
  { step: CONTRACT, args: ['--import', 'tsx', 'scripts/openapi-contract.ts'] },
  {
    step: 'lint and format check (Biome)',
    args: ['node_modules/@biomejs/biome/bin/biome', 'ci', '--colors=off', '.'],
  },
  {
    step: 'type check',
    args: ['node_modules/typescript/bin/tsc', '--noEmit', '-p', 'tsconfig.json'],
    after: [CONTRACT],
  },
  {
    step: 'model, view and boundary tests',
    args: [...vitest, '--project', 'machines', '--project', 'web', '--project', 'boundaries'],
  },
  {
    step: 'API tests on embedded PostgreSQL (PGlite)',
    args: [...vitest, '--project', 'server'],
    env: { DATABASE_URL: '' },
  },
];
const url = await postgresUrl();
if (url)
  steps.push({
    step: POSTGRES_API,
    args: [...vitest, '--project', 'server'],
    env: { DATABASE_URL: url },
  });
else console.log('\n=== API tests on PostgreSQL server: SKIPPED (no DATABASE_URL and no server on 127.0.0.1:5432) ===');
if (existsSync(CHROMIUM)) {
  steps.push({ step: BUILD, args: ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'] });
  // The browser tests run last and alone. Started beside the unit tests, or beside the PostgreSQL
  // API tests, the two steps took as long together as one after the other (docs/testing.md).
  steps.push({
    step: 'browser tests (Chromium)',
    args: [...vitest, '--project', 'e2e'],
    after: steps.map((s) => s.step),
  });
} else {
  console.log(`\n=== browser tests: SKIPPED (no Chromium at ${CHROMIUM}; .ci/run installs Debian's chromium) ===`);
}

/**
 * The order steps start in: the longest chain first (contract, type check, build and browser
 * tests beside the unit tests), then the API layers as slots free up.
 */
const START_ORDER = [
  'model, view and boundary tests',
  CONTRACT,
  'type check',
  'lint and format check (Biome)',
  BUILD,
  'browser tests (Chromium)',
  'API tests on embedded PostgreSQL (PGlite)',
  POSTGRES_API,
];
const queue = [...steps].sort((a, b) => START_ORDER.indexOf(a.step) - START_ORDER.indexOf(b.step));

function run(s: Step): Promise<Result> {
  const started = Date.now();
  console.log(`\n--- started: ${s.step}`);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, s.args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0', ...s.env },
    });
    const out: Buffer[] = [];
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => out.push(d));
    child.on('close', (code) => {
      const seconds = (Date.now() - started) / 1000;
      console.log(`\n=== ${s.step} (${seconds.toFixed(0)} s) ===`);
      process.stdout.write(Buffer.concat(out));
      resolve({ step: s.step, ok: code === 0, seconds });
    });
  });
}

const began = Date.now();
const done = new Set<string>();
const results: Result[] = [];
await new Promise<void>((finish) => {
  let running = 0;
  const next = () => {
    if (!queue.length && !running) return finish();
    while (running < SLOTS) {
      const at = queue.findIndex((s) => (s.after ?? []).every((d) => done.has(d)));
      if (at < 0) return;
      const [s] = queue.splice(at, 1);
      running++;
      void run(s).then((r) => {
        results.push(r);
        done.add(r.step);
        running--;
        next();
      });
    }
  };
  next();
});

console.log('\n=== summary ===');
const inOrder = steps.map((s) => results.find((r) => r.step === s.step)!);
for (const r of inOrder) console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.step} (${r.seconds.toFixed(0)} s)`);
const failed = inOrder.filter((r) => !r.ok).length;
console.log(`${inOrder.length - failed} passed, ${failed} failed, in ${((Date.now() - began) / 60000).toFixed(1)} min`);
process.exit(failed ? 1 : 0);
