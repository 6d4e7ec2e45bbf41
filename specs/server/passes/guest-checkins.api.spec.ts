/**
 * Guests at the gate with their signed passes: a valid pass
 * records a V_IN visit of type MASSIVE_EVENT, mode QR, tied to the guest and the event, emitted
 * live and listed in the visit report; each refusal with its Spanish message.
 */
import { execFile } from 'node:child_process';
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCatalogues } from '../../../src/server/catalogues/seed-catalogues.js';
import { issuePass, passKeysFor, type PassKeys } from '../../../src/server/passes/passes.js';
import { CheckinMessages } from '../../../src/shared/passes/checkin-rules.js';
import { linkUri } from '../../../src/shared/devices/device-rules.js';
import type { LinkAnswer, LinkCodeAnswer, DeviceAnswer } from '../../../src/shared/devices/device-types.js';
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
const run = promisify(execFile);
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
/** A finished event starting in `hours` with one guest; its guest's uuid. */
async function guestOf(hours = 2) {
  const uuid = (
    await a.admin.post('/api/massiveEvents', {
      title: 'Posada de la privada',
      startDate: inHours(48),
      commonArea: { uuid: await areaUuid(t, 'Residencial Las Palmas', 'Alberca') },
      resident: { uuid: await residentUuid(t, 'Lucía') },
    })
  ).json() as string;
  const guest = (
    await a.admin.post('/api/massiveEventGuests/', { massiveEvent: { uuid }, firstName: 'Ramona', lastName: 'Peña' })
  ).json() as { uuid: string };
  expect((await a.admin.put(`/api/massiveEvents/${uuid}/configure`, {})).statusCode).toBe(200);
  await shiftEvent(t, uuid, hours, 'Próximo');
  return { event: uuid, guest: guest.uuid };
}
const passFor = (
  guest: string,
  over: Partial<{ community: string; notBefore: number; notAfter: number }> = {},
  k = keys,
) =>
  issuePass(k, {
    kind: 'massiveEventGuest',
    community: palmas,
    subject: guest,
    notBefore: now() - 3600,
    notAfter: now() + 3600,
    ...over,
  });
const checkin = (pass: string, actor = a.guard) => actor.post('/api/massiveEventGuests/checkin', { pass });
const checkout = (pass: string, actor = a.guard) => actor.post('/api/massiveEventGuests/checkout', { pass });
const refusedWith = async (res: Awaited<ReturnType<typeof checkin>>, status: number, message: string) => {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().error_description).toBe(message);
};
const visitCount = async () => (await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM visits'))!.n;

describe('POST api/massiveEventGuests/checkin', () => {
  it("a valid pass records a V_IN visit (MASSIVE_EVENT, QR) tied to guest and event, live to the dashboard, in the report as the guest's", async () => {
    const { event, guest } = await guestOf();
    const socket = await connectDashboard(base, await t.signIn('administrador@porton.mx'));
    sockets.push(socket);
    expect(await subscribe(socket, palmas)).toEqual({ ok: true });
    // Recorded from now: the event may reach the socket before the answer reaches the test.
    const live = recordEvents(socket);
    const res = await checkin(passFor(guest));
    expect(res.statusCode, res.body).toBe(201);
    const entry = res.json();
    expect(entry).toMatchObject({
      direction: 'IN',
      guest: { uuid: guest, firstName: 'Ramona', lastName: 'Peña' },
      event: { uuid: event, title: 'Posada de la privada' },
    });
    const heard = await waitFor(
      () => live.find((e) => e.type === 'V_IN' && e.event.uuid === entry.visitUuid),
      `V_IN of ${entry.visitUuid}`,
    );
    expect(heard.event).toMatchObject({ fracUuid: palmas, accessMode: 'QR' });
    const row = await t.db.one<Record<string, unknown>>(
      `SELECT v.visitant_type, v.access_mode, g.uuid::text AS guest, e.uuid::text AS event FROM visits v
         JOIN massive_event_guests g ON g.id = v.massive_event_guest_id JOIN massive_events e ON e.id = v.massive_event_id WHERE v.uuid = $1`,
      [entry.visitUuid],
    );
    expect(row).toEqual({ visitant_type: 'MASSIVE_EVENT', access_mode: 'QR', guest, event });
    const report = (await a.admin.get('/api/visitants/visitantReport?page=0')).json();
    expect(report.data.find((v: { uuid: string }) => v.uuid === entry.visitUuid)).toMatchObject({
      visitantType: 'MASSIVE_EVENT',
      firstName: 'Ramona',
    });
  });

  it("presenting it again while inside is refused ('Este invitado ya ingresó'); after the exit (V_OUT) it enters again", async () => {
    const { guest } = await guestOf();
    const pass = passFor(guest);
    expect((await checkin(pass)).statusCode).toBe(201);
    const before = await visitCount();
    await refusedWith(await checkin(pass, a.admin), 409, CheckinMessages.alreadyInside);
    expect(await visitCount()).toBe(before);
    const out = await checkout(pass);
    expect(out.statusCode).toBe(200);
    expect(out.json().direction).toBe('OUT');
    await refusedWith(await checkout(pass), 409, CheckinMessages.notInside);
    expect((await checkin(pass)).statusCode).toBe(201);
  });

  it('the audit trail records each entry and exit with the gate that made it and the guest; a refusal records nothing', async () => {
    const { guest } = await guestOf();
    const pass = passFor(guest);
    const trail = async () =>
      t.db.query<{ action: string; actor_label: string }>(
        'SELECT action, actor_label FROM audit_events WHERE record_uuid = $1 ORDER BY id',
        [guest],
      );
    expect((await checkin(pass)).statusCode).toBe(201);
    await refusedWith(await checkin(pass), 409, CheckinMessages.alreadyInside);
    expect((await checkout(pass)).statusCode).toBe(200);
    expect(await trail()).toEqual([
      // The guest's creation, recorded by the database's audit trigger.
      { action: 'massiveEventGuest.create', actor_label: 'administrador@porton.mx' },
      { action: 'guest.checkIn', actor_label: 'vigilante@porton.mx' },
      { action: 'guest.checkOut', actor_label: 'vigilante@porton.mx' },
    ]);
  });

  it('two gates at once: one entry, the other refused', async () => {
    const { guest } = await guestOf();
    const pass = passFor(guest);
    const answers = await Promise.all([checkin(pass), checkin(pass, a.admin)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it('a pass with one byte changed, or signed by another key, is forged (400)', async () => {
    const { guest } = await guestOf();
    const bytes = fromBase64Url(passFor(guest).slice(PASS_PREFIX.length))!;
    bytes[30] ^= 0x01;
    await refusedWith(await checkin(PASS_PREFIX + toBase64Url(bytes)), 400, CheckinMessages.forged);
    const other = { ...keys, privateKey: generateKeyPairSync('ed25519').privateKey };
    await refusedWith(await checkin(passFor(guest, {}, other)), 400, CheckinMessages.forged);
    await refusedWith(await checkin(guest), 400, CheckinMessages.malformed);
  });

  it("a pass of another community's event is refused as another community's (404), at either community's gate", async () => {
    const { guest } = await guestOf();
    await refusedWith(await checkin(passFor(guest, { community: randomUUID() })), 404, CheckinMessages.community);
    await refusedWith(await checkin(passFor(guest), a.admin2), 404, CheckinMessages.community);
  });

  it("before its window, after the event: refused; the window opens the settings' validity before the start", async () => {
    const { guest } = await guestOf();
    await refusedWith(await checkin(passFor(guest, { notBefore: now() + 600 })), 409, CheckinMessages.early);
    await refusedWith(
      await checkin(passFor(guest, { notBefore: now() - 7200, notAfter: now() - 60 })),
      409,
      CheckinMessages.ended,
    );
    // The event's current dates too: moved 13 hours ahead (validity 12 h), its guests wait.
    const later = await guestOf(13);
    await refusedWith(await checkin(passFor(later.guest)), 409, CheckinMessages.early);
    const soon = await guestOf(11);
    expect((await checkin(passFor(soon.guest))).statusCode).toBe(201);
    const over = await guestOf(-13);
    await refusedWith(await checkin(passFor(over.guest)), 409, CheckinMessages.ended);
  });

  it('a cancelled event, a deleted guest: refused with their messages', async () => {
    const cancelled = await guestOf();
    await t.db.query("UPDATE massive_events SET status = 'Cancelado' WHERE uuid = $1", [cancelled.event]);
    await refusedWith(await checkin(passFor(cancelled.guest)), 409, CheckinMessages.cancelled);
    const deleted = await guestOf();
    const removed = await a.admin.del(`/api/massiveEventGuests/${deleted.guest}`);
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    await refusedWith(await checkin(passFor(deleted.guest)), 404, CheckinMessages.guestDeleted);
  });

  it('roles: a guard or the administrator; a capturista, a resident 403; no token 401', async () => {
    const { guest } = await guestOf();
    expect((await checkin(passFor(guest), a.capturista)).statusCode).toBe(403);
    expect((await checkin(passFor(guest), a.resident)).statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/massiveEventGuests/checkin',
          payload: { pass: passFor(guest) },
        })
      ).statusCode,
    ).toBe(401);
    await refusedWith(await checkin(''), 400, 'Escribe o escanea un pase.');
  });

  it('a linked device checks a guest in and out with its token', async () => {
    const { guest } = await guestOf();
    const booth = (await a.admin.post('/api/devices/', { name: 'Caseta de eventos' })).json() as DeviceAnswer;
    const { code } = (await a.admin.put(`/api/devices/linkCode/${booth.uuid}`)).json() as LinkCodeAnswer;
    const { deviceToken } = (
      await t.app.inject({ method: 'POST', url: '/api/devices/link', payload: { code } })
    ).json() as LinkAnswer;
    const device = t.as(deviceToken);
    expect((await checkin(passFor(guest), device)).statusCode).toBe(201);
    await refusedWith(await checkin(passFor(guest), device), 409, CheckinMessages.alreadyInside);
    expect((await checkout(passFor(guest), device)).statusCode).toBe(200);
  });
});

describe('npm run device -- checkin <pass> (the device simulator)', () => {
  it('links, checks the guest in, and is refused the second time with the Spanish reason', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'porton-device-'));
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
      const { guest } = await guestOf();
      const booth = (
        await a.admin.post('/api/devices/', { name: 'Caseta simulada de eventos' })
      ).json() as DeviceAnswer;
      const { code } = (await a.admin.put(`/api/devices/linkCode/${booth.uuid}`)).json() as LinkCodeAnswer;
      expect((await simulator('link', linkUri(base, code), '--once')).code).toBe(0);
      const pass = passFor(guest);
      const first = await simulator('checkin', pass);
      expect(first).toMatchObject({ code: 0 });
      expect(first.out).toContain('Acceso permitido: Ramona Peña, Posada de la privada');
      const again = await simulator('checkin', pass);
      expect(again.code).toBe(1);
      expect(again.out).toContain(CheckinMessages.alreadyInside);
      expect((await simulator('checkout', pass)).out).toContain('Salida registrada');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // Four simulator processes, each starting Node and tsx: seconds apiece on a busy machine.
  }, 120_000);
});

describe('GET api/passes/publicKey', () => {
  it('publishes the Ed25519 public key without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/passes/publicKey' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ algorithm: 'Ed25519', keyId: keys.keyId, jwk: { kty: 'OKP', crv: 'Ed25519' } });
  });
});
