import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app.js';
import type { Db } from '../../../src/server/platform/db/db.js';
import { openPostgres } from '../../../src/server/platform/db/postgres.js';
import { DEVICE_TOKEN_PREFIX, DeviceTexts } from '../../../src/shared/devices/device-rules.js';
import type { DeviceAnswer, LinkAnswer, LinkCodeAnswer } from '../../../src/shared/devices/device-types.js';
import type { DeviceLinkedEvent, DeviceStatusEvent } from '../../../src/shared/platform/realtime.js';
import type { Visit } from '../../../src/shared/visits/visit-types.js';
import {
  connectDashboard,
  listenLocal,
  pause,
  subscribe,
  waitFor,
  type DashboardSocket,
} from '../../support/realtime-client.js';
import { memoryMailer, testApp, type TestApp } from '../../support/test-app.js';

/** Linking by code, the device as a principal, its visits, unlinking, presence. */
let t: TestApp;
let admin: string;
let admin2: string;
let base: string;
let fracUuid: string;
const open: DashboardSocket[] = [];

const device = async (token: string, body: Record<string, unknown>) => {
  const res = await t.as(token).post('/api/devices/', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as DeviceAnswer;
};
const codeFor = async (uuid: string, token = admin) => {
  const res = await t.as(token).put(`/api/devices/linkCode/${uuid}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as LinkCodeAnswer;
};
const link = (code: string, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/devices/link', payload: { code }, remoteAddress: ip });
const linked = async (uuid: string, token = admin) => {
  const res = await link((await codeFor(uuid, token)).code);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as LinkAnswer).deviceToken;
};
const entry = (over: Record<string, unknown> = {}) => ({
  firstName: 'Mario',
  lastName: 'Visitante',
  accessMode: 'MANUAL',
  ...over,
});
const visitCount = async () => (await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM visits'))!.n;
const summary = async () =>
  (await t.as(admin).get('/api/visitantDashBoard/residentSummary')).json() as { entryCount: number; exitCount: number };
const adminSocket = async () => {
  const socket = await connectDashboard(base, admin);
  open.push(socket);
  expect(await subscribe(socket, fracUuid)).toEqual({ ok: true });
  return socket;
};
const heard = <T>(socket: DashboardSocket, type: 'DEVICE_STATUS' | 'DEVICE_LINKED') => {
  const events: T[] = [];
  (socket as unknown as { on: (type: string, listener: (event: T) => void) => void }).on(type, (event) => {
    events.push(event);
  });
  return events;
};

beforeAll(async () => {
  t = await testApp();
  [admin, admin2] = await Promise.all([t.signIn('administrador@porton.mx'), t.signIn('administrador2@porton.mx')]);
  fracUuid = (await t.db.one<{ uuid: string }>("SELECT uuid FROM communities WHERE name = 'Residencial Las Palmas'"))!
    .uuid;
  base = await listenLocal(t.app);
});
afterEach(() => {
  for (const s of open.splice(0)) s.close();
});
afterAll(async () => {
  await t?.close();
});

describe('linking: a one-time code for 10 minutes, traded for a device token', () => {
  it('the device gets its token, its record and its community; it turns ACTIVE and the administrator hears DEVICE_LINKED', async () => {
    const booth = await device(admin, { name: 'Caseta vinculable' });
    const socket = await adminSocket();
    const linkedEvents = heard<DeviceLinkedEvent>(socket, 'DEVICE_LINKED');
    const { code, expiresAt } = await codeFor(booth.uuid);
    expect(code).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(Date.parse(expiresAt) - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    // The code is kept only as a hash.
    expect(await t.db.one('SELECT 1 FROM device_link_codes WHERE code_hash = $1', [code])).toBeUndefined();
    const res = await link(code.toLowerCase());
    expect(res.statusCode).toBe(200);
    const answer = res.json() as LinkAnswer;
    expect(answer.deviceToken.startsWith(DEVICE_TOKEN_PREFIX)).toBe(true);
    expect(answer.device).toMatchObject({ uuid: booth.uuid, status: 'ACTIVE', online: true });
    expect(answer.frac).toEqual({ uuid: fracUuid, name: 'Residencial Las Palmas' });
    expect(await waitFor(() => linkedEvents[0], 'DEVICE_LINKED')).toEqual({
      uuid: booth.uuid,
      fracUuid,
      name: 'Caseta vinculable',
    });
    // The record names the link (what unlink takes), never the secret.
    const record = (await t.as(admin).get(`/api/devices/${booth.uuid}`)).json() as DeviceAnswer;
    expect(record.deviceToken).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.stringify(record)).not.toContain(answer.deviceToken);
    expect(await t.db.one('SELECT 1 FROM device_tokens WHERE token_hash = $1', [answer.deviceToken])).toBeUndefined();
  });

  it('reusing a link code answers 410; an unknown code 400; an active device gets no new code (409)', async () => {
    const booth = await device(admin, { name: 'Caseta reuso' });
    const { code } = await codeFor(booth.uuid);
    expect((await link(code)).statusCode).toBe(200);
    const again = await link(code, '10.0.0.2');
    expect(again.statusCode).toBe(410);
    expect(again.json().error_description).toBe(DeviceTexts.codeGone);
    const unknown = await link('ZZZZZZZZ', '10.0.0.2');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error_description).toBe(DeviceTexts.codeInvalid);
    expect((await link('abc', '10.0.0.2')).statusCode).toBe(400);
    expect((await t.as(admin).put(`/api/devices/linkCode/${booth.uuid}`)).statusCode).toBe(409);
  });

  it('linking with an expired code answers 410, and so does a code replaced by a renewed one; the device stays INACTIVE', async () => {
    const booth = await device(admin, { name: 'Caseta expirada' });
    const old = await codeFor(booth.uuid);
    const renewed = await codeFor(booth.uuid);
    expect(renewed.code).not.toBe(old.code);
    expect((await link(old.code, '10.0.0.3')).statusCode).toBe(410);
    await t.db.query(
      "UPDATE device_link_codes SET expires_at = now() - interval '1 second' WHERE device_id = (SELECT id FROM devices WHERE uuid = $1)",
      [booth.uuid],
    );
    const expired = await link(renewed.code, '10.0.0.3');
    expect(expired.statusCode).toBe(410);
    expect((await t.as(admin).get(`/api/devices/${booth.uuid}`)).json().status).toBe('INACTIVE');
  });
});

describe('the device token: only the heartbeat and visits of its own community', () => {
  it('the heartbeat keeps the device online and pushes DEVICE_STATUS to the administrators', async () => {
    const booth = await device(admin, { name: 'Caseta latido' });
    const token = await linked(booth.uuid);
    const socket = await adminSocket();
    const statuses = heard<DeviceStatusEvent>(socket, 'DEVICE_STATUS');
    const res = await t.as(token).post('/api/devices/heartbeat');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ uuid: booth.uuid, status: 'ACTIVE', online: true });
    const event = await waitFor(() => statuses.find((e) => e.uuid === booth.uuid), 'DEVICE_STATUS');
    expect(event).toMatchObject({ fracUuid, status: 'ACTIVE', online: true });
    // The beat is written within a second (beats are written together): the record shows it then.
    const seenAt = Date.parse(event.lastSeenAt!);
    let record = (await t.as(admin).get(`/api/devices/${booth.uuid}`)).json();
    for (const end = Date.now() + 3_000; Date.parse(record.lastSeenAt) !== seenAt && Date.now() < end; ) {
      await pause(100);
      record = (await t.as(admin).get(`/api/devices/${booth.uuid}`)).json();
    }
    expect(Date.parse(record.lastSeenAt)).toBe(seenAt);
    expect(record.online).toBe(true);
    // Device events are the administrators': a guard's or a capturista's dashboard does not hear them.
    for (const email of ['vigilante@porton.mx', 'capturista@porton.mx']) {
      const other = await connectDashboard(base, await t.signIn(email));
      open.push(other);
      expect(await subscribe(other, fracUuid)).toEqual({ ok: true });
      const theirs = heard<DeviceStatusEvent>(other, 'DEVICE_STATUS');
      const seen = statuses.length;
      await t.as(token).post('/api/devices/heartbeat');
      await waitFor(() => (statuses.length > seen ? true : undefined), 'DEVICE_STATUS to the administrator');
      await pause(100); // the same emit would have reached them by now
      expect(theirs).toEqual([]);
    }
    // A session is not a device: the heartbeat answers it 401.
    expect((await t.as(admin).post('/api/devices/heartbeat')).statusCode).toBe(401);
  });

  it('a device silent for 2 minutes goes offline: the sweep tells the administrators and the list shows it', async () => {
    const booth = await device(admin, { name: 'Caseta callada' });
    const token = await linked(booth.uuid);
    await t.as(token).post('/api/devices/heartbeat');
    await t.app.deps.devicePresence.flush(); // the beats heard are written within a second
    const socket = await adminSocket();
    const statuses = heard<DeviceStatusEvent>(socket, 'DEVICE_STATUS');
    await t.db.query(
      "UPDATE device_presence SET last_seen_at = now() - interval '121 seconds' WHERE device_id = (SELECT id FROM devices WHERE uuid = $1)",
      [booth.uuid],
    );
    expect(await t.app.deps.devicePresence.sweep()).toBeGreaterThanOrEqual(1);
    expect(await waitFor(() => statuses.find((e) => e.uuid === booth.uuid), 'offline')).toMatchObject({
      online: false,
      status: 'ACTIVE',
    });
    expect((await t.as(admin).get(`/api/devices/${booth.uuid}`)).json().online).toBe(false);
    expect(await t.app.deps.devicePresence.sweep()).toBe(0); // announced once
  });

  it('a device token on an administrator route (or any other) answers 401', async () => {
    const booth = await device(admin, { name: 'Caseta intrusa' });
    const token = await linked(booth.uuid);
    for (const url of [
      '/api/devices/',
      `/api/devices/${booth.uuid}`,
      '/api/users/me',
      '/api/residents/',
      '/api/visitantDashBoard/residentSummary',
    ]) {
      expect((await t.as(token).get(url)).statusCode, url).toBe(401);
    }
    expect((await t.as(token).put(`/api/devices/linkCode/${booth.uuid}`)).statusCode).toBe(401);
  });

  it('a booth registers a manual entry and its exit: the visit carries the booth as its gate, V_IN and V_OUT reach the dashboard', async () => {
    const booth = await device(admin, { name: 'Caseta norte' });
    const token = await linked(booth.uuid);
    const socket = await adminSocket();
    const visits: string[] = [];
    socket.on('V_IN', (e) => visits.push(`in:${e.uuid}`));
    socket.on('V_OUT', (e) => visits.push(`out:${e.uuid}`));
    const before = await summary();
    const res = await t.as(token).post('/api/visitants', entry());
    expect(res.statusCode).toBe(201);
    const visit = res.json() as Visit;
    expect(visit).toMatchObject({
      fracUuid,
      accessMode: 'MANUAL',
      testGateArrival: { uuid: booth.uuid, name: 'Caseta norte' },
      userArrival: null,
    });
    await waitFor(() => visits.find((v) => v === `in:${visit.uuid}`), 'V_IN');
    expect((await summary()).entryCount).toBe(before.entryCount + 1);
    const out = await t.as(token).put(`/api/visitants/${visit.uuid}/exit`);
    expect(out.statusCode).toBe(200);
    expect(out.json().testGateDeparture).toEqual({ uuid: booth.uuid, name: 'Caseta norte' });
    await waitFor(() => visits.find((v) => v === `out:${visit.uuid}`), 'V_OUT');
    expect((await summary()).exitCount).toBe(before.exitCount + 1);
    // A booth's entries are manual.
    expect((await t.as(token).post('/api/visitants', entry({ accessMode: 'QR' }))).statusCode).toBe(400);
  });

  it("the visit report shows a device's visit with the device as its gates and as who registered it ('appear in the reports')", async () => {
    const booth = await device(admin, { name: 'Caseta oriente' });
    const token = await linked(booth.uuid);
    const visit = (
      await t.as(token).post('/api/visitants', entry({ firstName: 'Rigoberto', lastName: 'Casetas' }))
    ).json() as Visit;
    expect((await t.as(token).put(`/api/visitants/${visit.uuid}/exit`)).statusCode).toBe(200);
    const report = await t.as(admin).get('/api/visitants/visitantReport?page=0&nameFilter=Rigoberto');
    expect(report.statusCode).toBe(200);
    const row = (report.json().data as Record<string, unknown>[]).find((r) => r.uuid === visit.uuid)!;
    const caseta = { uuid: booth.uuid, name: 'Caseta oriente' };
    expect(row).toMatchObject({
      testGateArrival: caseta,
      testGateDeparture: caseta,
      userArrival: caseta,
      userDeparture: caseta,
    });
  });

  it('a scanner registers QR entries when IN and exits when OUT, nothing else', async () => {
    const zone = (await t.db.one<{ uuid: string }>(
      "SELECT z.uuid FROM zones z JOIN communities c ON c.id = z.community_id WHERE c.name = 'Residencial Las Palmas' ORDER BY z.id LIMIT 1",
    ))!;
    const scanner = (name: string, scannerAccess: string) =>
      device(admin, { name, deviceType: 'SCANNER', scannerAccess, scannerPlace: 'BARRERA', zone });
    const inToken = await linked((await scanner('Barrera IN', 'IN')).uuid);
    const outDevice = await scanner('Barrera OUT', 'OUT');
    const outToken = await linked(outDevice.uuid);
    const visit = (await t.as(inToken).post('/api/visitants', entry({ accessMode: 'QR' }))).json() as Visit;
    expect(visit.testGateArrival?.name).toBe('Barrera IN');
    expect((await t.as(inToken).post('/api/visitants', entry())).statusCode).toBe(400);
    expect((await t.as(inToken).put(`/api/visitants/${visit.uuid}/exit`)).statusCode).toBe(403);
    expect((await t.as(outToken).post('/api/visitants', entry({ accessMode: 'QR' }))).statusCode).toBe(403);
    const out = await t.as(outToken).put(`/api/visitants/${visit.uuid}/exit`);
    expect(out.statusCode).toBe(200);
    expect(out.json().testGateDeparture).toEqual({ uuid: outDevice.uuid, name: 'Barrera OUT' });
  });

  it("a device token of another community on POST /api/visitants: another community's resident or visit answers 404, nothing is recorded", async () => {
    const foreignToken = await linked((await device(admin2, { name: 'Caseta Villas' })).uuid, admin2);
    const resident = (await t.db.one<{ uuid: string }>("SELECT uuid FROM residents WHERE first_name = 'Jorge'"))!.uuid;
    const before = await visitCount();
    const res = await t.as(foreignToken).post('/api/visitants', entry({ residentUuid: resident }));
    expect(res.statusCode).toBe(404);
    expect(await visitCount()).toBe(before);
    const ours = (await t.as(await t.signIn('vigilante@porton.mx')).post('/api/visitants', entry())).json() as Visit;
    expect((await t.as(foreignToken).put(`/api/visitants/${ours.uuid}/exit`)).statusCode).toBe(404);
    // Its own visits land in its own community only.
    const own = (await t.as(foreignToken).post('/api/visitants', entry())).json() as Visit;
    expect(own.fracUuid).not.toBe(fracUuid);
  });
});

describe('unlinking: the token stops at once, on every API process', () => {
  it('unlinking with a wrong token answers 400 and the device stays linked', async () => {
    const booth = await device(admin, { name: 'Caseta token' });
    const token = await linked(booth.uuid);
    const res = await t
      .as(admin)
      .put(`/api/devices/unlinkDevice/${booth.uuid}`, { deviceToken: '3f1c9a52-0000-4000-8000-000000000000' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error_description).toBe(DeviceTexts.wrongToken);
    expect((await t.as(admin).put(`/api/devices/unlinkDevice/${booth.uuid}`, { deviceToken: token })).statusCode).toBe(
      400,
    );
    expect((await t.as(token).post('/api/devices/heartbeat')).statusCode).toBe(200);
  });

  it("unlinks with the record's deviceToken: INACTIVE, and the token answers 401 here and on a second API on the same database", async () => {
    const booth = await device(admin, { name: 'Caseta desvincular' });
    const token = await linked(booth.uuid);
    // A second API process stands for the others behind a load balancer (its own connections on PostgreSQL).
    let otherDb: Db = t.db;
    if (t.kind === 'postgres') otherDb = await openPostgres(t.url!);
    const other = await buildApp({ config: t.config, db: otherDb, mailer: memoryMailer() });
    try {
      const beat = () =>
        other.inject({ method: 'POST', url: '/api/devices/heartbeat', headers: { authorization: `Bearer ${token}` } });
      expect((await beat()).statusCode).toBe(200);
      const { deviceToken } = (await t.as(admin).get(`/api/devices/${booth.uuid}`)).json() as DeviceAnswer;
      // The token as the body, as plain text (the contract's spelling).
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/devices/unlinkDevice/${booth.uuid}`,
        payload: deviceToken!,
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'text/plain' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'INACTIVE', deviceToken: null, online: false });
      // The other process hears the change when PostgreSQL delivers the notification to it; its
      // barrier answers once it has heard everything committed before (at once on PGlite).
      await other.authEvents.barrier();
      expect((await beat()).statusCode).toBe(401);
      expect((await t.as(token).post('/api/devices/heartbeat')).statusCode).toBe(401);
      expect((await t.as(token).post('/api/visitants', entry())).statusCode).toBe(401);
      expect((await t.as(admin).put(`/api/devices/unlinkDevice/${booth.uuid}`, { deviceToken })).statusCode).toBe(409);
    } finally {
      await other.close();
      if (otherDb !== t.db) await otherDb.close();
    }
  });

  it('deleting an active device answers 409 and keeps it; once unlinked it is deleted and its visits keep it as their gate', async () => {
    const booth = await device(admin, { name: 'Caseta con visitas' });
    const token = await linked(booth.uuid);
    const visit = (await t.as(token).post('/api/visitants', entry())).json() as Visit;
    const refused = await t.as(admin).del(`/api/devices/${booth.uuid}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error_description).toBe(DeviceTexts.deleteActive);
    const { deviceToken } = (await t.as(admin).get(`/api/devices/${booth.uuid}`)).json() as DeviceAnswer;
    expect((await t.as(admin).put(`/api/devices/unlinkDevice/${booth.uuid}`, { deviceToken })).statusCode).toBe(200);
    expect((await t.as(admin).del(`/api/devices/${booth.uuid}`)).statusCode).toBe(204);
    const guard = await t.signIn('vigilante@porton.mx');
    const out = (await t.as(guard).put(`/api/visitants/${visit.uuid}/exit`)).json() as Visit;
    expect(out.testGateArrival).toEqual({ uuid: booth.uuid, name: 'Caseta con visitas' });
  });
});

describe('link attempts are throttled', () => {
  it('after 10 failed attempts from one address the link answers 429, even with a good code', async () => {
    const booth = await device(admin, { name: 'Caseta fuerza bruta' });
    for (let i = 0; i < 10; i++)
      expect((await link(`ZZZZZZ${String(i).padStart(2, '2')}`.slice(0, 8), '10.9.9.9')).statusCode).toBe(400);
    const { code } = await codeFor(booth.uuid);
    const res = await link(code, '10.9.9.9');
    expect(res.statusCode).toBe(429);
    expect((await t.as(admin).get(`/api/devices/${booth.uuid}`)).json().status).toBe('INACTIVE');
    expect((await link(code, '10.9.9.10')).statusCode).toBe(200);
  });
});
