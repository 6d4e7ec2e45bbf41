/**
 * Notices over many posts: p50/p95 through the whole app of
 * the staff list searched on the title, and of a resident's list (only current notices addressed
 * to it: whole community, its zone, its street or itself), on PGlite and, when one answers, on
 * PostgreSQL. ROWS notices in the community (a fifth for everyone, the rest for a zone, a street or a
 * resident; half current), ROWS in the others. Prints figures; never fails on a time.
 */
import { performance } from 'node:perf_hooks';
import { testApp } from '../../support/test-app.js';
import { benchPostgresUrl, percentile } from '../bench-postgres.js';

const ROWS = Number(process.env.ROWS ?? 20_000);
const RUNS = Number(process.env.RUNS ?? 100);
const WARMUP = 10;
const TERMS = ['agua', 'junta', 'poda', 'fumigación', 'pago'];

/** Notices of `$1`: titles from common subjects, a fifth for everyone, the rest segmented in turn by zone, street, resident. */
const FILL = `
  WITH z AS (SELECT array_agg(id ORDER BY id) AS ids FROM zones WHERE community_id = $1),
       s AS (SELECT array_agg(id ORDER BY id) AS ids FROM streets WHERE community_id = $1),
       r AS (SELECT array_agg(id ORDER BY id) AS ids FROM residents WHERE community_id = $1 AND deleted_at IS NULL),
       t AS (SELECT '{Corte de agua,Junta vecinal,Poda de árboles,Fumigación,Recordatorio de pago,Mantenimiento}'::text[] AS titles),
       ins AS (
         INSERT INTO content_posts (community_id, kind, title, description, start_date, end_date, audience)
         SELECT $1, 'NOTICE', t.titles[1 + i % 6] || ' ' || i, 'Descripción del aviso ' || i,
                CASE WHEN i % 2 = 0 THEN now() - interval '2 days' ELSE now() - interval '400 days' END + (i % 1000) * interval '1 minute',
                CASE WHEN i % 2 = 0 THEN now() + interval '30 days' ELSE now() - interval '300 days' END,
                (ARRAY['COMMUNITY', 'ZONE', 'STREET', 'RESIDENT', 'STREET'])[1 + i % 5]
           FROM generate_series(1, $2) AS i, t
         RETURNING id, audience)
  , zs AS (INSERT INTO notice_zones (post_id, zone_id) SELECT ins.id, z.ids[1 + ins.id % array_length(z.ids, 1)] FROM ins, z WHERE ins.audience = 'ZONE')
  , ss AS (INSERT INTO notice_streets (post_id, street_id) SELECT ins.id, s.ids[1 + ins.id % array_length(s.ids, 1)] FROM ins, s WHERE ins.audience = 'STREET')
  INSERT INTO notice_residents (post_id, resident_id) SELECT ins.id, r.ids[1 + ins.id % array_length(r.ids, 1)] FROM ins, r WHERE ins.audience = 'RESIDENT'`;

async function timed(label: string, call: () => Promise<{ statusCode: number; body: string }>) {
  const times: number[] = [];
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const start = performance.now();
    const res = await call();
    const ms = performance.now() - start;
    if (res.statusCode !== 200) throw new Error(`${label} answered ${res.statusCode}: ${res.body}`);
    if (i >= WARMUP) times.push(ms);
  }
  console.log(
    `  ${label.padEnd(44)} p50 ${percentile(times, 50).toFixed(2)} ms  p95 ${percentile(times, 95).toFixed(2)} ms`,
  );
}

async function run(label: string) {
  const t = await testApp({ checkAnswers: false });
  try {
    const communities = await t.db.query<{ id: number; name: string }>('SELECT id, name FROM communities ORDER BY id');
    const start = performance.now();
    for (const c of communities)
      await t.db.query(FILL, [
        c.id,
        c.name === 'Residencial Las Palmas' ? ROWS : Math.ceil(ROWS / (communities.length - 1)),
      ]);
    await t.db.query('VACUUM ANALYZE content_posts');
    await t.db.query('ANALYZE notice_zones');
    await t.db.query('ANALYZE notice_streets');
    await t.db.query('ANALYZE notice_residents');
    console.log(
      `${label}: ${ROWS} notices in the community + ${ROWS} in others, inserted in ${((performance.now() - start) / 1000).toFixed(1)} s`,
    );
    const admin = t.as(await t.signIn('administrador@porton.mx'));
    const resident = t.as(await t.signIn('residente@porton.mx'));
    let n = 0;
    await timed('staff list, page 1', () => admin.get('/api/notices?page=0&size=15'));
    await timed('staff list searched on the title', () =>
      admin.get(`/api/notices?search=${encodeURIComponent(TERMS[n++ % TERMS.length])}&size=15`),
    );
    await timed('staff list, page 200', () => admin.get('/api/notices?page=200&size=15'));
    await timed("resident's list (addressed to it, current)", () => resident.get('/api/notices?page=0&size=15'));
    await timed("resident's list searched on the title", () =>
      resident.get(`/api/notices?search=${encodeURIComponent(TERMS[n++ % TERMS.length])}&size=15`),
    );
    const total = (await resident.get('/api/notices?size=1')).json().totalElements;
    console.log(`  the resident reads ${total} of ${ROWS} notices`);
  } finally {
    await t.close();
  }
}

const pgUrl = await benchPostgresUrl();
if (pgUrl) {
  process.env.DATABASE_URL = pgUrl;
  await run('PostgreSQL');
}
delete process.env.DATABASE_URL;
await run('PGlite');
if (!pgUrl) console.log('PostgreSQL: no server answered (DATABASE_URL or 127.0.0.1:5432); skipped');
