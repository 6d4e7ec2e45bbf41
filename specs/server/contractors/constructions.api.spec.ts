import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteToday } from '../../../src/shared/contractors/construction-rules.js';
import { addHours } from '../../../src/shared/massive-events/massive-event-rules.js';
import { seedDemoContractors } from '../../../src/server/contractors/seed-contractors.js';
import { countRows, signInActors, type Actors } from '../../support/catalogue-actors.js';
import { testApp, type TestApp } from '../../support/test-app.js';

let t: TestApp;
let a: Actors;
let own: string; // the demo contractor's uuid
let other: string; // another contractor of the same community
let roble: string;
beforeAll(async () => {
  t = await testApp();
  await seedDemoContractors(t.db);
  a = await signInActors(t);
  own = (await a.contractor.get('/api/contractors/user')).json().uuid;
  other = (
    await a.admin.post('/api/contractors', {
      firstName: 'Otilia',
      lastName: 'Rangel',
      phone: '',
      enterprise: 'Rangel Obras',
      fullAddress: 'Monterrey, Calle Uno, #1, C.P.:64000',
      email: 'otilia@correo.mx',
    })
  ).json().uuid;
  roble = (await a.admin.get('/api/streets?page=0&search=Roble')).json().content[0].uuid;
});
afterAll(async () => {
  await t?.close();
});

const day = (days: number) => addHours(`${siteToday()}T12:00:00`, days * 24).slice(0, 10);
const body = (overrides: Record<string, unknown> = {}) => ({
  name: 'Casa Muestra',
  contractor: { uuid: own },
  number: 'T-99',
  streetNumber: '99',
  street: { uuid: roble },
  startDate: day(0),
  endDate: day(90),
  ...overrides,
});
type Site = { uuid: string; name: string; workerCount: number; streetNumber: string; number: string };
/** The sites of a list call: the whole list (no `page`) is a list, a page has them under `content`. */
const sitesOf = async (who: Actors['admin'], url = '/api/constructions') => {
  const body = (await who.get(url)).json();
  return (Array.isArray(body) ? body : body.content) as Site[];
};

describe('GET api/constructions', () => {
  it("answers the community's sites with contractor, street, numbers, dates (YYYY-MM-DD) and workerCount", async () => {
    const sites = await sitesOf(a.admin);
    expect(sites.map((s) => s.name).sort()).toEqual(['Ampliación Casa Ortiz', 'Casa Familia Treviño']);
    expect(sites.find((s) => s.name === 'Casa Familia Treviño')).toEqual({
      uuid: expect.any(String),
      name: 'Casa Familia Treviño',
      contractor: { uuid: own, firstName: 'Constantino', lastName: 'Flores Vega', enterprise: 'Constructora Flores' },
      street: {
        uuid: roble,
        name: 'Calle Roble',
        zone: { uuid: expect.any(String), name: 'Zona Norte' },
        community: { uuid: expect.any(String), name: 'Residencial Las Palmas' },
      },
      number: 'T-14',
      streetNumber: '214',
      startDate: day(-20),
      endDate: day(160),
      workerCount: 0,
      approved: 0,
      rejected: 0,
      pending: 0,
      rejectedWorker: null,
    });
    expect(await sitesOf(a.admin2)).toEqual([]);
  });

  it('a contractor sees only its own sites; a resident or guard is refused (403)', async () => {
    expect((await sitesOf(a.contractor)).length).toBe(2);
    for (const who of [a.resident, a.guard]) expect((await who.get('/api/constructions')).statusCode).toBe(403);
  });
});

describe('POST api/constructions', () => {
  it('creates a site starting today with 201', async () => {
    const res = await a.admin.post('/api/constructions', body());
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Casa Muestra',
      streetNumber: '99',
      number: 'T-99',
      startDate: day(0),
      endDate: day(90),
      workerCount: 0,
    });
  });

  it('refuses a site in the past, dates out of order, dates after 2100-12-30 and long texts; creates nothing', async () => {
    const before = await countRows(t, 'constructions');
    const cases: [Record<string, unknown>, string][] = [
      [{ startDate: day(-1) }, 'La fecha de inicio no puede ser anterior a hoy.'],
      [{ startDate: day(10), endDate: day(9) }, 'La fecha de fin no puede ser anterior a la fecha de inicio.'],
      [{ endDate: '2100-12-31' }, 'La fecha no puede ser posterior al 30/12/2100.'],
      [{ startDate: '2026-02-30' }, 'La fecha debe tener el formato AAAA-MM-DD.'],
      [{ name: 'x'.repeat(65) }, 'El nombre de la obra admite como máximo 64 caracteres.'],
      [{ number: '12345678901' }, 'El número de terreno admite como máximo 10 caracteres.'],
      [{ name: '' }, 'El nombre de la obra es obligatorio.'],
      [{ street: undefined }, 'Selecciona una calle.'],
    ];
    for (const [overrides, message] of cases) {
      const res = await a.admin.post('/api/constructions', body(overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json().error_description).toBe(message);
    }
    expect(await countRows(t, 'constructions')).toBe(before);
  });

  it('refuses a street or a contractor of another community with 404', async () => {
    const foreignStreet = (await a.admin2.get('/api/streets?page=0')).json().content[0].uuid;
    expect(
      (await a.admin.post('/api/constructions', body({ street: { uuid: foreignStreet } }))).json().error_description,
    ).toBe('La calle seleccionada no existe.');
    expect((await a.admin2.post('/api/constructions', body({ street: { uuid: foreignStreet } }))).statusCode).toBe(404);
  });

  it('is refused to a contractor, a resident and a guard (403)', async () => {
    for (const who of [a.contractor, a.resident, a.guard])
      expect((await who.post('/api/constructions', body())).statusCode).toBe(403);
  });
});

describe('GET api/constructions/contractor/?contractor={id} and GET api/constructions/{id}', () => {
  it("answers one contractor's sites to the staff and to that contractor", async () => {
    const mine = await sitesOf(a.contractor, `/api/constructions/contractor/?contractor=${own}`);
    expect(mine.map((s) => s.name)).toContain('Casa Familia Treviño');
    expect(await sitesOf(a.capturista, `/api/constructions/contractor/?contractor=${other}`)).toEqual([]);
  });

  it("another contractor's sites answer 404 to a contractor; another community's contractor 404 to the staff", async () => {
    const theirs = (
      await a.admin.post('/api/constructions', body({ name: 'Obra de Otilia', contractor: { uuid: other } }))
    ).json().uuid;
    expect((await a.contractor.get(`/api/constructions/contractor/?contractor=${other}`)).statusCode).toBe(404);
    expect((await a.contractor.get(`/api/constructions/${theirs}`)).statusCode).toBe(404);
    expect((await a.admin2.get(`/api/constructions/contractor/?contractor=${own}`)).statusCode).toBe(404);
    expect((await a.admin2.get(`/api/constructions/${theirs}`)).statusCode).toBe(404);
    expect((await a.admin.get(`/api/constructions/${theirs}`)).json().name).toBe('Obra de Otilia');
  });
});

const siteNamed = async (name: string) =>
  (await sitesOf(a.admin, `/api/constructions?search=${encodeURIComponent(name)}`))[0];

describe('PUT api/constructions/{id}', () => {
  it('edits name, contractor, street, dates and terrain number; the site number stays', async () => {
    const site = await siteNamed('Casa Muestra');
    const res = await a.admin.put(
      `/api/constructions/${site.uuid}`,
      body({ name: 'Casa Muestra II', number: 'T-100', streetNumber: '1', endDate: day(100) }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Casa Muestra II',
      number: 'T-100',
      streetNumber: '99',
      endDate: day(100),
    });
  });

  it("keeps a running site's past start, but a changed start may not go before today", async () => {
    const running = await siteNamed('Casa Familia Treviño');
    const keep = await a.admin.put(
      `/api/constructions/${running.uuid}`,
      body({ name: 'Casa Familia Treviño', startDate: day(-20), endDate: day(170), contractor: { uuid: own } }),
    );
    expect(keep.statusCode).toBe(200);
    const moved = await a.admin.put(
      `/api/constructions/${running.uuid}`,
      body({ name: 'Casa Familia Treviño', startDate: day(-30), endDate: day(170) }),
    );
    expect(moved.statusCode).toBe(400);
    expect(moved.json().error_description).toBe('La fecha de inicio no puede ser anterior a hoy.');
  });

  it('another community answers 404; a contractor 403', async () => {
    const site = await siteNamed('Casa Muestra II');
    expect((await a.admin2.put(`/api/constructions/${site.uuid}`, body())).statusCode).toBe(404);
    expect((await a.contractor.put(`/api/constructions/${site.uuid}`, body())).statusCode).toBe(403);
  });
});

describe("workers' counts and DELETE api/constructions/{id}", () => {
  const addWorker = async (siteUuid: string, first: string, status: string, reason: string | null) =>
    t.db.query(
      `INSERT INTO construction_workers (community_id, construction_id, first_name, last_name, status, reject_reason, decided_at)
     SELECT community_id, id, $2, 'Prueba', $3, $4, CASE WHEN $3 = 'Pendiente' THEN NULL ELSE now() END FROM constructions WHERE uuid = $1`,
      [siteUuid, first, status, reason],
    );

  it("counts live workers by status and names the rejected one (the contractor's home status)", async () => {
    const site = await siteNamed('Casa Muestra II');
    await addWorker(site.uuid, 'Ana', 'Aprobado', null);
    await addWorker(site.uuid, 'Beto', 'Rechazado', 'Documentos ilegibles');
    await addWorker(site.uuid, 'Ciro', 'Pendiente', null);
    expect(await siteNamed('Casa Muestra II')).toMatchObject({
      workerCount: 3,
      approved: 1,
      rejected: 1,
      pending: 1,
      rejectedWorker: 'Beto Prueba',
    });
  });

  it('refuses to delete a site with workers, saying why (409)', async () => {
    const site = await siteNamed('Casa Muestra II');
    const res = await a.admin.del(`/api/constructions/${site.uuid}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error_description).toBe(
      'No es posible eliminar la obra porque tiene trabajadores registrados. Elimina primero a sus trabajadores.',
    );
  });

  it('deletes a site whose workers were all deleted; another community 404, a contractor 403', async () => {
    const site = await siteNamed('Casa Muestra II');
    await t.db.query(
      'UPDATE construction_workers SET deleted_at = now() WHERE construction_id = (SELECT id FROM constructions WHERE uuid = $1)',
      [site.uuid],
    );
    expect((await a.admin2.del(`/api/constructions/${site.uuid}`)).statusCode).toBe(404);
    expect((await a.contractor.del(`/api/constructions/${site.uuid}`)).statusCode).toBe(403);
    expect((await a.capturista.del(`/api/constructions/${site.uuid}`)).statusCode).toBe(204);
    expect((await a.admin.get(`/api/constructions/${site.uuid}`)).statusCode).toBe(404);
  });
});
