import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInActors, type Actors } from '../../support/catalogue-actors.js';
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

describe('api/userstypes (user types, global catalogue)', () => {
  it("GET api/userstypes/ (with the contract's trailing slash) answers the types with uuid, name and idUsersTypes", async () => {
    const res = await a.generalAdmin.get('/api/userstypes/?size=50');
    expect(res.statusCode).toBe(200);
    const capturista = res.json().content.find((u: { name: string }) => u.name === 'Capturista');
    expect(capturista).toEqual({ uuid: expect.any(String), name: 'Capturista', idUsersTypes: 2, system: true });
    expect(
      (await a.admin.get('/api/userstypes?search=vigil')).json().content.map((u: { name: string }) => u.name),
    ).toEqual(['Vigilante', 'Vigilante administrativo']);
  });

  it('POST (list of names) creates a type with an id of its own (from 100 on) for the general administrator', async () => {
    const res = await a.generalAdmin.post('/api/userstypes', [{ name: 'Jardinero' }]);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual([{ uuid: expect.any(String), name: 'Jardinero', idUsersTypes: 100, system: false }]);
  });

  it('changes are refused to every other role (403)', async () => {
    const type = (await a.generalAdmin.post('/api/userstypes', [{ name: 'Mensajero' }])).json()[0];
    for (const who of [a.admin, a.integrator, a.capturista]) {
      expect((await who.post('/api/userstypes', [{ name: 'Intruso' }])).statusCode).toBe(403);
      expect((await who.put(`/api/userstypes/${type.uuid}`, { uuid: type.uuid, name: 'Intruso' })).statusCode).toBe(
        403,
      );
      expect((await who.del(`/api/userstypes/${type.uuid}`)).statusCode).toBe(403);
    }
  });

  it('PUT (uuid, name) renames a type; a duplicate name answers 409', async () => {
    const type = (await a.generalAdmin.post('/api/userstypes', [{ name: 'Chofer' }])).json()[0];
    expect(
      (await a.generalAdmin.put(`/api/userstypes/${type.uuid}`, { uuid: type.uuid, name: 'Chofer ejecutivo' })).json()
        .name,
    ).toBe('Chofer ejecutivo');
    const dup = await a.generalAdmin.put(`/api/userstypes/${type.uuid}`, { uuid: type.uuid, name: 'capturista' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error_description).toBe('Ya existe un tipo de usuario con ese nombre.');
  });

  it('a type the roles are built on cannot be deleted (409)', async () => {
    const integrador = (await a.generalAdmin.get('/api/userstypes?search=Integrador')).json().content[0];
    const res = await a.generalAdmin.del(`/api/userstypes/${integrador.uuid}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error_description).toBe('No es posible eliminar un tipo de usuario del sistema.');
    expect((await a.generalAdmin.get(`/api/userstypes/${integrador.uuid}`)).statusCode).toBe(200);
  });

  it('a type held by a user cannot be deleted (409); an unused one can (204)', async () => {
    const [held, unused] = (
      await a.generalAdmin.post('/api/userstypes', [{ name: 'Conserje' }, { name: 'Portero' }])
    ).json();
    await t.db.query(`INSERT INTO users (email, user_type_id) VALUES ('conserje@porton.mx', $1)`, [held.idUsersTypes]);
    const res = await a.generalAdmin.del(`/api/userstypes/${held.uuid}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error_description).toBe(
      'No es posible eliminar el tipo de usuario porque hay usuarios que lo tienen asignado.',
    );
    expect((await a.generalAdmin.del(`/api/userstypes/${unused.uuid}`)).statusCode).toBe(204);
    expect((await a.generalAdmin.get(`/api/userstypes/${unused.uuid}`)).statusCode).toBe(404);
  });
});
