import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DailyVisits, MonthlyVisits, ResidentSummary } from '../../../src/shared/visits/visit-types.js';
import { testApp, type TestApp } from '../../support/test-app.js';

const TZ = 'America/Mexico_City';
let t: TestApp;
let admin: string;
let admin2: string;
let palmas: number;
let villas: number;
let today: { year: number; month: number; day: number };

/** Inserts a visit entered at a local (Mexico) date-time, optionally already out. */
async function visit(community: number, at: string, mode: 'QR' | 'MANUAL', exitedAt: string | null = null) {
  await t.db.query(
    `INSERT INTO visits (community_id, first_name, access_mode, entered_at, exited_at)
     VALUES ($1, 'Visita', $2, ($3::timestamp AT TIME ZONE '${TZ}'), ($4::timestamp AT TIME ZONE '${TZ}'))`,
    [community, mode, at, exitedAt],
  );
}
const get = async <T>(token: string, path: string) => {
  const res = await t.as(token).get(`/api/visitantDashBoard/${path}`);
  expect(res.statusCode).toBe(200);
  return res.json() as T;
};

beforeAll(async () => {
  t = await testApp();
  [admin, admin2] = await Promise.all([t.signIn('administrador@porton.mx'), t.signIn('administrador2@porton.mx')]);
  const id = async (name: string) =>
    (await t.db.one<{ id: number }>('SELECT id FROM communities WHERE name = $1', [name]))!.id;
  [palmas, villas] = [await id('Residencial Las Palmas'), await id('Villas del Sol')];
  today = (await t.db.one<typeof today>(
    `SELECT extract(year FROM l)::int AS year, extract(month FROM l)::int AS month, extract(day FROM l)::int AS day
       FROM (SELECT now() AT TIME ZONE '${TZ}' AS l) x`,
  ))!;
  const y = today.year;
  // Las Palmas: January 2 entries (one on Jan 31 at 21:00 local, 03:00 UTC of Feb 1), March 1, today 2 (one still inside).
  await visit(palmas, `${y}-01-10 10:00`, 'QR', `${y}-01-10 11:00`);
  await visit(palmas, `${y}-01-31 21:00`, 'MANUAL', `${y}-01-31 22:00`);
  await visit(palmas, `${y}-03-05 08:00`, 'QR', `${y}-03-05 09:00`);
  const now = await t.db.one<{ at: string }>(
    `SELECT to_char(now() AT TIME ZONE '${TZ}' - interval '1 minute', 'YYYY-MM-DD HH24:MI') AS at`,
  );
  await visit(palmas, now!.at, 'MANUAL');
  await visit(palmas, now!.at, 'QR', now!.at);
  // Last year: counted nowhere but in nothing of this year.
  await visit(palmas, `${y - 1}-12-31 23:30`, 'QR', `${y - 1}-12-31 23:45`);
  // Villas del Sol: one visit inside.
  await visit(villas, now!.at, 'QR');
});
afterAll(async () => {
  await t?.close();
}); // t is unset when beforeAll failed: report that error alone

const expectedMonths = () => {
  const months = Array.from({ length: 12 }, (_, i) => ({ month: i + 1, total: 0 }));
  months[0].total += 2;
  months[2].total += 1;
  months[today.month - 1].total += 2;
  return months;
};

describe('GET api/visitantDashBoard/monthlyVisits/ (tab "por mes", Ene to Dic)', () => {
  it('answers the 12 months of the current year, on the Mexico clock, for the active community only', async () => {
    expect(await get<MonthlyVisits[]>(admin, 'monthlyVisits/')).toEqual(expectedMonths());
    const villasMonths = await get<MonthlyVisits[]>(admin2, 'monthlyVisits');
    expect(villasMonths.map((m) => m.total).reduce((a, b) => a + b)).toBe(1);
  });
});

describe('GET api/visitantDashBoard/dailyVisits/ (tab "por día")', () => {
  it('answers entries per day of each month and every day of the current month', async () => {
    const daily = await get<DailyVisits>(admin, 'dailyVisits/');
    expect(daily).toMatchObject({ year: today.year, month: today.month, today: today.day });
    expect(daily.months).toHaveLength(12);
    const months = expectedMonths();
    const daysIn = (m: number) => new Date(Date.UTC(today.year, m, 0)).getUTCDate();
    for (const m of daily.months) {
      const days = m.month < today.month ? daysIn(m.month) : m.month === today.month ? today.day : 0;
      expect(m).toEqual({
        month: m.month,
        total: months[m.month - 1].total,
        days,
        average: days ? Math.round((m.total / days) * 100) / 100 : 0,
      });
    }
    expect(daily.months[0]).toMatchObject({
      total: today.month === 1 ? 4 : 2,
      days: today.month === 1 ? today.day : 31,
    });
    expect(daily.currentMonthDays).toHaveLength(daysIn(today.month));
    expect(daily.currentMonthDays[today.day - 1]).toEqual({
      day: today.day,
      total:
        2 +
        (today.month === 1 && today.day === 10 ? 1 : 0) +
        (today.month === 1 && today.day === 31 ? 1 : 0) +
        (today.month === 3 && today.day === 5 ? 1 : 0),
    });
  });
});

describe('GET api/visitantDashBoard/residentSummary (the cards)', () => {
  it('answers the counters of the active community', async () => {
    const summary = await get<ResidentSummary>(admin, 'residentSummary');
    expect(summary).toEqual({
      entryCount: 5,
      exitCount: 4,
      activeCount: 1,
      qrEntryCount: 3,
      manualEntryCount: 2,
      assignedLicenses: 150,
      usedLicenses: 5,
      remainingLicenses: 145,
      recordedResidents: 5,
      recordedUsers: 1,
      numberOfHouses: 5,
      numberOfHousesWithApplication: 1,
    });
  });

  it('counts one house for residents sharing a number, and another community apart', async () => {
    await t.db.query(`INSERT INTO residents (community_id, street_id, number, first_name, last_name)
      SELECT community_id, street_id, number, 'Otra', 'Persona Misma Casa' FROM residents WHERE first_name = 'Jorge'`);
    const summary = await get<ResidentSummary>(admin, 'residentSummary');
    expect(summary).toMatchObject({ recordedResidents: 6, numberOfHouses: 5, usedLicenses: 6, remainingLicenses: 144 });
    expect(await get<ResidentSummary>(admin2, 'residentSummary')).toMatchObject({
      entryCount: 1,
      exitCount: 0,
      activeCount: 1,
      qrEntryCount: 1,
      manualEntryCount: 0,
      assignedLicenses: 80,
      recordedResidents: 2,
    });
  });

  it('a deleted resident frees its licence and is not counted; app users are residents with an account and app use', async () => {
    const before = await get<ResidentSummary>(admin, 'residentSummary');
    const miguel = (await t.as(admin).get('/api/residents/?search=miguel')).json().data[0];
    expect((await t.as(admin).del(`/api/residents/${miguel.uuid}`)).statusCode).toBe(204);
    const after = await get<ResidentSummary>(admin, 'residentSummary');
    expect(after).toMatchObject({
      recordedResidents: before.recordedResidents - 1,
      usedLicenses: before.usedLicenses - 1,
      remainingLicenses: before.remainingLicenses + 1,
      recordedUsers: before.recordedUsers,
    });
    await t.db.query('UPDATE residents SET deleted_at = NULL WHERE uuid = $1', [miguel.uuid]);
  });

  it('the general administrator reads every community', async () => {
    const summary = await get<ResidentSummary>(await t.signIn('admin@porton.mx'), 'residentSummary/');
    expect(summary).toMatchObject({ entryCount: 6, activeCount: 2, assignedLicenses: 330, recordedResidents: 10 });
  });

  it('a registered exit moves exits and visitors inside', async () => {
    const guard = await t.signIn('vigilante@porton.mx');
    const before = await get<ResidentSummary>(admin, 'residentSummary');
    const visit = (await t.as(guard).post('/api/visitants', { firstName: 'Ana', accessMode: 'QR' })).json();
    expect(await get<ResidentSummary>(admin, 'residentSummary')).toMatchObject({
      entryCount: before.entryCount + 1,
      qrEntryCount: before.qrEntryCount + 1,
      activeCount: before.activeCount + 1,
    });
    await t.as(guard).put(`/api/visitants/${visit.uuid}/exit`);
    expect(await get<ResidentSummary>(admin, 'residentSummary')).toMatchObject({
      exitCount: before.exitCount + 1,
      activeCount: before.activeCount,
    });
  });

  it('the dashboard is read by administrator, capturista, guard and general administrator; not integrators nor residents', async () => {
    for (const email of ['capturista@porton.mx', 'vigilante@porton.mx']) {
      const token = await t.signIn(email);
      for (const path of ['dailyVisits/', 'monthlyVisits/', 'residentSummary']) {
        expect((await t.as(token).get(`/api/visitantDashBoard/${path}`)).statusCode).toBe(200);
      }
    }
    for (const email of ['integrador@porton.mx', 'residente@porton.mx', 'contratista@porton.mx']) {
      const token = await t.signIn(email);
      for (const path of ['dailyVisits/', 'monthlyVisits/', 'residentSummary']) {
        expect((await t.as(token).get(`/api/visitantDashBoard/${path}`)).statusCode).toBe(403);
      }
    }
  });
});
