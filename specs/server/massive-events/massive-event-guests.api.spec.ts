import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCatalogues } from '../../../src/server/catalogues/seed-catalogues.js';
import { countRows, signInActors, type Actors } from '../../support/catalogue-actors.js';
import { inHours, residentUuid, shiftEvent } from '../../support/massive-events/event-fixtures.js';
import { testApp, type TestApp } from '../../support/test-app.js';

let t: TestApp;
let a: Actors;
beforeAll(async () => {
  t = await testApp();
  await seedDemoCatalogues(t.db);
  a = await signInActors(t);
});
afterAll(async () => {
  await t?.close();
});

const newEvent = async (who = a.admin, host = 'Jorge') =>
  (
    await who.post('/api/massiveEvents', {
      title: 'Con invitados',
      startDate: inHours(72),
      commonArea: null,
      resident: { uuid: await residentUuid(t, host) },
    })
  ).json() as string;
const guests = async (uuid: string) =>
  (await a.admin.get(`/api/massiveEvents/${uuid}`)).json().massiveEventGuests as {
    uuid: string;
    firstName: string;
    lastName: string;
    email: string;
    phone: string;
  }[];

describe('POST api/massiveEventGuests/ and PUT, DELETE api/massiveEventGuests/{id}', () => {
  it('adds, updates and deletes one guest of the event', async () => {
    const uuid = await newEvent();
    const res = await a.admin.post('/api/massiveEventGuests/', {
      massiveEvent: { uuid },
      uuid: '',
      firstName: ' Ana ',
      lastName: 'Luna',
      phone: '5512345678',
      email: 'ana@correo.mx',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      firstName: 'Ana',
      lastName: 'Luna',
      phone: '5512345678',
      email: 'ana@correo.mx',
      massiveEvent: { uuid },
    });
    const guest = res.json().uuid;
    const put = await a.admin.put(`/api/massiveEventGuests/${guest}`, {
      uuid: guest,
      firstName: 'Ana María',
      lastName: 'Luna',
      phone: '',
      email: '',
      massiveEvent: { uuid },
    });
    expect(put.statusCode).toBe(200);
    expect((await guests(uuid))[0]).toMatchObject({ firstName: 'Ana María', phone: '', email: '' });
    expect((await a.admin.del(`/api/massiveEventGuests/${guest}`)).statusCode).toBe(204);
    expect(await guests(uuid)).toEqual([]);
  });

  it('refuses names missing or over 64, a phone with letters, an email not in lower case: 400 in Spanish, nothing added', async () => {
    const uuid = await newEvent();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ firstName: '' }, /nombre es obligatorio/],
      [{ lastName: '   ' }, /apellidos son obligatorios/],
      [{ firstName: 'x'.repeat(65) }, /64/],
      [{ phone: '55-12' }, /solo dígitos/],
      [{ email: 'Ana@Correo.mx' }, /minúsculas/],
      [{ email: 'ana@' }, /formato/],
      [{ email: `${'a'.repeat(60)}@co.mx` }, /64/],
    ];
    for (const [overrides, message] of cases) {
      const res = await a.admin.post('/api/massiveEventGuests/', {
        massiveEvent: { uuid },
        firstName: 'Ana',
        lastName: 'Luna',
        ...overrides,
      });
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json().error_description).toMatch(message);
    }
    expect(await guests(uuid)).toEqual([]);
  });

  it('a guest of a finished or cancelled event is not added, changed or deleted (409)', async () => {
    for (const [hours, status] of [
      [-24 * 3, 'Próximo'],
      [48, 'Cancelado'],
    ] as const) {
      const uuid = await newEvent();
      const guest = (
        await a.admin.post('/api/massiveEventGuests/', { massiveEvent: { uuid }, firstName: 'Ana', lastName: 'Luna' })
      ).json().uuid;
      await shiftEvent(t, uuid, hours, status);
      const add = await a.admin.post('/api/massiveEventGuests/', {
        massiveEvent: { uuid },
        firstName: 'Beto',
        lastName: 'Sol',
      });
      expect(add.statusCode).toBe(409);
      expect(add.json().error_description).toBe(
        'No es posible modificar los invitados de un evento terminado o cancelado.',
      );
      expect(
        (
          await a.admin.post('/api/massiveEventGuests/multiple', {
            massiveEvent: { uuid },
            guests: [{ firstName: 'Beto', lastName: 'Sol' }],
          })
        ).statusCode,
      ).toBe(409);
      expect(
        (await a.admin.put(`/api/massiveEventGuests/${guest}`, { firstName: 'Otra', lastName: 'Luna' })).statusCode,
      ).toBe(409);
      expect((await a.admin.del(`/api/massiveEventGuests/${guest}`)).statusCode).toBe(409);
      expect((await guests(uuid)).map((g) => g.firstName)).toEqual(['Ana']);
    }
  });

  it("another community's event or guest answers 404; another resident's too; a capturista and a guard are refused (403)", async () => {
    const uuid = await newEvent();
    const guest = (
      await a.admin.post('/api/massiveEventGuests/', { massiveEvent: { uuid }, firstName: 'Ana', lastName: 'Luna' })
    ).json().uuid;
    for (const who of [a.admin2, a.resident]) {
      expect(
        (await who.post('/api/massiveEventGuests/', { massiveEvent: { uuid }, firstName: 'X', lastName: 'Y' }))
          .statusCode,
      ).toBe(404);
      expect(
        (
          await who.post('/api/massiveEventGuests/multiple', {
            massiveEvent: { uuid },
            guests: [{ firstName: 'X', lastName: 'Y' }],
          })
        ).statusCode,
      ).toBe(404);
      expect((await who.put(`/api/massiveEventGuests/${guest}`, { firstName: 'X', lastName: 'Y' })).statusCode).toBe(
        404,
      );
      expect((await who.del(`/api/massiveEventGuests/${guest}`)).statusCode).toBe(404);
    }
    for (const who of [a.capturista, a.guard]) {
      expect(
        (await who.post('/api/massiveEventGuests/', { massiveEvent: { uuid }, firstName: 'X', lastName: 'Y' }))
          .statusCode,
      ).toBe(403);
      expect((await who.del(`/api/massiveEventGuests/${guest}`)).statusCode).toBe(403);
    }
    expect((await guests(uuid)).map((g) => g.firstName)).toEqual(['Ana']);
  });

  it('a resident adds guests to their own event', async () => {
    const uuid = await newEvent(a.resident, 'Rosa');
    const res = await a.resident.post('/api/massiveEventGuests/', {
      massiveEvent: { uuid },
      firstName: 'Ana',
      lastName: 'Luna',
    });
    expect(res.statusCode).toBe(201);
  });
});

describe('POST api/massiveEventGuests/multiple (new guests are created in bulk)', () => {
  it('creates the guests in the order sent and answers them', async () => {
    const uuid = await newEvent();
    const sent = [
      { firstName: 'Uno', lastName: 'A', email: 'uno@correo.mx' },
      { firstName: 'Dos', lastName: 'B', phone: '123' },
      { firstName: 'Tres', lastName: 'C', uuid: '' },
    ];
    const res = await a.admin.post('/api/massiveEventGuests/multiple', { massiveEvent: { uuid }, guests: sent });
    expect(res.statusCode).toBe(201);
    expect(res.json().map((g: { firstName: string }) => g.firstName)).toEqual(['Uno', 'Dos', 'Tres']);
    expect((await guests(uuid)).map((g) => [g.firstName, g.phone, g.email])).toEqual([
      ['Uno', '', 'uno@correo.mx'],
      ['Dos', '123', ''],
      ['Tres', '', ''],
    ]);
  });

  it('one bad guest refuses the whole call, naming the row (400); nothing is added', async () => {
    const uuid = await newEvent();
    const n = await countRows(t, 'massive_event_guests');
    const res = await a.admin.post('/api/massiveEventGuests/multiple', {
      massiveEvent: { uuid },
      guests: [
        { firstName: 'Uno', lastName: 'A' },
        { firstName: 'Dos', lastName: '' },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty(['guests.1.lastName']);
    expect(await countRows(t, 'massive_event_guests')).toBe(n);
  });

  it('takes 5,000 guests at once and refuses 10,001 (the cap, 400)', async () => {
    const uuid = await newEvent();
    const many = (n: number) =>
      Array.from({ length: n }, (_, i) => ({
        firstName: `Invitado ${i + 1}`,
        lastName: 'Masivo',
        phone: String(5500000000 + i),
        email: `i${i}@correo.mx`,
      }));
    const ok = await a.admin.post('/api/massiveEventGuests/multiple', { massiveEvent: { uuid }, guests: many(5000) });
    expect(ok.statusCode).toBe(201);
    expect((await guests(uuid)).length).toBe(5000);
    const tooMany = await a.admin.post('/api/massiveEventGuests/multiple', {
      massiveEvent: { uuid },
      guests: many(10_001),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error_description).toMatch(/10,000/);
  });
});
