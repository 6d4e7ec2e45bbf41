import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_NAME_MESSAGE } from '../../../src/shared/catalogues/catalogue.schema.js';
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

describe('api/colors (Colores, global catalogue)', () => {
  it('GET answers the seeded colours to anyone signed in and searches case-insensitively', async () => {
    const res = await a.capturista.get('/api/colors');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ totalElements: 13, totalPages: 1 });
    expect((await a.contractor.get('/api/colors?search=CAF')).json().content).toEqual([
      { uuid: expect.any(String), name: 'Café' },
    ]);
  });

  it('create takes a list of names: plain names and { name } objects alike', async () => {
    const plain = await a.generalAdmin.post('/api/colors', ['Rojo Vino', { name: 'Verde Olivo' }]);
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json().map((c: { name: string }) => c.name)).toEqual(['Rojo Vino', 'Verde Olivo']);
    for (const url of ['/api/carbrands', '/api/userstypes']) {
      const res = await a.generalAdmin.post(url, ['Nombre Plano']);
      expect(res.statusCode, `${url} ${res.body}`).toBe(201);
      expect(res.json()[0].name).toBe('Nombre Plano');
    }
    const short = await a.generalAdmin.post('/api/colors', ['Ro']);
    expect(short.statusCode).toBe(400);
    expect(short.json().error_description).toBe('Asigna un nombre de 3 a 64 caracteres.');
  });

  it('the general administrator creates (201), renames and deletes (204) a colour', async () => {
    const res = await a.generalAdmin.post('/api/colors', [{ name: 'Turquesa' }]);
    expect(res.statusCode).toBe(201);
    const color = res.json()[0];
    expect((await a.generalAdmin.put(`/api/colors/${color.uuid}`, { name: 'Turquesa Claro' })).json()).toEqual({
      uuid: color.uuid,
      name: 'Turquesa Claro',
    });
    expect((await a.generalAdmin.del(`/api/colors/${color.uuid}`)).statusCode).toBe(204);
    expect((await a.generalAdmin.get(`/api/colors/${color.uuid}`)).json()).toEqual({
      error: 'not_found',
      error_description: 'El color no existe.',
    });
  });

  it('other roles may not change colours (403) and nothing changes', async () => {
    const before = await countRows(t, 'colors');
    const negro = (await a.admin.get('/api/colors?search=Negro')).json().content[0];
    for (const who of [a.admin, a.integrator, a.capturista]) {
      expect((await who.post('/api/colors', [{ name: 'Fucsia' }])).statusCode).toBe(403);
      expect((await who.put(`/api/colors/${negro.uuid}`, { name: 'Negro Mate' })).statusCode).toBe(403);
      expect((await who.del(`/api/colors/${negro.uuid}`)).statusCode).toBe(403);
    }
    expect(await countRows(t, 'colors')).toBe(before);
    expect((await a.admin.get(`/api/colors/${negro.uuid}`)).json().name).toBe('Negro');
  });

  it("refuses a short name with 'Asigna un nombre...' and a duplicate with 409", async () => {
    expect(
      (
        await a.generalAdmin.put(
          `/api/colors/${(await a.admin.get('/api/colors?search=Rojo')).json().content[0].uuid}`,
          { name: 'RJ' },
        )
      ).json().error_description,
    ).toBe(CATALOGUE_NAME_MESSAGE);
    const dup = await a.generalAdmin.post('/api/colors', [{ name: 'BLANCO' }]);
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error_description).toBe('Ya existe un color con ese nombre.');
  });

  it('an unknown or malformed uuid answers 404 or 400', async () => {
    expect((await a.generalAdmin.del('/api/colors/7c1d8f0e-1111-4c50-8f5a-0e7d7b3f7f11')).statusCode).toBe(404);
    expect((await a.generalAdmin.put('/api/colors/123', { name: 'Morado' })).statusCode).toBe(400);
  });
});
