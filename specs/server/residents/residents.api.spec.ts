import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, signInActors, type Actors } from '../../support/catalogue-actors.js';
import { inCommunities, withoutScope } from '../../../src/server/platform/db/row-scope.js';
import { testApp, type TestApp } from '../../support/test-app.js';

let t: TestApp;
let a: Actors;
beforeAll(async () => {
  t = await testApp();
  a = await signInActors(t);
});
afterAll(async () => {
  await t?.close();
});

const streetId = async (name: string) =>
  (await t.db.one<{ id: number }>('SELECT id FROM streets WHERE name = $1', [name]))!.id;
const body = async (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Teresa',
  lastName: 'Luna Prieto',
  email: 'teresa.luna@correo.mx',
  idStreet: await streetId('Calle Cedro'),
  number: '45',
  intNumber: '',
  useapp: false,
  notresident: false,
  phones: [{ phone: '5512345678' }],
  ...overrides,
});
type Listed = {
  uuid: string;
  name: string;
  email: string | null;
  testResidentRegistration: { pending: true; expiresAt: string } | null;
};
/** The code a resident was mailed last: the only place a registration code travels. */
const mailedCode = (email: string) => {
  const mail = t.mailer.sent.filter((m) => m.to === email).at(-1);
  return mail?.text.match(/Tu código de registro es: ([A-Z0-9]{6})/)?.[1] ?? null;
};
const listed = async (query = '') =>
  (await a.admin.get(`/api/residents/?${query}`)).json() as {
    data: Listed[];
    totalElements: number;
    pageNumber: number;
    totalPages: number;
  };

describe('GET api/residents/ (page, size, search, useApp → data, totalPages, totalElements, pageNumber)', () => {
  it("answers the live residents of the caller's community in the page shape (data, totalPages, totalElements, pageNumber)", async () => {
    const page = await listed('page=0&size=15');
    expect(page.totalElements).toBe(5);
    expect(page.pageNumber).toBe(0);
    expect(page.totalPages).toBe(1);
    expect(page.data.map((r) => r.name)).toContain('Rosa Martínez Cruz');
    const rosa = page.data.find((r) => r.name === 'Rosa Martínez Cruz')!;
    expect(rosa).toMatchObject({
      email: 'residente@porton.mx',
      useapp: true,
      status: 'ACTIVE',
      testResidentRegistration: null,
      testStreet: { name: 'Calle Roble', testZone: { name: 'Zona Norte' } },
    });
  });

  it('searches case-insensitively on name, email, street and number', async () => {
    expect((await listed('search=MARTÍNEZ')).data.map((r) => r.name)).toEqual(['Rosa Martínez Cruz']);
    expect((await listed('search=residente@PORTON')).data.map((r) => r.name)).toEqual(['Rosa Martínez Cruz']);
    expect((await listed('search=cedro')).data.map((r) => r.name)).toEqual(['Miguel Aguilar Reyes']);
    expect((await listed('search=101')).data.map((r) => r.name)).toEqual(['Lucía Ramos Vidal']);
  });

  it('a search pages its matches by name, each page with the total of every match; useApp narrows it', async () => {
    // Four residents of the caller's community share a word with nobody else.
    const street = await streetId('Calle Cedro');
    await t.db.query(
      `INSERT INTO residents (community_id, street_id, number, first_name, last_name, email, useapp)
       SELECT s.community_id, s.id, '7', n.first, 'Quintanilla', lower(n.first) || '.quintanilla@correo.mx', n.app
         FROM streets s, (VALUES ('Ana', false), ('Beto', true), ('Ciro', false), ('Dora', true)) AS n(first, app)
        WHERE s.id = $1`,
      [street],
    );
    const first = await listed('search=quintanilla&page=0&size=3');
    expect(first.data.map((r) => r.name)).toEqual(['Ana Quintanilla', 'Beto Quintanilla', 'Ciro Quintanilla']);
    expect(first).toMatchObject({ totalElements: 4, totalPages: 2, pageNumber: 0 });
    const second = await listed('search=quintanilla&page=1&size=3');
    expect(second.data.map((r) => r.name)).toEqual(['Dora Quintanilla']);
    expect(second).toMatchObject({ totalElements: 4, totalPages: 2, pageNumber: 1 });
    // A page past the last match is empty and still tells the total.
    expect(await listed('search=quintanilla&page=5&size=3')).toMatchObject({ data: [], totalElements: 4 });
    const withApp = await listed('search=QUINTANILLA&useApp=true');
    expect(withApp.data.map((r) => r.name)).toEqual(['Beto Quintanilla', 'Dora Quintanilla']);
    expect(withApp.totalElements).toBe(2);
    // LIKE's wildcards in the term are plain characters.
    expect((await listed('search=quintan%25lla')).totalElements).toBe(0);
    await t.db.query("DELETE FROM residents WHERE last_name = 'Quintanilla'");
  });

  it("the search function answers nothing for a community the caller's transaction does not see", async () => {
    const [mine, other] = await t.db.query<{ id: number }>(
      "SELECT id FROM communities WHERE name IN ('Residencial Las Palmas', 'Bosques del Valle') ORDER BY name = 'Residencial Las Palmas' DESC",
    );
    // The app's own connection (the test's runs as the operator, who sees every community).
    const appDb = t.app.deps.db;
    const search = (community: number) =>
      inCommunities([mine.id], () =>
        appDb.query('SELECT * FROM porton_resident_search($1, $2, false, 15, 0)', [community, '%a%']),
      );
    expect((await search(mine.id)).length).toBeGreaterThan(0);
    expect(await search(other.id)).toEqual([]);
    // With no scope at all, none either.
    expect(
      await withoutScope(() =>
        appDb.query('SELECT * FROM porton_resident_search($1, $2, false, 15, 0)', [other.id, '%a%']),
      ),
    ).toEqual([]);
  });

  it('useApp=true keeps only residents with app use', async () => {
    expect((await listed('useApp=true')).data.map((r) => r.name)).toEqual(['Rosa Martínez Cruz']);
  });

  it('is refused to guard, resident, integrator and general admin (403); another community sees only its own', async () => {
    for (const who of [a.guard, a.resident, a.integrator, a.generalAdmin])
      expect((await who.get('/api/residents/')).statusCode).toBe(403);
    const other = (await a.admin2.get('/api/residents/')).json();
    expect(other.data.map((r: Listed) => r.name)).toEqual(['Daniel Ortega Paz', 'Sofía Castro Rivas']);
  });
});

describe('POST api/residents (a list of one) and the registration code', () => {
  it('creates a resident with phones; with useapp a 6-character code valid 15 minutes is mailed, and the answer says only that it is pending and when it expires', async () => {
    const before = Date.now();
    const res = await a.capturista.post('/api/residents', [await body({ useapp: true })]);
    expect(res.statusCode).toBe(201);
    const [created] = res.json();
    expect(created).toMatchObject({
      firstName: 'Teresa',
      email: 'teresa.luna@correo.mx',
      useapp: true,
      phones: [{ phone: '5512345678' }],
    });
    expect(Object.keys(created.testResidentRegistration).sort()).toEqual(['expiresAt', 'pending']);
    const exp = Date.parse(created.testResidentRegistration.expiresAt);
    expect(exp - before).toBeGreaterThan(14.9 * 60_000);
    expect(exp - before).toBeLessThanOrEqual(15 * 60_000 + 2000);
    const mail = t.mailer.sent.at(-1)!;
    expect(mail.to).toBe('teresa.luna@correo.mx');
    const code = mailedCode('teresa.luna@correo.mx');
    expect(code).toMatch(/^[A-Z0-9]{6}$/);
    expect(res.body).not.toContain(code);
  });

  it('answers 409 "Correo ya existente." for an email a live resident uses, and creates nothing', async () => {
    const n = await countRows(t, 'residents');
    const res = await a.admin.post('/api/residents', [await body({ email: 'TERESA.luna@correo.mx' })]);
    expect(res.statusCode).toBe(409);
    expect(res.json().error_description).toBe('Correo ya existente.');
    expect(await countRows(t, 'residents')).toBe(n);
  });

  it('refuses a fifth phone, non-digit phones, an 11-digit phone, a 65-character email and a 9-character number (400, Spanish, nothing created)', async () => {
    const n = await countRows(t, 'residents');
    const bad = [
      { phones: [1, 2, 3, 4, 5].map((i) => ({ phone: `55${i}` })) },
      { phones: [{ phone: '55-1234' }] },
      { phones: [{ phone: '55123456789' }] },
      { phones: [] },
      { email: `${'a'.repeat(55)}@correo.mx` },
      { number: '123456789' },
      { firstName: 'Al' },
    ];
    for (const overrides of bad) {
      const res = await a.admin.post('/api/residents', [await body({ email: 'otra@correo.mx', ...overrides })]);
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json().error_description).toMatch(/teléfono|correo|número|nombre/i);
    }
    expect(await countRows(t, 'residents')).toBe(n);
  });

  it('answers 409 "Correo ya existente." for the email of a live resident of another community (one email, one person in the portal)', async () => {
    const n = await countRows(t, 'residents');
    const res = await a.admin2.post('/api/residents', [
      await body({ email: 'Residente@porton.mx', idStreet: await streetId('Calle Girasol') }),
    ]);
    expect(res.statusCode).toBe(409);
    expect(res.json().error_description).toBe('Correo ya existente.');
    expect(await countRows(t, 'residents')).toBe(n);
  });

  it('answers 404 for a street of another community', async () => {
    const res = await a.admin.post('/api/residents', [
      await body({ email: 'ajeno@correo.mx', idStreet: await streetId('Calle Girasol') }),
    ]);
    expect(res.statusCode).toBe(404);
  });

  it('the code activates an account at POST api/residents/register; it signs in and the code column then shows no code', async () => {
    const teresa = (await listed('search=teresa')).data[0];
    expect(teresa.testResidentRegistration).toMatchObject({ pending: true });
    const code = mailedCode('teresa.luna@correo.mx')!;
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/residents/register',
      payload: { email: 'teresa.luna@correo.mx', code: 'ZZZZZZ', password: 'Secreta2026' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error_description).toBe('El código o el correo no son válidos.');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/residents/register',
      payload: { email: 'teresa.luna@correo.mx', code: code.toLowerCase(), password: 'Secreta2026' },
    });
    expect(res.statusCode).toBe(201);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/residents/register',
      payload: { email: 'teresa.luna@correo.mx', code, password: 'Secreta2026' },
    });
    expect(again.statusCode).toBe(410);
    const token = await t.signIn('teresa.luna@correo.mx', 'Secreta2026');
    const me = (await t.as(token).get('/api/users/me')).json();
    expect(me).toMatchObject({ roleKey: 'resident', frac: 'Residencial Las Palmas' });
    expect((await listed('search=teresa')).data[0].testResidentRegistration).toBeNull();
  });

  it('disabling the resident ends every open session of the account at once (401)', async () => {
    const token = await t.signIn('teresa.luna@correo.mx', 'Secreta2026');
    expect((await t.as(token).get('/api/users/me')).statusCode).toBe(200);
    const teresa = (await listed('search=teresa')).data[0];
    const res = await a.capturista.put(`/api/residents/disable/${teresa.uuid}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'INACTIVE', useapp: false });
    expect((await t.as(token).get('/api/users/me')).statusCode).toBe(401);
    const enabled = await a.capturista.put(`/api/residents/enable/${teresa.uuid}`);
    expect(enabled.json()).toMatchObject({ status: 'ACTIVE', useapp: false });
  });

  it('an expired code answers 410 with a Spanish message, and a resend issues a new one', async () => {
    const res = await a.admin.post('/api/residents', [await body({ email: 'vencido@correo.mx', useapp: true })]);
    const created = res.json()[0];
    await t.db.query("UPDATE resident_codes SET expires_at = now() - interval '1 minute' WHERE resident_id = $1", [
      created.idResident,
    ]);
    const expired = await t.app.inject({
      method: 'POST',
      url: '/api/residents/register',
      payload: { email: 'vencido@correo.mx', code: mailedCode('vencido@correo.mx'), password: 'Secreta2026' },
    });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error_description).toMatch(/expiró/);
    const first = mailedCode('vencido@correo.mx');
    const resent = await a.admin.put(`/api/residents/resendRegistrationEmail/${created.uuid}`);
    expect(resent.statusCode).toBe(200);
    expect(Date.parse(resent.json().resident.testResidentRegistration.expiresAt)).toBeGreaterThan(Date.now());
    expect(mailedCode('vencido@correo.mx')).not.toBe(first);
  });

  it('a resend for a resident without app use answers 409 in Spanish', async () => {
    const lucia = (await listed('search=lucía')).data[0];
    const res = await a.admin.put(`/api/residents/resendRegistrationEmail/${lucia.uuid}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error_description).toMatch(/no usa la app/);
  });

  it('brute force of codes is throttled (429 after 5 failures for an email)', async () => {
    await a.admin.post('/api/residents', [await body({ email: 'fuerza@correo.mx', useapp: true })]);
    const code = mailedCode('fuerza@correo.mx')!;
    const attempt = (c: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/residents/register',
        payload: { email: 'fuerza@correo.mx', code: c, password: 'Secreta2026' },
      });
    for (let i = 0; i < 5; i++) expect((await attempt('AAAAAA')).statusCode).toBe(400);
    expect((await attempt(code)).statusCode).toBe(429);
  });
});

describe('Throttles count atomically before evaluating', () => {
  it('40 wrong codes sent at once for one email: exactly 5 are evaluated (400), the other 35 answer 429 unseen', async () => {
    await a.admin.post('/api/residents', [await body({ email: 'rafaga@correo.mx', useapp: true })]);
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/residents/register',
          payload: { email: 'rafaga@correo.mx', code: 'ZZZZZZ', password: 'Secreta2026' },
          remoteAddress: '203.0.113.40',
        }),
      ),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 400)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(35);
    // The right code after the burst is refused too: the limit holds for the window.
    const right = await t.app.inject({
      method: 'POST',
      url: '/api/residents/register',
      payload: { email: 'rafaga@correo.mx', code: mailedCode('rafaga@correo.mx'), password: 'Secreta2026' },
    });
    expect(right.statusCode).toBe(429);
  });
});

describe('validateEmail, delete and reactivate', () => {
  it('tells free, taken and deleted; a capturista cannot delete (403); the admin soft-deletes; reactivation brings it back', async () => {
    const check = async (email: string, residentUuid?: string) =>
      (await a.admin.post('/api/residents/validateEmail/', residentUuid ? { email, residentUuid } : { email })).json();
    expect(await check('nadie@correo.mx')).toEqual({
      Success: true,
      Message: '',
      Data: { residentStatus: 'AVAILABLE' },
    });
    expect(await check('residente@porton.mx')).toEqual({
      Success: false,
      Message: 'Correo ya existente.',
      Data: { residentStatus: 'TAKEN' },
    });
    const res = await a.admin.post('/api/residents', [await body({ email: 'borrame@correo.mx' })]);
    const created = res.json()[0];
    expect((await check('borrame@correo.mx', created.uuid)).Data.residentStatus).toBe('AVAILABLE');
    expect((await a.capturista.del(`/api/residents/${created.uuid}`)).statusCode).toBe(403);
    expect((await a.admin2.del(`/api/residents/${created.uuid}`)).statusCode).toBe(404);
    expect((await a.admin.del(`/api/residents/${created.uuid}`)).statusCode).toBe(204);
    expect((await check('borrame@correo.mx')).Data.residentStatus).toBe('DELETED');
    const back = await a.admin.post('/api/residents/reactivateEmail/', { email: 'borrame@correo.mx' });
    expect(back.statusCode).toBe(200);
    expect(back.json().Data.resident).toMatchObject({ uuid: created.uuid, status: 'ACTIVE' });
  });
});

describe('Licences: a community cannot hold more live residents than its licences', () => {
  it('three concurrent creates at the last free licence: one 201, two 409 with the licence message; nothing else created', async () => {
    const villas = (await t.db.one<{ id: number }>("SELECT id FROM communities WHERE name = 'Villas del Sol'"))!.id;
    const live = (await t.db.one<{ n: number }>(
      'SELECT count(*)::int AS n FROM residents WHERE community_id = $1 AND deleted_at IS NULL',
      [villas],
    ))!.n;
    await t.db.query('UPDATE communities SET license_total = $2 WHERE id = $1', [villas, live + 1]);
    const girasol = await streetId('Calle Girasol');
    const results = await Promise.all(
      ['uno', 'dos', 'tres'].map(async (n) =>
        a.admin2.post('/api/residents', [await body({ email: `${n}@villas.mx`, idStreet: girasol })]),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    const refused = results.find((r) => r.statusCode === 409)!;
    expect(refused.json().error_description).toBe(
      `No es posible registrar más residentes: el fraccionamiento ya usa sus ${live + 1} licencias.`,
    );
    expect(
      (await t.db.one<{ n: number }>(
        'SELECT count(*)::int AS n FROM residents WHERE community_id = $1 AND deleted_at IS NULL',
        [villas],
      ))!.n,
    ).toBe(live + 1);
  });
});

describe('PUT api/residents/{uuid}, phones, and the option lists', () => {
  it('updates fields and phones: a sent uuid keeps that phone, a new one is added, an omitted one removed', async () => {
    const created = (
      await a.admin.post('/api/residents', [
        await body({ email: 'editame@correo.mx', phones: [{ phone: '111' }, { phone: '222' }] }),
      ])
    ).json()[0];
    const [first] = created.phones;
    const res = await a.capturista.put(`/api/residents/${created.uuid}`, {
      ...(await body({ email: 'editame@correo.mx' })),
      idZone: created.idZone,
      firstName: 'Teodora',
      number: '46',
      phones: [{ uuid: first.uuid, phone: '1112' }, { phone: '333' }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ firstName: 'Teodora', number: '46' });
    expect(res.json().phones).toEqual([
      { uuid: first.uuid, phone: '1112' },
      { uuid: expect.any(String), phone: '333' },
    ]);
  });

  it("an edit changes the 'No. acción' only in a club; elsewhere it stays as it was", async () => {
    const created = (await a.admin.post('/api/residents', [await body({ email: 'accion@correo.mx' })])).json()[0];
    const put = async () =>
      a.admin.put(`/api/residents/${created.uuid}`, {
        ...(await body({ email: 'accion@correo.mx' })),
        idZone: created.idZone,
        action: 'A-17',
      });
    const before = created.action;
    const plain = await put();
    expect(plain.statusCode).toBe(200);
    expect(plain.json().action).toBe(before);
    await t.db.query("UPDATE communities SET club = true WHERE name = 'Residencial Las Palmas'");
    try {
      expect((await put()).json().action).toBe('A-17');
    } finally {
      await t.db.query("UPDATE communities SET club = false WHERE name = 'Residencial Las Palmas'");
    }
  });

  it('a phone uuid of another resident answers 404 and changes nothing', async () => {
    const rows = (await listed('search=editame')).data as unknown as {
      uuid: string;
      idZone: number;
      phones: { uuid: string; phone: string }[];
    }[];
    const other = (await a.admin.post('/api/residents', [await body({ email: 'otro.tel@correo.mx' })])).json()[0];
    const res = await a.admin.put(`/api/residents/${rows[0].uuid}`, {
      ...(await body({ email: 'editame@correo.mx' })),
      idZone: rows[0].idZone,
      phones: [{ uuid: other.phones[0].uuid, phone: '999' }],
    });
    expect(res.statusCode).toBe(404);
    expect((await listed('search=editame')).data[0]).toMatchObject({ phones: rows[0].phones });
  });

  it('DELETE api/phones/{uuid} removes a saved phone; the only phone is kept (409); another community answers 404', async () => {
    const r = (
      await a.admin.post('/api/residents', [
        await body({ email: 'tels@correo.mx', phones: [{ phone: '1' }, { phone: '2' }] }),
      ])
    ).json()[0];
    expect((await a.admin2.del(`/api/phones/${r.phones[0].uuid}`)).statusCode).toBe(404);
    expect((await a.capturista.del(`/api/phones/${r.phones[0].uuid}`)).statusCode).toBe(204);
    const last = await a.admin.del(`/api/phones/${r.phones[1].uuid}`);
    expect(last.statusCode).toBe(409);
    expect(last.json().error_description).toMatch(/al menos un teléfono/);
  });

  it('GET api/residents/streets/{streetUuid}, all and findOne answer this community only', async () => {
    const roble = (await t.db.one<{ uuid: string }>("SELECT uuid FROM streets WHERE name = 'Calle Roble'"))!.uuid;
    const girasol = (await t.db.one<{ uuid: string }>("SELECT uuid FROM streets WHERE name = 'Calle Girasol'"))!.uuid;
    const onRoble = (await a.guard.get(`/api/residents/streets/${roble}`)).json();
    expect(onRoble.map((r: { firstName: string }) => r.firstName)).toEqual(['Jorge', 'Rosa']);
    expect((await a.guard.get(`/api/residents/streets/${girasol}`)).statusCode).toBe(404);
    const all = (await a.capturista.get('/api/residents/all')).json();
    expect(all.length).toBeGreaterThan(5);
    const found = await a.guard.get('/api/residents/findOne?email=RESIDENTE@porton.mx');
    expect(found.json()).toMatchObject({ firstName: 'Rosa' });
    expect((await a.admin2.get('/api/residents/findOne?email=residente@porton.mx')).statusCode).toBe(404);
    expect((await a.guard.get('/api/residents/findOne')).statusCode).toBe(400);
  });

  it("another community's resident answers 404 to read, edit, enable, disable, resend and delete", async () => {
    const rosa = (await listed('search=rosa')).data[0];
    for (const res of [
      await a.admin2.get(`/api/residents/${rosa.uuid}`),
      await a.admin2.put(`/api/residents/${rosa.uuid}`, {
        ...(await body({ email: 'x@y.mx' })),
        idStreet: await streetId('Calle Girasol'),
      }),
      await a.admin2.put(`/api/residents/enable/${rosa.uuid}`),
      await a.admin2.put(`/api/residents/disable/${rosa.uuid}`),
      await a.admin2.put(`/api/residents/resendRegistrationEmail/${rosa.uuid}`),
      await a.admin2.del(`/api/residents/${rosa.uuid}`),
    ])
      expect(res.statusCode).toBe(404);
    expect((await listed('search=rosa')).data[0]).toMatchObject({ status: 'ACTIVE', useapp: true });
  });
});
