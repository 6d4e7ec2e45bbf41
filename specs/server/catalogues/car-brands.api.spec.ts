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

describe('api/carbrands (Marcas de vehículos, global catalogue)', () => {
  it('GET answers the seeded brands to anyone signed in, 15 per page, searched case-insensitively', async () => {
    const res = await a.guard.get('/api/carbrands');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ totalElements: 20, totalPages: 2, page: 0, size: 15 });
    expect(res.json().content[0]).toEqual({ uuid: expect.any(String), name: 'Audi' });
    expect(
      (await a.resident.get('/api/carbrands?search=nISS')).json().content.map((b: { name: string }) => b.name),
    ).toEqual(['Nissan']);
    expect((await t.app.inject({ method: 'GET', url: '/api/carbrands' })).statusCode).toBe(401);
  });

  it('POST (list of names) creates brands with 201 for the general administrator', async () => {
    const res = await a.generalAdmin.post('/api/carbrands', [{ name: 'Tesla' }, { name: 'BYD Auto' }]);
    expect(res.statusCode).toBe(201);
    expect(res.json().map((b: { name: string }) => b.name)).toEqual(['Tesla', 'BYD Auto']);
  });

  it('changes are refused to every other role with 403', async () => {
    const audi = (await a.admin.get('/api/carbrands?search=Audi')).json().content[0];
    for (const who of [a.admin, a.capturista, a.integrator, a.guard, a.resident]) {
      expect((await who.post('/api/carbrands', [{ name: 'Marca Falsa' }])).statusCode).toBe(403);
      expect((await who.put(`/api/carbrands/${audi.uuid}`, { name: 'Audi Falso' })).statusCode).toBe(403);
      expect((await who.del(`/api/carbrands/${audi.uuid}`)).statusCode).toBe(403);
    }
    expect((await a.admin.get(`/api/carbrands/${audi.uuid}`)).json().name).toBe('Audi');
  });

  it("refuses a bad name ('Asigna un nombre...') and a duplicate in any case (409), creating nothing", async () => {
    const before = await countRows(t, 'car_brands');
    const bad = await a.generalAdmin.post('/api/carbrands', [{ name: 'VW' }]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error_description).toBe(CATALOGUE_NAME_MESSAGE);
    const dup = await a.generalAdmin.post('/api/carbrands', [{ name: 'Lincoln' }, { name: 'toyota' }]);
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error_description).toBe('Ya existe una marca de vehículo con ese nombre.');
    expect(await countRows(t, 'car_brands')).toBe(before);
  });

  it('PUT renames a brand', async () => {
    const brand = (await a.generalAdmin.post('/api/carbrands', [{ name: 'Datsun' }])).json()[0];
    const res = await a.generalAdmin.put(`/api/carbrands/${brand.uuid}`, { uuid: brand.uuid, name: 'Datsun Clásico' });
    expect(res.json()).toEqual({ uuid: brand.uuid, name: 'Datsun Clásico' });
  });

  it('DELETE answers 204 on api/carbrands and on the cardbrands spelling a client uses', async () => {
    const [one, two] = (await a.generalAdmin.post('/api/carbrands', [{ name: 'Pontiac' }, { name: 'Saturn' }])).json();
    expect((await a.generalAdmin.del(`/api/carbrands/${one.uuid}`)).statusCode).toBe(204);
    expect((await a.generalAdmin.del(`/api/cardbrands/${two.uuid}`)).statusCode).toBe(204);
    expect((await a.generalAdmin.get(`/api/carbrands/${two.uuid}`)).statusCode).toBe(404);
    expect((await a.admin.del(`/api/cardbrands/${one.uuid}`)).statusCode).toBe(403);
  });
});
