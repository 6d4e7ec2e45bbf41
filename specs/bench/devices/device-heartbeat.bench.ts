/**
 * Device heartbeats (500 devices heartbeating every 30 s on one process: API p99
 * unchanged within noise, online status pushed to the list within 1 s). The server, the
 * administrator's list calls and its socket in one process:
 *   - baseline: an administrator's list call (`GET /api/devices/`, closed loop) with no heartbeats;
 *   - load: the same call while 500 linked devices send `POST /api/devices/heartbeat` every 30 s
 *     (spread evenly: one every 60 ms), each pushed to a subscribed administrator as DEVICE_STATUS;
 *     the devices send from a thread of their own (`heartbeat-senders.thread.mjs`: they are other machines);
 *   - push: from a heartbeat leaving the device to its DEVICE_STATUS arriving at the administrator.
 * The two alternate in SLICES (5) slices each, so that the machine's drift weighs on both alike.
 * Prints the figures; never fails on a time. Run: `npx tsx specs/bench/devices/device-heartbeat.bench.ts`
 * (PGlite in memory, or PostgreSQL with DATABASE_URL). DEVICES, PERIOD_S, BASE_S, LOAD_S, SLICES may be set.
 */
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { newDeviceToken } from '../../../src/server/devices/device-auth.js';
import { tokenHash } from '../../../src/server/platform/services/tokens.js';
import type { DeviceStatusEvent } from '../../../src/shared/platform/realtime.js';
import { connectDashboard, listenLocal, subscribe } from '../../support/realtime-client.js';
import { testApp } from '../../support/test-app.js';

const DEVICES = Number(process.env.DEVICES ?? 500);
const PERIOD_S = Number(process.env.PERIOD_S ?? 30);
const BASE_S = Number(process.env.BASE_S ?? 30);
const LOAD_S = Number(process.env.LOAD_S ?? 30);
const SLICES = Number(process.env.SLICES ?? 5);

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
};
const fmt = (ms: number) => `${ms.toFixed(2)} ms`;

/** What the booths' thread posts (heartbeat-senders.thread.mjs). */
type SenderMessage =
  | { kind: 'sent'; uuid: string; at: number }
  | { kind: 'answered'; ms: number; ok: boolean }
  | { kind: 'idle' };

async function main() {
  const t = await testApp({ checkAnswers: false });
  const url = await listenLocal(t.app);
  const admin = await t.signIn('administrador@porton.mx');
  const frac = (await t.as(admin).get('/api/users/me')).json().testFrac.uuid as string;
  const community = (await t.db.one<{ id: number }>('SELECT id FROM communities WHERE uuid = $1', [frac]))!.id;

  // 500 linked booths, made in two statements (the link flow itself is in the API tests).
  const tokens = Array.from({ length: DEVICES }, () => newDeviceToken());
  const ids = await t.db.query<{ id: number; uuid: string }>(
    `INSERT INTO devices (community_id, name, status, linked_at)
     SELECT $1, 'Caseta ' || lpad(n::text, 4, '0'), 'ACTIVE', now() FROM generate_series(1, $2::int) n RETURNING id, uuid`,
    [community, DEVICES],
  );
  await t.db.query('INSERT INTO device_tokens (device_id, token_hash) SELECT unnest($1::int[]), unnest($2::text[])', [
    ids.map((d) => d.id),
    tokens.map(tokenHash),
  ]);

  const socket = await connectDashboard(url, admin);
  if (!(await subscribe(socket, frac)).ok) throw new Error('subscribe refused');
  const sent = new Map<string, number[]>();
  const push: number[] = [];
  socket.on('DEVICE_STATUS', (event: DeviceStatusEvent) => {
    const start = sent.get(event.uuid)?.shift();
    if (start !== undefined) push.push(performance.timeOrigin + performance.now() - start);
  });

  const listCall = async () => {
    const start = performance.now();
    const res = await fetch(`${url}/api/devices/?page=0&size=15`, { headers: { authorization: `Bearer ${admin}` } });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`GET /api/devices/ answered ${res.status}`);
    return performance.now() - start;
  };
  const closedLoop = async (seconds: number) => {
    const out: number[] = [];
    const end = performance.now() + seconds * 1000;
    while (performance.now() < end) out.push(await listCall());
    return out;
  };

  for (let i = 0; i < 50; i++) await listCall(); // warm-up

  // The booths send from a thread of their own, as the other machines they are. Slices without and
  // with heartbeats alternate, so the machine's drift over the run weighs on both alike.
  const beat: number[] = [];
  let refused = 0;
  const every = (PERIOD_S * 1000) / DEVICES;
  const booths = new Worker(new URL('./heartbeat-senders.thread.mjs', import.meta.url), {
    workerData: { url, tokens, uuids: ids.map((d) => d.uuid), everyMs: every },
  });
  let whenIdle: (() => void) | null = null;
  booths.on('message', (message: SenderMessage) => {
    if (message.kind === 'sent') sent.set(message.uuid, [...(sent.get(message.uuid) ?? []), message.at]);
    else if (message.kind === 'answered') {
      if (message.ok) beat.push(message.ms);
      else refused++;
    } else whenIdle?.();
  });
  const baseline: number[] = [];
  const loaded: number[] = [];
  for (let slice = 0; slice < SLICES; slice++) {
    baseline.push(...(await closedLoop(BASE_S / SLICES)));
    booths.postMessage('run');
    loaded.push(...(await closedLoop(LOAD_S / SLICES)));
    await new Promise<void>((resolve) => {
      whenIdle = resolve;
      booths.postMessage('pause');
    });
  }
  await booths.terminate();
  await new Promise((r) => setTimeout(r, 500));

  const row = (name: string, values: number[]) =>
    `| ${name.padEnd(46)} | ${String(values.length).padStart(6)} | ${fmt(percentile(values, 50)).padStart(10)} | ${fmt(percentile(values, 99)).padStart(10)} | ${fmt(Math.max(...values)).padStart(10)} |`;
  console.log(
    `\nDevice heartbeats: ${DEVICES} devices every ${PERIOD_S} s (one every ${every.toFixed(0)} ms), ${t.kind}, the devices in a thread of their own`,
  );
  console.log(
    `| ${'measure'.padEnd(46)} | ${'n'.padStart(6)} | ${'p50'.padStart(10)} | ${'p99'.padStart(10)} | ${'max'.padStart(10)} |`,
  );
  console.log(`|${'-'.repeat(48)}|${'-'.repeat(8)}|${'-'.repeat(12)}|${'-'.repeat(12)}|${'-'.repeat(12)}|`);
  console.log(row(`GET /api/devices/, no heartbeats (${BASE_S} s)`, baseline));
  console.log(row(`GET /api/devices/, with heartbeats (${LOAD_S} s)`, loaded));
  console.log(row('POST /api/devices/heartbeat -> 200', beat));
  console.log(row('heartbeat -> DEVICE_STATUS at the administrator', push));
  console.log(
    `ratio loaded/baseline list call: p50 ${(percentile(loaded, 50) / percentile(baseline, 50)).toFixed(2)}x, p99 ${(percentile(loaded, 99) / percentile(baseline, 99)).toFixed(2)}x; heartbeats refused: ${refused}`,
  );
  console.log(`status pushed within 1 s: ${push.filter((ms) => ms <= 1000).length} of ${push.length}`);
  console.log('target: API p99 unchanged within noise; online status pushed to the list within 1 s\n');

  socket.close();
  await t.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
