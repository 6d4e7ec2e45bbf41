import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCatalogues } from '../../../src/server/catalogues/seed-catalogues.js';
import { seedDemoMassiveEvents } from '../../../src/server/massive-events/seed-massive-events.js';
import { displayStatus } from '../../../src/shared/massive-events/massive-event-rules.js';
import { countRows, signInActors, type Actors } from '../../support/catalogue-actors.js';
import { areaUuid, eventUuid, inHours, residentUuid, shiftEvent } from '../../support/massive-events/event-fixtures.js';
import { testApp, type TestApp } from '../../support/test-app.js';

let t: TestApp;
let a: Actors;
beforeAll(async () => {
  t = await testApp();
  await seedDemoCatalogues(t.db);
  await seedDemoMassiveEvents(t.db);
  a = await signInActors(t);
});
afterAll(async () => {
  await t?.close();
});

type Summary = {
  uuid: string;
  title: string;
  status: string;
  startDate: string;
  endDate: string;
  version: number;
  commonArea: { name: string } | null;
  resident: { firstName: string };
};
const list = async (who: Actors[keyof Actors]) => (await who.get('/api/massiveEvents/')).json() as [Summary, number][];
const body = async (overrides: Record<string, unknown> = {}) => ({
  title: 'Fiesta de prueba',
  additionalInformation: 'Traer botana',
  startDate: inHours(48),
  commonArea: { uuid: await areaUuid(t, 'Residencial Las Palmas', 'Casa club') },
  resident: { uuid: await residentUuid(t, 'Jorge') },
  ...overrides,
});
const create = async (overrides: Record<string, unknown> = {}, who = a.admin) => {
  const res = await who.post('/api/massiveEvents', await body(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as string;
};
const guest = (event: string, firstName = 'Invitada', lastName = 'De Prueba') =>
  a.admin.post('/api/massiveEventGuests/', {
    massiveEvent: { uuid: event },
    firstName,
    lastName,
    phone: '5512345678',
    email: '',
  });

/** An event in the given display status: created (Incompleto), finished with a guest (Próximo), cancelled, or moved in time. */
async function eventIn(status: 'Próximo' | 'En curso' | 'Terminado' | 'Cancelado' | 'Incompleto'): Promise<string> {
  const uuid = await create({ title: `Evento ${status}` });
  if (status === 'Incompleto') return uuid;
  await guest(uuid);
  if (status === 'Cancelado') {
    await shiftEvent(t, uuid, 48, 'Cancelado');
    return uuid;
  }
  await shiftEvent(t, uuid, status === 'Próximo' ? 48 : status === 'En curso' ? -2 : -24 * 3, 'Próximo');
  return uuid;
}

describe('GET api/massiveEvents/ (pairs of [event, guest count])', () => {
  it('answers the demo events of the community with their guest counts, one in each display status', async () => {
    const pairs = await list(a.admin);
    const byTitle = Object.fromEntries(pairs.map(([e, n]) => [e.title, { e, n }]));
    expect(byTitle['Boda de Lucía y Marco'].n).toBe(10);
    expect(byTitle['Asamblea de vecinos'].n).toBe(0);
    expect(byTitle['Boda de Lucía y Marco'].e.commonArea?.name).toBe('Casa club');
    expect(byTitle['Cumpleaños de Rosa'].e.commonArea).toBeNull();
    const shown = Object.fromEntries(pairs.map(([e]) => [e.title, displayStatus(e)]));
    expect(shown).toMatchObject({
      'Boda de Lucía y Marco': 'Próximo',
      'Asamblea de vecinos': 'Incompleto',
      'Posada navideña': 'En curso',
      'Torneo de natación': 'Terminado',
      'Kermés escolar': 'Cancelado',
    });
  });

  it('the end is the start plus 12 hours', async () => {
    const [e] = (await list(a.admin))[0];
    expect(new Date(`${e.endDate}Z`).getTime() - new Date(`${e.startDate}Z`).getTime()).toBe(12 * 3_600_000);
  });

  it('a resident sees only their own events; a guard and a capturista read all; another community sees none of these', async () => {
    expect((await list(a.resident)).map(([e]) => e.title).sort()).toEqual(['Cumpleaños de Rosa', 'Torneo de natación']);
    expect((await list(a.guard)).length).toBe((await list(a.admin)).length);
    expect((await list(a.capturista)).length).toBe((await list(a.admin)).length);
    expect(await list(a.admin2)).toEqual([]);
    for (const who of [a.contractor, a.integrator, a.generalAdmin])
      expect((await who.get('/api/massiveEvents/')).statusCode).toBe(403);
  });
});

describe('GET api/massiveEvents/{id} (the event with its massiveEventGuests)', () => {
  it("answers the event and its guests; another resident's event and another community's event answer 404", async () => {
    const boda = await eventUuid(t, 'Boda de Lucía y Marco');
    const res = await a.guard.get(`/api/massiveEvents/${boda}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().massiveEventGuests).toHaveLength(10);
    expect(res.json().massiveEventGuests[0]).toMatchObject({
      firstName: 'Ana',
      lastName: 'Beltrán Ruiz',
      massiveEvent: { uuid: boda },
    });
    expect((await a.resident.get(`/api/massiveEvents/${boda}`)).statusCode).toBe(404);
    expect((await a.admin2.get(`/api/massiveEvents/${boda}`)).statusCode).toBe(404);
    expect((await a.resident.get(`/api/massiveEvents/${await eventUuid(t, 'Cumpleaños de Rosa')}`)).statusCode).toBe(
      200,
    );
    expect((await a.admin.get('/api/massiveEvents/no-es-uuid')).statusCode).toBe(400);
  });
});

describe('POST api/massiveEvents (create; the answer is the uuid)', () => {
  it("an administrator creates for any resident at a common area or at 'Casa del residente' (commonArea null); it starts Incompleto", async () => {
    const uuid = await create({ commonArea: null, startDate: inHours(30) });
    const event = (await a.admin.get(`/api/massiveEvents/${uuid}`)).json();
    expect(event).toMatchObject({
      title: 'Fiesta de prueba',
      additionalInformation: 'Traer botana',
      status: 'Incompleto',
      commonArea: null,
      resident: { firstName: 'Jorge' },
      massiveEventGuests: [],
      backgroundColor: null,
      foregroundColor: null,
    });
    expect(event.startDate).toBe(inHours(30));
  });

  it('a resident creates only for their own record (another resident: 404); capturista and guard are refused (403); nothing is created', async () => {
    const rosa = await residentUuid(t, 'Rosa');
    const mine = await create({ resident: { uuid: rosa }, commonArea: null }, a.resident);
    expect((await a.resident.get(`/api/massiveEvents/${mine}`)).statusCode).toBe(200);
    const n = await countRows(t, 'massive_events');
    expect((await a.resident.post('/api/massiveEvents', await body())).statusCode).toBe(404);
    expect((await a.capturista.post('/api/massiveEvents', await body())).statusCode).toBe(403);
    expect((await a.guard.post('/api/massiveEvents', await body())).statusCode).toBe(403);
    expect(await countRows(t, 'massive_events')).toBe(n);
  });

  it('refuses bad input with a Spanish message (title 1 to 64, information up to 200, date not past and up to 2100-12-30) and creates nothing', async () => {
    const n = await countRows(t, 'massive_events');
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ title: '' }, /título es obligatorio/],
      [{ title: 'x'.repeat(65) }, /como máximo 64/],
      [{ additionalInformation: 'x'.repeat(201) }, /como máximo 200/],
      [{ startDate: inHours(-48) }, /anterior a hoy/],
      [{ startDate: '2101-01-01T10:00:00' }, /30\/12\/2100/],
      [{ startDate: '2027-02-30T10:00' }, /formato/],
      [{ startDate: 'mañana' }, /formato/],
      [{ resident: undefined }, /residente/],
    ];
    for (const [overrides, message] of cases) {
      const res = await a.admin.post('/api/massiveEvents', await body(overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json().error_description).toMatch(message);
    }
    expect(await countRows(t, 'massive_events')).toBe(n);
  });

  it("another community's common area or resident answers 404", async () => {
    const res1 = await a.admin.post(
      '/api/massiveEvents',
      await body({ commonArea: { uuid: await areaUuid(t, 'Villas del Sol', 'Casa club') } }),
    );
    expect(res1.statusCode).toBe(404);
    const res2 = await a.admin.post(
      '/api/massiveEvents',
      await body({ resident: { uuid: await residentUuid(t, 'Sofía') } }),
    );
    expect(res2.statusCode).toBe(404);
  });
});

/**
 * The status rules of massive events, written out: delete only Terminado, Cancelado or Incompleto; clone only Terminado;
 * edit only Próximo or Incompleto; cancel not when Cancelado, Terminado or En curso.
 */
const SPEC_RULES = {
  delete: ['Terminado', 'Cancelado', 'Incompleto'],
  clone: ['Terminado'],
  edit: ['Próximo', 'Incompleto'],
  cancel: ['Próximo', 'Incompleto'],
} as const;
const STATUSES = ['Próximo', 'En curso', 'Terminado', 'Cancelado', 'Incompleto'] as const;
const REFUSALS = {
  delete: /no ha terminado/,
  clone: /No se puede clonar este evento, solo es posible clonar eventos con estatus "Terminado"\./,
  edit: /Solo es posible editar eventos con estatus "Próximo" o "Incompleto"/,
  cancel: /No es posible cancelar un evento cancelado, terminado o en curso/,
};

describe('the status rules of massive events are enforced by the server (409 with the reason in Spanish)', () => {
  for (const action of ['delete', 'clone', 'edit', 'cancel'] as const) {
    for (const status of STATUSES) {
      const allowed = (SPEC_RULES[action] as readonly string[]).includes(status);
      it(`${action} of a ${status} event is ${allowed ? 'done' : 'refused'}`, async () => {
        const uuid = await eventIn(status);
        const before = (await a.admin.get(`/api/massiveEvents/${uuid}`)).json();
        expect(displayStatus(before)).toBe(status);
        const res =
          action === 'delete'
            ? await a.admin.del(`/api/massiveEvents/${uuid}`)
            : action === 'clone'
              ? await a.admin.post(`/api/massiveEvents/${uuid}/clone`)
              : action === 'cancel'
                ? await a.admin.put(`/api/massiveEvents/${uuid}/cancel`)
                : await a.admin.put(`/api/massiveEvents/${uuid}`, {
                    ...(await body()),
                    title: 'Cambiado',
                    startDate: before.startDate,
                  });
        if (!allowed) {
          expect(res.statusCode).toBe(409);
          expect(res.json().error_description).toMatch(REFUSALS[action]);
          expect((await a.admin.get(`/api/massiveEvents/${uuid}`)).json()).toEqual(before);
          return;
        }
        expect(res.statusCode).toBe(action === 'delete' ? 204 : action === 'clone' ? 201 : 200);
        const after = await a.admin.get(`/api/massiveEvents/${uuid}`);
        if (action === 'delete') expect(after.statusCode).toBe(404);
        if (action === 'cancel') expect(after.json().status).toBe('Cancelado');
        if (action === 'edit') expect(after.json().title).toBe('Cambiado');
        if (action === 'clone') {
          const copy = (await a.admin.get(`/api/massiveEvents/${res.json()}`)).json();
          expect(copy).toMatchObject({ title: before.title, status: 'Incompleto' });
          expect(copy.massiveEventGuests.map((g: { firstName: string }) => g.firstName)).toEqual(
            before.massiveEventGuests.map((g: { firstName: string }) => g.firstName),
          );
          expect(copy.massiveEventGuests[0].uuid).not.toBe(before.massiveEventGuests[0].uuid);
        }
      });
    }
  }
});

describe('a clone copies the finished event ("con sus invitados y su diseño")', () => {
  it('keeps its dates, additional information, resident or area and colours to the second', async () => {
    const uuid = await eventIn('Terminado');
    const source = (await a.admin.get(`/api/massiveEvents/${uuid}`)).json();
    const res = await a.admin.post(`/api/massiveEvents/${uuid}/clone`);
    expect(res.statusCode).toBe(201);
    const copy = (await a.admin.get(`/api/massiveEvents/${res.json()}`)).json();
    for (const field of [
      'startDate',
      'endDate',
      'additionalInformation',
      'resident',
      'commonArea',
      'backgroundColor',
      'foregroundColor',
    ]) {
      expect(copy[field], field).toEqual(source[field]);
    }
  });
});

describe('who may change events', () => {
  it("a resident edits, cancels and deletes their own event; another resident's event answers 404 for each", async () => {
    const rosa = await residentUuid(t, 'Rosa');
    const mine = await create({ resident: { uuid: rosa }, commonArea: null, title: 'Mía' }, a.resident);
    const theirs = await create({ title: 'Ajena' });
    const put = (uuid: string) =>
      a.resident.put(`/api/massiveEvents/${uuid}`, {
        title: 'X',
        startDate: inHours(48),
        commonArea: null,
        resident: { uuid: rosa },
      });
    expect((await put(theirs)).statusCode).toBe(404);
    expect((await a.resident.put(`/api/massiveEvents/${theirs}/cancel`)).statusCode).toBe(404);
    expect((await a.resident.del(`/api/massiveEvents/${theirs}`)).statusCode).toBe(404);
    expect((await a.resident.post(`/api/massiveEvents/${theirs}/clone`)).statusCode).toBe(404);
    expect((await a.admin.get(`/api/massiveEvents/${theirs}`)).json().title).toBe('Ajena');
    expect((await put(mine)).statusCode).toBe(200);
    expect((await a.resident.put(`/api/massiveEvents/${mine}/cancel`)).statusCode).toBe(200);
    expect((await a.resident.del(`/api/massiveEvents/${mine}`)).statusCode).toBe(204);
  });

  it("the wizard's host for a resident: api/residents/findOne finds the caller's own record and no other (404)", async () => {
    const own = await a.resident.get('/api/residents/findOne?email=residente@porton.mx');
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ firstName: 'Rosa' });
    expect((await a.resident.get(`/api/residents/findOne?uuid=${await residentUuid(t, 'Jorge')}`)).statusCode).toBe(
      404,
    );
    expect((await a.resident.get('/api/residents/all')).statusCode).toBe(403);
  });

  it('a capturista and a guard read but change nothing (403)', async () => {
    const uuid = await create({ title: 'Solo lectura' });
    for (const who of [a.capturista, a.guard]) {
      expect((await who.get(`/api/massiveEvents/${uuid}`)).statusCode).toBe(200);
      expect((await who.put(`/api/massiveEvents/${uuid}`, await body())).statusCode).toBe(403);
      expect((await who.put(`/api/massiveEvents/${uuid}/cancel`)).statusCode).toBe(403);
      expect((await who.del(`/api/massiveEvents/${uuid}`)).statusCode).toBe(403);
      expect((await who.post(`/api/massiveEvents/${uuid}/clone`)).statusCode).toBe(403);
      expect((await who.put(`/api/massiveEvents/${uuid}/configure`, {})).statusCode).toBe(403);
    }
    expect((await a.admin.get(`/api/massiveEvents/${uuid}`)).json().status).toBe('Incompleto');
  });

  it("another community's administrator cannot read, change or delete the event (404)", async () => {
    const uuid = await create({ title: 'De Las Palmas' });
    expect((await a.admin2.put(`/api/massiveEvents/${uuid}`, await body())).statusCode).toBe(404);
    expect((await a.admin2.del(`/api/massiveEvents/${uuid}`)).statusCode).toBe(404);
    expect((await a.admin2.put(`/api/massiveEvents/${uuid}/cancel`)).statusCode).toBe(404);
    expect((await a.admin.get(`/api/massiveEvents/${uuid}`)).statusCode).toBe(200);
  });
});

describe('two tabs editing one event: a save naming an older version answers 409 and changes nothing', () => {
  it("the second save with the version it read is refused in Spanish; the first one's title stays", async () => {
    const uuid = await create({ title: 'Original' });
    const read = (await a.admin.get(`/api/massiveEvents/${uuid}`)).json();
    const first = await a.admin.put(`/api/massiveEvents/${uuid}`, {
      ...(await body()),
      title: 'Pestaña uno',
      startDate: read.startDate,
      version: read.version,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().version).toBe(read.version + 1);
    const second = await a.admin.put(`/api/massiveEvents/${uuid}`, {
      ...(await body()),
      title: 'Pestaña dos',
      startDate: read.startDate,
      version: read.version,
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().error_description).toBe(
      'El evento fue modificado en otra sesión. Vuelve a abrirlo para ver los cambios.',
    );
    expect((await a.admin.get(`/api/massiveEvents/${uuid}`)).json().title).toBe('Pestaña uno');
  });
});
