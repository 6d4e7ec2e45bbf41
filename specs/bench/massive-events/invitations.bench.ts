/**
 * Invitations and passes, in one process over real HTTP:
 *   - rendering rate: invitations drawn per second by the worker pool (cover, host photo, QR);
 *   - 500 invitations and their zip: GET api/massiveEvents/{id}/invitation until the last byte;
 *   - API p99 during it: an administrator's GET api/massiveEvents/ in a closed loop meanwhile;
 *   - verifying a pass at check-in: POST api/massiveEventGuests/checkin p95 (each guest once),
 *     and verifyPass alone.
 * Targets: ≥ 20 invitations/s on 2 cores, 500 in < 25 s, p99 < 50 ms, check-in p95 ≤ 10 ms.
 * Prints the figures; never fails on a time. Run: `npx tsx specs/bench/massive-events/invitations.bench.ts`
 * (PGlite in memory, or PostgreSQL with DATABASE_URL). GUESTS, RENDERS may be set.
 */
import { performance } from 'node:perf_hooks';
import { seedDemoCatalogues } from '../../../src/server/catalogues/seed-catalogues.js';
import { closeRenderPool, renderPool, renderThreads } from '../../../src/server/massive-events/invitation-renderer.js';
import { issuePass, passKeysFor, verifyPass } from '../../../src/server/passes/passes.js';
import { addHours, localNow } from '../../../src/shared/massive-events/massive-event-rules.js';
import { areaUuid, pngBase64, residentUuid, upload } from '../../support/massive-events/event-fixtures.js';
import { listenLocal } from '../../support/realtime-client.js';
import { testApp } from '../../support/test-app.js';

const GUESTS = Number(process.env.GUESTS ?? 500);
const RENDERS = Number(process.env.RENDERS ?? 100);

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
};
const fmt = (ms: number) => `${ms.toFixed(2)} ms`;

async function main() {
  const t = await testApp({ checkAnswers: false });
  await seedDemoCatalogues(t.db);
  const url = await listenLocal(t.app);
  const admin = await t.signIn('administrador@porton.mx');
  const guard = await t.signIn('vigilante@porton.mx');
  const api = t.as(admin);
  const start = `${addHours(localNow(), 1).slice(0, 16)}:00`;
  const event = (
    await api.post('/api/massiveEvents', {
      title: 'Gran posada de la comunidad',
      startDate: start,
      commonArea: { uuid: await areaUuid(t, 'Residencial Las Palmas', 'Alberca') },
      resident: { uuid: await residentUuid(t, 'Lucía') },
    })
  ).json() as string;
  const eventId = (await t.db.one<{ id: number }>('SELECT id FROM massive_events WHERE uuid = $1', [event]))!.id;
  await t.db.query(
    `INSERT INTO massive_event_guests (massive_event_id, first_name, last_name)
    SELECT $1, 'Invitado ' || n, 'Apellido Núñez ' || n FROM generate_series(1, $2::int) n`,
    [eventId, GUESTS],
  );
  await api.put(`/api/massiveEvents/${event}/configure`, {
    backgroundColor: 'fdf2e9',
    foregroundColor: '333333',
    backgroundImage: upload(pngBase64(700, 300)),
    profile: upload(pngBase64(100, 100, [20, 120, 200])),
  });
  console.log(`${GUESTS} guests, ${renderThreads()} render threads, ${t.kind}`);

  // Rendering rate (warm pool).
  const share = (b64: string) => {
    const buf = Buffer.from(b64, 'base64');
    const out = new Uint8Array(new SharedArrayBuffer(buf.length));
    out.set(buf);
    return out;
  };
  // The images are made once, as the route reads them once: only the drawing is measured.
  const cover = { key: 'c', bytes: share(pngBase64(700, 300)) };
  const profile = { key: 'p', bytes: share(pngBase64(100, 100)) };
  const task = (i: number) => ({
    data: {
      title: 'Gran posada de la comunidad',
      startDate: start,
      place: 'Alberca',
      message: '¡Hola! Te invito a generar tu código de acceso.',
      foregroundColor: '333333',
      backgroundColor: 'fdf2e9',
      guestName: `Invitado ${i}`,
    },
    pass: `P1.${'A'.repeat(147)}`,
    cover,
    profile,
  });
  await Promise.all(Array.from({ length: renderThreads() * 2 }, (_, i) => renderPool().run(task(i))));
  let t0 = performance.now();
  await Promise.all(Array.from({ length: RENDERS }, (_, i) => renderPool().run(task(i))));
  const rate = RENDERS / ((performance.now() - t0) / 1000);
  console.log(`rendering: ${rate.toFixed(1)} invitations/s (${RENDERS} drawn; target ≥ 20/s)`);

  // The zip of every guest, with the API measured meanwhile.
  const latencies: number[] = [];
  let zipping = true;
  const probe = (async () => {
    while (zipping) {
      const s = performance.now();
      const res = await fetch(`${url}/api/massiveEvents/`, { headers: { authorization: `Bearer ${admin}` } });
      await res.arrayBuffer();
      latencies.push(performance.now() - s);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  t0 = performance.now();
  const zip = await fetch(`${url}/api/massiveEvents/${event}/invitation`, {
    headers: { authorization: `Bearer ${admin}` },
  });
  const size = (await zip.arrayBuffer()).byteLength;
  const zipSeconds = (performance.now() - t0) / 1000;
  zipping = false;
  await probe;
  console.log(`zip of ${GUESTS}: ${zipSeconds.toFixed(1)} s, ${(size / 1024 / 1024).toFixed(1)} MB (target < 25 s)`);
  console.log(
    `API during it: p50 ${fmt(percentile(latencies, 50))}, p99 ${fmt(percentile(latencies, 99))} over ${latencies.length} calls (target p99 < 50 ms)`,
  );

  // Check-in: each guest once, over HTTP.
  const keys = await passKeysFor(t.db, t.config);
  const community = (await t.db.one<{ uuid: string }>(
    "SELECT uuid::text AS uuid FROM communities WHERE name = 'Residencial Las Palmas'",
  ))!.uuid;
  const guests = await t.db.query<{ uuid: string }>(
    'SELECT uuid::text AS uuid FROM massive_event_guests WHERE massive_event_id = $1 ORDER BY id LIMIT 200',
    [eventId],
  );
  const now = Math.floor(Date.now() / 1000);
  const passes = guests.map((g) =>
    issuePass(keys, {
      kind: 'massiveEventGuest',
      community,
      subject: g.uuid,
      notBefore: now - 3600,
      notAfter: now + 36_000,
    }),
  );
  const checkins: number[] = [];
  for (const pass of passes) {
    const s = performance.now();
    const res = await fetch(`${url}/api/massiveEventGuests/checkin`, {
      method: 'POST',
      headers: { authorization: `Bearer ${guard}`, 'content-type': 'application/json' },
      body: JSON.stringify({ pass }),
    });
    await res.arrayBuffer();
    if (res.status !== 201) throw new Error(`check-in ${res.status}`);
    checkins.push(performance.now() - s);
  }
  console.log(
    `check-in over HTTP: p50 ${fmt(percentile(checkins, 50))}, p95 ${fmt(percentile(checkins, 95))} (${checkins.length} guests; target p95 ≤ 10 ms)`,
  );
  const verifies: number[] = [];
  for (const pass of passes) {
    const s = performance.now();
    verifyPass(keys, pass, { kind: 'massiveEventGuest', community });
    verifies.push(performance.now() - s);
  }
  console.log(`verifyPass alone: p95 ${fmt(percentile(verifies, 95))}`);

  await closeRenderPool();
  await t.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
