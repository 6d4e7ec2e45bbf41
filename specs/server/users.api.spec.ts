import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManagedUser } from '../../src/shared/user-management-types.js';
import { testApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let admin: string;
let admin2: string;
let integrator: string;
let integrator2: string;
let general: string;
beforeAll(async () => {
  t = await testApp();
  [admin, admin2, integrator, integrator2, general] = await Promise.all([
    t.signIn('administrador@porton.mx'), t.signIn('administrador2@porton.mx'), t.signIn('integrador@porton.mx'),
    t.signIn('integrador2@porton.mx'), t.signIn('admin@porton.mx'),
  ]);
});
afterAll(async () => { await t.close(); });

let seq = 0;
const capturista = (over: Record<string, unknown> = {}) =>
  ({ idUsersTypes: 2, email: `nuevo${++seq}@porton.mx`, firstName: 'Nuevo', lastName: 'Usuario Prueba', ...over });
const guard = (code: string, over: Record<string, unknown> = {}) =>
  ({ idUsersTypes: 5, vigilantCode: code, firstName: 'Guardia', lastName: 'De Turno', ...over });

const list = async (token: string, query = '') => {
  const res = await t.as(token).get(`/api/users/?size=100${query}`);
  expect(res.statusCode).toBe(200);
  return res.json() as { content: ManagedUser[]; totalElements: number; totalPages: number };
};
const emails = async (token: string, query = '') => (await list(token, query)).content.map((u) => u.email);
const create = (token: string, ...users: Record<string, unknown>[]) => t.as(token).post('/api/users', users);
const uuidOf = async (email: string) =>
  (await t.db.one<{ uuid: string }>('SELECT uuid FROM users WHERE email = $1 AND deleted_at IS NULL', [email]))!.uuid;

describe('GET api/users/ (spec 1 §2 Usuarios): who sees which users', () => {
  it('only administrators, the general administrator and integrators may list users', async () => {
    for (const email of ['capturista@porton.mx', 'vigilante@porton.mx', 'residente@porton.mx', 'contratista@porton.mx']) {
      expect((await t.as(await t.signIn(email)).get('/api/users/')).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/users/' })).statusCode).toBe(401);
  });

  it("an administrator sees its community's users, never contractors (type 15) nor another community's", async () => {
    const seen = await emails(admin);
    expect(seen).toEqual(expect.arrayContaining(['administrador@porton.mx', 'capturista@porton.mx', 'vigilante@porton.mx', 'residente@porton.mx']));
    expect(seen).not.toContain('contratista@porton.mx');
    expect(seen).not.toContain('administrador2@porton.mx');
    expect(seen).not.toContain('integrador@porton.mx');
    expect(await emails(admin2)).toEqual(['administrador2@porton.mx']);
  });

  it('answers the rows of spec 1 §3 with the community and type names', async () => {
    const row = (await list(admin, '&search=capturista@')).content[0];
    expect(row).toMatchObject({
      email: 'capturista@porton.mx', firstName: 'Carlos', lastName: 'Hernández Ruiz', idUsersTypes: 2, vigilantCode: null,
      testUsersType: { name: 'Capturista' }, testFrac: { name: 'Residencial Las Palmas' },
      administrativeVisitsUser: { useapp: false, phone: null }, address: null, idAddress: null, street: null,
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

  it("an integrator sees the users of its communities only; the general administrator sees everyone but contractors", async () => {
    const mine = await emails(integrator);
    expect(mine).toEqual(expect.arrayContaining(['administrador@porton.mx', 'capturista@porton.mx']));
    expect(mine).not.toContain('administrador2@porton.mx');
    expect(mine).not.toContain('contratista@porton.mx');
    expect(await emails(integrator2)).toEqual(['administrador2@porton.mx']);
    const all = await emails(general);
    expect(all).toEqual(expect.arrayContaining(['admin@porton.mx', 'integrador2@porton.mx', 'administrador2@porton.mx', 'residente@porton.mx']));
    expect(all).not.toContain('contratista@porton.mx');
  });
});

describe('POST api/users: creation, invitation and the types each role may create (spec 1 §6)', () => {
  it('creates a PENDING capturista in the active community and mails a link that completes the registration', async () => {
    const body = capturista({ email: 'Lupita.Nueva@porton.mx', firstName: 'Lupita' });
    const res = await create(admin, body);
    expect(res.statusCode).toBe(201);
    const [created] = res.json() as ManagedUser[];
    expect(created).toMatchObject({ email: 'Lupita.Nueva@porton.mx', status: 'PENDING', idUsersTypes: 2, testFrac: { name: 'Residencial Las Palmas' } });
    expect(await emails(admin)).toContain('Lupita.Nueva@porton.mx');
    expect(await emails(admin2)).not.toContain('Lupita.Nueva@porton.mx');

    const mail = t.mailer.sent.at(-1)!;
    expect(mail.to).toBe('Lupita.Nueva@porton.mx');
    const ticket = /\/\?type=register&uuid=([0-9a-f-]{36})/.exec(mail.text)![1];
    expect((await t.app.inject({ method: 'GET', url: `/api/users/findUser/${ticket}` })).json()).toMatchObject({ idUsersTypes: 2 });
    const done = await t.app.inject({ method: 'POST', url: '/api/users/newPassword', payload: { uuid: ticket, password: 'Lupita2026' } });
    expect(done.statusCode).toBe(200);
    const token = await t.signIn('lupita.nueva@porton.mx', 'Lupita2026');
    expect((await t.as(token).get('/api/users/me')).json().frac).toBe('Residencial Las Palmas');
  });

  it('creates a guard (5) with its 4-character code and no email, and a pre-registration guard (6)', async () => {
    const res = await create(admin, guard('A1B2'), guard('Z9Y8', { idUsersTypes: 6, email: 'guardia6@porton.mx' }));
    expect(res.statusCode).toBe(201);
    const [five, six] = res.json() as ManagedUser[];
    expect(five).toMatchObject({ idUsersTypes: 5, vigilantCode: 'A1B2', email: null, testUsersType: { name: 'Vigilante' } });
    expect(six).toMatchObject({ idUsersTypes: 6, vigilantCode: 'Z9Y8', email: 'guardia6@porton.mx' });
    expect(t.mailer.sent.at(-1)!.to).toBe('guardia6@porton.mx');
    expect(await emails(admin, '&search=A1B2')).toEqual([null]);
  });

  it("refuses a contractor (15) with 403 'Accion no permitida' and the spec's detail", async () => {
    const res = await create(admin, capturista({ idUsersTypes: 15 }));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      error_description: 'Accion no permitida', fields: { '0.idUsersTypes': 'No es posible dar de alta un contratista desde esta sección' },
    });
    expect((await create(integrator, capturista({ idUsersTypes: 15 }))).statusCode).toBe(403);
  });

  it('refuses the types a role may not create with 403: administrators 14, 1, 3; integrators 2, 5; the general administrator 2', async () => {
    for (const typeId of [14, 1, 3]) expect((await create(admin, capturista({ idUsersTypes: typeId }))).statusCode).toBe(403);
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
    const [gone] = (await create(admin, capturista({ email: 'sebaja@porton.mx' }), guard('BYE1'))).json() as ManagedUser[];
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
    const res = await create(admin, capturista({ email: 'primero.lote@porton.mx' }), capturista({ email: 'capturista@porton.mx' }));
    expect(res.statusCode).toBe(409);
    expect(await emails(general, '&search=primero.lote')).toEqual([]);
  });

  it("an integrator's administrator needs postal code, colony, street and number, and stays unassigned in its list", async () => {
    const missing = await create(integrator, { idUsersTypes: 4, email: 'admin.nuevo@porton.mx', firstName: 'Admin', lastName: 'Nuevo Integrador' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({
      '0.cp': 'Por favor, introduce el código postal', '0.idAddress': 'Por favor, selecciona una colonia.',
      '0.street': 'Por favor, introduce una calle', '0.extNumber': 'Por favor, introduce un número exterior',
    });
    const [address] = (await t.as(integrator).get('/api/addresses/01000')).json();
    const wrongCp = await create(integrator, { idUsersTypes: 4, email: 'admin.nuevo@porton.mx', firstName: 'Admin', lastName: 'Nuevo Integrador',
      cp: '76000', idAddress: address.idAddress, street: 'Av. Revolución', extNumber: '10' });
    expect(wrongCp.statusCode).toBe(400);
    const ok = await create(integrator, { idUsersTypes: 4, email: 'admin.nuevo@porton.mx', firstName: 'Admin', lastName: 'Nuevo Integrador',
      cp: '01000', city: 'x', state: 'y', idAddress: address.idAddress, street: 'Av. Revolución', extNumber: '10', intNumber: 'B' });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()[0]).toMatchObject({
      status: 'PENDING', testFrac: null, street: 'Av. Revolución', extNumber: '10', intNumber: 'B',
      address: { cp: '01000', colony: 'San Ángel', city: 'Álvaro Obregón', state: 'Ciudad de México' },
    });
    expect(await emails(integrator)).toContain('admin.nuevo@porton.mx');
    expect(await emails(integrator2)).not.toContain('admin.nuevo@porton.mx');
    expect(await emails(admin)).not.toContain('admin.nuevo@porton.mx');
    const colleague = await create(integrator, { idUsersTypes: 14, email: 'socio@porton.mx', firstName: 'Socio', lastName: 'Del Integrador' });
    expect(colleague.statusCode).toBe(201);
  });
});

describe('user form rules (spec 1 §5) answered by the server in Spanish', () => {
  const fieldsOf = async (user: Record<string, unknown>) => {
    const res = await create(admin, user);
    expect(res.statusCode).toBe(400);
    return res.json().fields as Record<string, string>;
  };

  it('type required; email 7 to 64 characters with the pattern; names 1..64 and 3..64', async () => {
    expect(await fieldsOf({ email: 'sin.tipo@porton.mx', firstName: 'A', lastName: 'Bcd' })).toEqual({ '0.idUsersTypes': 'El tipo de usuario es obligatorio.' });
    for (const email of ['a@b.mx', 'no-es-correo', `${'x'.repeat(60)}@porton.mx`, '']) {
      expect(await fieldsOf(capturista({ email }))).toEqual({ '0.email': 'El texto ingresado debe ser un correo electrónico' });
    }
    expect(await fieldsOf(capturista({ firstName: '  ' }))).toEqual({ '0.firstName': 'El nombre es obligatorio.' });
    expect(await fieldsOf(capturista({ lastName: 'Lo' }))).toEqual({ '0.lastName': 'Los apellidos deben tener entre 3 y 64 caracteres.' });
    expect(await fieldsOf(capturista({ lastName: 'x'.repeat(65) }))).toEqual({ '0.lastName': 'Los apellidos deben tener entre 3 y 64 caracteres.' });
    expect((await create(admin, capturista({ firstName: 'A', lastName: 'Bcd' }))).statusCode).toBe(201);
  });

  it('guards (5, 6) need a code of exactly 4 characters', async () => {
    for (const code of ['ABC', 'ABCDE', '', 'A B1']) {
      expect(await fieldsOf(guard(code))).toEqual({ '0.vigilantCode': 'El código debe tener exactamente 4 caracteres' });
    }
    expect(await fieldsOf(guard('ABC', { idUsersTypes: 6 }))).toEqual({ '0.vigilantCode': 'El código debe tener exactamente 4 caracteres' });
  });

  it('chatbot use needs a 10-digit phone, and applies to a capturista (type 2)', async () => {
    expect(await fieldsOf(capturista({ useApp: true }))).toEqual({ '0.phoneNumber': 'El número es obligatorio.' });
    expect(await fieldsOf(capturista({ useApp: true, phoneNumber: '55123' }))).toEqual({ '0.phoneNumber': 'El número debe contener 10 dígitos.' });
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
    const res = await t.as(admin).put(`/api/users/${u.uuid}`, capturista({ email: 'editar@porton.mx', firstName: 'Editado', lastName: 'Con Cambios' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ firstName: 'Editado', lastName: 'Con Cambios', email: 'editar@porton.mx', idUsersTypes: 2 });
  });

  it('refuses a change of type or of email with 400 and changes nothing', async () => {
    const [u] = (await create(admin, capturista({ email: 'fijo@porton.mx', firstName: 'Fijo' }))).json() as ManagedUser[];
    const type = await t.as(admin).put(`/api/users/${u.uuid}`, capturista({ email: 'fijo@porton.mx', idUsersTypes: 4, firstName: 'Otro' }));
    expect(type.statusCode).toBe(400);
    expect(type.json().error_description).toBe('No es posible cambiar el tipo de usuario.');
    const email = await t.as(admin).put(`/api/users/${u.uuid}`, capturista({ email: 'otro@porton.mx', firstName: 'Otro' }));
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

  it("another community's user, a contractor and an unknown uuid answer 404", async () => {
    const foreign = await uuidOf('administrador2@porton.mx');
    expect((await t.as(admin).put(`/api/users/${foreign}`, capturista({ idUsersTypes: 4, email: 'administrador2@porton.mx' }))).statusCode).toBe(404);
    expect((await t.as(admin).del(`/api/users/${foreign}`)).statusCode).toBe(404);
    expect((await t.as(integrator).put(`/api/users/${foreign}`, capturista({ idUsersTypes: 4, email: 'administrador2@porton.mx' }))).statusCode).toBe(404);
    const contractor = await uuidOf('contratista@porton.mx');
    expect((await t.as(admin).put(`/api/users/${contractor}`, capturista({ idUsersTypes: 15, email: 'contratista@porton.mx' }))).statusCode).toBe(404);
    expect((await t.as(general).del(`/api/users/${contractor}`)).statusCode).toBe(404);
    expect((await t.as(admin).del('/api/users/9b7c3b0e-7a3a-4c50-8f5a-0e7d7b3f7f11')).statusCode).toBe(404);
    expect((await t.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM users WHERE deleted_at IS NOT NULL AND email IN ('administrador2@porton.mx', 'contratista@porton.mx')`))!.n).toBe(0);
  });

  it('an administrator may not edit users of types it does not manage (a resident): 403', async () => {
    const resident = await uuidOf('residente@porton.mx');
    const res = await t.as(admin).put(`/api/users/${resident}`, capturista({ idUsersTypes: 3, email: 'residente@porton.mx' }));
    expect(res.statusCode).toBe(403);
  });

  it('own chatbot use needs the administrative resident of the community configured', async () => {
    const self = await uuidOf('administrador@porton.mx');
    const body = { idUsersTypes: 4, email: 'administrador@porton.mx', firstName: 'Adriana', lastName: 'Morales Peña', useApp: true, phoneNumber: '5587654321' };
    expect((await t.as(admin).put(`/api/users/${self}`, body)).statusCode).toBe(400);
    const street = (await t.db.one<{ id: number }>(`SELECT s.id FROM streets s JOIN communities c ON c.id = s.community_id WHERE c.name = 'Residencial Las Palmas' LIMIT 1`))!.id;
    expect((await t.as(admin).post('/api/administrativeVisitUser/administrativeResident/', {
      firstName: 'Administración', lastName: 'Las Palmas', email: 'admon@porton.mx', idStreet: street, number: '1',
    })).statusCode).toBe(201);
    const res = await t.as(admin).put(`/api/users/${self}`, body);
    expect(res.statusCode).toBe(200);
    expect(res.json().administrativeVisitsUser).toEqual({ useapp: true, phone: { phone: '5587654321' } });
  });
});

describe('DELETE api/users/{uuid}', () => {
  it('deletes (soft) a user of the community and ends its sessions at once', async () => {
    const [u] = (await create(admin, capturista({ email: 'temporal@porton.mx' }))).json() as ManagedUser[];
    const ticket = /uuid=([0-9a-f-]{36})/.exec(t.mailer.sent.at(-1)!.text)![1];
    await t.app.inject({ method: 'POST', url: '/api/users/newPassword', payload: { uuid: ticket, password: 'Temporal2026' } });
    const token = await t.signIn('temporal@porton.mx', 'Temporal2026');
    expect((await t.as(token).get('/api/users/me')).statusCode).toBe(200);
    expect((await t.as(admin).del(`/api/users/${u.uuid}`)).statusCode).toBe(204);
    expect((await t.as(token).get('/api/users/me')).statusCode).toBe(401);
    expect(await emails(admin)).not.toContain('temporal@porton.mx');
    expect((await t.db.one<{ deleted: boolean }>('SELECT deleted_at IS NOT NULL AS deleted FROM users WHERE uuid = $1', [u.uuid]))!.deleted).toBe(true);
  });

  it('a user of two communities is only removed from the caller\'s one', async () => {
    const [u] = (await create(admin, capturista({ email: 'dos.fracs@porton.mx' }))).json() as ManagedUser[];
    await t.db.query(`INSERT INTO user_communities (user_id, community_id)
      SELECT u.id, c.id FROM users u, communities c WHERE u.uuid = $1 AND c.name = 'Bosques del Valle'`, [u.uuid]);
    expect((await t.as(admin).del(`/api/users/${u.uuid}`)).statusCode).toBe(204);
    expect(await emails(admin)).not.toContain('dos.fracs@porton.mx');
    expect(await emails(integrator)).toContain('dos.fracs@porton.mx');
  });

  it('refuses to delete oneself (400) and an integrator account from this screen (409)', async () => {
    expect((await t.as(admin).del(`/api/users/${await uuidOf('administrador@porton.mx')}`)).statusCode).toBe(400);
    expect((await t.as(general).del(`/api/users/${await uuidOf('integrador2@porton.mx')}`)).statusCode).toBe(409);
  });
});
