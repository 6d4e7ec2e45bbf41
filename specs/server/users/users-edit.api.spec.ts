import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManagedUser } from '../../../src/shared/users/user-management-types.js';
import { capturista, guard, usersApi } from '../../support/users/user-payloads.js';
import { testApp, type TestApp } from '../../support/test-app.js';

let t: TestApp;
let api: ReturnType<typeof usersApi>;
let admin: string;
let integrator: string;
let general: string;
beforeAll(async () => {
  t = await testApp();
  api = usersApi(t);
  [admin, integrator, general] = await Promise.all([
    t.signIn('administrador@porton.mx'),
    t.signIn('integrador@porton.mx'),
    t.signIn('admin@porton.mx'),
  ]);
});
afterAll(async () => {
  await t?.close();
}); // t is unset when beforeAll failed: report that error alone

const list = (token: string, query = '') => api.list(token, query);
const emails = (token: string, query = '') => api.emails(token, query);
const create = (token: string, ...users: Record<string, unknown>[]) => api.create(token, ...users);
const uuidOf = (email: string) => api.uuidOf(email);

describe('user form rules answered by the server in Spanish', () => {
  const fieldsOf = async (user: Record<string, unknown>) => {
    const res = await create(admin, user);
    expect(res.statusCode).toBe(400);
    return res.json().fields as Record<string, string>;
  };

  it('type required; email 7 to 64 characters with the pattern; names 1..64 and 3..64', async () => {
    expect(await fieldsOf({ email: 'sin.tipo@porton.mx', firstName: 'A', lastName: 'Bcd' })).toEqual({
      '0.idUsersTypes': 'El tipo de usuario es obligatorio.',
    });
    for (const email of ['a@b.mx', 'no-es-correo', `${'x'.repeat(60)}@porton.mx`, '']) {
      expect(await fieldsOf(capturista({ email }))).toEqual({
        '0.email': 'El texto ingresado debe ser un correo electrónico',
      });
    }
    expect(await fieldsOf(capturista({ firstName: '  ' }))).toEqual({ '0.firstName': 'El nombre es obligatorio.' });
    expect(await fieldsOf(capturista({ lastName: 'Lo' }))).toEqual({
      '0.lastName': 'Los apellidos deben tener entre 3 y 64 caracteres.',
    });
    expect(await fieldsOf(capturista({ lastName: 'x'.repeat(65) }))).toEqual({
      '0.lastName': 'Los apellidos deben tener entre 3 y 64 caracteres.',
    });
    expect((await create(admin, capturista({ firstName: 'A', lastName: 'Bcd' }))).statusCode).toBe(201);
  });

  it('guards (5, 6) need a code of exactly 4 characters', async () => {
    for (const code of ['ABC', 'ABCDE', '', 'A B1']) {
      expect(await fieldsOf(guard(code))).toEqual({
        '0.vigilantCode': 'El código debe tener exactamente 4 caracteres',
      });
    }
    expect(await fieldsOf(guard('ABC', { idUsersTypes: 6 }))).toEqual({
      '0.vigilantCode': 'El código debe tener exactamente 4 caracteres',
    });
  });

  it('chatbot use needs a 10-digit phone, and applies to a capturista (type 2)', async () => {
    expect(await fieldsOf(capturista({ useApp: true }))).toEqual({ '0.phoneNumber': 'El número es obligatorio.' });
    expect(await fieldsOf(capturista({ useApp: true, phoneNumber: '55123' }))).toEqual({
      '0.phoneNumber': 'El número debe contener 10 dígitos.',
    });
    const ok = await create(admin, capturista({ useApp: true, phoneNumber: '5512345678' }));
    expect(ok.json()[0].administrativeVisitsUser).toEqual({ useapp: true, phone: { phone: '5512345678' } });
    const notForGuards = await create(admin, guard('CHAT', { useApp: true, phoneNumber: '5512345678' }));
    expect(notForGuards.statusCode).toBe(400);
    expect(notForGuards.json().error_description).toMatch(/chatbot/);
  });
});

describe('PUT api/users/{uuid}: edit without changing type or email', () => {
  it('updates the names and keeps type and email', async () => {
    const [u] = (await create(admin, capturista({ email: 'editar@porton.mx' }))).json() as ManagedUser[];
    const res = await t
      .as(admin)
      .put(
        `/api/users/${u.uuid}`,
        capturista({ email: 'editar@porton.mx', firstName: 'Editado', lastName: 'Con Cambios' }),
      );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      firstName: 'Editado',
      lastName: 'Con Cambios',
      email: 'editar@porton.mx',
      idUsersTypes: 2,
    });
  });

  it('refuses a change of type or of email with 400 and changes nothing', async () => {
    const [u] = (
      await create(admin, capturista({ email: 'fijo@porton.mx', firstName: 'Fijo' }))
    ).json() as ManagedUser[];
    const type = await t
      .as(admin)
      .put(`/api/users/${u.uuid}`, capturista({ email: 'fijo@porton.mx', idUsersTypes: 4, firstName: 'Otro' }));
    expect(type.statusCode).toBe(400);
    expect(type.json().error_description).toBe('No es posible cambiar el tipo de usuario.');
    const email = await t
      .as(admin)
      .put(`/api/users/${u.uuid}`, capturista({ email: 'otro@porton.mx', firstName: 'Otro' }));
    expect(email.statusCode).toBe(400);
    expect(email.json().error_description).toBe('No es posible cambiar el correo del usuario.');
    expect((await list(admin, '&search=fijo@')).content[0]).toMatchObject({ firstName: 'Fijo', idUsersTypes: 2 });
  });

  it("a guard's new code must be free in its community (409)", async () => {
    await create(admin, guard('TAKN'));
    const [g] = (await create(admin, guard('FREE'))).json() as ManagedUser[];
    const res = await t.as(admin).put(`/api/users/${g.uuid}`, guard('TAKN'));
    expect(res.statusCode).toBe(409);
    expect(res.json().error_description).toBe('El código ya existe');
    expect((await t.as(admin).put(`/api/users/${g.uuid}`, guard('NEW1'))).json().vigilantCode).toBe('NEW1');
  });

  it('a guard registered without a code gets one in its community, unique there', async () => {
    const seeded = await uuidOf('vigilante@porton.mx');
    const res = await t
      .as(admin)
      .put(
        `/api/users/${seeded}`,
        guard('V001', { email: 'vigilante@porton.mx', firstName: 'Víctor', lastName: 'López Díaz' }),
      );
    expect(res.statusCode).toBe(200);
    expect(res.json().vigilantCode).toBe('V001');
    expect((await create(admin, guard('v001'))).statusCode).toBe(409);
  });

  it("another community's user, a contractor and an unknown uuid answer 404", async () => {
    const foreign = await uuidOf('administrador2@porton.mx');
    expect(
      (
        await t
          .as(admin)
          .put(`/api/users/${foreign}`, capturista({ idUsersTypes: 4, email: 'administrador2@porton.mx' }))
      ).statusCode,
    ).toBe(404);
    expect((await t.as(admin).del(`/api/users/${foreign}`)).statusCode).toBe(404);
    expect(
      (
        await t
          .as(integrator)
          .put(`/api/users/${foreign}`, capturista({ idUsersTypes: 4, email: 'administrador2@porton.mx' }))
      ).statusCode,
    ).toBe(404);
    const contractor = await uuidOf('contratista@porton.mx');
    expect(
      (
        await t
          .as(admin)
          .put(`/api/users/${contractor}`, capturista({ idUsersTypes: 15, email: 'contratista@porton.mx' }))
      ).statusCode,
    ).toBe(404);
    expect((await t.as(general).del(`/api/users/${contractor}`)).statusCode).toBe(404);
    expect((await t.as(admin).del('/api/users/9b7c3b0e-7a3a-4c50-8f5a-0e7d7b3f7f11')).statusCode).toBe(404);
    expect(
      (await t.db.one<{ n: number }>(
        `SELECT count(*)::int AS n FROM users WHERE deleted_at IS NOT NULL AND email IN ('administrador2@porton.mx', 'contratista@porton.mx')`,
      ))!.n,
    ).toBe(0);
  });

  it('an administrator may not edit users of types it does not manage (a resident): 403', async () => {
    const resident = await uuidOf('residente@porton.mx');
    const res = await t
      .as(admin)
      .put(`/api/users/${resident}`, capturista({ idUsersTypes: 3, email: 'residente@porton.mx' }));
    expect(res.statusCode).toBe(403);
  });

  it('own chatbot use needs the administrative resident of the community configured', async () => {
    const self = await uuidOf('administrador@porton.mx');
    const body = {
      idUsersTypes: 4,
      email: 'administrador@porton.mx',
      firstName: 'Adriana',
      lastName: 'Morales Peña',
      useApp: true,
      phoneNumber: '5587654321',
    };
    expect((await t.as(admin).put(`/api/users/${self}`, body)).statusCode).toBe(400);
    const street = (await t.db.one<{ id: number }>(
      `SELECT s.id FROM streets s JOIN communities c ON c.id = s.community_id WHERE c.name = 'Residencial Las Palmas' LIMIT 1`,
    ))!.id;
    expect(
      (
        await t.as(admin).post('/api/administrativeVisitUser/administrativeResident/', {
          firstName: 'Administración',
          lastName: 'Las Palmas',
          email: 'admon@porton.mx',
          idStreet: street,
          number: '1',
        })
      ).statusCode,
    ).toBe(201);
    const res = await t.as(admin).put(`/api/users/${self}`, body);
    expect(res.statusCode).toBe(200);
    expect(res.json().administrativeVisitsUser).toEqual({ useapp: true, phone: { phone: '5587654321' } });
  });
});

describe('DELETE api/users/{uuid}', () => {
  it('deletes (soft) a user of the community and ends its sessions at once', async () => {
    const [u] = (await create(admin, capturista({ email: 'temporal@porton.mx' }))).json() as ManagedUser[];
    await api.register('Temporal2026');
    const token = await t.signIn('temporal@porton.mx', 'Temporal2026');
    expect((await t.as(token).get('/api/users/me')).statusCode).toBe(200);
    expect((await t.as(admin).del(`/api/users/${u.uuid}`)).statusCode).toBe(204);
    expect((await t.as(token).get('/api/users/me')).statusCode).toBe(401);
    expect(await emails(admin)).not.toContain('temporal@porton.mx');
    expect(
      (await t.db.one<{ deleted: boolean }>('SELECT deleted_at IS NOT NULL AS deleted FROM users WHERE uuid = $1', [
        u.uuid,
      ]))!.deleted,
    ).toBe(true);
  });

  it("a user of two communities is only removed from the caller's one", async () => {
    const [u] = (await create(admin, capturista({ email: 'dos.fracs@porton.mx' }))).json() as ManagedUser[];
    await t.db.query(
      `INSERT INTO user_communities (user_id, community_id)
      SELECT u.id, c.id FROM users u, communities c WHERE u.uuid = $1 AND c.name = 'Bosques del Valle'`,
      [u.uuid],
    );
    expect((await t.as(admin).del(`/api/users/${u.uuid}`)).statusCode).toBe(204);
    expect(await emails(admin)).not.toContain('dos.fracs@porton.mx');
    expect(await emails(integrator)).toContain('dos.fracs@porton.mx');
  });

  it('refuses to delete oneself (400) and an integrator account from this screen (409)', async () => {
    expect((await t.as(admin).del(`/api/users/${await uuidOf('administrador@porton.mx')}`)).statusCode).toBe(400);
    expect((await t.as(general).del(`/api/users/${await uuidOf('integrador2@porton.mx')}`)).statusCode).toBe(409);
  });
});
