/**
 * Paginated `contains` search over 100k rows of one community: p50/p95 of
 * GET /api/zones?search=… through the whole app (auth, tenancy, count), with the pg_trgm
 * index and, as the baseline in the same run, with the index dropped.
 */
import { performance } from 'node:perf_hooks';
import { testApp } from '../../support/test-app.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);

const t = await testApp({ checkAnswers: false });
const token = await t.signIn('administrador@porton.mx');
const community = await t.db.one<{ community_id: number }>(
  `SELECT s.community_id FROM sessions s ORDER BY s.id DESC LIMIT 1`,
);
await t.db.query(
  `INSERT INTO zones (community_id, name) SELECT $1, 'Zona ' || md5(i::text) FROM generate_series(1, $2) AS i`,
  [community!.community_id, ROWS],
);
await t.db.query('ANALYZE zones');

const terms = ['a1b', 'f00', '9c3', 'dead', 'c0de', 'beef'];
async function measure(label: string) {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const term = terms[i % terms.length];
    const start = performance.now();
    const res = await t.as(token).get(`/api/zones?search=${encodeURIComponent(term)}&page=0&size=15`);
    times.push(performance.now() - start);
    if (res.statusCode !== 200) throw new Error(`search answered ${res.statusCode}: ${res.body}`);
  }
  times.sort((a, b) => a - b);
  const p = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(2);
  console.log(`${label.padEnd(34)} p50 ${p(0.5)} ms  p95 ${p(0.95)} ms  (${RUNS} searches, ${ROWS} rows)`);
  return Number(p(0.95));
}

const withIndex = await measure('with pg_trgm GIN index');
await t.db.query('DROP INDEX IF EXISTS zones_name_trgm_idx');
const withoutIndex = await measure('without index (baseline)');
console.log(
  `p95 ratio with/without index: ${(withIndex / withoutIndex).toFixed(3)} (target p95 <= 10 ms within one community)`,
);
await t.close();
