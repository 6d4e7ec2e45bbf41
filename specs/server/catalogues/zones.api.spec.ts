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

const names = (res: { json: () => { content: { name: string }[] } }) => res.json().content.map((z) => z.name);

describe('GET api/zones (Zonas: list of the active community)', () => {
  it("answers the zones of the caller's community with idZone, color and testFrac, never another community's", async () => {
    const res = await a.admin.get('/api/zones?page=0');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ totalElements: 2, totalPages: 1, page: 0, size: 15 });
    expect(body.content[0]).toEqual({
      uuid: expect.any(String),
      idZone: expect.any(Number),
      name: 'Zona Norte',
      color: '#000000',
      idFrac: expect.any(Number),
      testFrac: { uuid: expect.any(String), name: 'Residencial Las Palmas' },
    });
    expect(names(res)).toEqual(['Zona Norte', 'Zona Sur']);
    expect(names(await a.admin2.get('/api/zones?page=0'))).toEqual(['Etapa 1']);
  });

  it('searches case-insensitively on the name (contains) and treats % literally', async () => {
    expect(names(await a.admin.get('/api/zones?page=0&search=NORT'))).toEqual(['Zona Norte']);
    expect(names(await a.admin.get('/api/zones?page=0&search=%25'))).toEqual([]);
    expect(names(await a.admin.get('/api/zones?page=0&search=Etapa'))).toEqual([]);
  });

  it('pages 15 rows by default', async () => {
    await t.db.query(
      `INSERT INTO zones (community_id, name) SELECT z.community_id, 'Privada ' || g FROM zones z, generate_series(1, 20) g WHERE z.name = 'Zona Norte'`,
    );
    const first = (await a.admin.get('/api/zones?page=0')).json();
    expect(first.content).toHaveLength(15);
    expect(first).toMatchObject({ totalElements: 22, totalPages: 2 });
    const second = (await a.admin.get('/api/zones?page=1')).json();
    expect(second.content).toHaveLength(7);
    await t.db.query(`DELETE FROM zones WHERE name LIKE 'Privada %'`);
  });

  it("follows the session's active community after setUpdateFrac", async () => {
    const token = await t.signIn('administrador@porton.mx');
    const me = (await t.as(token).get('/api/users/me')).json();
    const bosques = me.product.find((p: { name: string }) => p.name === 'Bosques del Valle');
    await t.as(token).put(`/api/users/setUpdateFrac/${bosques.uuid}`);
    expect(names(await t.as(token).get('/api/zones?page=0'))).toEqual(['Sección A']);
  });

  it('is read by administrator, capturista, guard and integrator; refused to resident, contractor and general admin', async () => {
    for (const who of [a.admin, a.capturista, a.guard, a.integrator])
      expect((await who.get('/api/zones?page=0')).statusCode).toBe(200);
    for (const who of [a.resident, a.contractor, a.generalAdmin])
      expect((await who.get('/api/zones?page=0')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/zones?page=0' })).statusCode).toBe(401);
  });
});

describe('POST api/zones (list of one: name, color, idFrac)', () => {
  it("creates the zone in the session's community with 201 and answers it", async () => {
    const res = await a.capturista.post('/api/zones', [{ name: '  Zona Poniente ', color: '#000000', idFrac: 1 }]);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual([
      expect.objectContaining({
        name: 'Zona Poniente',
        color: '#000000',
        testFrac: expect.objectContaining({ name: 'Residencial Las Palmas' }),
      }),
    ]);
    expect(names(await a.admin.get('/api/zones?page=0&search=poniente'))).toEqual(['Zona Poniente']);
  });

  it('ignores an idFrac of another community: the community comes from the session', async () => {
    const foreign = (await a.admin2.get('/api/zones?page=0')).json().content[0].idFrac;
    const res = await a.admin.post('/api/zones', [{ name: 'Zona Intrusa', color: '#000000', idFrac: foreign }]);
    expect(res.json()[0].testFrac.name).toBe('Residencial Las Palmas');
    expect(names(await a.admin2.get('/api/zones?page=0'))).toEqual(['Etapa 1']);
  });

  it("refuses a name shorter than 3 or longer than 64 with 'Asigna un nombre' and creates nothing", async () => {
    const before = await countRows(t, 'zones');
    for (const name of ['ab', '   ab  ', 'x'.repeat(65), '']) {
      const res = await a.admin.post('/api/zones', [{ name }]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        error: 'invalid_request',
        error_description: 'Asigna un nombre',
        fields: { '0.name': 'Asigna un nombre' },
      });
    }
    expect((await a.admin.post('/api/zones', [{ name: 'Zona Buena' }, { name: 'no' }])).statusCode).toBe(400);
    expect((await a.admin.post('/api/zones', [])).statusCode).toBe(400);
    expect((await a.admin.post('/api/zones', { name: 'Zona Suelta' })).statusCode).toBe(400);
    expect(await countRows(t, 'zones')).toBe(before);
  });

  it('refuses a name already used in the community (any case) with 409, but another community may use it', async () => {
    const before = await countRows(t, 'zones');
    const res = await a.admin.post('/api/zones', [{ name: 'zona norte' }]);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: 'conflict',
      error_description: 'Ya existe una zona con ese nombre en el fraccionamiento.',
    });
    expect((await a.admin.post('/api/zones', [{ name: 'Zona Doble' }, { name: 'ZONA DOBLE' }])).statusCode).toBe(409);
    expect(await countRows(t, 'zones')).toBe(before);
    expect((await a.admin2.post('/api/zones', [{ name: 'Zona Norte' }])).statusCode).toBe(201);
  });

  it('is refused to guard, integrator and resident', async () => {
    for (const who of [a.guard, a.integrator, a.resident])
      expect((await who.post('/api/zones', [{ name: 'Zona Prohibida' }])).statusCode).toBe(403);
    expect(names(await a.admin.get('/api/zones?page=0&search=Prohibida'))).toEqual([]);
  });
});

describe('PUT and DELETE api/zones/{uuid}', () => {
  const create = async (name: string) => (await a.admin.post('/api/zones', [{ name }])).json()[0];

  it('PUT renames the zone and answers it', async () => {
    const zone = await create('Zona Vieja');
    const res = await a.capturista.put(`/api/zones/${zone.uuid}`, {
      name: 'Zona Nueva',
      color: '#000000',
      idFrac: zone.idFrac,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ uuid: zone.uuid, idZone: zone.idZone, name: 'Zona Nueva' });
    expect((await a.admin.get(`/api/zones/${zone.uuid}`)).json().name).toBe('Zona Nueva');
  });

  it('PUT refuses an invalid name with 400 and leaves the zone as it was', async () => {
    const zone = await create('Zona Intacta');
    const res = await a.admin.put(`/api/zones/${zone.uuid}`, { name: 'no' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error_description).toBe('Asigna un nombre');
    expect((await a.admin.get(`/api/zones/${zone.uuid}`)).json().name).toBe('Zona Intacta');
  });

  it('DELETE removes an empty zone with 204 for the administrator', async () => {
    const zone = await create('Zona Efímera');
    expect((await a.admin.del(`/api/zones/${zone.uuid}`)).statusCode).toBe(204);
    expect((await a.admin.get(`/api/zones/${zone.uuid}`)).statusCode).toBe(404);
  });

  it('DELETE is refused to the capturista (no delete for user type 2)', async () => {
    const zone = await create('Zona Protegida');
    expect((await a.capturista.del(`/api/zones/${zone.uuid}`)).statusCode).toBe(403);
    expect((await a.admin.get(`/api/zones/${zone.uuid}`)).statusCode).toBe(200);
  });

  it('DELETE of a zone with streets answers 409 in Spanish and keeps it', async () => {
    const norte = (await a.admin.get('/api/zones?page=0&search=Zona Norte')).json().content[0];
    const res = await a.admin.del(`/api/zones/${norte.uuid}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error_description).toBe(
      'No es posible eliminar la zona porque tiene calles u otros registros asociados.',
    );
    expect((await a.admin.get(`/api/zones/${norte.uuid}`)).statusCode).toBe(200);
  });

  it('a malformed uuid answers 400 in Spanish; an unknown one 404', async () => {
    const res = await a.admin.get('/api/zones/no-es-uuid');
    expect(res.statusCode).toBe(400);
    expect(res.json().error_description).toBe('Identificador no válido.');
    expect((await a.admin.del('/api/zones/2b1d8f0e-1111-4c50-8f5a-0e7d7b3f7f11')).json()).toEqual({
      error: 'not_found',
      error_description: 'La zona no existe.',
    });
  });
});

describe("tenant isolation: another community's zone answers 404", () => {
  it('read, change and delete of a Villas del Sol zone by Las Palmas staff answer 404 and change nothing', async () => {
    const foreign = (await a.admin2.get('/api/zones?page=0&search=Etapa')).json().content[0];
    expect((await a.admin.get(`/api/zones/${foreign.uuid}`)).statusCode).toBe(404);
    expect((await a.admin.put(`/api/zones/${foreign.uuid}`, { name: 'Zona Robada' })).statusCode).toBe(404);
    expect((await a.capturista.put(`/api/zones/${foreign.uuid}`, { name: 'Zona Robada' })).statusCode).toBe(404);
    expect((await a.admin.del(`/api/zones/${foreign.uuid}`)).statusCode).toBe(404);
    expect((await a.integrator.get(`/api/zones/${foreign.uuid}`)).statusCode).toBe(404);
    expect((await a.admin2.get(`/api/zones/${foreign.uuid}`)).json()).toMatchObject({ name: 'Etapa 1' });
  });
});
