import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, signInActors, type Actors } from '../../support/catalogue-actors.js';
import { testApp, type TestApp } from '../../support/test-app.js';

let t: TestApp;
let a: Actors;
beforeAll(async () => {
  t = await testApp();
  a = await signInActors(t);
});
afterAll(async () => {
  await t?.close();
}); // t is unset when beforeAll failed: report that error alone

type Zone = { uuid: string; idZone: number; name: string };
const zone = async (who: Actors['admin'], name: string): Promise<Zone> =>
  (await who.get(`/api/zones?page=0&search=${encodeURIComponent(name)}`)).json().content[0];
const names = (res: { json: () => { content: { name: string }[] } }) => res.json().content.map((s) => s.name);

describe('GET api/streets (Calles: Calle, Zona, Fraccionamiento)', () => {
  it("answers the community's streets with idStreet, idZone and testZone with its testFrac", async () => {
    const res = await a.admin.get('/api/streets?page=0');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.totalElements).toBe(4);
    expect(body.content.map((s: { name: string }) => s.name)).toEqual([
      'Avenida de las Palmas',
      'Calle Cedro',
      'Calle Pino',
      'Calle Roble',
    ]);
    expect(body.content[0]).toEqual({
      uuid: expect.any(String),
      idStreet: expect.any(Number),
      name: 'Avenida de las Palmas',
      idZone: expect.any(Number),
      testZone: {
        uuid: expect.any(String),
        idZone: expect.any(Number),
        name: 'Zona Norte',
        testFrac: { uuid: expect.any(String), name: 'Residencial Las Palmas' },
      },
    });
    expect(names(await a.admin2.get('/api/streets?page=0'))).toEqual(['Calle Girasol', 'Calle Margarita']);
  });

  it('searches case-insensitively on the street name', async () => {
    expect(names(await a.capturista.get('/api/streets?page=0&search=ROBLE'))).toEqual(['Calle Roble']);
    expect(names(await a.capturista.get('/api/streets?page=0&search=Girasol'))).toEqual([]);
  });

  it('GET api/streets/zones/{zoneUuid} answers every street of that zone only', async () => {
    const sur = await zone(a.admin, 'Zona Sur');
    const res = await a.guard.get(`/api/streets/zones/${sur.uuid}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((s: { name: string }) => s.name)).toEqual(['Calle Cedro', 'Calle Pino']);
  });

  it('is refused to resident, contractor and general admin; 401 without a token', async () => {
    for (const who of [a.resident, a.contractor, a.generalAdmin])
      expect((await who.get('/api/streets?page=0')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/streets?page=0' })).statusCode).toBe(401);
  });
});

describe('POST api/streets (list: name, idZone)', () => {
  it('creates a street in a zone of the community with 201', async () => {
    const norte = await zone(a.admin, 'Zona Norte');
    const res = await a.capturista.post('/api/streets', [{ name: 'Calle Olmo', idZone: norte.idZone }]);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual([
      expect.objectContaining({
        name: 'Calle Olmo',
        idZone: norte.idZone,
        testZone: expect.objectContaining({ name: 'Zona Norte' }),
      }),
    ]);
  });

  it('accepts idZone as the digit string a select sends', async () => {
    const sur = await zone(a.admin, 'Zona Sur');
    expect((await a.admin.post('/api/streets', [{ name: 'Calle Sauce', idZone: String(sur.idZone) }])).statusCode).toBe(
      201,
    );
  });

  it('refuses a missing zone or a bad name in Spanish and creates nothing', async () => {
    const before = await countRows(t, 'streets');
    const noZone = await a.admin.post('/api/streets', [{ name: 'Calle Sin Zona' }]);
    expect(noZone.statusCode).toBe(400);
    expect(noZone.json().fields).toEqual({ '0.idZone': 'Selecciona una zona.' });
    const norte = await zone(a.admin, 'Zona Norte');
    const shortName = await a.admin.post('/api/streets', [{ name: 'C', idZone: norte.idZone }]);
    expect(shortName.json().error_description).toBe('Asigna un nombre');
    expect((await a.admin.post('/api/streets', [{ name: 'Calle Mala', idZone: 0 }])).statusCode).toBe(400);
    expect(await countRows(t, 'streets')).toBe(before);
  });

  it('refuses a zone of another community with 404 and creates nothing', async () => {
    const before = await countRows(t, 'streets');
    const foreign = await zone(a.admin2, 'Etapa 1');
    const res = await a.admin.post('/api/streets', [{ name: 'Calle Infiltrada', idZone: foreign.idZone }]);
    expect(res.statusCode).toBe(404);
    expect(res.json().error_description).toBe('La zona seleccionada no existe.');
    expect(await countRows(t, 'streets')).toBe(before);
  });

  it('refuses a name already used in the same zone (409); another zone may use it', async () => {
    const norte = await zone(a.admin, 'Zona Norte');
    const sur = await zone(a.admin, 'Zona Sur');
    const dup = await a.admin.post('/api/streets', [{ name: 'calle roble', idZone: norte.idZone }]);
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error_description).toBe('Ya existe una calle con ese nombre en la zona.');
    expect((await a.admin.post('/api/streets', [{ name: 'Calle Roble', idZone: sur.idZone }])).statusCode).toBe(201);
  });

  it('is refused to guard and integrator', async () => {
    const norte = await zone(a.admin, 'Zona Norte');
    for (const who of [a.guard, a.integrator])
      expect((await who.post('/api/streets', [{ name: 'Calle Prohibida', idZone: norte.idZone }])).statusCode).toBe(
        403,
      );
  });
});

describe('PUT and DELETE api/streets/{uuid}', () => {
  const create = async (name: string, zoneName = 'Zona Norte') => {
    const z = await zone(a.admin, zoneName);
    return (await a.admin.post('/api/streets', [{ name, idZone: z.idZone }])).json()[0];
  };

  it('PUT renames and moves the street to another zone of the community', async () => {
    const street = await create('Calle Laurel');
    const sur = await zone(a.admin, 'Zona Sur');
    const res = await a.capturista.put(`/api/streets/${street.uuid}`, { name: 'Calle Laurel Sur', idZone: sur.idZone });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      uuid: street.uuid,
      name: 'Calle Laurel Sur',
      idZone: sur.idZone,
      testZone: { name: 'Zona Sur' },
    });
  });

  it('PUT refuses moving the street to a zone of another community (404) and leaves it as it was', async () => {
    const street = await create('Calle Ciprés');
    const foreign = await zone(a.admin2, 'Etapa 1');
    const res = await a.admin.put(`/api/streets/${street.uuid}`, { name: 'Calle Ciprés', idZone: foreign.idZone });
    expect(res.statusCode).toBe(404);
    expect((await a.admin.get(`/api/streets/${street.uuid}`)).json()).toMatchObject({ idZone: street.idZone });
  });

  it('DELETE removes a street with no residents (204); the capturista may not delete (403)', async () => {
    const street = await create('Calle Temporal');
    expect((await a.capturista.del(`/api/streets/${street.uuid}`)).statusCode).toBe(403);
    expect((await a.admin.del(`/api/streets/${street.uuid}`)).statusCode).toBe(204);
    expect((await a.admin.get(`/api/streets/${street.uuid}`)).statusCode).toBe(404);
  });

  it('DELETE of a street with residents answers 409 and keeps it', async () => {
    const roble = (await a.admin.get('/api/streets?page=0&search=Calle Roble'))
      .json()
      .content.find((s: { testZone: { name: string } }) => s.testZone.name === 'Zona Norte');
    const res = await a.admin.del(`/api/streets/${roble.uuid}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error_description).toMatch(/^No es posible eliminar la calle/);
    expect((await a.admin.get(`/api/streets/${roble.uuid}`)).statusCode).toBe(200);
  });

  it('after its streets are gone, the zone can be deleted', async () => {
    const z = (await a.admin.post('/api/zones', [{ name: 'Zona Breve' }])).json()[0];
    const street = (await a.admin.post('/api/streets', [{ name: 'Calle Breve', idZone: z.idZone }])).json()[0];
    expect((await a.admin.del(`/api/zones/${z.uuid}`)).statusCode).toBe(409);
    expect((await a.admin.del(`/api/streets/${street.uuid}`)).statusCode).toBe(204);
    expect((await a.admin.del(`/api/zones/${z.uuid}`)).statusCode).toBe(204);
  });
});

describe("tenant isolation: another community's street answers 404", () => {
  it('read, list by zone, change and delete of a Villas del Sol street answer 404 and change nothing', async () => {
    const foreign = (await a.admin2.get('/api/streets?page=0&search=Girasol')).json().content[0];
    const foreignZone = await zone(a.admin2, 'Etapa 1');
    const norte = await zone(a.admin, 'Zona Norte');
    expect((await a.admin.get(`/api/streets/${foreign.uuid}`)).statusCode).toBe(404);
    expect((await a.admin.get(`/api/streets/zones/${foreignZone.uuid}`)).statusCode).toBe(404);
    expect(
      (await a.admin.put(`/api/streets/${foreign.uuid}`, { name: 'Calle Robada', idZone: norte.idZone })).statusCode,
    ).toBe(404);
    expect((await a.admin.del(`/api/streets/${foreign.uuid}`)).statusCode).toBe(404);
    expect((await a.admin2.get(`/api/streets/${foreign.uuid}`)).json()).toMatchObject({
      name: 'Calle Girasol',
      idZone: foreignZone.idZone,
    });
  });
});
