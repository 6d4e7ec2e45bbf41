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

const create = async (name: string, who = a.admin) => (await who.post('/api/providerTypes', { name })).json();

describe('api/providerTypes (Proveedores), kept per community', () => {
  it('POST (name) creates a provider type with 201 for the administrator', async () => {
    const res = await a.admin.post('/api/providerTypes', { name: 'Gas' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ uuid: expect.any(String), name: 'Gas' });
  });

  it('GET answers the list under data, paged and searched case-insensitively', async () => {
    await create('Agua Purificada');
    await create('Paquetería');
    const res = await a.guard.get('/api/providerTypes?page=0&search=AGUA');
    expect(res.statusCode).toBe(200);
    const agua = [{ uuid: expect.any(String), name: 'Agua Purificada' }];
    expect(res.json()).toEqual({ data: agua, content: agua, totalElements: 1, totalPages: 1, page: 0, size: 15 });
    expect(
      (await a.capturista.get('/api/providerTypes?page=0')).json().data.map((p: { name: string }) => p.name),
    ).toEqual(['Agua Purificada', 'Gas', 'Paquetería']);
  });

  it("one community's list never shows another's", async () => {
    await create('Jardinería', a.admin2);
    expect((await a.admin2.get('/api/providerTypes?page=0')).json().data.map((p: { name: string }) => p.name)).toEqual([
      'Jardinería',
    ]);
    expect((await a.admin.get('/api/providerTypes?page=0&search=Jardin')).json().data).toEqual([]);
  });

  it("refuses a name outside 3 to 64 ('Asigna un nombre...') and a duplicate (409), creating nothing", async () => {
    const before = await countRows(t, 'provider_types');
    const short = await a.admin.post('/api/providerTypes', { name: 'TV' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error_description).toBe(CATALOGUE_NAME_MESSAGE);
    const dup = await a.admin.post('/api/providerTypes', { name: 'gas' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error_description).toBe('Ya existe un tipo de proveedor con ese nombre en el fraccionamiento.');
    expect(await countRows(t, 'provider_types')).toBe(before);
  });

  it('only the administrator changes them: capturista, guard, integrator and resident get 403', async () => {
    const item = await create('Mudanzas');
    for (const who of [a.capturista, a.guard, a.integrator, a.resident]) {
      expect((await who.post('/api/providerTypes', { name: 'Lavandería' })).statusCode).toBe(403);
      expect((await who.put(`/api/providerTypes/${item.uuid}`, { name: 'Fletes' })).statusCode).toBe(403);
      expect((await who.del(`/api/providerTypes/${item.uuid}`)).statusCode).toBe(403);
    }
    for (const who of [a.resident, a.contractor, a.integrator])
      expect((await who.get('/api/providerTypes?page=0')).statusCode).toBe(403);
    expect((await a.admin.get(`/api/providerTypes/${item.uuid}`)).json().name).toBe('Mudanzas');
  });

  it('PUT renames and DELETE removes (204)', async () => {
    const item = await create('Fumigación');
    const res = await a.admin.put(`/api/providerTypes/${item.uuid}`, { uuid: item.uuid, name: 'Control de plagas' });
    expect(res.json()).toEqual({ uuid: item.uuid, name: 'Control de plagas' });
    expect((await a.admin.del(`/api/providerTypes/${item.uuid}`)).statusCode).toBe(204);
    expect((await a.admin.get(`/api/providerTypes/${item.uuid}`)).statusCode).toBe(404);
  });

  it("read, change and delete of another community's provider type answer 404 and change nothing", async () => {
    const foreign = await create('Internet', a.admin2);
    expect((await a.admin.get(`/api/providerTypes/${foreign.uuid}`)).statusCode).toBe(404);
    expect((await a.admin.put(`/api/providerTypes/${foreign.uuid}`, { name: 'Cable Robado' })).statusCode).toBe(404);
    expect((await a.admin.del(`/api/providerTypes/${foreign.uuid}`)).statusCode).toBe(404);
    expect((await a.admin2.get(`/api/providerTypes/${foreign.uuid}`)).json()).toEqual({
      uuid: foreign.uuid,
      name: 'Internet',
    });
  });
});
