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

const create = async (name: string, who = a.admin) => (await who.post('/api/gates', [{ name }])).json()[0];

describe('POST api/gates (list: name, idFrac)', () => {
  it("creates the gate in the session's community with 201 and answers idGate, idFrac and testFrac", async () => {
    const res = await a.capturista.post('/api/gates', [{ name: 'Acceso Principal', idFrac: 999 }]);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual([
      {
        uuid: expect.any(String),
        idGate: expect.any(Number),
        name: 'Acceso Principal',
        idFrac: expect.any(Number),
        testFrac: { uuid: expect.any(String), name: 'Residencial Las Palmas' },
      },
    ]);
  });

  it("refuses a name outside 3 to 64 with a message beginning 'Asigna un nombre' and creates nothing", async () => {
    const before = await countRows(t, 'gates');
    for (const body of [[{ name: 'AB' }], [{ name: 'y'.repeat(65) }], [{}], [{ name: 7 }]]) {
      const res = await a.admin.post('/api/gates', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error_description).toBe(CATALOGUE_NAME_MESSAGE);
      expect(res.json().error_description).toMatch(/^Asigna un nombre/);
    }
    expect(await countRows(t, 'gates')).toBe(before);
  });

  it('refuses a duplicate name in the community with 409; another community may use it', async () => {
    await create('Acceso Oriente');
    const res = await a.admin.post('/api/gates', [{ name: 'ACCESO ORIENTE' }]);
    expect(res.statusCode).toBe(409);
    expect(res.json().error_description).toBe('Ya existe una puerta de acceso con ese nombre en el fraccionamiento.');
    expect((await a.admin2.post('/api/gates', [{ name: 'Acceso Oriente' }])).statusCode).toBe(201);
  });

  it('is refused to guard, integrator, resident and general admin', async () => {
    for (const who of [a.guard, a.integrator, a.resident, a.generalAdmin])
      expect((await who.post('/api/gates', [{ name: 'Puerta Prohibida' }])).statusCode).toBe(403);
  });
});

describe('GET api/gates and api/gates/complete', () => {
  it('gates pages 15 per page and searches the gate name case-insensitively', async () => {
    await a.admin.post(
      '/api/gates',
      Array.from({ length: 17 }, (_, i) => ({ name: `Pluma ${String(i + 1).padStart(2, '0')}` })),
    );
    const first = (await a.guard.get('/api/gates?page=0&search=pluma')).json();
    expect(first).toMatchObject({ totalElements: 17, totalPages: 2, page: 0, size: 15 });
    expect(first.content).toHaveLength(15);
    expect(
      (await a.guard.get('/api/gates?search=pluma&page=1')).json().content.map((g: { name: string }) => g.name),
    ).toEqual(['Pluma 16', 'Pluma 17']);
  });

  it('complete answers every gate of the community (report filter) and none of another', async () => {
    const res = await a.guard.get('/api/gates/complete');
    expect(res.statusCode).toBe(200);
    const listed = res.json().map((g: { name: string }) => g.name);
    expect(listed).toHaveLength(19);
    expect((await a.admin2.get('/api/gates/complete')).json().map((g: { name: string }) => g.name)).toEqual([
      'Acceso Oriente',
    ]);
  });

  it('is refused to resident and contractor', async () => {
    for (const who of [a.resident, a.contractor]) {
      expect((await who.get('/api/gates?page=0')).statusCode).toBe(403);
      expect((await who.get('/api/gates/complete')).statusCode).toBe(403);
    }
  });
});

describe('PUT and DELETE api/gates/{uuid}', () => {
  it('PUT (uuid, name, idFrac) renames the gate', async () => {
    const gate = await create('Caseta Norte');
    const res = await a.capturista.put(`/api/gates/${gate.uuid}`, {
      uuid: gate.uuid,
      name: 'Caseta Poniente',
      idFrac: gate.idFrac,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ uuid: gate.uuid, name: 'Caseta Poniente' });
  });

  it('PUT refuses a short name with 400 and keeps the old one', async () => {
    const gate = await create('Caseta Sur');
    expect((await a.admin.put(`/api/gates/${gate.uuid}`, { name: 'CS' })).statusCode).toBe(400);
    expect((await a.admin.get(`/api/gates/${gate.uuid}`)).json().name).toBe('Caseta Sur');
  });

  it('DELETE: 403 for the capturista, 204 for the administrator', async () => {
    const gate = await create('Puerta Peatonal');
    expect((await a.capturista.del(`/api/gates/${gate.uuid}`)).statusCode).toBe(403);
    expect((await a.admin.del(`/api/gates/${gate.uuid}`)).statusCode).toBe(204);
    expect((await a.admin.get(`/api/gates/${gate.uuid}`)).json()).toEqual({
      error: 'not_found',
      error_description: 'La puerta de acceso no existe.',
    });
  });
});

describe("tenant isolation: another community's gate answers 404", () => {
  it('read, change and delete of a Villas del Sol gate by Las Palmas staff answer 404 and change nothing', async () => {
    const foreign = await create('Garita Sol', a.admin2);
    expect((await a.admin.get(`/api/gates/${foreign.uuid}`)).statusCode).toBe(404);
    expect((await a.admin.put(`/api/gates/${foreign.uuid}`, { name: 'Garita Robada' })).statusCode).toBe(404);
    expect((await a.admin.del(`/api/gates/${foreign.uuid}`)).statusCode).toBe(404);
    expect((await a.integrator.del(`/api/gates/${foreign.uuid}`)).statusCode).toBe(403);
    expect((await a.admin2.get(`/api/gates/${foreign.uuid}`)).json()).toMatchObject({ name: 'Garita Sol' });
  });
});
