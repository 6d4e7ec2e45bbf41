/**
 * The offline gate: the snapshot a guard's gate keeps (public key, windows, who may come in, the
 * revocations, who is inside; the caller's community only), and the records it let through
 * offline, sent back in order: applied again by the server's rules, kept with their own times,
 * once each by the device's id, the same guest let in at two gates kept once and the other refused.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { linkUri } from '../../../src/shared/devices/device-rules.js';
import type { DeviceAnswer, LinkCodeAnswer } from '../../../src/shared/devices/device-types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCatalogues } from '../../../src/server/catalogues/seed-catalogues.js';
import { issuePass, passKeysFor, publicKeyOf, type PassKeys } from '../../../src/server/passes/passes.js';
import { CheckinMessages } from '../../../src/shared/passes/checkin-rules.js';
import type { GateSnapshot, GateSyncAnswer } from '../../../src/shared/passes/gate.schema.js';
import { fromBase64Url, PASS_PREFIX, toBase64Url } from '../../../src/shared/passes/pass-types.js';
import { signInActors, type Actors } from '../../support/catalogue-actors.js';
import { areaUuid, inHours, residentUuid, shiftEvent } from '../../support/massive-events/event-fixtures.js';
import {
  connectDashboard,
  listenLocal,
  recordEvents,
  subscribe,
  waitFor,
  type DashboardSocket,
} from '../../support/realtime-client.js';
import { testApp, type TestApp } from '../../support/test-app.js';

let t: TestApp;
let a: Actors;
let keys: PassKeys;
let palmas: string;
let base: string;
const sockets: DashboardSocket[] = [];
beforeAll(async () => {
  t = await testApp();
  await seedDemoCatalogues(t.db);
  a = await signInActors(t);
  keys = await passKeysFor(t.db, t.config);
  palmas = (await t.db.one<{ uuid: string }>(
    "SELECT uuid::text AS uuid FROM communities WHERE name = 'Residencial Las Palmas'",
  ))!.uuid;
  base = await listenLocal(t.app);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t?.close();
});

const now = () => Math.floor(Date.now() / 1000);
/** A configured event starting in `hours` with the named guests; its uuid and its guests' uuids. */
async function eventWith(title: string, names: string[], hours = 2) {
  const uuid = (
    await a.admin.post('/api/massiveEvents', {
      title,
      startDate: inHours(48),
      commonArea: { uuid: await areaUuid(t, 'Residencial Las Palmas', 'Alberca') },
      resident: { uuid: await residentUuid(t, 'Lucía') },
    })
  ).json() as string;
  const guests: string[] = [];
  for (const name of names) {
    const [firstName, lastName] = name.split(' ');
    const res = await a.admin.post('/api/massiveEventGuests/', { massiveEvent: { uuid }, firstName, lastName });
    expect(res.statusCode, res.body).toBeLessThan(300);
    guests.push((res.json() as { uuid: string }).uuid);
  }
  expect((await a.admin.put(`/api/massiveEvents/${uuid}/configure`, {})).statusCode).toBe(200);
  await shiftEvent(t, uuid, hours, 'Próximo');
  return { event: uuid, guests };
}
const passFor = (guest: string) =>
  issuePass(keys, {
    kind: 'massiveEventGuest',
    community: palmas,
    subject: guest,
    notBefore: now() - 6 * 3600,
    notAfter: now() + 6 * 3600,
  });
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
const record = (pass: string, at: string, direction: 'IN' | 'OUT' = 'IN') => ({
  id: randomUUID(),
  pass,
  direction,
  at,
});
type Rec = ReturnType<typeof record>;
const sync = async (records: Rec[], actor = a.guard) => {
  const res = await actor.post('/api/gate/sync', { records });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as GateSyncAnswer).outcomes;
};
const snapshot = async (actor = a.guard) => {
  const res = await actor.get('/api/gate/snapshot');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as GateSnapshot;
};
const visitsOf = (guest: string) =>
  t.db.query<{ entered: string; exited: string | null }>(
    `SELECT to_json(v.entered_at) #>> '{}' AS entered, to_json(v.exited_at) #>> '{}' AS exited
       FROM visits v JOIN massive_event_guests g ON g.id = v.massive_event_guest_id WHERE g.uuid = $1 ORDER BY v.id`,
    [guest],
  );
const sameInstant = (x: string | null, y: string) => expect(Date.parse(x ?? '')).toBe(Date.parse(y));

describe('GET api/gate/snapshot', () => {
  it('holds the public key, the windows, who may come in (name and event), the cancelled events’ guests revoked and who is inside', async () => {
    const open = await eventWith('Posada sin conexión', ['Ramona Peña', 'Tomás Ruiz']);
    const cancelled = await eventWith('Kermés cancelada', ['Irma Soto']);
    await t.db.query("UPDATE massive_events SET status = 'Cancelado' WHERE uuid = $1", [cancelled.event]);
    const removed = await a.admin.del(`/api/massiveEventGuests/${open.guests[1]}`);
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    expect((await a.guard.post('/api/massiveEventGuests/checkin', { pass: passFor(open.guests[0]) })).statusCode).toBe(
      201,
    );

    const snap = await snapshot();
    expect(snap.community).toBe(palmas);
    expect(snap.publicKey).toEqual(publicKeyOf(keys));
    const event = snap.events.find((e) => e.uuid === open.event)!;
    expect(event.title).toBe('Posada sin conexión');
    expect(event.notBefore).toBeLessThan(now());
    expect(event.notAfter).toBeGreaterThan(now());
    expect(snap.holders).toContainEqual({
      uuid: open.guests[0],
      kind: 'massiveEventGuest',
      place: open.event,
      firstName: 'Ramona',
      lastName: 'Peña',
    });
    // A deleted guest is no longer among those who may come in.
    expect(snap.holders.some((h) => h.uuid === open.guests[1])).toBe(false);
    expect(snap.cancelledEvents).toContain(cancelled.event);
    expect(snap.events.some((e) => e.uuid === cancelled.event)).toBe(false);
    expect(snap.revoked).toContainEqual({ subject: cancelled.guests[0], reason: 'cancelled' });
    expect(snap.holders.some((h) => h.uuid === cancelled.guests[0])).toBe(false);
    expect(snap.inside.map((i) => i.subject)).toContain(open.guests[0]);
  });

  it("roles and community: a guard or administrator of the active community; another community's gate sees none of it; capturista and resident 403; no token 401", async () => {
    const { event } = await eventWith('Posada de otra caseta', ['Elena Mora']);
    const other = await snapshot(a.admin2);
    expect(other.community).not.toBe(palmas);
    expect(other.events.some((e) => e.uuid === event)).toBe(false);
    expect((await a.capturista.get('/api/gate/snapshot')).statusCode).toBe(403);
    expect((await a.resident.get('/api/gate/snapshot')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/gate/snapshot' })).statusCode).toBe(401);
    expect((await a.resident.post('/api/gate/sync', { records: [] })).statusCode).toBe(403);
  });
});

describe('POST api/gate/sync', () => {
  it('records let in offline are kept with their own times, emitted live, in order (an entry then its exit)', async () => {
    const { guests } = await eventWith('Posada del corte', ['Ana Ríos', 'Luis Gil', 'Sara Paz']);
    const socket = await connectDashboard(base, await t.signIn('administrador@porton.mx'));
    sockets.push(socket);
    expect(await subscribe(socket, palmas)).toEqual({ ok: true });
    const live = recordEvents(socket);
    const times = [minutesAgo(9), minutesAgo(8), minutesAgo(7)];
    const entries = guests.map((g, i) => record(passFor(g), times[i]));
    const exit = record(passFor(guests[2]), minutesAgo(3), 'OUT');
    const outcomes = await sync([...entries, exit]);
    expect(outcomes.map((o) => [o.id, o.outcome, o.replayed])).toEqual(
      [...entries, exit].map((r) => [r.id, 'accepted', false]),
    );
    expect(outcomes.map((o) => o.decision)).toEqual([
      'Entrada registrada',
      'Entrada registrada',
      'Entrada registrada',
      'Salida registrada',
    ]);
    for (const [i, guest] of guests.entries()) {
      const visits = await visitsOf(guest);
      expect(visits).toHaveLength(1);
      sameInstant(visits[0].entered, times[i]);
    }
    sameInstant((await visitsOf(guests[2]))[0].exited, exit.at);
    // The dashboard hears each entry with its own time, as if it had arrived then.
    for (const [i, o] of outcomes.slice(0, 3).entries()) {
      const heard = await waitFor(
        () => live.find((e) => e.type === 'V_IN' && e.event.uuid === o.entry!.visitUuid),
        `V_IN ${i}`,
      );
      sameInstant(String(heard.event.at), times[i]);
    }
  });

  it('a record sent again answers its first decision and nothing is counted twice', async () => {
    const { guests } = await eventWith('Posada repetida', ['Nora Vela']);
    const entry = record(passFor(guests[0]), minutesAgo(5));
    const total = async () =>
      (await t.db.one<{ n: number }>(
        'SELECT total::int AS n FROM visit_totals v JOIN communities c ON c.id = v.community_id WHERE c.uuid = $1',
        [palmas],
      ))!.n;
    const before = await total();
    const [first] = await sync([entry]);
    const [again] = await sync([entry]);
    expect(first).toMatchObject({ outcome: 'accepted', replayed: false });
    expect(again).toEqual({ ...first, replayed: true });
    expect(await visitsOf(guests[0])).toHaveLength(1);
    expect(await total()).toBe(before + 1);
    // A refusal is answered the same when sent again, even after the guest left.
    const twice = record(passFor(guests[0]), minutesAgo(4));
    const [refused] = await sync([twice]);
    expect(refused).toMatchObject({ outcome: 'refused', decision: CheckinMessages.alreadyInside, entry: null });
    await sync([record(passFor(guests[0]), minutesAgo(2), 'OUT')]);
    expect(await sync([twice])).toEqual([{ ...refused, replayed: true }]);
    expect(await visitsOf(guests[0])).toHaveLength(1);
  });

  it('the same guest let in at two gates while both were offline: one entry kept, the other gate is answered the conflict', async () => {
    const { guests } = await eventWith('Posada de dos casetas', ['Raúl Luna']);
    const pass = passFor(guests[0]);
    const first = record(pass, minutesAgo(6));
    const [atFirst] = await sync([first], a.guard);
    const [atSecond] = await sync([record(pass, minutesAgo(5))], a.admin);
    expect(atFirst).toMatchObject({ outcome: 'accepted' });
    expect(atSecond).toMatchObject({ outcome: 'refused', decision: CheckinMessages.alreadyInside, entry: null });
    const visits = await visitsOf(guests[0]);
    expect(visits).toHaveLength(1);
    sameInstant(visits[0].entered, first.at);
  });

  it("the server's rules again: a forged pass, a cancelled event, another community's gate, a time in the future are refused and change nothing", async () => {
    const { event, guests } = await eventWith('Posada revisada', ['Olga Cruz', 'Iván Lara']);
    const bytes = fromBase64Url(passFor(guests[0]).slice(PASS_PREFIX.length))!;
    bytes[30] ^= 0x01;
    const forged = record(PASS_PREFIX + toBase64Url(bytes), minutesAgo(3));
    const future = record(passFor(guests[0]), new Date(Date.now() + 3600_000).toISOString());
    const [f, later] = await sync([forged, future]);
    expect(f).toMatchObject({ outcome: 'refused', decision: CheckinMessages.forged });
    expect(later).toMatchObject({
      outcome: 'refused',
      decision: 'La hora del registro no es válida: es futura o tiene más de 72 horas.',
    });
    const [elsewhere] = await sync([record(passFor(guests[0]), minutesAgo(2))], a.admin2);
    expect(elsewhere).toMatchObject({ outcome: 'refused', decision: CheckinMessages.community });
    await t.db.query("UPDATE massive_events SET status = 'Cancelado' WHERE uuid = $1", [event]);
    const [cancelled] = await sync([record(passFor(guests[1]), minutesAgo(1))]);
    expect(cancelled).toMatchObject({ outcome: 'refused', decision: CheckinMessages.cancelled });
    expect(await visitsOf(guests[0])).toEqual([]);
    expect(await visitsOf(guests[1])).toEqual([]);
    const bad = await a.guard.post('/api/gate/sync', {
      records: [{ id: 'no-uuid', pass: 'x', direction: 'IN', at: 'ayer' }],
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('npm run device (the scanner) offline', () => {
  it('keeps the snapshot, lets a guest in with no server by the same verifier, and sync puts the entry on record once', async () => {
    const run = promisify(execFile);
    const dir = mkdtempSync(join(tmpdir(), 'porton-gate-device-'));
    const simulator = (...args: string[]) =>
      run(process.execPath, ['--import', 'tsx', 'scripts/device.ts', ...args, '--state', join(dir, 'device.json')], {
        timeout: 30_000,
      }).then(
        ({ stdout }) => ({ code: 0, out: stdout }),
        (error: { code: number; stdout: string; stderr: string }) => ({
          code: error.code,
          out: error.stdout + error.stderr,
        }),
      );
    try {
      const { guests } = await eventWith('Posada del escáner', ['Eva Sol']);
      const booth = (await a.admin.post('/api/devices/', { name: 'Caseta sin internet' })).json() as DeviceAnswer;
      const { code } = (await a.admin.put(`/api/devices/linkCode/${booth.uuid}`)).json() as LinkCodeAnswer;
      expect((await simulator('link', linkUri(base, code), '--once')).code).toBe(0);
      expect((await simulator('snapshot')).out).toContain('Datos de la caseta guardados');
      const pass = passFor(guests[0]);
      const entered = await simulator('checkin', pass, '--offline');
      expect(entered.out).toContain('Acceso permitido (sin conexión): Eva Sol, Posada del escáner');
      expect(entered.out).toContain('Registros pendientes: 1');
      const again = await simulator('checkin', pass, '--offline');
      expect(again.code).toBe(1);
      expect(again.out).toContain(CheckinMessages.alreadyInside);
      expect(await visitsOf(guests[0])).toEqual([]);
      const synced = await simulator('sync');
      expect(synced.out).toContain('aceptado, Entrada registrada');
      expect(synced.out).toContain('Registros pendientes: 0');
      expect(await visitsOf(guests[0])).toHaveLength(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
