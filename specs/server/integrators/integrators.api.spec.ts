import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedIntegrator, Integrator } from '../../../src/shared/integrators/integrator-types.js';
import { EMAIL_FORMAT_MESSAGE } from '../../../src/shared/integrators/integrator.schema.js';
import { addressId, integratorBody, integratorUuid, tokenRequest } from '../../support/community-fixtures.js';
import { testApp, type TestApp } from '../../support/test-app.js';

let t: TestApp;
let admin: ReturnType<TestApp['as']>;
beforeAll(async () => {
  t = await testApp();
  admin = t.as(await t.signIn('admin@porton.mx'));
});
afterAll(async () => {
  await t?.close();
}); // t is unset when beforeAll failed: report that error alone

const count = async () => (await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM integrators'))!.n;

describe('integrators: only the general administrator', () => {
  const others = [
    'integrador@porton.mx',
    'administrador@porton.mx',
    'capturista@porton.mx',
    'vigilante@porton.mx',
    'residente@porton.mx',
    'contratista@porton.mx',
  ];

  it('every other role gets 403 on every integrator call, and nothing changes', async () => {
    const uuid = await integratorUuid(t, 'integrador2@porton.mx');
    const body = await integratorBody(t);
    for (const email of others) {
      const as = t.as(await t.signIn(email));
      const calls = [
        as.get('/api/integrator/'),
        as.get(`/api/integrator/${uuid}`),
        as.post('/api/integrator', body),
        as.put(`/api/integrator/${uuid}`, body),
        as.del(`/api/integrator/${uuid}`),
        as.put(`/api/integrator/${uuid}/disable`),
        as.put(`/api/integrator/${uuid}/enable`),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.statusCode, email).toBe(403);
        expect(res.json().error_description).toBe('No tienes permiso para realizar esta acción.');
      }
    }
    expect(await count()).toBe(2);
    expect(
      (await t.db.one<{ enabled: boolean }>('SELECT enabled FROM integrators WHERE uuid = $1', [uuid]))!.enabled,
    ).toBe(true);
  });

  it('without a token every call answers 401', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/integrator/' });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET api/integrator/ (Integradores registrados)', () => {
  it('answers each row with the Integrator shape of the contract', async () => {
    const res = await admin.get('/api/integrator/');
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.totalElements).toBe(2);
    const ignacio = page.content.find((i: Integrator) => i.name === 'Ignacio');
    expect(ignacio).toEqual({
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Ignacio',
      lastName: 'Ramírez Soto',
      number: '1450',
      intNumber: null,
      street: 'Av. Insurgentes Sur',
      phone: '5512345678',
      licenses: 400,
      enabled: true,
      address: {
        cp: '03100',
        city: 'Benito Juárez',
        state: 'Ciudad de México',
        colony: 'Del Valle Centro',
        idAddress: await addressId(t, '03100'),
        uuid: expect.any(String),
      },
      testUser: { email: 'integrador@porton.mx', firstName: 'Ignacio', lastName: 'Ramírez Soto' },
    });
    expect(page.content.find((i: Integrator) => i.name === 'Isabel').phone).toBeNull();
  });

  it('searches by name, case-insensitive and contains', async () => {
    const res = await admin.get('/api/integrator/?search=SAB');
    expect(res.json().content.map((i: Integrator) => i.name)).toEqual(['Isabel']);
    expect((await admin.get('/api/integrator/?search=zzz')).json().totalElements).toBe(0);
  });

  it("searches the name as the 'Nombre' column shows it: first and last name", async () => {
    const byLast = await admin.get('/api/integrator/?search=navarro');
    expect(byLast.json().content.map((i: Integrator) => i.name)).toEqual(['Isabel']);
    const whole = await admin.get(`/api/integrator/?search=${encodeURIComponent('isabel navarro')}`);
    expect(whole.json().content.map((i: Integrator) => i.name)).toEqual(['Isabel']);
  });

  it('pages with page (0-based) and size; the path without the slash answers the same', async () => {
    const second = (await admin.get('/api/integrator?page=1&size=1')).json();
    expect(second).toMatchObject({ totalElements: 2, totalPages: 2, page: 1, size: 1 });
    expect(second.content.map((i: Integrator) => i.name)).toEqual(['Isabel']);
  });

  it('GET api/integrator/{uuid} answers one; an unknown uuid 404, a malformed one 400', async () => {
    const uuid = await integratorUuid(t, 'integrador2@porton.mx');
    expect((await admin.get(`/api/integrator/${uuid}`)).json()).toMatchObject({ uuid, name: 'Isabel', licenses: 120 });
    const missing = await admin.get('/api/integrator/9b7c3b0e-7a3a-4c50-8f5a-0e7d7b3f7f11');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error_description).toBe('El integrador no existe.');
    expect((await admin.get('/api/integrator/nope')).statusCode).toBe(400);
  });
});

describe('POST api/integrator (Alta integrador)', () => {
  it("refuses an empty form with the form's Spanish messages and creates nothing", async () => {
    const res = await admin.post('/api/integrator', {
      name: '',
      lastName: ' ',
      phone: '',
      street: '',
      number: '',
      licenses: '',
      idAddress: '',
      user: { email: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({
      name: 'Por favor, introduce un nombre',
      lastName: 'Por favor, introduce un apellido',
      phone: 'Por favor, introduce un Teléfono',
      street: 'Por favor, introduce una calle',
      number: 'Por favor, introduce un número exterior',
      licenses: 'Por favor, debes asignar un numero de licencias',
      idAddress: 'Por favor, selecciona una colonia',
      'user.email': EMAIL_FORMAT_MESSAGE,
    });
    expect(res.json().error_description).toContain('Por favor, introduce un nombre');
    const missing = await admin.post('/api/integrator', {});
    expect(missing.json().fields).toMatchObject({
      name: 'Por favor, introduce un nombre',
      lastName: 'Por favor, introduce un apellido',
      phone: 'Por favor, introduce un Teléfono',
      number: 'Por favor, introduce un número exterior',
      licenses: 'Por favor, debes asignar un numero de licencias',
      user: EMAIL_FORMAT_MESSAGE,
    });
    expect(JSON.stringify(missing.json())).not.toMatch(/Invalid|Expected/);
    expect(await count()).toBe(2);
  });

  it('applies the limits: names and email 64, phone 10 digits, postal code 5, numbers 8', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: 'N'.repeat(65) }, 'name', 'El nombre admite como máximo 64 caracteres.'],
      [{ lastName: 'A'.repeat(65) }, 'lastName', 'El apellido admite como máximo 64 caracteres.'],
      [{ phone: '81123456' }, 'phone', 'El teléfono debe tener 10 dígitos.'],
      [{ phone: '81-1234-567' }, 'phone', 'El teléfono debe tener 10 dígitos.'],
      [{ cp: '6400' }, 'cp', 'El código postal debe tener 5 dígitos.'],
      [{ number: '123456789' }, 'number', 'El número exterior admite como máximo 8 caracteres.'],
      [{ intNumber: '123456789' }, 'intNumber', 'El número interior admite como máximo 8 caracteres.'],
      [{ licenses: 123456789 }, 'licenses', 'La cantidad de licencias debe ser un número entero de 1 a 8 dígitos.'],
      [{ licenses: '2.5' }, 'licenses', 'La cantidad de licencias debe ser un número entero de 1 a 8 dígitos.'],
      [{ licenses: 0 }, 'licenses', 'La cantidad de licencias debe ser un número entero de 1 a 8 dígitos.'],
    ];
    for (const [override, field, message] of cases) {
      const res = await admin.post('/api/integrator', await integratorBody(t, override));
      expect(res.statusCode, field).toBe(400);
      expect(res.json().fields[field]).toBe(message);
    }
    const longEmail = await admin.post('/api/integrator', await integratorBody(t, {}, `${'a'.repeat(56)}@porton.mx`));
    expect(longEmail.json().fields['user.email']).toBe('El correo admite como máximo 64 caracteres.');
    for (const email of ['sin-arroba.mx', 'a@b', 'ñ@porton.mx', 'a@porton.c']) {
      const res = await admin.post('/api/integrator', await integratorBody(t, {}, email));
      expect(res.json().fields['user.email'], email).toBe(EMAIL_FORMAT_MESSAGE);
    }
    expect(await count()).toBe(2);
  });

  it('refuses a colony that does not exist or does not belong to the postal code', async () => {
    const missing = await admin.post('/api/integrator', await integratorBody(t, { idAddress: 999999 }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error_description).toBe('Por favor, selecciona una colonia');
    const mismatch = await admin.post('/api/integrator', await integratorBody(t, { cp: '01000' }));
    expect(mismatch.json().error_description).toBe('La colonia no corresponde al código postal.');
    expect(await count()).toBe(2);
  });

  it("refuses an email already used (any case) with 409 'El correo ya existe'", async () => {
    const res = await admin.post('/api/integrator', await integratorBody(t, {}, 'ADMINISTRADOR@porton.mx'));
    expect(res.statusCode).toBe(409);
    expect(res.json().error_description).toBe('El correo ya existe');
    expect(await count()).toBe(2);
  });

  it('creates the integrator and its ACTIVE type-14 account; the access code in user.oldPassword signs in', async () => {
    const res = await admin.post('/api/integrator', await integratorBody(t, { licenses: '75', intNumber: 'B-2' }));
    expect(res.statusCode).toBe(200);
    const created: CreatedIntegrator = res.json();
    expect(created).toMatchObject({
      name: 'Nora',
      lastName: 'Quintero Salas',
      number: '250',
      intNumber: 'B-2',
      street: 'Av. Constitución',
      phone: '8112345678',
      licenses: 75,
      enabled: true,
      address: { cp: '64000', colony: 'Monterrey Centro', city: 'Monterrey', state: 'Nuevo León' },
      testUser: { email: 'nuevo.integrador@porton.mx', firstName: 'Nora', lastName: 'Quintero Salas' },
      user: { email: 'nuevo.integrador@porton.mx', status: 'ACTIVE', idUsersTypes: 14 },
    });
    const code = created.user.oldPassword;
    expect(code).toMatch(/^[A-Za-z0-9]{8,}$/);
    const stored = await t.db.one<{ user_type_id: number; status: string; password_hash: string }>(
      'SELECT user_type_id, status, password_hash FROM users WHERE email = $1',
      ['nuevo.integrador@porton.mx'],
    );
    expect(stored).toMatchObject({ user_type_id: 14, status: 'ACTIVE' });
    expect(stored!.password_hash).not.toContain(code);

    const signIn = await tokenRequest(t, 'nuevo.integrador@porton.mx', code);
    expect(signIn.statusCode).toBe(200);
    const nora = t.as(signIn.json().access_token);
    expect((await nora.get('/api/users/whoami')).json()).toMatchObject({ role: 'Integrador', idUsersTypes: 14 });
    expect((await nora.get('/api/integrator/dashboard')).json()).toEqual([75, 0, 75]);
    expect((await nora.get('/api/fracs')).json().totalElements).toBe(0);
    expect((await admin.get('/api/integrator/?search=nora')).json().content[0].uuid).toBe(created.uuid);
  });
});

describe('PUT api/integrator/{uuid} (Editar integrador)', () => {
  it('updates the fields and the account email; the new email signs in with the same password', async () => {
    const uuid = await integratorUuid(t, 'integrador2@porton.mx');
    const body = await integratorBody(
      t,
      { name: 'Isabela', lastName: 'Navarro', phone: '3311112222', licenses: 130 },
      'isabela@porton.mx',
    );
    const res = await admin.put(`/api/integrator/${uuid}`, body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      uuid,
      name: 'Isabela',
      phone: '3311112222',
      licenses: 130,
      testUser: { email: 'isabela@porton.mx', firstName: 'Isabela' },
    });
    expect((await tokenRequest(t, 'isabela@porton.mx')).statusCode).toBe(200);
    expect((await tokenRequest(t, 'integrador2@porton.mx')).statusCode).toBe(400);
    await admin.put(
      `/api/integrator/${uuid}`,
      await integratorBody(
        t,
        { name: 'Isabel', lastName: 'Navarro Luna', phone: '3311112222', licenses: 120 },
        'integrador2@porton.mx',
      ),
    );
  });

  it("refuses another account's email with 409 and changes nothing", async () => {
    const uuid = await integratorUuid(t, 'integrador2@porton.mx');
    const res = await admin.put(
      `/api/integrator/${uuid}`,
      await integratorBody(t, { name: 'Cambiado' }, 'integrador@porton.mx'),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().error_description).toBe('El correo ya existe');
    expect((await admin.get(`/api/integrator/${uuid}`)).json().name).toBe('Isabel');
  });

  it('answers 404 for an unknown integrator', async () => {
    const res = await admin.put('/api/integrator/9b7c3b0e-7a3a-4c50-8f5a-0e7d7b3f7f11', await integratorBody(t));
    expect(res.statusCode).toBe(404);
  });
});

describe('DELETE api/integrator/{uuid} (Eliminar)', () => {
  it('refuses an integrator that still has communities with a Spanish 409, and keeps it', async () => {
    const uuid = await integratorUuid(t, 'integrador@porton.mx');
    const res = await admin.del(`/api/integrator/${uuid}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error_description).toMatch(/^No es posible eliminar al integrador porque tiene fraccionamientos/);
    expect((await admin.get(`/api/integrator/${uuid}`)).statusCode).toBe(200);
    expect((await tokenRequest(t, 'integrador@porton.mx')).statusCode).toBe(200);
  });

  it('deletes one without communities: gone from the list, its account cannot sign in, its token stops, its email is free', async () => {
    const created: CreatedIntegrator = (
      await admin.post('/api/integrator', await integratorBody(t, {}, 'borrar@porton.mx'))
    ).json();
    const token = (await tokenRequest(t, 'borrar@porton.mx', created.user.oldPassword)).json().access_token;
    const res = await admin.del(`/api/integrator/${created.uuid}`);
    expect(res.statusCode).toBe(204);
    expect((await admin.get(`/api/integrator/${created.uuid}`)).statusCode).toBe(404);
    expect((await t.as(token).get('/api/users/me')).statusCode).toBe(401);
    expect((await tokenRequest(t, 'borrar@porton.mx', created.user.oldPassword)).json().error_description).toBe(
      'Usuario o contraseña incorrectos.',
    );
    expect((await admin.del(`/api/integrator/${created.uuid}`)).statusCode).toBe(404);
    expect((await admin.post('/api/integrator', await integratorBody(t, {}, 'borrar@porton.mx'))).statusCode).toBe(200);
  });
});

describe('PUT api/integrator/{uuid}/disable and /enable', () => {
  it('answer the integrator with its enabled flag; an unknown uuid 404', async () => {
    const uuid = await integratorUuid(t, 'integrador2@porton.mx');
    expect((await admin.put(`/api/integrator/${uuid}/disable`)).json()).toMatchObject({ uuid, enabled: false });
    expect((await admin.get('/api/integrator/?search=Isabel')).json().content[0].enabled).toBe(false);
    expect((await admin.put(`/api/integrator/${uuid}/enable`)).json()).toMatchObject({ uuid, enabled: true });
    expect((await admin.put('/api/integrator/9b7c3b0e-7a3a-4c50-8f5a-0e7d7b3f7f11/disable')).statusCode).toBe(404);
  });
});

describe('OpenAPI', () => {
  it('documents the integrator and community routes', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/integrator/',
        '/api/integrator/{uuid}',
        '/api/integrator/{uuid}/disable',
        '/api/integrator/{uuid}/enable',
        '/api/integrator/dashboard',
        '/api/fracs',
        '/api/fracs/{uuid}',
        '/api/fracs/admin',
        '/api/fracs/{uuid}/logo',
        '/api/users/integrator',
      ]),
    );
    expect(doc.paths['/api/fracs'].get.summary).toMatch(/no la da la especificación/);
  });
});
