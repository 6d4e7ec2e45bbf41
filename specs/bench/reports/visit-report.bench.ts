/**
 * The visit report over a million visits of one community: on PostgreSQL
 * 1,000,000 visits, on PGlite 100,000 (VISITS and PGLITE_VISITS may be set). Through HTTP against
 * the API in a process of its own (report-server.ts):
 *  - the first report page without filters, and with a name filter plus a month: p50/p95
 *    (targets on PostgreSQL: p95 <= 50 ms each);
 *  - the export of about 100,000 rows (reporte_visitas.xlsx), end to end (target < 6 s), the
 *    server's peak memory (VmHWM, target < 300 MB), and the p99 of other requests answered
 *    meanwhile (target < 100 ms);
 *  - the EXPLAIN (ANALYZE) plans of those queries.
 * Prints figures; never fails on a time.
 */
import ExcelJS from 'exceljs';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { Writable } from 'node:stream';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Db } from '../../../src/server/platform/db/db.js';
import { migrate } from '../../../src/server/platform/db/migrate.js';
import { openPglite } from '../../../src/server/platform/db/pglite.js';
import { seedIfEmpty } from '../../../src/server/platform/db/seed.js';
import { seedDemoCatalogues } from '../../../src/server/catalogues/seed-catalogues.js';
import { seedDemoResidents } from '../../../src/server/residents/seed-residents.js';
import { fillVisits } from '../../../src/server/platform/db/seed-volume.js';
import { localToday } from '../../../src/shared/reports/report-rules.js';
import { freshDatabase } from '../../support/test-app.js';
import { benchPostgresUrl, percentile } from '../bench-postgres.js';

const RUNS = Number(process.env.RUNS ?? 200);
const WARMUP = 20;
const COMMUNITY = 'Residencial Las Palmas';
const EXPORT_ROWS = 100_000;

const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;
/** CPU seconds a process has used (user + system, all its threads). */
const cpuOf = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
    .replace(/^.*\) /, '')
    .split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
const memOf = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)![1]);
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
};

async function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'specs/bench/reports/report-server.ts'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout!.on('data', (d) => {
    out += d;
  });
  const deadline = Date.now() + 120_000;
  while (!out.includes('"url"')) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`report server did not start: ${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const { url } = JSON.parse(out.trim().split('\n').at(-1)!) as { url: string };
  return {
    url,
    pid: child.pid!,
    stop: () =>
      new Promise((r) => {
        child.once('exit', r);
        child.kill('SIGTERM');
      }),
  };
}

async function signIn(url: string) {
  const res = await fetch(`${url}/oauth/token`, {
    method: 'POST',
    headers: {
      Authorization: `Basic ${Buffer.from('porton-web:porton-web-secret').toString('base64')}`,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      grant_type: 'password',
      username: 'administrador@porton.mx',
      password: 'Porton2026',
    }).toString(),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

/**
 * The baseline: exceljs's own streaming writer, in this process, writing `rows` rows of the
 * export's shape (two date-time columns with their number format, fifteen text columns) as its
 * documentation shows, with nothing read from a database and nothing sent anywhere.
 */
async function exceljsAlone(rows: number) {
  let bytes = 0;
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      bytes += chunk.byteLength;
      done();
    },
  });
  const start = performance.now();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Visitas');
  sheet.columns = Array.from({ length: 17 }, (_, i) => ({
    header: `Columna ${i + 1}`,
    width: 18,
    ...(i < 2 ? { style: { numFmt: 'dd/mm/yyyy hh:mm' } } : {}),
  }));
  const at = new Date();
  for (let i = 0; i < rows; i++) {
    sheet
      .addRow([
        at,
        at,
        `Visitante ${i}`,
        'Visitante',
        null,
        'María García López',
        'Calle Roble 35 int. B',
        'María García López',
        'Caseta principal',
        'Caseta principal',
        'Adriana Morales Peña',
        null,
        'QR',
        'Mazda',
        'Vino',
        'IHI-404-A',
        i % 3 ? null : 'Fiesta infantil',
      ])
      .commit();
  }
  sheet.commit();
  await workbook.commit();
  return { seconds: (performance.now() - start) / 1000, bytes };
}

/** The local date whose entries, with every later day's, are about `rows`: the export's range start. */
async function rangeFor(db: Db, communityId: number, rows: number) {
  const row = await db.one<{ day: string }>(
    `SELECT to_char(entered_at AT TIME ZONE 'America/Mexico_City', 'YYYY-MM-DD') AS day FROM visits
      WHERE community_id = $1 ORDER BY entered_at DESC, id DESC OFFSET $2 LIMIT 1`,
    [communityId, rows - 1],
  );
  return row!.day;
}

async function explain(db: Db, label: string, sql: string, params: unknown[]) {
  const plan = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${sql}`, params);
  console.log(`\n  -- ${label}\n${plan.map((r) => `     ${r['QUERY PLAN']}`).join('\n')}`);
}

async function timed(url: string, token: string, path: string, runs = RUNS) {
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i < WARMUP + runs; i++) {
    const start = performance.now();
    const res = await fetch(`${url}${path}`, { headers: { Authorization: `Bearer ${token}` } });
    const body = (await res.json()) as { totalElements: number };
    const ms = performance.now() - start;
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(body)}`);
    total = body.totalElements;
    if (i >= WARMUP) times.push(ms);
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95), total };
}

/** `release` runs before the server starts (PGlite's folder has one user at a time); `close` at the end. */
async function run(
  label: string,
  db: Db,
  visits: number,
  serverEnv: Record<string, string>,
  release: () => Promise<void>,
  close: () => Promise<void>,
) {
  try {
    await migrate(db);
    await seedIfEmpty(db);
    await seedDemoCatalogues(db);
    await seedDemoResidents(db);
    let start = performance.now();
    await fillVisits(db, { community: COMMUNITY, visits, days: 730, commonAreaVisits: 0 });
    console.log(
      `${label}: ${visits.toLocaleString('en-US')} visits in '${COMMUNITY}' over 2 years, inserted in ${((performance.now() - start) / 1000).toFixed(1)} s`,
    );
    if (db.kind === 'postgres') await db.exec('VACUUM ANALYZE visits');
    const communityId = (await db.one<{ id: number }>('SELECT id FROM communities WHERE name = $1', [COMMUNITY]))!.id;
    const today = localToday();
    const monthAgo = new Date(Date.parse(`${today}T12:00:00Z`) - 30 * 86_400_000).toISOString().slice(0, 10);
    const exportFrom = await rangeFor(db, communityId, Math.min(EXPORT_ROWS, visits));
    // The plans of what the routes run (report-filters.ts, visit-report.ts), with this data.
    const tz = `'America/Mexico_City'`;
    const range = `v.entered_at >= ($2::date::timestamp AT TIME ZONE ${tz}) AND v.entered_at < (($3::date + 1)::timestamp AT TIME ZONE ${tz})`;
    await explain(
      db,
      'first page, no filter',
      `SELECT v.* FROM visits v WHERE v.community_id = $1 ORDER BY v.entered_at DESC, v.id DESC LIMIT 15`,
      [communityId],
    );
    await explain(db, 'total, no filter', 'SELECT total FROM visit_totals WHERE community_id = $1', [communityId]);
    const nameWhere = `v.community_id = $1 AND ${range} AND v.search_text LIKE fold_text($4)`;
    await explain(
      db,
      "page, name 'jose' + last 30 days",
      `SELECT v.* FROM visits v WHERE ${nameWhere} ORDER BY v.entered_at DESC, v.id DESC LIMIT 15`,
      [communityId, monthAgo, today, '%jose%'],
    );
    await explain(db, "total, name 'jose' + last 30 days", `SELECT count(*) FROM visits v WHERE ${nameWhere}`, [
      communityId,
      monthAgo,
      today,
      '%jose%',
    ]);
    await explain(
      db,
      'export rows (the cursor / keyset query, first 2,000)',
      `SELECT v.* FROM visits v WHERE v.community_id = $1 AND ${range} ORDER BY v.entered_at DESC, v.id DESC LIMIT 2000`,
      [communityId, exportFrom, today],
    );
    const rows = (await db.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM visits v WHERE v.community_id = $1 AND ${range}`,
      [communityId, exportFrom, today],
    ))!.n;
    await release();

    const server = await startServer(serverEnv);
    try {
      const token = await signIn(server.url);
      const first = await timed(server.url, token, '/api/visitants/visitantReport?page=0');
      console.log(
        `\n${label}: first page, no filter        p50 ${first.p50.toFixed(1)} ms  p95 ${first.p95.toFixed(1)} ms  (${first.total.toLocaleString('en-US')} rows; target p95 <= 50 ms)`,
      );
      const named = await timed(
        server.url,
        token,
        `/api/visitants/visitantReport?page=0&nameFilter=jose&timeInFilter=${monthAgo}&timeInEndFilter=${today}`,
      );
      console.log(
        `${label}: name 'jose' + last 30 days   p50 ${named.p50.toFixed(1)} ms  p95 ${named.p95.toFixed(1)} ms  (${named.total.toLocaleString('en-US')} rows; target p95 <= 50 ms)`,
      );

      // The export, while another client keeps asking the first page (its time alone: `first`).
      const before = memOf(server.pid);
      const cpuBefore = cpuOf(server.pid);
      let exporting = true;
      const others: number[] = [];
      const meanwhile = (async () => {
        while (exporting) {
          const s = performance.now();
          const res = await fetch(`${server.url}/api/visitants/visitantReport?page=0`, {
            headers: { Authorization: `Bearer ${token}` },
          });
          await res.arrayBuffer();
          others.push(performance.now() - s);
          await new Promise((r) => setTimeout(r, 20));
        }
      })();
      let peak = before.rss;
      const sampler = setInterval(() => {
        peak = Math.max(peak, memOf(server.pid).rss);
      }, 50);
      start = performance.now();
      const res = await fetch(
        `${server.url}/api/visitants/visitantReportCsv?timeInFilter=${exportFrom}&timeInEndFilter=${today}`,
        { headers: { Authorization: `Bearer ${token}` } },
      );
      let bytes = 0;
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.byteLength;
      const seconds = (performance.now() - start) / 1000;
      exporting = false;
      clearInterval(sampler);
      await meanwhile;
      const after = memOf(server.pid);
      const alone = await exceljsAlone(rows);
      console.log(
        `${label}: exceljs alone, the same ${rows.toLocaleString('en-US')} rows x 17 columns: ${alone.seconds.toFixed(2)} s (${(alone.bytes / 1048576).toFixed(1)} MB); the export took ${(seconds / alone.seconds).toFixed(1)}x that (target <= 4x on PGlite)`,
      );
      console.log(
        `${label}: export ${rows.toLocaleString('en-US')} rows (${exportFrom}..${today}): ${seconds.toFixed(2)} s end to end, ${(bytes / 1048576).toFixed(1)} MB, server CPU ${(cpuOf(server.pid) - cpuBefore).toFixed(2)} s, load average ${load()} (target < 6 s)`,
      );
      console.log(
        `${label}: server memory: RSS ${mb(before.rss)} before, sampled peak ${mb(peak)}, VmHWM ${mb(after.peak)} (target peak < 300 MB)`,
      );
      console.log(
        `${label}: ${others.length} other requests meanwhile: p50 ${percentile(others, 50).toFixed(1)} ms  p99 ${percentile(others, 99).toFixed(1)} ms  max ${Math.max(...others).toFixed(1)} ms (target p99 < 100 ms)`,
      );
    } finally {
      await server.stop();
    }
  } finally {
    await close();
  }
}

const pgUrl = await benchPostgresUrl();
if (pgUrl) {
  process.env.DATABASE_URL = pgUrl;
  const fresh = await freshDatabase();
  await run(
    'PostgreSQL',
    fresh.db,
    Number(process.env.VISITS ?? 1_000_000),
    { DATABASE_URL: fresh.url! },
    async () => undefined,
    fresh.drop,
  );
} else {
  console.log('PostgreSQL: no server answered (DATABASE_URL or 127.0.0.1:5432); skipped');
}
delete process.env.DATABASE_URL;
const dataDir = mkdtempSync(join(tmpdir(), 'porton-bench-'));
const pglite = await openPglite(join(dataDir, 'pg'));
await run(
  'PGlite',
  pglite,
  Number(process.env.PGLITE_VISITS ?? 100_000),
  { DATA_DIR: dataDir, DATABASE_URL: '' },
  // The server opens the same folder: ours is closed first.
  () => pglite.close(),
  async () => {
    rmSync(dataDir, { recursive: true, force: true });
  },
);
