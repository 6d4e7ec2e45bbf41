// `npm run openapi`: the API contract as clients see it. Builds the app (embedded database in
// memory, no listening), writes the served /api/openapi.json to reports/openapi.json, lints it
// with Redocly's recommended rules (no error and no warning allowed; the trailing-slash paths the
// spec names are the only exceptions, in .redocly.lint-ignore.yaml), and generates client types
// with openapi-typescript into specs/contract/generated/, which the type check then compiles a
// list call and a create call against (specs/contract/openapi-client.types.ts).
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { openPglite } from '../src/server/platform/db/pglite.js';

const DOC = 'reports/openapi.json';
const TYPES = 'specs/contract/generated/openapi.d.ts';

const db = await openPglite('memory://');
const app = await buildApp({
  config: loadConfig({ LOG_LEVEL: 'silent', PUBLIC_URL: process.env.OPENAPI_PUBLIC_URL ?? 'https://portal.porton.mx' }),
  db,
});
await app.ready();
const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
await app.close();
await db.close();
if (res.statusCode !== 200) throw new Error(`GET /api/openapi.json answered ${res.statusCode}`);
mkdirSync('reports', { recursive: true });
writeFileSync(DOC, JSON.stringify(JSON.parse(res.body), null, 2));
const operations = Object.values(JSON.parse(res.body).paths as Record<string, object>).reduce(
  (n, item) => n + Object.keys(item).length,
  0,
);
console.log(`${DOC}: ${operations} operaciones`);

const lint = spawnSync(process.execPath, ['node_modules/@redocly/cli/bin/cli.js', 'lint', DOC, '--format=json'], {
  encoding: 'utf8',
});
let totals: { errors: number; warnings: number; ignored: number };
try {
  totals = (JSON.parse(lint.stdout) as { totals: typeof totals }).totals;
} catch {
  console.error(lint.stdout, lint.stderr);
  throw new Error('Redocly did not answer a report');
}
if (totals.errors || totals.warnings) {
  spawnSync(process.execPath, ['node_modules/@redocly/cli/bin/cli.js', 'lint', DOC, '--format=stylish'], {
    stdio: 'inherit',
  });
}
console.log(
  `Redocly (recommended): ${totals.errors} errores, ${totals.warnings} advertencias, ${totals.ignored} excepciones de la lista`,
);

mkdirSync('specs/contract/generated', { recursive: true });
const gen = spawnSync(
  process.execPath,
  [
    'tools/openapi-types/node_modules/openapi-typescript/bin/cli.js',
    DOC,
    '--output',
    TYPES,
    '--redocly',
    'tools/openapi-types/redocly.yaml',
  ],
  { encoding: 'utf8' },
);
if (gen.status !== 0) console.error(gen.stdout, gen.stderr);
else console.log(`openapi-typescript: ${TYPES}`);

process.exit(totals.errors || totals.warnings || gen.status !== 0 ? 1 : 0);
