/**
 * The residents' Excel import end to end: POST
 * /api/residents/importResidents/ with 5,000 rows (target < 3 s on PGlite) and 50,000 rows
 * (target < 20 s, peak RSS < 300 MB, event-loop lag p99 < 100 ms while another request, the
 * residents' list, is answered every 100 ms meanwhile). PGlite, and PostgreSQL when one answers.
 * RSS is the process's (PGlite's working memory lives in it). PGlite keeps its data in a folder, as
 * `npm start` does; PGLITE_MEMORY=1 keeps it in memory, as the tests do. Prints figures; never fails
 * on a time. SIZES may be set ("5000,50000").
 */
import { spawnSync } from 'node:child_process';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { testApp } from '../../support/test-app.js';
import { bigWorkbook, multipartBody, residentRow } from '../../support/xlsx-fixtures.js';
import { benchPostgresUrl, percentile } from '../bench-postgres.js';

const SIZES = (process.env.SIZES ?? '5000,50000').split(',').map(Number);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function run(label: string) {
  // PGlite in a data folder, as `npm start` keeps it (PGLITE_MEMORY=1: in memory, as the tests do,
  // where the whole database lives in the process's memory and counts in its RSS).
  const inMemory = process.env.PGLITE_MEMORY === '1';
  const t = await testApp({ checkAnswers: false, pgliteFolder: !inMemory });
  label = t.kind === 'postgres' ? label : `${label} (${inMemory ? 'in memory' : 'data folder'})`;
  try {
    const token = await t.signIn('administrador@porton.mx');
    await t.db.query('UPDATE communities SET license_total = 1000000');
    for (const size of SIZES) {
      // Every 10th row uses the app (codes issued in the batch, mailed after commit).
      const file = await bigWorkbook(size, (i) =>
        residentRow({
          first: `Residente ${i}`,
          last: 'García López',
          email: `bench.${size}.${i}@correo.mx`,
          zone: i % 2 ? 'Zona Norte' : 'zona sur',
          street: i % 2 ? 'Calle Roble' : 'Calle Cedro',
          number: String(1 + (i % 900)),
          useapp: i % 10 === 0 ? 'SI' : 'NO',
          phones: ['5512345678', String(5500000000 + i)],
        }),
      );
      const { payload, headers } = multipartBody(file);
      global.gc?.();
      const baseline = process.memoryUsage().rss;
      let peak = baseline;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
      }, 20);
      const lag = monitorEventLoopDelay({ resolution: 10 });
      const others: number[] = [];
      let importing = process.env.MEANWHILE !== '0';
      const meanwhile = (async () => {
        while (importing) {
          const start = performance.now();
          const res = await t.app.inject({
            method: 'GET',
            url: '/api/residents/?page=0&size=15',
            headers: { authorization: `Bearer ${token}` },
          });
          if (res.statusCode !== 200) throw new Error(`list answered ${res.statusCode}`);
          others.push(performance.now() - start);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      })();
      lag.enable();
      const start = performance.now();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/residents/importResidents/',
        payload,
        headers: { ...headers, authorization: `Bearer ${token}` },
      });
      const seconds = (performance.now() - start) / 1000;
      lag.disable();
      importing = false;
      await meanwhile;
      clearInterval(sampler);
      if (res.statusCode !== 200) throw new Error(`import answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
      const target = size <= 5000 ? '< 3 s' : '< 20 s, RSS < 300 MB, lag p99 < 100 ms';
      console.log(
        `${label} ${String(size).padStart(6)} rows (${(file.length / 1024).toFixed(0)} KB): ${seconds.toFixed(2)} s ` +
          `(${Math.round(size / seconds)} rows/s); RSS peak ${mb(peak)} (before ${mb(baseline)}); event-loop lag p50 ${(lag.percentile(50) / 1e6).toFixed(1)} ms ` +
          `p99 ${(lag.percentile(99) / 1e6).toFixed(1)} ms max ${(lag.max / 1e6).toFixed(1)} ms; list meanwhile: ${others.length} answers, ` +
          `p50 ${percentile(others, 50)?.toFixed(1)} ms max ${Math.max(...others).toFixed(1)} ms  [target ${target}]`,
      );
      console.log(`  ${res.json().description}`);
    }
  } finally {
    await t.close();
  }
}

// Each database in its own process, so RSS is that run's alone (PGlite's WASM heap lives in-process).
if (process.env.BENCH_DB) await run(process.env.BENCH_DB === 'postgres' ? 'PostgreSQL' : 'PGlite');
else {
  const pgUrl = await benchPostgresUrl();
  const self = fileURLToPath(import.meta.url);
  for (const [db, url] of [
    ['pglite', ''],
    ['postgres', pgUrl],
  ] as const) {
    if (url === null) {
      console.log('PostgreSQL: no server answered (DATABASE_URL or 127.0.0.1:5432); skipped');
      continue;
    }
    const child = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', self], {
      stdio: 'inherit',
      env: { ...process.env, BENCH_DB: db, DATABASE_URL: url },
    });
    if (child.status !== 0) process.exit(child.status ?? 1);
  }
}
