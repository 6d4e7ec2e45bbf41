/**
 * Live counters (200 dashboards on one process, p50 <= 10 ms, p99 <= 40 ms from a
 * registered visit to every screen). Measures, in one run and one process:
 *   - visit: from `POST /api/visitants` leaving the client to V_IN arriving at all 200 subscribed
 *     socket.io clients (HTTP, validation, database insert and the emit included);
 *   - bare emit: socket.io's own `io.to(room).emit` to the same 200 clients (the baseline).
 * Prints the figures; never fails on a time. Run: `npx tsx specs/bench/dashboard/live-counters.bench.ts`
 * (PGlite in memory, or PostgreSQL when DATABASE_URL is set). VISITS and CLIENTS may be set.
 */
import { performance } from 'node:perf_hooks';
import { communityRoom } from '../../../src/shared/platform/realtime.js';
import { connectDashboard, listenLocal, subscribe, type DashboardSocket } from '../../support/realtime-client.js';
import { testApp } from '../../support/test-app.js';

const CLIENTS = Number(process.env.CLIENTS ?? 200);
const VISITS = Number(process.env.VISITS ?? 100);
const WARMUP = 10;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const fmt = (ms: number) => `${ms.toFixed(2)} ms`;

/** Resolves when every client has received one more V_IN; answers the time the last one arrived. */
function allReceive(clients: DashboardSocket[]): Promise<number> {
  return new Promise((resolve) => {
    let left = clients.length;
    const on = () => {
      if (--left > 0) return;
      const at = performance.now();
      for (const c of clients) c.off('V_IN', on);
      resolve(at);
    };
    for (const c of clients) c.once('V_IN', on);
  });
}

async function main() {
  const t = await testApp({ checkAnswers: false });
  const url = await listenLocal(t.app);
  const [admin, guard] = [await t.signIn('administrador@porton.mx'), await t.signIn('vigilante@porton.mx')];
  const frac = (await t.as(admin).get('/api/users/me')).json().testFrac.uuid as string;

  const clients: DashboardSocket[] = [];
  for (let i = 0; i < CLIENTS; i++) clients.push(await connectDashboard(url, admin));
  for (let i = 0; i < clients.length; i += 20) {
    await Promise.all(
      clients.slice(i, i + 20).map(async (c) => {
        if (!(await subscribe(c, frac, 60_000)).ok) throw new Error('subscribe refused');
      }),
    );
  }

  const register = async (n: number) => {
    const res = await fetch(`${url}/api/visitants`, {
      method: 'POST',
      headers: { authorization: `Bearer ${guard}`, 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: `Visita ${n}`, accessMode: n % 2 ? 'QR' : 'MANUAL' }),
    });
    if (res.status !== 201) throw new Error(`POST /api/visitants answered ${res.status}`);
    return performance.now();
  };

  const visit: number[] = [];
  const response: number[] = [];
  for (let i = 0; i < WARMUP + VISITS; i++) {
    const arrived = allReceive(clients);
    const start = performance.now();
    const answered = await register(i);
    const last = await arrived;
    if (i >= WARMUP) {
      visit.push(last - start);
      response.push(answered - start);
    }
  }

  const io = t.app.deps.realtime.io;
  const bare: number[] = [];
  for (let i = 0; i < WARMUP + VISITS; i++) {
    const arrived = allReceive(clients);
    const start = performance.now();
    io.to(communityRoom(frac)).emit('V_IN', {
      uuid: `bench-${i}`,
      fracUuid: frac,
      accessMode: 'QR',
      at: new Date().toISOString(),
    });
    const last = await arrived;
    if (i >= WARMUP) bare.push(last - start);
  }

  const row = (name: string, values: number[]) =>
    `| ${name.padEnd(44)} | ${fmt(percentile(values, 50)).padStart(10)} | ${fmt(percentile(values, 99)).padStart(10)} |`;
  console.log(`\nLive counters: ${CLIENTS} subscribed dashboards, ${VISITS} visits (${t.kind}), one process`);
  console.log(`| ${'measure'.padEnd(44)} | ${'p50'.padStart(10)} | ${'p99'.padStart(10)} |`);
  console.log(`|${'-'.repeat(46)}|${'-'.repeat(12)}|${'-'.repeat(12)}|`);
  console.log(row('POST /api/visitants -> V_IN at all clients', visit));
  console.log(row('POST /api/visitants -> HTTP 201', response));
  console.log(row('bare io.to(room).emit -> all clients', bare));
  console.log(
    `ratio visit/bare emit: p50 ${(percentile(visit, 50) / percentile(bare, 50)).toFixed(2)}x, p99 ${(percentile(visit, 99) / percentile(bare, 99)).toFixed(2)}x`,
  );
  console.log('targets: visit to every screen p50 <= 10 ms, p99 <= 40 ms\n');

  for (const c of clients) c.close();
  await t.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
