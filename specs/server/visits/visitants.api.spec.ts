import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Visit } from '../../../src/shared/visits/visit-types.js';
import { testApp, type TestApp } from '../../support/test-app.js';

let t: TestApp;
let guard: string;
let admin: string;
let admin2: string;
let gate: { uuid: string; name: string };
let foreignGate: string;
let resident: { uuid: string; first_name: string };
let foreignResident: string;

const communityId = async (name: string) =>
  (await t.db.one<{ id: number }>('SELECT id FROM communities WHERE name = $1', [name]))!.id;
const addGate = async (community: string, name: string) =>
  (await t.db.one<{ uuid: string; name: string }>(
    'INSERT INTO gates (community_id, name) VALUES ($1, $2) RETURNING uuid, name',
    [await communityId(community), name],
  ))!;
const visitCount = async () => (await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM visits'))!.n;

beforeAll(async () => {
  t = await testApp();
  [guard, admin, admin2] = await Promise.all([
    t.signIn('vigilante@porton.mx'),
    t.signIn('administrador@porton.mx'),
    t.signIn('administrador2@porton.mx'),
  ]);
  gate = await addGate('Residencial Las Palmas', 'Caseta principal');
  foreignGate = (await addGate('Villas del Sol', 'Caseta Villas')).uuid;
  resident = (await t.db.one<typeof resident>(`SELECT uuid, first_name FROM residents WHERE first_name = 'Jorge'`))!;
  foreignResident = (await t.db.one<{ uuid: string }>(`SELECT uuid FROM residents WHERE first_name = 'Sofía'`))!.uuid;
});
afterAll(async () => {
  await t?.close();
}); // t is unset when beforeAll failed: report that error alone

const entry = (over: Record<string, unknown> = {}) => ({
  firstName: 'Mario',
  lastName: 'Visitante',
  accessMode: 'MANUAL',
  ...over,
});

describe('POST /api/visitants: a guard or the administrator registers an entry', () => {
  it('answers 201 with the visit: uuid, gate, resident, who registered it, vehicle and comments', async () => {
    const res = await t.as(guard).post(
      '/api/visitants',
      entry({
        visitantType: 'PROVIDER',
        accessMode: 'QR',
        gateUuid: gate.uuid,
        residentUuid: resident.uuid,
        accredited: 'Jorge Sánchez',
        carbrand: 'Nissan',
        color: 'Rojo',
        plate: 'ABC-123',
        comments: 'Entrega de paquetería',
      }),
    );
    expect(res.statusCode).toBe(201);
    const visit = res.json() as Visit;
    expect(visit.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(visit).toMatchObject({
      firstName: 'Mario',
      lastName: 'Visitante',
      visitantType: 'PROVIDER',
      accessMode: 'QR',
      accredited: 'Jorge Sánchez',
      timeout: null,
      testGateArrival: { uuid: gate.uuid, name: 'Caseta principal' },
      testGateDeparture: null,
      testResident: { uuid: resident.uuid, firstName: 'Jorge' },
      userArrival: { name: 'Víctor López Díaz' },
      userDeparture: null,
      carbrand: 'Nissan',
      color: 'Rojo',
      plate: 'ABC-123',
      comments: 'Entrega de paquetería',
    });
    expect(Date.now() - Date.parse(visit.timein)).toBeLessThan(60_000);
    expect((await t.as(admin).post('/api/visitants', entry())).statusCode).toBe(201);
  });

  it('refuses every other role with 403 and records nothing', async () => {
    const before = await visitCount();
    for (const email of [
      'capturista@porton.mx',
      'residente@porton.mx',
      'contratista@porton.mx',
      'integrador@porton.mx',
      'admin@porton.mx',
    ]) {
      expect((await t.as(await t.signIn(email)).post('/api/visitants', entry())).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/visitants', payload: entry() })).statusCode).toBe(401);
    expect(await visitCount()).toBe(before);
  });

  it('refuses bad input in Spanish', async () => {
    const missing = await t.as(guard).post('/api/visitants', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({
      firstName: 'El nombre del visitante es obligatorio.',
      accessMode: 'El modo de acceso debe ser QR o MANUAL.',
    });
    expect((await t.as(guard).post('/api/visitants', entry({ accessMode: 'WIFI' }))).json().fields).toEqual({
      accessMode: 'El modo de acceso debe ser QR o MANUAL.',
    });
    expect((await t.as(guard).post('/api/visitants', entry({ visitantType: 'AMIGO' }))).json().fields).toEqual({
      visitantType: 'El tipo de visitante no es válido.',
    });
    expect((await t.as(guard).post('/api/visitants', entry({ gateUuid: 'puerta-1' }))).json().fields).toEqual({
      gateUuid: 'La puerta de acceso no es válida.',
    });
  });

  it('a gate or a resident of another community answers 404 and records nothing', async () => {
    const before = await visitCount();
    const gateRes = await t.as(guard).post('/api/visitants', entry({ gateUuid: foreignGate }));
    expect(gateRes.statusCode).toBe(404);
    expect(gateRes.json().error_description).toBe('La puerta de acceso no existe.');
    const residentRes = await t.as(guard).post('/api/visitants', entry({ residentUuid: foreignResident }));
    expect(residentRes.statusCode).toBe(404);
    expect(residentRes.json().error_description).toBe('El residente no existe.');
    expect(await visitCount()).toBe(before);
  });
});

describe('PUT /api/visitants/{uuid}/exit', () => {
  it('records the exit once; a second exit answers 409', async () => {
    const visit = (await t.as(guard).post('/api/visitants', entry())).json() as Visit;
    const res = await t.as(guard).put(`/api/visitants/${visit.uuid}/exit`, { gateUuid: gate.uuid });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      uuid: visit.uuid,
      testGateDeparture: { uuid: gate.uuid, name: 'Caseta principal' },
      userDeparture: { name: 'Víctor López Díaz' },
    });
    expect(Date.parse(res.json().timeout)).toBeGreaterThanOrEqual(Date.parse(visit.timein));
    // A client may send no body at all.
    const again = await t.app.inject({
      method: 'PUT',
      url: `/api/visitants/${visit.uuid}/exit`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error_description).toBe('La salida de esta visita ya fue registrada.');
  });

  it("another community's visit answers 404 and stays open; other roles 403", async () => {
    const visit = (await t.as(guard).post('/api/visitants', entry())).json() as Visit;
    expect((await t.as(admin2).put(`/api/visitants/${visit.uuid}/exit`)).statusCode).toBe(404);
    expect(
      (await t.as(await t.signIn('capturista@porton.mx')).put(`/api/visitants/${visit.uuid}/exit`)).statusCode,
    ).toBe(403);
    expect((await t.as(guard).put('/api/visitants/9b7c3b0e-7a3a-4c50-8f5a-0e7d7b3f7f11/exit')).statusCode).toBe(404);
    expect((await t.as(guard).put(`/api/visitants/${visit.uuid}/exit`, { gateUuid: foreignGate })).statusCode).toBe(
      404,
    );
    expect(
      (await t.db.one<{ open: boolean }>('SELECT exited_at IS NULL AS open FROM visits WHERE uuid = $1', [visit.uuid]))!
        .open,
    ).toBe(true);
  });
});

describe('GET api/visitants/entriesQR/ and entriesManual/: entries of the year by mode', () => {
  it("counts the active community's entries by mode, apart from other communities", async () => {
    const read = async (token: string) => ({
      qr: (await t.as(token).get('/api/visitants/entriesQR/')).json().total as number,
      manual: (await t.as(token).get('/api/visitants/entriesManual/')).json().total as number,
    });
    const palmas = await read(admin);
    const villas = await read(admin2);
    for (const mode of ['QR', 'QR', 'MANUAL'])
      expect((await t.as(admin2).post('/api/visitants', entry({ accessMode: mode }))).statusCode).toBe(201);
    expect(await read(admin2)).toEqual({ qr: villas.qr + 2, manual: villas.manual + 1 });
    expect(await read(admin)).toEqual(palmas);
    expect((await t.as(admin2).get('/api/visitants/entriesQR')).json()).toMatchObject({
      accessMode: 'QR',
      total: villas.qr + 2,
      year: expect.any(Number),
    });
    expect((await read(await t.signIn('admin@porton.mx'))).qr).toBe(palmas.qr + villas.qr + 2);
  });

  it('are read by the dashboard roles only', async () => {
    for (const email of ['capturista@porton.mx', 'vigilante@porton.mx', 'admin@porton.mx']) {
      expect((await t.as(await t.signIn(email)).get('/api/visitants/entriesManual/')).statusCode).toBe(200);
    }
    for (const email of ['integrador@porton.mx', 'residente@porton.mx', 'contratista@porton.mx']) {
      expect((await t.as(await t.signIn(email)).get('/api/visitants/entriesQR/')).statusCode).toBe(403);
    }
  });
});

describe('OpenAPI description', () => {
  it('documents visit registration and exit with their bodies', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.paths['/api/visitants'].post.summary).toMatch(/V_IN/);
    expect(
      Object.keys(doc.paths['/api/visitants'].post.requestBody.content['application/json'].schema.properties),
    ).toEqual(
      expect.arrayContaining([
        'firstName',
        'accessMode',
        'gateUuid',
        'residentUuid',
        'visitantType',
        'plate',
        'comments',
      ]),
    );
    expect(doc.paths['/api/visitants/{uuid}/exit'].put.summary).toMatch(/V_OUT/);
  });
});
