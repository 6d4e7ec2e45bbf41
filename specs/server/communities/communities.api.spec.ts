import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdministratorOption, Community } from '../../../src/shared/communities/community-types.js';
import { communityBody, communityUuid, unassignedAdmin, userId } from '../../support/community-fixtures.js';
import { testApp, type TestApp } from '../../support/test-app.js';

let t: TestApp;
let integrador: ReturnType<TestApp['as']>;
let integrador2: ReturnType<TestApp['as']>;
beforeAll(async () => {
  t = await testApp();
  integrador = t.as(await t.signIn('integrador@porton.mx'));
  integrador2 = t.as(await t.signIn('integrador2@porton.mx'));
});
afterAll(async () => {
  await t?.close();
}); // t is unset when beforeAll failed: report that error alone

const names = (page: { content: Community[] }) => page.content.map((c) => c.name);
const countCommunities = async () => (await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM communities'))!.n;

describe('communities: only integrators', () => {
  it('every other role gets 403 on the list, detail, create, update, administrator options and dashboard', async () => {
    const palmas = await communityUuid(t, 'Residencial Las Palmas');
    const body = await communityBody(t);
    for (const email of [
      'admin@porton.mx',
      'administrador@porton.mx',
      'capturista@porton.mx',
      'vigilante@porton.mx',
      'residente@porton.mx',
      'contratista@porton.mx',
    ]) {
      const as = t.as(await t.signIn(email));
      const calls = [
        as.get('/api/fracs'),
        as.get(`/api/fracs/${palmas}`),
        as.post('/api/fracs/admin', body),
        as.put(`/api/fracs/${palmas}`, body),
        as.get('/api/users/integrator'),
        as.get('/api/integrator/dashboard'),
      ];
      for (const res of await Promise.all(calls)) expect(res.statusCode, email).toBe(403);
    }
    expect(await countCommunities()).toBe(3);
  });

  it('an account of the integrator role without an integrator record owns nothing (403)', async () => {
    await t.db.query(`INSERT INTO user_types (id, name) VALUES (20, 'Tipo nuevo')`);
    await t.db.query(`INSERT INTO users (email, first_name, last_name, user_type_id, password_hash)
      SELECT 'tipo.nuevo@porton.mx', 'Tipo', 'Nuevo', 20, password_hash FROM users WHERE email = 'integrador@porton.mx'`);
    const as = t.as(await t.signIn('tipo.nuevo@porton.mx'));
    const res = await as.get('/api/fracs');
    expect(res.statusCode).toBe(403);
    expect(res.json().error_description).toBe('Tu cuenta no está registrada como integrador.');
  });
});

describe('GET api/fracs (Fraccionamientos: the integrator’s own)', () => {
  it('lists only the caller’s communities, by name', async () => {
    expect(names((await integrador.get('/api/fracs')).json())).toEqual(['Bosques del Valle', 'Residencial Las Palmas']);
    expect(names((await integrador2.get('/api/fracs/')).json())).toEqual(['Villas del Sol']);
  });

  it('searches by name, case-insensitive and contains, and pages', async () => {
    expect(names((await integrador.get('/api/fracs?search=PALM')).json())).toEqual(['Residencial Las Palmas']);
    expect((await integrador.get('/api/fracs?search=Villas')).json().totalElements).toBe(0);
    const second = (await integrador.get('/api/fracs?page=1&size=1')).json();
    expect(second).toMatchObject({ totalElements: 2, totalPages: 2 });
    expect(names(second)).toEqual(['Residencial Las Palmas']);
  });
});

describe('GET api/fracs/{uuid}', () => {
  it('answers the Community shape of the contract', async () => {
    const uuid = await communityUuid(t, 'Residencial Las Palmas');
    const adminId = await userId(t, 'administrador@porton.mx');
    const res = await integrador.get(`/api/fracs/${uuid}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      uuid,
      name: 'Residencial Las Palmas',
      cp: '01000',
      city: 'Álvaro Obregón',
      state: 'Ciudad de México',
      idAddress: expect.any(Number),
      street: 'Av. Principal',
      extNumber: '100',
      intNumber: null,
      idUser: adminId,
      licenseTotal: 150,
      starDate: '',
      endDate: '',
      idFile: null,
      user: { idUser: adminId, uuid: expect.any(String), name: 'Adriana Morales Peña' },
      file: null,
      address: {
        cp: '01000',
        city: 'Álvaro Obregón',
        state: 'Ciudad de México',
        idAddress: expect.any(Number),
        uuid: expect.any(String),
        colony: 'San Ángel',
      },
      licenseExpired: false,
      club: false,
    });
  });

  it('another integrator’s community answers 404, the same as one that does not exist', async () => {
    const palmas = await communityUuid(t, 'Residencial Las Palmas');
    const res = await integrador2.get(`/api/fracs/${palmas}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().error_description).toBe('El fraccionamiento no existe.');
    expect((await integrador.get('/api/fracs/9b7c3b0e-7a3a-4c50-8f5a-0e7d7b3f7f11')).statusCode).toBe(404);
  });
});

describe('GET api/users/integrator (administrator options)', () => {
  it('offers the administrators of the caller’s communities and the unassigned ones it created, nobody else’s', async () => {
    const mine = await unassignedAdmin(t, 'nuevo.admin@porton.mx', 'integrador@porton.mx', 'Úrsula', 'Nueva');
    await unassignedAdmin(t, 'otro.admin@porton.mx', 'integrador2@porton.mx', 'Óscar', 'Ajeno');
    const options: AdministratorOption[] = (await integrador.get('/api/users/integrator')).json();
    expect(options).toEqual([
      { idUser: await userId(t, 'administrador@porton.mx'), uuid: expect.any(String), name: 'Adriana Morales Peña' },
      { idUser: mine.id, uuid: mine.uuid, name: 'Úrsula Nueva' },
    ]);
    const theirs: AdministratorOption[] = (await integrador2.get('/api/users/integrator')).json();
    expect(theirs.map((o) => o.name)).toEqual(['Alberto Castillo Mena', 'Óscar Ajeno']);
  });
});

describe('POST api/fracs/admin (Alta fraccionamiento)', () => {
  it("refuses an empty form with the form's Spanish messages and creates nothing", async () => {
    const res = await integrador.post('/api/fracs/admin', {
      name: '',
      cp: '',
      idAddress: '',
      street: ' ',
      extNumber: '',
      licenseTotal: '',
      idUser: '',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({
      name: 'Por favor, introduce un nombre',
      cp: 'Por favor, introduce el código postal',
      street: 'Por favor, introduce una calle',
      extNumber: 'Por favor, introduce un número exterior',
      licenseTotal: 'Por favor, debes asignar un numero de licencias',
      idAddress: 'Por favor, selecciona una colonia',
      idUser: 'Por favor, selecciona un administrador',
    });
    const missing = await integrador.post('/api/fracs/admin', {});
    expect(missing.json().fields).toMatchObject({
      name: 'Por favor, introduce un nombre',
      cp: 'Por favor, introduce el código postal',
      street: 'Por favor, introduce una calle',
      extNumber: 'Por favor, introduce un número exterior',
      licenseTotal: 'Por favor, debes asignar un numero de licencias',
      idAddress: 'Por favor, selecciona una colonia',
    });
    expect(JSON.stringify(missing.json())).not.toMatch(/Invalid|Expected/);
    expect(await countCommunities()).toBe(3);
  });

  it('applies the limits: name 64, postal code 5 digits, numbers 8', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: 'N'.repeat(65) }, 'name', 'El nombre admite como máximo 64 caracteres.'],
      [{ cp: '7600' }, 'cp', 'El código postal debe tener 5 dígitos.'],
      [{ extNumber: '123456789' }, 'extNumber', 'El número exterior admite como máximo 8 caracteres.'],
      [{ intNumber: '123456789' }, 'intNumber', 'El número interior admite como máximo 8 caracteres.'],
      [
        { licenseTotal: 123456789 },
        'licenseTotal',
        'La cantidad de licencias debe ser un número entero de 1 a 8 dígitos.',
      ],
      [{ idUser: null, user: { idUser: null } }, 'idUser', 'Por favor, selecciona un administrador'],
      [{ idUser: undefined, user: undefined }, 'idUser', 'Por favor, selecciona un administrador'],
      [{ file: 'logo.png' }, 'file', 'El contenido del logo no es válido.'],
    ];
    for (const [override, field, message] of cases) {
      const res = await integrador.post('/api/fracs/admin', await communityBody(t, override));
      expect(res.statusCode, field).toBe(400);
      expect(res.json().fields[field]).toBe(message);
    }
    expect(await countCommunities()).toBe(3);
  });

  it('creates the community; the administrator becomes a member and sees it', async () => {
    const res = await integrador.post(
      '/api/fracs/admin',
      await communityBody(t, { intNumber: 'L-3', extNumber: 45, licenseTotal: '12' }),
    );
    expect(res.statusCode).toBe(200);
    const created: Community = res.json();
    expect(created).toMatchObject({
      name: 'Lomas del Río',
      cp: '76000',
      city: 'Querétaro',
      state: 'Querétaro',
      street: 'Calle Hidalgo',
      extNumber: '45',
      intNumber: 'L-3',
      licenseTotal: 12,
      starDate: '',
      endDate: '',
      file: null,
      licenseExpired: false,
      user: { name: 'Adriana Morales Peña' },
      address: { colony: 'Centro' },
    });
    expect((await integrador.get(`/api/fracs/${created.uuid}`)).json()).toEqual(created);
    const me = (await t.as(await t.signIn('administrador@porton.mx')).get('/api/users/me')).json();
    expect(me.product.map((p: { name: string }) => p.name)).toContain('Lomas del Río');
    expect((await integrador2.get(`/api/fracs/${created.uuid}`)).statusCode).toBe(404);
  });

  it('accepts the administrator as user.idUser only, and an unassigned one the integrator created, who becomes a member', async () => {
    const fresh = await unassignedAdmin(t, 'recien@porton.mx', 'integrador@porton.mx', 'Renata', 'Reciente');
    const res = await integrador.post(
      '/api/fracs/admin',
      await communityBody(t, { name: 'Cumbres', idUser: undefined, user: { idUser: String(fresh.id) } }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toEqual({ idUser: fresh.id, uuid: fresh.uuid, name: 'Renata Reciente' });
    expect(
      await t.db.one(
        'SELECT 1 AS ok FROM user_communities uc JOIN communities c ON c.id = uc.community_id WHERE uc.user_id = $1 AND c.name = $2',
        [fresh.id, 'Cumbres'],
      ),
    ).toBeTruthy();
  });

  it("refuses another integrator's administrator, a non-administrator and an unknown user, creating nothing", async () => {
    for (const id of [await userId(t, 'administrador2@porton.mx'), await userId(t, 'residente@porton.mx'), 999999]) {
      const res = await integrador.post(
        '/api/fracs/admin',
        await communityBody(t, { name: 'Rechazado', idUser: id, user: { idUser: id } }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().error_description).toBe('El administrador seleccionado no es válido.');
    }
    const theirs = await unassignedAdmin(t, 'de.otro@porton.mx', 'integrador2@porton.mx');
    const res = await integrador.post(
      '/api/fracs/admin',
      await communityBody(t, { name: 'Rechazado', idUser: theirs.id }),
    );
    expect(res.statusCode).toBe(400);
    expect((await integrador.get('/api/fracs?search=Rechazado')).json().totalElements).toBe(0);
  });

  it('refuses a second community with the same name for the same integrator (409); another integrator may use it', async () => {
    const dup = await integrador.post('/api/fracs/admin', await communityBody(t, { name: 'residencial las palmas' }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error_description).toBe('Ya tienes un fraccionamiento con ese nombre.');
    const other = await integrador2.post(
      '/api/fracs/admin',
      await communityBody(t, { name: 'Residencial Las Palmas', licenseTotal: 5 }, 'administrador2@porton.mx'),
    );
    expect(other.statusCode).toBe(200);
  });
});

describe('PUT api/fracs/{uuid} (Editar fraccionamiento)', () => {
  it('updates the fields and assigns a new administrator, who becomes a member', async () => {
    const uuid = await communityUuid(t, 'Bosques del Valle');
    const fresh = await unassignedAdmin(t, 'bosques.admin@porton.mx', 'integrador@porton.mx', 'Benito', 'Bosque');
    const body = await communityBody(t, {
      name: 'Bosques del Valle II',
      street: 'Calle Nueva',
      extNumber: '7',
      licenseTotal: 90,
      idUser: fresh.id,
      idFile: null,
    });
    const res = await integrador.put(`/api/fracs/${uuid}`, body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      uuid,
      name: 'Bosques del Valle II',
      street: 'Calle Nueva',
      extNumber: '7',
      licenseTotal: 90,
      idUser: fresh.id,
      cp: '76000',
    });
    expect(
      await t.db.one(
        'SELECT 1 AS ok FROM user_communities uc JOIN communities c ON c.id = uc.community_id WHERE uc.user_id = $1 AND c.uuid = $2',
        [fresh.id, uuid],
      ),
    ).toBeTruthy();
  });

  it("another integrator's community answers 404 and does not change", async () => {
    const palmas = await communityUuid(t, 'Residencial Las Palmas');
    const res = await integrador2.put(
      `/api/fracs/${palmas}`,
      await communityBody(t, { name: 'Robado', licenseTotal: 1 }, 'administrador2@porton.mx'),
    );
    expect(res.statusCode).toBe(404);
    expect((await t.db.one<{ name: string }>('SELECT name FROM communities WHERE uuid = $1', [palmas]))!.name).toBe(
      'Residencial Las Palmas',
    );
  });

  it('refuses a colony of another postal code and changes nothing', async () => {
    const palmas = await communityUuid(t, 'Residencial Las Palmas');
    const res = await integrador.put(
      `/api/fracs/${palmas}`,
      await communityBody(t, { name: 'Otro nombre', cp: '01000' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error_description).toBe('La colonia no corresponde al código postal.');
    expect((await integrador.get(`/api/fracs/${palmas}`)).json().name).toBe('Residencial Las Palmas');
  });
});

describe('the club property (club-only wording; a property of the community)', () => {
  it('is set on the community form, answered by the community and by api/users/me; an edit without it keeps it', async () => {
    const created = await integrador.post(
      '/api/fracs/admin',
      await communityBody(t, { name: 'Club Campestre Demo', licenseTotal: 5, club: true }),
    );
    expect(created.statusCode).toBe(200);
    expect(created.json().club).toBe(true);
    const uuid = created.json().uuid;
    const { club: _club, ...withoutClub } = (await communityBody(t, {
      name: 'Club Campestre Demo',
      licenseTotal: 5,
    })) as Record<string, unknown>;
    const edited = await integrador.put(`/api/fracs/${uuid}`, withoutClub);
    expect(edited.json().club).toBe(true);
    expect((await integrador.put(`/api/fracs/${uuid}`, { ...withoutClub, club: false })).json().club).toBe(false);
    const admin = t.as(await t.signIn('administrador@porton.mx'));
    expect((await admin.get('/api/users/me')).json().club).toBe(false);
  });
});
