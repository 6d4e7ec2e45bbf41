import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMMON_AREA_NAME_MESSAGE,
  COMMON_AREA_NUMBER_MESSAGE,
} from '../../../src/shared/catalogues/common-area.schema.js';
import { countRows, signInActors, type Actors } from '../../support/catalogue-actors.js';
import { testApp, type TestApp } from '../../support/test-app.js';

let t: TestApp;
let a: Actors;
let roble: { uuid: string; idStreet: number };
let girasol: { uuid: string; idStreet: number };
beforeAll(async () => {
  t = await testApp();
  a = await signInActors(t);
  roble = (await a.admin.get('/api/streets?page=0&search=Roble')).json().content[0];
  girasol = (await a.admin2.get('/api/streets?page=0&search=Girasol')).json().content[0];
});
afterAll(async () => {
  await t?.close();
}); // t is unset when beforeAll failed: report that error alone

const create = async (name: string, who = a.admin, idStreet = roble.idStreet) =>
  (await who.post('/api/commonareas', [{ name, number: '10', idStreet }])).json()[0];

describe('POST api/commonareas (list: name, number, idStreet)', () => {
  it('creates the area with 201 and answers it with testStreet, its testZone and testFrac', async () => {
    const res = await a.capturista.post('/api/commonareas', [
      { name: '  Casa Club ', number: ' 15 ', idStreet: roble.idStreet },
    ]);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual([
      {
        uuid: expect.any(String),
        idCommonArea: expect.any(Number),
        name: 'Casa Club',
        number: '15',
        idStreet: roble.idStreet,
        testStreet: {
          uuid: roble.uuid,
          idStreet: roble.idStreet,
          name: 'Calle Roble',
          testZone: {
            uuid: expect.any(String),
            idZone: expect.any(Number),
            name: 'Zona Norte',
            testFrac: { uuid: expect.any(String), name: 'Residencial Las Palmas' },
          },
        },
      },
    ]);
  });

  it('accepts letters with accents and ñ, digits and spaces in the name', async () => {
    expect(
      (await a.admin.post('/api/commonareas', [{ name: 'Jardín Piñón 2', number: '3', idStreet: roble.idStreet }]))
        .statusCode,
    ).toBe(201);
  });

  it("refuses other characters in the name with 'Por favor, ingresa un nombre válido...' and creates nothing", async () => {
    const before = await countRows(t, 'common_areas');
    for (const name of ['Alberca #1', 'Gym-Norte', '', '   ', 'x'.repeat(65)]) {
      const res = await a.admin.post('/api/commonareas', [{ name, number: '1', idStreet: roble.idStreet }]);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields['0.name']).toBe(COMMON_AREA_NAME_MESSAGE);
    }
    expect(await countRows(t, 'common_areas')).toBe(before);
  });

  it("refuses a number that is not digits with 'Por favor, ingresa un número válido'", async () => {
    for (const number of ['12A', '-1', '1'.repeat(65)]) {
      const res = await a.admin.post('/api/commonareas', [{ name: 'Cancha', number, idStreet: roble.idStreet }]);
      expect(res.statusCode).toBe(400);
      expect(res.json().error_description).toBe(COMMON_AREA_NUMBER_MESSAGE);
    }
  });

  it('requires the street', async () => {
    const res = await a.admin.post('/api/commonareas', [{ name: 'Cancha', number: '1' }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ '0.idStreet': 'Selecciona una calle.' });
  });

  it('refuses a street of another community with 404 and creates nothing', async () => {
    const before = await countRows(t, 'common_areas');
    const res = await a.admin.post('/api/commonareas', [{ name: 'Palapa', number: '1', idStreet: girasol.idStreet }]);
    expect(res.statusCode).toBe(404);
    expect(res.json().error_description).toBe('La calle seleccionada no existe.');
    expect(await countRows(t, 'common_areas')).toBe(before);
  });

  it('refuses a name already used in the community with 409', async () => {
    await create('Salón de Eventos');
    const res = await a.admin.post('/api/commonareas', [
      { name: 'salón de eventos', number: '2', idStreet: roble.idStreet },
    ]);
    expect(res.statusCode).toBe(409);
    expect(res.json().error_description).toBe('Ya existe un área común con ese nombre en el fraccionamiento.');
  });

  it('is refused to guard, integrator and resident', async () => {
    for (const who of [a.guard, a.integrator, a.resident]) {
      expect(
        (await who.post('/api/commonareas', [{ name: 'Prohibida', number: '1', idStreet: roble.idStreet }])).statusCode,
      ).toBe(403);
    }
  });
});

describe('GET api/commonareas/complete and byfrac', () => {
  it("complete pages the community's areas and searches the name case-insensitively", async () => {
    await create('Alberca Norte');
    await create('Alberca Sur', a.admin2, girasol.idStreet);
    const res = await a.guard.get('/api/commonareas/complete?page=0&search=ALBERCA');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ totalElements: 1, page: 0, size: 15 });
    expect(res.json().content.map((c: { name: string }) => c.name)).toEqual(['Alberca Norte']);
  });

  it('byfrac answers every area of the community, also to a resident (massive-event place options)', async () => {
    const res = await a.resident.get('/api/commonareas/byfrac');
    expect(res.statusCode).toBe(200);
    const listed = res.json().map((c: { name: string }) => c.name);
    expect(listed).toContain('Alberca Norte');
    expect(listed).not.toContain('Alberca Sur');
  });

  it('complete is refused to resident and contractor', async () => {
    for (const who of [a.resident, a.contractor])
      expect((await who.get('/api/commonareas/complete?page=0')).statusCode).toBe(403);
    expect((await a.contractor.get('/api/commonareas/byfrac')).statusCode).toBe(403);
  });
});

describe('PUT and DELETE api/commonareas/{uuid}', () => {
  it('PUT changes name, number and street (within the community)', async () => {
    const area = await create('Terraza');
    const cedro = (await a.admin.get('/api/streets?page=0&search=Cedro')).json().content[0];
    const res = await a.capturista.put(`/api/commonareas/${area.uuid}`, {
      name: 'Terraza Cedro',
      number: '44',
      idStreet: cedro.idStreet,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      uuid: area.uuid,
      name: 'Terraza Cedro',
      number: '44',
      testStreet: { name: 'Calle Cedro', testZone: { name: 'Zona Sur' } },
    });
  });

  it('PUT refuses a street of another community with 404 and leaves the area unchanged', async () => {
    const area = await create('Asadores');
    expect(
      (
        await a.admin.put(`/api/commonareas/${area.uuid}`, {
          name: 'Asadores',
          number: '10',
          idStreet: girasol.idStreet,
        })
      ).statusCode,
    ).toBe(404);
    expect((await a.admin.get(`/api/commonareas/${area.uuid}`)).json()).toMatchObject({ idStreet: roble.idStreet });
  });

  it('DELETE: 403 for the capturista, 204 for the administrator', async () => {
    const area = await create('Ludoteca');
    expect((await a.capturista.del(`/api/commonareas/${area.uuid}`)).statusCode).toBe(403);
    expect((await a.admin.del(`/api/commonareas/${area.uuid}`)).statusCode).toBe(204);
    expect((await a.admin.get(`/api/commonareas/${area.uuid}`)).statusCode).toBe(404);
  });

  it('a street with a common area cannot be deleted (409)', async () => {
    const z = (await a.admin.get('/api/zones?page=0&search=Zona Sur')).json().content[0];
    const street = (await a.admin.post('/api/streets', [{ name: 'Calle del Parque', idZone: z.idZone }])).json()[0];
    await create('Parque Lineal', a.admin, street.idStreet);
    expect((await a.admin.del(`/api/streets/${street.uuid}`)).statusCode).toBe(409);
  });
});

describe("tenant isolation: another community's common area answers 404", () => {
  it('read, change and delete of a Villas del Sol area by Las Palmas staff answer 404 and change nothing', async () => {
    const foreign = await create('Kiosco', a.admin2, girasol.idStreet);
    expect((await a.admin.get(`/api/commonareas/${foreign.uuid}`)).statusCode).toBe(404);
    expect(
      (
        await a.admin.put(`/api/commonareas/${foreign.uuid}`, {
          name: 'Kiosco Robado',
          number: '1',
          idStreet: roble.idStreet,
        })
      ).statusCode,
    ).toBe(404);
    expect((await a.admin.del(`/api/commonareas/${foreign.uuid}`)).statusCode).toBe(404);
    expect((await a.admin2.get(`/api/commonareas/${foreign.uuid}`)).json()).toMatchObject({
      name: 'Kiosco',
      idStreet: girasol.idStreet,
    });
  });
});
