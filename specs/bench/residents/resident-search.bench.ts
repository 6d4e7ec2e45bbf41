/**
 * 'Buscar residente' over 100k residents of one community and 100k of others:
 * p50/p95 of GET /api/residents/?search=… through the whole app (auth, tenancy, the page and
 * its total), on PGlite and, when one answers, on PostgreSQL (target there: p95 <= 15 ms).
 * Prints figures; never fails on a time. ROWS and RUNS may be set; BENCH_DB=postgres or pglite runs one.
 */
import { performance } from 'node:perf_hooks';
import { testApp } from '../../support/test-app.js';
import { benchPostgresUrl, percentile } from '../bench-postgres.js';

const ROWS = Number(process.env.ROWS ?? 100_000);
const RUNS = Number(process.env.RUNS ?? 200);
const WARMUP = 20;
/** Realistic fragments: common surnames, a first name, an email fragment, a street. */
const TERMS = [
  'garcía',
  'hernández',
  'lópez',
  'martínez',
  'gonzález',
  'ramírez',
  'sofía',
  'flores.12',
  'cedro',
  'torres ruiz',
];

/** Residents of `community`, spread over its streets, with names and emails from common Mexican names. */
const FILL = `
  WITH s AS (SELECT array_agg(id ORDER BY id) AS ids FROM streets WHERE community_id = $1),
  names AS (SELECT
    '{Sofía,Mateo,Valentina,Santiago,Regina,Diego,Camila,Emiliano,Ximena,Leonardo,María,José,Fernanda,Luis,Daniela}'::text[] AS firsts,
    '{García,Hernández,López,Martínez,González,Pérez,Rodríguez,Sánchez,Ramírez,Cruz,Flores,Gómez,Morales,Vázquez,Reyes,Jiménez,Torres,Díaz,Gutiérrez,Ruiz}'::text[] AS lasts)
  INSERT INTO residents (community_id, street_id, number, first_name, last_name, email, useapp)
  SELECT $1, s.ids[1 + i % array_length(s.ids, 1)], (1 + i % 400)::text,
         n.firsts[1 + i % 15], n.lasts[1 + (i / 15) % 20] || ' ' || n.lasts[1 + (i / 300) % 20],
         lower(translate(n.lasts[1 + (i / 15) % 20], 'áéíóú', 'aeiou')) || '.' || i || '.' || $1 || '@correo.mx', i % 3 = 0
    FROM generate_series(1, $2) AS i, s, names n`;

async function run(label: string) {
  const t = await testApp({ checkAnswers: false });
  try {
    const token = await t.signIn('administrador@porton.mx');
    const communities = await t.db.query<{ id: number; name: string }>('SELECT id, name FROM communities ORDER BY id');
    const mine = communities.find((c) => c.name === 'Residencial Las Palmas')!.id;
    const others = communities.filter((c) => c.id !== mine);
    let start = performance.now();
    await t.db.query('UPDATE communities SET license_total = 1000000');
    await t.db.query(FILL, [mine, ROWS]);
    for (const [i, c] of others.entries())
      await t.db.query(FILL, [c.id, Math.floor(ROWS / others.length) + (i === 0 ? ROWS % others.length : 0)]);
    // As autovacuum would: VACUUM also flushes the trigram index's pending list (fastupdate), which a
    // bulk insert leaves long and every search then scans.
    await t.asOwner('VACUUM ANALYZE residents');
    console.log(
      `${label}: ${ROWS} residents in one community + ${ROWS} in ${others.length} others, inserted in ${((performance.now() - start) / 1000).toFixed(1)} s`,
    );

    const api = t.as(token);
    const perTerm = new Map<string, number[]>();
    const all: number[] = [];
    for (let i = 0; i < WARMUP + RUNS; i++) {
      const term = TERMS[i % TERMS.length];
      start = performance.now();
      const res = await api.get(`/api/residents/?search=${encodeURIComponent(term)}&page=0&size=15`);
      const ms = performance.now() - start;
      if (res.statusCode !== 200) throw new Error(`search answered ${res.statusCode}: ${res.body}`);
      if (i < WARMUP) continue;
      all.push(ms);
      perTerm.set(term, [...(perTerm.get(term) ?? []), ms]);
    }
    for (const term of TERMS) {
      const total = (await api.get(`/api/residents/?search=${encodeURIComponent(term)}&page=0&size=15`)).json()
        .totalElements;
      console.log(
        `  ${term.padEnd(12)} ${String(total).padStart(6)} matches  p50 ${percentile(perTerm.get(term)!, 50).toFixed(2)} ms  p95 ${percentile(perTerm.get(term)!, 95).toFixed(2)} ms`,
      );
    }
    console.log(
      `${label}: all terms p50 ${percentile(all, 50).toFixed(2)} ms  p95 ${percentile(all, 95).toFixed(2)} ms  (${RUNS} searches; target on PostgreSQL p95 <= 15 ms)`,
    );
  } finally {
    await t.close();
  }
}

// BENCH_DB=postgres or BENCH_DB=pglite runs one of them only.
const only = process.env.BENCH_DB;
const pgUrl = only === 'pglite' ? null : await benchPostgresUrl();
if (pgUrl) {
  process.env.DATABASE_URL = pgUrl;
  await run('PostgreSQL');
}
delete process.env.DATABASE_URL;
if (only !== 'postgres') await run('PGlite');
if (!pgUrl && only !== 'pglite')
  console.log('PostgreSQL: no server answered (DATABASE_URL or 127.0.0.1:5432); skipped');
