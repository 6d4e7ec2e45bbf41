// `npm test`: type check, then every test layer. The API suite runs on embedded
// PGlite, and again on a real PostgreSQL server when DATABASE_URL is set or one answers here.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import pg from 'pg';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const results: { step: string; ok: boolean }[] = [];

function run(step: string, cmd: string, args: string[], env: Record<string, string> = {}) {
  console.log(`\n=== ${step} ===`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  results.push({ step, ok: r.status === 0 });
}

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

const vitest = ['node_modules/vitest/vitest.mjs', 'run'];
// The served OpenAPI document, linted, and the client types the type check compiles against.
run('API contract: OpenAPI lint (Redocly) and client types (openapi-typescript)', process.execPath, [
  '--import',
  'tsx',
  'scripts/openapi-contract.ts',
]);
run('lint and format check (Biome)', process.execPath, [
  'node_modules/@biomejs/biome/bin/biome',
  'ci',
  '--colors=off',
  '.',
]);
run('type check', process.execPath, ['node_modules/typescript/bin/tsc', '--noEmit', '-p', 'tsconfig.json']);
run('model, view and boundary tests', process.execPath, [
  ...vitest,
  '--project',
  'machines',
  '--project',
  'web',
  '--project',
  'boundaries',
]);
run('API tests on embedded PostgreSQL (PGlite)', process.execPath, [...vitest, '--project', 'server'], {
  DATABASE_URL: '',
});
const url = await postgresUrl();
if (url)
  run('API tests on PostgreSQL server', process.execPath, [...vitest, '--project', 'server'], { DATABASE_URL: url });
else console.log('\n=== API tests on PostgreSQL server: SKIPPED (no DATABASE_URL and no server on 127.0.0.1:5432) ===');
if (existsSync(CHROMIUM)) {
  run('build web app', process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn']);
  run('browser tests (Chromium)', process.execPath, [...vitest, '--project', 'e2e']);
} else {
  console.log(`\n=== browser tests: SKIPPED (no Chromium at ${CHROMIUM}; .ci/run installs Debian's chromium) ===`);
}

console.log('\n=== summary ===');
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.step}`);
const failed = results.filter((r) => !r.ok).length;
console.log(`${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
