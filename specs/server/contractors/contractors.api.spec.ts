import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedDemoContractors } from '../../../src/server/contractors/seed-contractors.js';
import { countRows, signInActors, type Actors } from '../../support/catalogue-actors.js';
import { testApp, type TestApp } from '../../support/test-app.js';

let t: TestApp;
let a: Actors;
beforeAll(async () => {
  t = await testApp();
  await seedDemoContractors(t.db);
  a = await signInActors(t);
});
afterAll(async () => {
  await t?.close();
});

const body = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Ramiro',
  lastName: 'Guzmán Peña',
  phone: '8187654321',
  enterprise: 'Edificaciones Guzmán',
  fullAddress: 'Monterrey, Av. Juárez, #455, C.P.:64000',
  email: 'ramiro.guzman@correo.mx',
  ...overrides,
});

describe('GET api/contractors/', () => {
  it("answers the community's contractors with the contract's fields and fullAddress in the create format", async () => {
    const res = await a.admin.get('/api/contractors/?page=0');
    expect(res.statusCode).toBe(200);
    expect(res.json().content).toEqual([
      {
        uuid: expect.any(String),
        firstName: 'Constantino',
        lastName: 'Flores Vega',
        phone: '8112345678',
        enterprise: 'Constructora Flores',
        fullAddress: 'Monterrey, Av. Revolución, #1200, C.P.:64000',
        user: { email: 'contratista@porton.mx' },
      },
    ]);
    expect((await a.admin2.get('/api/contractors?page=0')).json().content).toEqual([]);
  });

  it('pages 10 at a time as the contractors table does', async () => {
    const res = await a.capturista.get('/api/contractors?size=10&page=0');
    expect(res.json()).toMatchObject({ size: 10, page: 0, totalElements: 1 });
  });

  it('is refused to a resident, a guard and a contractor (403); 401 without a token', async () => {
    for (const who of [a.resident, a.guard, a.contractor])
      expect((await who.get('/api/contractors?page=0')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/contractors?page=0' })).statusCode).toBe(401);
  });
});

describe('GET api/contractors/user (the current contractor)', () => {
  it("answers the contractor record of the contractor's session", async () => {
    const res = await a.contractor.get('/api/contractors/user');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ firstName: 'Constantino', user: { email: 'contratista@porton.mx' } });
  });

  it('is only for contractors', async () => {
    expect((await a.admin.get('/api/contractors/user')).statusCode).toBe(403);
  });
});

describe('POST api/contractors (creates the type-15 account and mails the access link)', () => {
  it('creates the contractor, its PENDING account of type 15 in the community, and mails a registration link', async () => {
    const sent = t.mailer.sent.length;
    const res = await a.admin.post('/api/contractors', body());
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      uuid: expect.any(String),
      firstName: 'Ramiro',
      lastName: 'Guzmán Peña',
      phone: '8187654321',
      enterprise: 'Edificaciones Guzmán',
      fullAddress: 'Monterrey, Av. Juárez, #455, C.P.:64000',
      user: { email: 'ramiro.guzman@correo.mx' },
    });
    const account = await t.db.one<{ user_type_id: number; status: string; n: number }>(
      `SELECT u.user_type_id, u.status, (SELECT count(*)::int FROM user_communities uc WHERE uc.user_id = u.id) AS n
         FROM users u WHERE u.email = 'ramiro.guzman@correo.mx'`,
    );
    expect(account).toEqual({ user_type_id: 15, status: 'PENDING', n: 1 });
    expect(t.mailer.sent.length).toBe(sent + 1);
    const mail = t.mailer.sent.at(-1)!;
    expect(mail.to).toBe('ramiro.guzman@correo.mx');
    expect(mail.text).toMatch(/\?type=register&uuid=[0-9a-f-]{36}/);
  });

  it('reads the address in the update format too and answers it in the create format', async () => {
    const res = await a.capturista.post(
      '/api/contractors',
      body({
        email: 'lidia.soto@correo.mx',
        phone: '',
        fullAddress: 'Calle 5 de Mayo, Col. Centro, #12-B, CP.76000, Querétaro',
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      phone: '',
      fullAddress: 'Querétaro, Calle 5 de Mayo, Col. Centro, #12-B, C.P.:76000',
    });
  });

  it("refuses values beyond the form's limits in Spanish and creates nothing", async () => {
    const before = await countRows(t, 'contractors');
    const cases: [Record<string, unknown>, string][] = [
      [{ firstName: '' }, 'El nombre es obligatorio.'],
      [{ firstName: 'x'.repeat(65) }, 'El nombre admite como máximo 64 caracteres.'],
      [{ enterprise: 'x'.repeat(65) }, 'La empresa admite como máximo 64 caracteres.'],
      [{ email: 'no-es-correo' }, 'Por favor, introduzca un correo con formato nombre@dominio.com'],
      [{ email: `${'x'.repeat(60)}@correo.mx` }, 'El correo admite como máximo 64 caracteres.'],
      [{ phone: '12345' }, 'El teléfono debe tener 10 dígitos.'],
      [{ fullAddress: 'Monterrey, Av. Juárez, #123456789, C.P.:64000' }, 'El número admite como máximo 8 caracteres.'],
      [{ fullAddress: `Monterrey, ${'x'.repeat(201)}, #4, C.P.:64000` }, 'La calle admite como máximo 200 caracteres.'],
      [{ fullAddress: 'Av. Juárez 455 Monterrey' }, 'La dirección debe tener calle, número, código postal y ciudad.'],
      [
        { fullAddress: 'Monterrey, Av. Juárez, #455, C.P.:640' },
        'La dirección debe tener calle, número, código postal y ciudad.',
      ],
    ];
    for (const [overrides, message] of cases) {
      const res = await a.admin.post('/api/contractors', body({ email: 'otro@correo.mx', ...overrides }));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json().error_description).toBe(message);
    }
    expect(await countRows(t, 'contractors')).toBe(before);
  });

  it('answers 409 for an email of a live account', async () => {
    const res = await a.admin.post('/api/contractors', body({ email: 'vigilante@porton.mx' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().error_description).toBe('El correo ya existe');
  });
});

describe("POST api/users/resetPassword (resend the contractor's access)", () => {
  it("mails a new link to the contractor's email sent as plain text", async () => {
    const sent = t.mailer.sent.length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/resetPassword',
      payload: 'ramiro.guzman@correo.mx',
      headers: { authorization: t.basic, 'content-type': 'text/plain' },
    });
    expect(res.statusCode).toBe(200);
    // The mail leaves after the answer (known and unknown emails answer alike).
    await vi.waitFor(() => {
      if (t.mailer.sent.length < sent + 1) throw new Error('no mail yet');
    });
    expect(t.mailer.sent.length).toBe(sent + 1);
    expect(t.mailer.sent.at(-1)!.to).toBe('ramiro.guzman@correo.mx');
  });
});

const uuidOf = async (who: Actors['admin'], email: string) =>
  (await who.get(`/api/contractors?page=0&search=${encodeURIComponent(email)}`)).json().content[0].uuid as string;

describe('GET, PUT and DELETE api/contractors/{id}', () => {
  it("reads one contractor; another community's answers 404", async () => {
    const id = await uuidOf(a.admin, 'ramiro.guzman');
    expect((await a.admin.get(`/api/contractors/${id}`)).json()).toMatchObject({ firstName: 'Ramiro' });
    expect((await a.admin2.get(`/api/contractors/${id}`)).statusCode).toBe(404);
  });

  it('updates without the email (an email sent is ignored), the address given in the update format', async () => {
    const id = await uuidOf(a.admin, 'ramiro.guzman');
    const res = await a.admin.put(`/api/contractors/${id}`, {
      ...body({ firstName: 'Ramiro Jr.', fullAddress: 'Av. Juárez, #455, CP.64000, Monterrey' }),
      email: 'cambiado@correo.mx',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      firstName: 'Ramiro Jr.',
      fullAddress: 'Monterrey, Av. Juárez, #455, C.P.:64000',
      user: { email: 'ramiro.guzman@correo.mx' },
    });
    expect((await a.admin2.put(`/api/contractors/${id}`, body())).statusCode).toBe(404);
  });

  it('refuses to delete a contractor with sites (409, in Spanish)', async () => {
    const id = (await a.contractor.get('/api/contractors/user')).json().uuid;
    const res = await a.admin.del(`/api/contractors/${id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error_description).toBe('No es posible eliminar al contratista porque tiene obras registradas.');
  });

  it('deletes a contractor without sites, ends its account; another community cannot (404)', async () => {
    const id = await uuidOf(a.admin, 'lidia.soto');
    expect((await a.admin2.del(`/api/contractors/${id}`)).statusCode).toBe(404);
    expect((await a.admin.del(`/api/contractors/${id}`)).statusCode).toBe(204);
    expect((await a.admin.get(`/api/contractors/${id}`)).statusCode).toBe(404);
    const user = await t.db.one<{ deleted: boolean }>(
      `SELECT deleted_at IS NOT NULL AS deleted FROM users WHERE email = 'lidia.soto@correo.mx'`,
    );
    expect(user!.deleted).toBe(true);
  });
});
