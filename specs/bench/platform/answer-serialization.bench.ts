/**
 * What declaring the answers gives: the users list (15 a page) and whoami through the
 * whole app, answers written by the schema serializer (fast-json-stringify, today) and by
 * JSON.stringify (before), side by side in one run and one process; then the serializer alone on
 * the same bodies. Prints figures and ratios; never fails on a time.
 */
import { performance } from 'node:perf_hooks';
import { testApp } from '../../support/test-app.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 2_000);
const USERS = 40;

async function appWith(plainJsonAnswers: boolean) {
  const t = await testApp({ checkAnswers: false, plainJsonAnswers });
  const admin = await t.db.one<{ id: number }>(`SELECT id FROM users WHERE email = 'admin@porton.mx'`);
  await t.db.query(
    `INSERT INTO users (email, first_name, last_name, user_type_id, created_by)
       SELECT 'capturista' || i || '@bench.porton.mx', 'Capturista ' || i, 'Prueba Banco', 2, $1 FROM generate_series(1, $2) AS i`,
    [admin!.id, USERS],
  );
  return { t, token: await t.signIn('admin@porton.mx') };
}

const calls = {
  'GET /api/users?size=15': '/api/users?page=0&size=15',
  'GET /api/users/whoami': '/api/users/whoami',
} as const;

async function perSecond(run: () => Promise<unknown>) {
  for (let i = 0; i < 200; i++) await run(); // warm-up: JIT and the database's caches
  const start = performance.now();
  for (let i = 0; i < RUNS; i++) await run();
  return RUNS / ((performance.now() - start) / 1000);
}

const schema = await appWith(false);
const plain = await appWith(true);
const rows: string[] = [];
for (const [label, url] of Object.entries(calls)) {
  const check = await schema.t.as(schema.token).get(url);
  if (check.statusCode !== 200) throw new Error(`${label} answered ${check.statusCode}`);
  const items = (check.json() as { content?: unknown[] }).content?.length;
  const withSchema = await perSecond(() => schema.t.as(schema.token).get(url));
  const withJson = await perSecond(() => plain.t.as(plain.token).get(url));
  rows.push(
    `${label.padEnd(26)} schema serializer ${withSchema.toFixed(0).padStart(6)} req/s   JSON.stringify ${withJson.toFixed(0).padStart(6)} req/s   ratio ${(withSchema / withJson).toFixed(2)}${items === undefined ? '' : `   (${items} items, ${check.body.length} bytes)`}`,
  );
}

// The serializer alone, on the same bodies: what each route's compiled serializer costs against JSON.stringify.
const { default: build } = await import('fast-json-stringify');
const doc = (await schema.t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
  paths: Record<string, Record<string, { responses: Record<string, { content: Record<string, { schema: object }> }> }>>;
};
for (const [label, url] of Object.entries(calls)) {
  const body = (await schema.t.as(schema.token).get(url)).json();
  const path = url.split('?')[0];
  const stringify = build(doc.paths[path].get.responses['200'].content['application/json'].schema as object);
  const n = RUNS * 20;
  let start = performance.now();
  for (let i = 0; i < n; i++) stringify(body);
  const fast = n / ((performance.now() - start) / 1000);
  start = performance.now();
  for (let i = 0; i < n; i++) JSON.stringify(body);
  const json = n / ((performance.now() - start) / 1000);
  rows.push(
    `${(`${label} (serializer only)`).padEnd(26)} fast-json-stringify ${(fast / 1000).toFixed(0).padStart(5)}k/s   JSON.stringify ${(json / 1000).toFixed(0).padStart(5)}k/s   ratio ${(fast / json).toFixed(2)}`,
  );
}
console.log(rows.join('\n'));
await schema.t.close();
await plain.t.close();
