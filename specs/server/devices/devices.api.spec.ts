import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeviceTexts } from '../../../src/shared/devices/device-rules.js';
import type { DeviceAnswer, DevicePage, ParentOption } from '../../../src/shared/devices/device-types.js';
import { testApp, type TestApp } from '../../support/test-app.js';

/** Devices ('Dispositivos') on the server, the administrator's side: create, rules, list, roles, edit and delete. */
let t: TestApp;
let admin: string;
let admin2: string;
const zones: Record<string, { uuid: string; streets: Record<string, string> }> = {};
let foreignZone: string;
let fracUuid: string;

const deviceCount = async () =>
  (await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM devices WHERE deleted_at IS NULL'))!.n;
const create = async (body: Record<string, unknown>, token = admin) => t.as(token).post('/api/devices/', body);
const created = async (body: Record<string, unknown>) => {
  const res = await create(body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as DeviceAnswer;
};
const scanner = (over: Record<string, unknown> = {}) => ({
  name: 'Barrera norte',
  deviceType: 'SCANNER',
  scannerAccess: 'IN',
  scannerPlace: 'BARRERA',
  zone: { uuid: zones['Zona Norte'].uuid },
  ...over,
});

beforeAll(async () => {
  t = await testApp();
  [admin, admin2] = await Promise.all([t.signIn('administrador@porton.mx'), t.signIn('administrador2@porton.mx')]);
  fracUuid = (await t.db.one<{ uuid: string }>("SELECT uuid FROM communities WHERE name = 'Residencial Las Palmas'"))!
    .uuid;
  const rows = await t.db.query<{ zone: string; zuuid: string; street: string; suuid: string }>(
    `SELECT z.name AS zone, z.uuid AS zuuid, s.name AS street, s.uuid AS suuid FROM zones z JOIN streets s ON s.zone_id = z.id
      JOIN communities c ON c.id = z.community_id WHERE c.name = 'Residencial Las Palmas'`,
  );
  for (const r of rows) {
    zones[r.zone] ??= { uuid: r.zuuid, streets: {} };
    zones[r.zone].streets[r.street] = r.suuid;
  }
  foreignZone = (await t.db.one<{ uuid: string }>(
    "SELECT z.uuid FROM zones z JOIN communities c ON c.id = z.community_id WHERE c.name = 'Villas del Sol'",
  ))!.uuid;
});
afterAll(async () => {
  await t?.close();
});

describe('create: new devices default to a BOOTH, INACTIVE, reading IN', () => {
  it('answers 201 with the device, no code in the record and no link', async () => {
    const device = await created({ name: '  Caseta oriente  ' });
    expect(device).toMatchObject({
      name: 'Caseta oriente',
      deviceType: 'BOOTH',
      status: 'INACTIVE',
      scannerAccess: 'IN',
      scannerType: null,
      parents: [],
      zone: null,
      street: null,
      number: null,
      code: null,
      deviceToken: null,
      online: false,
      lastSeenAt: null,
    });
    expect((await t.as(admin).get(`/api/devices/${device.uuid}`)).json()).toEqual(device);
  });

  it("a device without a name is refused with 'Asigna un nombre al dispositivo' and nothing is created", async () => {
    const before = await deviceCount();
    for (const body of [{}, { name: '   ' }, { name: 7 }]) {
      const res = await create(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.name).toBe(DeviceTexts.name);
    }
    expect(await deviceCount()).toBe(before);
  });

  it('a booth keeps no scanner fields even when they are sent', async () => {
    const device = await created({
      name: 'Caseta sur',
      deviceType: 'BOOTH',
      scannerAccess: 'OUT',
      scannerType: 'HOUSE',
      number: '9',
      zone: { uuid: zones['Zona Sur'].uuid },
    });
    expect(device).toMatchObject({
      deviceType: 'BOOTH',
      scannerAccess: 'IN',
      scannerType: null,
      zone: null,
      number: null,
    });
  });
});

describe('SCANNER rules', () => {
  it('the sub-types BARRERA, COTO, CASA and COMMONAREA are the location types ZONE, STREET, HOUSE and ZONE', async () => {
    const street = { uuid: zones['Zona Norte'].streets['Calle Roble'] };
    const expected = { BARRERA: 'ZONE', COTO: 'STREET', CASA: 'HOUSE', COMMONAREA: 'ZONE' } as const;
    for (const [place, type] of Object.entries(expected)) {
      const device = await created(scanner({ name: `Escáner ${place}`, scannerPlace: place, street, number: '12' }));
      expect(device.scannerType).toBe(type);
      expect(device.scannerPlace).toBe(place);
      // Street is not kept for ZONE; the number only for HOUSE.
      expect(device.street?.uuid ?? null).toBe(type === 'ZONE' ? null : street.uuid);
      expect(device.number).toBe(type === 'HOUSE' ? '12' : null);
      expect(device.zone?.name).toBe('Zona Norte');
    }
  });

  it('a HOUSE scanner without a number is refused (400) and nothing is created', async () => {
    const before = await deviceCount();
    const res = await create(
      scanner({ scannerPlace: 'CASA', street: { uuid: zones['Zona Norte'].streets['Calle Roble'] }, number: '' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ number: DeviceTexts.number });
    expect(await deviceCount()).toBe(before);
  });

  it('a scanner needs a location type, a zone, and a street unless the type is ZONE', async () => {
    expect((await create(scanner({ scannerPlace: null }))).json().fields.scannerPlace).toBe(DeviceTexts.scannerType);
    expect((await create(scanner({ zone: null }))).json().fields.zone).toBe(DeviceTexts.zone);
    expect((await create(scanner({ scannerPlace: 'COTO' }))).json().fields.street).toBe(DeviceTexts.street);
    expect((await create(scanner({ scannerPlace: 'CASA', scannerType: 'ZONE' }))).json().fields.scannerType).toBe(
      DeviceTexts.scannerType,
    );
  });

  it("zone and street must be of the caller's community (404), and the street of that zone (400)", async () => {
    const before = await deviceCount();
    expect((await create(scanner({ zone: { uuid: foreignZone } }))).statusCode).toBe(404);
    const wrongStreet = await create(
      scanner({ scannerPlace: 'COTO', street: { uuid: zones['Zona Sur'].streets['Calle Cedro'] } }),
    );
    expect(wrongStreet.statusCode).toBe(400);
    expect(wrongStreet.json().error_description).toBe(DeviceTexts.streetNotInZone);
    expect(await deviceCount()).toBe(before);
  });

  it('an OUT reader has no parents: those sent are dropped', async () => {
    const booth = await created({ name: 'Caseta para salida' });
    const out = await created(scanner({ name: 'Salida norte', scannerAccess: 'OUT', parents: [{ uuid: booth.uuid }] }));
    expect(out).toMatchObject({ scannerAccess: 'OUT', parents: [] });
  });

  it('Hostess is only for the club community', async () => {
    const res = await create({ name: 'Hostess', deviceType: 'HOSTESS' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error_description).toBe(DeviceTexts.hostessClubOnly);
  });
});

describe('parents apply to IN readers: devices of the same community, no cycle', () => {
  it('a foreign parent device answers 404 and changes nothing', async () => {
    const foreign = (await t.as(admin2).post('/api/devices/', { name: 'Caseta Villas' })).json() as DeviceAnswer;
    const before = await deviceCount();
    const res = await create(scanner({ parents: [{ uuid: foreign.uuid }] }));
    expect(res.statusCode).toBe(404);
    expect(res.json().error_description).toBe(DeviceTexts.parentNotFound);
    expect(await deviceCount()).toBe(before);
  });

  it('a parent cycle is refused (400) and the parents stay as they were', async () => {
    const a = await created(scanner({ name: 'Lector A' }));
    const b = await created(scanner({ name: 'Lector B', parents: [{ uuid: a.uuid }] }));
    const c = await created(scanner({ name: 'Lector C', parents: [{ uuid: b.uuid }] }));
    const cycle = await t
      .as(admin)
      .put(`/api/devices/${a.uuid}`, scanner({ name: 'Lector A', parents: [{ uuid: c.uuid }] }));
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json().error_description).toBe(DeviceTexts.parentCycle);
    const self = await t
      .as(admin)
      .put(`/api/devices/${a.uuid}`, scanner({ name: 'Lector A', parents: [{ uuid: a.uuid }] }));
    expect(self.statusCode).toBe(400);
    expect((await t.as(admin).get(`/api/devices/${a.uuid}`)).json().parents).toEqual([]);
    // searchParentDevice offers neither the device itself nor what comes after it on the route.
    const options = (await t.as(admin).get(`/api/devices/searchParentDevice/${a.uuid}`)).json() as ParentOption[];
    const names = options.map((o) => o.name);
    expect(names).not.toContain('Lector A');
    expect(names).not.toContain('Lector B');
    expect(names).not.toContain('Lector C');
    expect(names).toContain('Caseta oriente');
    // With the community's uuid (a device being created) every candidate is offered, OUT readers never.
    const all = ((await t.as(admin).get(`/api/devices/searchParentDevice/${fracUuid}`)).json() as ParentOption[]).map(
      (o) => o.name,
    );
    expect(all).toEqual(expect.arrayContaining(['Lector A', 'Lector B', 'Lector C']));
    expect(all).not.toContain('Salida norte');
    expect(all).not.toContain('Caseta Villas');
  });

  it('an OUT reader cannot be a parent', async () => {
    const out = (await t.as(admin).get('/api/devices/?search=Salida norte')).json().content[0] as DeviceAnswer;
    const res = await create(scanner({ parents: [{ uuid: out.uuid }] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error_description).toBe(DeviceTexts.parentIsOut);
  });
});

describe('the list: 15 a page, search by name, zone, address; status and type filters', () => {
  it('pages by 15 and shows only the active community', async () => {
    for (let i = 0; i < 12; i++) await created({ name: `Caseta extra ${String(i).padStart(2, '0')}` });
    const first = (await t.as(admin).get('/api/devices/')).json() as DevicePage;
    expect(first.content).toHaveLength(15);
    expect(first.totalElements).toBe((await deviceCount()) - 1); // one is Villas del Sol's
    expect(first.data).toEqual(first.content);
    const foreign = (await t.as(admin2).get('/api/devices')).json() as DevicePage;
    expect(foreign.content.map((d) => d.name)).toEqual(['Caseta Villas']);
  });

  it('searches in the chosen field and filters by status and type', async () => {
    const names = async (query: string) =>
      ((await t.as(admin).get(`/api/devices/?${query}`)).json() as DevicePage).content.map((d) => d.name);
    expect(await names('search=lector')).toEqual(['Lector A', 'Lector B', 'Lector C']);
    const north = await names('search=norte&searchBy=ZONE');
    expect(north).toEqual(expect.arrayContaining(['Lector A', 'Escáner BARRERA']));
    expect(north).not.toContain('Caseta oriente');
    expect(await names('search=roble 12&searchBy=ADDRESS')).toEqual(['Escáner CASA']);
    expect(await names('deviceType=SCANNER&search=salida')).toEqual(['Salida norte']);
    expect(await names('status=ACTIVE')).toEqual([]);
    expect((await t.as(admin).get('/api/devices/?status=ON')).statusCode).toBe(400);
  });
});

describe('roles and communities', () => {
  it('a capturista, a guard or a resident gets 403 on every devices call; without a token 401', async () => {
    const device = await created({ name: 'Caseta roles' });
    const calls = (token: string) => [
      t.as(token).get('/api/devices/'),
      t.as(token).post('/api/devices/', { name: 'X' }),
      t.as(token).get(`/api/devices/${device.uuid}`),
      t.as(token).get(`/api/devices/searchParentDevice/${device.uuid}`),
      t.as(token).put(`/api/devices/${device.uuid}`, { name: 'X' }),
      t.as(token).del(`/api/devices/${device.uuid}`),
      t.as(token).put(`/api/devices/unlinkDevice/${device.uuid}`, { deviceToken: 'x' }),
      t.as(token).put(`/api/devices/linkCode/${device.uuid}`),
    ];
    for (const email of [
      'capturista@porton.mx',
      'vigilante@porton.mx',
      'residente@porton.mx',
      'integrador@porton.mx',
    ]) {
      for (const res of await Promise.all(calls(await t.signIn(email)))) expect(res.statusCode, email).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/devices/' })).statusCode).toBe(401);
    expect((await t.as(admin).get(`/api/devices/${device.uuid}`)).json().name).toBe('Caseta roles');
  });

  it("another community's device answers 404 to read, edit, delete, unlink, its code and its parents, and stays as it was", async () => {
    const device = await created({ name: 'Caseta ajena' });
    for (const res of await Promise.all([
      t.as(admin2).get(`/api/devices/${device.uuid}`),
      t.as(admin2).put(`/api/devices/${device.uuid}`, { name: 'Robada' }),
      t.as(admin2).del(`/api/devices/${device.uuid}`),
      t.as(admin2).put(`/api/devices/unlinkDevice/${device.uuid}`, { deviceToken: 'x' }),
      t.as(admin2).put(`/api/devices/linkCode/${device.uuid}`),
      t.as(admin2).get(`/api/devices/searchParentDevice/${device.uuid}`),
    ]))
      expect(res.statusCode).toBe(404);
    expect((await t.as(admin).get(`/api/devices/${device.uuid}`)).json()).toMatchObject({
      name: 'Caseta ajena',
      status: 'INACTIVE',
    });
    expect(
      await t.db.one(
        "SELECT 1 FROM device_link_codes c JOIN devices d ON d.id = c.device_id WHERE d.name = 'Caseta ajena'",
      ),
    ).toBeUndefined();
  });
});

describe('edit and delete (only INACTIVE devices are deleted)', () => {
  it('edits a device and answers it', async () => {
    const device = await created({ name: 'Caseta vieja' });
    const res = await t.as(admin).put(`/api/devices/${device.uuid}`, scanner({ name: 'Barrera nueva' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      uuid: device.uuid,
      name: 'Barrera nueva',
      deviceType: 'SCANNER',
      scannerType: 'ZONE',
    });
  });

  it('deletes an INACTIVE device (204); it is then gone (404), and no longer a parent', async () => {
    const booth = await created({ name: 'Caseta a borrar' });
    const child = await created(scanner({ name: 'Hijo de borrada', parents: [{ uuid: booth.uuid }] }));
    expect((await t.as(admin).del(`/api/devices/${booth.uuid}`)).statusCode).toBe(204);
    expect((await t.as(admin).get(`/api/devices/${booth.uuid}`)).statusCode).toBe(404);
    expect((await t.as(admin).get(`/api/devices/${child.uuid}`)).json().parents).toEqual([]);
    expect((await t.as(admin).del(`/api/devices/${booth.uuid}`)).statusCode).toBe(404);
  });
});
