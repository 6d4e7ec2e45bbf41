import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManagedUser } from '../../../src/shared/users/user-management-types.js';
import { capturista, guard, usersApi } from '../../support/users/user-payloads.js';
import { testApp, type TestApp } from '../../support/test-app.js';

let t: TestApp;
let api: ReturnType<typeof usersApi>;
let admin: string;
let admin2: string;
let integrator: string;
let integrator2: string;
let general: string;
beforeAll(async () => {
  t = await testApp();
  api = usersApi(t);
  [admin, admin2, integrator, integrator2, general] = await Promise.all([
    t.signIn('administrador@porton.mx'),
    t.signIn('administrador2@porton.mx'),
    t.signIn('integrador@porton.mx'),
    t.signIn('integrador2@porton.mx'),
    t.signIn('admin@porton.mx'),
  ]);
});
afterAll(async () => {
  await t?.close();
}); // t is unset when beforeAll failed: report that error alone

const list = (token: string, query = '') => api.list(token, query);
const emails = (token: string, query = '') => api.emails(token, query);
const create = (token: string, ...users: Record<string, unknown>[]) => api.create(token, ...users);

describe('GET api/users/: who sees which users', () => {
  it('only administrators, the general administrator and integrators may list users', async () => {
    for (const email of [
      'capturista@porton.mx',
      'vigilante@porton.mx',
      'residente@porton.mx',
      'contratista@porton.mx',
    ]) {
      expect((await t.as(await t.signIn(email)).get('/api/users/')).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/users/' })).statusCode).toBe(401);
  });

  it("an administrator sees its community's users, never contractors (type 15) nor another community's", async () => {
    const seen = await emails(admin);
    expect(seen).toEqual(
      expect.arrayContaining([
        'administrador@porton.mx',
        'capturista@porton.mx',
        'vigilante@porton.mx',
        'residente@porton.mx',
      ]),
    );
    expect(seen).not.toContain('contratista@porton.mx');
    expect(seen).not.toContain('administrador2@porton.mx');
    expect(seen).not.toContain('integrador@porton.mx');
    expect(await emails(admin2)).toEqual(['administrador2@porton.mx']);
  });

  it('answers the user rows of the contract with the community and type names', async () => {
    const row = (await list(admin, '&search=capturista@')).content[0];
    expect(row).toMatchObject({
      email: 'capturista@porton.mx',
      firstName: 'Carlos',
      lastName: 'Hernández Ruiz',
      idUsersTypes: 2,
      vigilantCode: null,
      testUsersType: { name: 'Capturista' },
      testFrac: { name: 'Residencial Las Palmas' },
      administrativeVisitsUser: { useapp: false, phone: null },
      address: null,
      idAddress: null,
      street: null,
    });
    expect(row.uuid).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('searches by name, by email and by user type name, case-insensitively', async () => {
    expect(await emails(admin, '&search=VÍCTOR')).toEqual(['vigilante@porton.mx']);
    expect(await emails(admin, '&search=martínez cruz')).toEqual(['residente@porton.mx']);
    expect(await emails(admin, '&search=residente@por')).toEqual(['residente@porton.mx']);
    expect(await emails(admin, '&search=Capturista')).toContain('capturista@porton.mx');
    expect(await emails(admin, '&search=Contratista')).toEqual([]);
  });

  it('paginates with page and size (15 by default)', async () => {
    const page = (await t.as(general).get('/api/users/?size=2&page=1')).json();
    expect(page.content).toHaveLength(2);
    expect(page.size).toBe(2);
    expect(page.page).toBe(1);
    expect(page.totalPages).toBe(Math.ceil(page.totalElements / 2));
    expect((await t.as(general).get('/api/users')).json().size).toBe(15);
  });

  it('an integrator sees the users of its communities only; the general administrator sees everyone but contractors', async () => {
    const mine = await emails(integrator);
    expect(mine).toEqual(expect.arrayContaining(['administrador@porton.mx', 'capturista@porton.mx']));
    expect(mine).not.toContain('administrador2@porton.mx');
    expect(mine).not.toContain('contratista@porton.mx');
    expect(await emails(integrator2)).toEqual(['administrador2@porton.mx']);
    const all = await emails(general);
    expect(all).toEqual(
      expect.arrayContaining([
        'admin@porton.mx',
        'integrador2@porton.mx',
        'administrador2@porton.mx',
        'residente@porton.mx',
      ]),
    );
    expect(all).not.toContain('contratista@porton.mx');
  });
});

describe('POST api/users: creation, invitation and the types each role may create', () => {
  it('creates a PENDING capturista in the active community and mails a link that completes the registration', async () => {
    const body = capturista({ email: 'Lupita.Nueva@porton.mx', firstName: 'Lupita' });
    const res = await create(admin, body);
    expect(res.statusCode).toBe(201);
    const [created] = res.json() as ManagedUser[];
    expect(created).toMatchObject({
      email: 'Lupita.Nueva@porton.mx',
      status: 'PENDING',
      idUsersTypes: 2,
      testFrac: { name: 'Residencial Las Palmas' },
    });
    expect(await emails(admin)).toContain('Lupita.Nueva@porton.mx');
    expect(await emails(admin2)).not.toContain('Lupita.Nueva@porton.mx');

    const mail = t.mailer.sent.at(-1)!;
    expect(mail.to).toBe('Lupita.Nueva@porton.mx');
    const ticket = /\/\?type=register&uuid=([0-9a-f-]{36})/.exec(mail.text)![1];
    expect((await t.app.inject({ method: 'GET', url: `/api/users/findUser/${ticket}` })).json()).toMatchObject({
      idUsersTypes: 2,
    });
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/users/newPassword',
      payload: { uuid: ticket, password: 'Lupita2026' },
    });
    expect(done.statusCode).toBe(200);
    const token = await t.signIn('lupita.nueva@porton.mx', 'Lupita2026');
    expect((await t.as(token).get('/api/users/me')).json().frac).toBe('Residencial Las Palmas');
  });

  it('creates a guard (5) with its 4-character code and no email, and a pre-registration guard (6)', async () => {
    const res = await create(admin, guard('A1B2'), guard('Z9Y8', { idUsersTypes: 6, email: 'guardia6@porton.mx' }));
    expect(res.statusCode).toBe(201);
    const [five, six] = res.json() as ManagedUser[];
    expect(five).toMatchObject({
      idUsersTypes: 5,
      vigilantCode: 'A1B2',
      email: null,
      testUsersType: { name: 'Vigilante' },
    });
    expect(six).toMatchObject({ idUsersTypes: 6, vigilantCode: 'Z9Y8', email: 'guardia6@porton.mx' });
    expect(t.mailer.sent.at(-1)!.to).toBe('guardia6@porton.mx');
    expect(await emails(admin, '&search=A1B2')).toEqual([null]);
  });

  it("refuses a contractor (15) with 403 'Accion no permitida' and its detail", async () => {
    const res = await create(admin, capturista({ idUsersTypes: 15 }));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      error_description: 'Accion no permitida',
      fields: { '0.idUsersTypes': 'No es posible dar de alta un contratista desde esta sección' },
    });
    expect((await create(integrator, capturista({ idUsersTypes: 15 }))).statusCode).toBe(403);
  });

  it('refuses the types a role may not create with 403: administrators 14, 1, 3; integrators 2, 5; the general administrator 2', async () => {
    for (const typeId of [14, 1, 3])
      expect((await create(admin, capturista({ idUsersTypes: typeId }))).statusCode).toBe(403);
    expect((await create(integrator, capturista())).statusCode).toBe(403);
    expect((await create(integrator, guard('QQQQ'))).statusCode).toBe(403);
    expect((await create(general, capturista())).statusCode).toBe(403);
    for (const email of ['capturista@porton.mx', 'vigilante@porton.mx']) {
      expect((await create(await t.signIn(email), capturista())).statusCode).toBe(403);
    }
  });

  it("409 'El correo ya existe' for a live email (any case) and 'El código ya existe' for a code of the community", async () => {
    const dupEmail = await create(admin, capturista({ email: 'CAPTURISTA@porton.mx' }));
    expect(dupEmail.statusCode).toBe(409);
    expect(dupEmail.json().error_description).toBe('El correo ya existe');
    await create(admin, guard('C0D3'));
    const dupCode = await create(admin, guard('c0d3'));
    expect(dupCode.statusCode).toBe(409);
    expect(dupCode.json().error_description).toBe('El código ya existe');
  });

  it('a guard code is unique per community: another community may use it', async () => {
    expect((await create(admin2, guard('C0D3'))).statusCode).toBe(201);
  });

  it("410 'Correo no disponible' / 'Código no disponible' when the email or code belongs to a deleted user", async () => {
    const [gone] = (
      await create(admin, capturista({ email: 'sebaja@porton.mx' }), guard('BYE1'))
    ).json() as ManagedUser[];
    const guardUuid = (await list(admin, '&search=BYE1')).content[0].uuid;
    expect((await t.as(admin).del(`/api/users/${gone.uuid}`)).statusCode).toBe(204);
    expect((await t.as(admin).del(`/api/users/${guardUuid}`)).statusCode).toBe(204);
    const email = await create(admin, capturista({ email: 'SeBaja@porton.mx' }));
    expect(email.statusCode).toBe(410);
    expect(email.json().error_description).toBe('Correo no disponible');
    const code = await create(admin, guard('bye1'));
    expect(code.statusCode).toBe(410);
    expect(code.json().error_description).toBe('Código no disponible');
  });

  it('creates a list all or none: a duplicate in the list leaves nothing created', async () => {
    const res = await create(
      admin,
      capturista({ email: 'primero.lote@porton.mx' }),
      capturista({ email: 'capturista@porton.mx' }),
    );
    expect(res.statusCode).toBe(409);
    expect(await emails(general, '&search=primero.lote')).toEqual([]);
  });

  it("an integrator's administrator saved with the contract's user payload (colony, no postal code) is created: the postal code follows from the colony", async () => {
    const [address] = (await t.as(integrator).get('/api/addresses/01000')).json();
    const res = await create(integrator, {
      firstName: 'Admin',
      lastName: 'Sin Código Postal',
      email: 'admin.sincp@porton.mx',
      vigilantCode: null,
      idUsersTypes: 4,
      city: address.city ?? '',
      state: address.state ?? '',
      idAddress: address.idAddress,
      street: 'Av. Revolución',
      extNumber: '10',
      intNumber: '',
      starDate: '',
      endDate: '',
      useApp: false,
      phoneNumber: '',
    });
    expect(res.statusCode, res.body).toBe(201);
    const row = await t.db.one<{ cp: string }>(
      "SELECT a.cp FROM users u JOIN addresses a ON a.id = u.address_id WHERE u.email = 'admin.sincp@porton.mx'",
    );
    expect(row?.cp).toBe('01000');
  });

  it("an integrator's administrator needs postal code, colony, street and number, and stays unassigned in its list", async () => {
    const missing = await create(integrator, {
      idUsersTypes: 4,
      email: 'admin.nuevo@porton.mx',
      firstName: 'Admin',
      lastName: 'Nuevo Integrador',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({
      '0.cp': 'Por favor, introduce el código postal',
      '0.idAddress': 'Por favor, selecciona una colonia.',
      '0.street': 'Por favor, introduce una calle',
      '0.extNumber': 'Por favor, introduce un número exterior',
    });
    const [address] = (await t.as(integrator).get('/api/addresses/01000')).json();
    const wrongCp = await create(integrator, {
      idUsersTypes: 4,
      email: 'admin.nuevo@porton.mx',
      firstName: 'Admin',
      lastName: 'Nuevo Integrador',
      cp: '76000',
      idAddress: address.idAddress,
      street: 'Av. Revolución',
      extNumber: '10',
    });
    expect(wrongCp.statusCode).toBe(400);
    const ok = await create(integrator, {
      idUsersTypes: 4,
      email: 'admin.nuevo@porton.mx',
      firstName: 'Admin',
      lastName: 'Nuevo Integrador',
      cp: '01000',
      city: 'x',
      state: 'y',
      idAddress: address.idAddress,
      street: 'Av. Revolución',
      extNumber: '10',
      intNumber: 'B',
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()[0]).toMatchObject({
      status: 'PENDING',
      testFrac: null,
      street: 'Av. Revolución',
      extNumber: '10',
      intNumber: 'B',
      address: { cp: '01000', colony: 'San Ángel', city: 'Álvaro Obregón', state: 'Ciudad de México' },
    });
    expect(await emails(integrator)).toContain('admin.nuevo@porton.mx');
    expect(await emails(integrator2)).not.toContain('admin.nuevo@porton.mx');
    expect(await emails(admin)).not.toContain('admin.nuevo@porton.mx');
    const colleague = await create(integrator, {
      idUsersTypes: 14,
      email: 'socio@porton.mx',
      firstName: 'Socio',
      lastName: 'Del Integrador',
    });
    expect(colleague.statusCode).toBe(201);
  });
});
