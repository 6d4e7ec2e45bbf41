import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdministrativeResidentFormSchema } from '../../../src/shared/users/administrative-resident.schema.js';
import { fieldErrors } from '../../../src/shared/platform/form-validation.js';
import { testApp, type TestApp } from '../../support/test-app.js';

const URL = '/api/administrativeVisitUser/administrativeResident';
let t: TestApp;
let admin: string;
let admin2: string;
let palmas: { id: number; uuid: string };
let villas: { id: number; uuid: string };
let street: { id: number; uuid: string; name: string; zone_id: number; zone_uuid: string; zone_name: string };
let foreignStreet: number;

const communityNamed = async (name: string) =>
  (await t.db.one<{ id: number; uuid: string }>('SELECT id, uuid FROM communities WHERE name = $1', [name]))!;
const streetOf = (communityId: number) =>
  t.db.one<typeof street>(
    `SELECT s.id, s.uuid, s.name, z.id AS zone_id, z.uuid AS zone_uuid, z.name AS zone_name
     FROM streets s JOIN zones z ON z.id = s.zone_id WHERE s.community_id = $1 ORDER BY s.id LIMIT 1`,
    [communityId],
  );

beforeAll(async () => {
  t = await testApp();
  [admin, admin2] = await Promise.all([t.signIn('administrador@porton.mx'), t.signIn('administrador2@porton.mx')]);
  palmas = await communityNamed('Residencial Las Palmas');
  villas = await communityNamed('Villas del Sol');
  street = (await streetOf(palmas.id))!;
  foreignStreet = (await streetOf(villas.id))!.id;
});
afterAll(async () => {
  await t?.close();
}); // t is unset when beforeAll failed: report that error alone

const body = (over: Record<string, unknown> = {}) => ({
  firstName: 'Administración',
  lastName: 'Las Palmas',
  email: 'admon@laspalmas.mx',
  idFrac: palmas.id,
  idStreet: street.id,
  number: '1',
  intNumber: '',
  useapp: true,
  action: '',
  notresident: true,
  ...over,
});

describe("'Configuración visitas administrativas'", () => {
  it('only the community administrator may read or change it', async () => {
    for (const email of [
      'capturista@porton.mx',
      'vigilante@porton.mx',
      'residente@porton.mx',
      'integrador@porton.mx',
      'admin@porton.mx',
    ]) {
      const as = t.as(await t.signIn(email));
      expect((await as.get(URL)).statusCode).toBe(403);
      expect((await as.post(`${URL}/`, body())).statusCode).toBe(403);
      expect((await as.put(`${URL}/${palmas.id}`, body())).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
  });

  it('reads null before it is configured', async () => {
    const res = await t.as(admin).get(URL);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBeNull();
  });

  it("refuses missing fields with the form's Spanish messages and creates nothing", async () => {
    const res = await t.as(admin).post(`${URL}/`, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      firstName: 'El nombre es obligatorio.',
      lastName: 'Los apellidos son obligatorios.',
      email: 'El email es obligatorio.',
      idStreet: 'La calle es obligatoria.',
      number: 'El número del domicilio es obligatorio.',
    });
    const blank = await t
      .as(admin)
      .post(`${URL}/`, body({ firstName: ' ', lastName: '', email: '', number: '', idStreet: '' }));
    expect(blank.json().fields).toEqual({
      firstName: 'El nombre es obligatorio.',
      lastName: 'Los apellidos son obligatorios.',
      email: 'El email es obligatorio.',
      idStreet: 'La calle es obligatoria.',
      number: 'El número del domicilio es obligatorio.',
    });
    const email = await t.as(admin).post(`${URL}/`, body({ email: 'admon@' }));
    expect(email.json().fields).toEqual({ email: 'El email debe tener un formato válido.' });
    expect((await t.as(admin).get(URL)).json()).toBeNull();
  });

  it("the modal's schema also requires the zone ('La zona es obligatoria.')", () => {
    const result = v.safeParse(AdministrativeResidentFormSchema, body());
    expect(result.success).toBe(false);
    expect(fieldErrors(result.issues!)).toEqual({ idZone: 'La zona es obligatoria.' });
    expect(v.safeParse(AdministrativeResidentFormSchema, body({ idZone: street.zone_id })).success).toBe(true);
  });

  it('refuses a street of another community (404) or of another zone than the one chosen (400)', async () => {
    const foreign = await t.as(admin).post(`${URL}/`, body({ idStreet: foreignStreet }));
    expect(foreign.statusCode).toBe(404);
    const otherZone = (await t.db.one<{ id: number }>(
      'SELECT id FROM zones WHERE community_id = $1 AND id <> $2 LIMIT 1',
      [palmas.id, street.zone_id],
    ))!.id;
    expect((await t.as(admin).post(`${URL}/`, body({ idZone: otherZone }))).statusCode).toBe(400);
    expect((await t.as(admin).get(URL)).json()).toBeNull();
  });

  it('POST answers 201 and the configuration read back with testStreet and its testZone; a second POST is 409', async () => {
    const res = await t.as(admin).post(`${URL}/`, body({ idZone: street.zone_id, idFrac: villas.id }));
    expect(res.statusCode).toBe(201);
    const expected = {
      firstName: 'Administración',
      lastName: 'Las Palmas',
      email: 'admon@laspalmas.mx',
      idFrac: palmas.id,
      fracUuid: palmas.uuid,
      idStreet: street.id,
      number: '1',
      intNumber: null,
      useapp: true,
      action: null,
      notresident: true,
      testStreet: {
        uuid: street.uuid,
        idStreet: street.id,
        name: street.name,
        testZone: { uuid: street.zone_uuid, idZone: street.zone_id, name: street.zone_name },
      },
    };
    expect(res.json()).toMatchObject(expected);
    expect((await t.as(admin).get(URL)).json()).toMatchObject(expected);
    expect((await t.as(admin).post(`${URL}/`, body())).statusCode).toBe(409);
  });

  it('PUT /{fracId} answers 200 with the change, by id or uuid of the active community', async () => {
    const res = await t
      .as(admin)
      .put(`${URL}/${palmas.id}`, body({ lastName: 'Oficina Central', number: '2A', useapp: false }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ lastName: 'Oficina Central', number: '2A', useapp: false });
    expect((await t.as(admin).put(`${URL}/${palmas.uuid}`, body({ intNumber: 'B' }))).json().intNumber).toBe('B');
    expect((await t.as(admin).get(URL)).json().intNumber).toBe('B');
  });

  it("another community's configuration is neither read nor changed (404)", async () => {
    expect((await t.as(admin2).get(URL)).json()).toBeNull();
    expect((await t.as(admin2).put(`${URL}/${palmas.id}`, body({ idStreet: foreignStreet }))).statusCode).toBe(404);
    expect((await t.as(admin).put(`${URL}/${villas.id}`, body())).statusCode).toBe(404);
    expect((await t.as(admin2).put(`${URL}/${villas.id}`, body({ idStreet: foreignStreet }))).statusCode).toBe(404);
    expect((await t.as(admin).get(URL)).json()).toMatchObject({ intNumber: 'B', idFrac: palmas.id });
  });
});
