/**
 * The visit report: the page and its
 * filters, the export as reporte_visitas.xlsx, the schedule, roles and tenancy, and every
 * 'Bad input' line of the issue.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localToday } from '../../../src/shared/reports/report-rules.js';
import type { VisitReportPage } from '../../../src/shared/reports/report-types.js';
import { testApp, type TestApp } from '../../support/test-app.js';

let t: TestApp;
let admin: string;
let guard: string;
let capturista: string;
let admin2: string;
let palmas: number;
let villas: number;
let gate: { id: number; uuid: string };
let foreignGate: { id: number; uuid: string };

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const idOf = async (sql: string, params: unknown[]) => (await t.db.one<{ id: number }>(sql, params))!.id;

interface Seed {
  first: string;
  last?: string;
  at: string;
  exit?: string | null;
  community?: number;
  resident?: string;
  gate?: string | null;
  brand?: string;
  color?: string;
  plate?: string;
  comments?: string;
  type?: string;
  mode?: 'QR' | 'MANUAL';
  accredited?: string;
}
/** A visit stored as a gate would have left it; `at` and `exit` are UTC instants. */
async function addVisit(s: Seed) {
  const residentId = s.resident ? await idOf('SELECT id FROM residents WHERE first_name = $1', [s.resident]) : null;
  await t.db.query(
    `INSERT INTO visits (community_id, first_name, last_name, accredited, visitant_type, access_mode, gate_arrival_uuid, resident_id,
       car_brand, color, plate, comments, entered_at, exited_at, registered_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, (SELECT id FROM users WHERE email = 'vigilante@porton.mx'))`,
    [
      s.community ?? palmas,
      s.first,
      s.last ?? '',
      s.accredited ?? null,
      s.type ?? 'VISITANT',
      s.mode ?? 'MANUAL',
      s.gate ?? null,
      residentId,
      s.brand ?? null,
      s.color ?? null,
      s.plate ?? null,
      s.comments ?? null,
      s.at,
      s.exit ?? null,
    ],
  );
}

const report = (token: string, query: Record<string, string> = {}) =>
  t.as(token).get(`/api/visitants/visitantReport?${new URLSearchParams(query).toString()}`);
const page = async (query: Record<string, string> = {}, token = admin) => {
  const res = await report(token, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as VisitReportPage;
};
const guests = async (query: Record<string, string>) =>
  (await page(query)).data.map((r) => `${r.firstName} ${r.lastName}`.trim());

const nextDay = (date: string) => new Date(Date.parse(`${date}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await testApp();
  [admin, guard, capturista, admin2] = await Promise.all(
    ['administrador@porton.mx', 'vigilante@porton.mx', 'capturista@porton.mx', 'administrador2@porton.mx'].map(
      (email) => t.signIn(email),
    ),
  );
  palmas = await idOf('SELECT id FROM communities WHERE name = $1', ['Residencial Las Palmas']);
  villas = await idOf('SELECT id FROM communities WHERE name = $1', ['Villas del Sol']);
  gate = (await t.db.one<typeof gate>('INSERT INTO gates (community_id, name) VALUES ($1, $2) RETURNING id, uuid', [
    palmas,
    'Caseta norte',
  ]))!;
  foreignGate = (await t.db.one<typeof gate>(
    'INSERT INTO gates (community_id, name) VALUES ($1, $2) RETURNING id, uuid',
    [villas, 'Caseta Villas'],
  ))!;
  // Mexico City is UTC-6: 2026-03-10 23:30 local is 2026-03-11 05:30 UTC.
  await addVisit({
    first: 'José',
    last: 'Núñez Ávila',
    at: '2026-03-11T05:30:00Z',
    exit: '2026-03-11T07:00:00Z',
    resident: 'Jorge',
    gate: gate.uuid,
    brand: 'Nissan',
    color: 'Rojo',
    plate: 'ABC-123',
  });
  await addVisit({
    first: 'Jose',
    last: 'Pérez',
    at: '2026-03-11T06:30:00Z',
    resident: 'Lucía',
    plate: 'XYZ-999',
    type: 'PROVIDER',
    mode: 'QR',
  });
  await addVisit({
    first: '100%',
    last: 'Gas_Express',
    at: '2026-03-12T15:00:00Z',
    exit: '2026-03-12T16:00:00Z',
    comments: '=HYPERLINK("http://x")',
    accredited: '+5215512345678',
  });
  await addVisit({
    first: '100 por ciento',
    last: 'GasXExpress',
    at: '2026-03-12T16:00:00Z',
    exit: '2026-03-13T02:00:00Z',
  });
  await addVisit({ first: 'Otro', last: 'Fraccionamiento', at: '2026-03-11T05:30:00Z', community: villas });
  for (let i = 0; i < 20; i++)
    await addVisit({
      first: `Visitante ${String(i).padStart(2, '0')}`,
      at: `2026-02-${String(i + 1).padStart(2, '0')}T18:00:00Z`,
      exit: `2026-02-${String(i + 1).padStart(2, '0')}T19:00:00Z`,
    });
});
afterAll(async () => {
  await t?.close();
});

describe('GET api/visitants/visitantReport answers data, totalPages, totalElements and pageNumber', () => {
  it('pages of 15, newest entry first, only the caller community', async () => {
    const first = await page();
    expect(first.totalElements).toBe(24);
    expect(first.totalPages).toBe(2);
    expect(first.pageNumber).toBe(0);
    expect(first.data).toHaveLength(15);
    const times = first.data.map((r) => Date.parse(r.timein));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(first.data[0]).toMatchObject({ firstName: '100 por ciento' });
    const second = await page({ page: '1' });
    expect(second.data).toHaveLength(9);
    expect(second.pageNumber).toBe(1);
    expect([...first.data, ...second.data].some((r) => r.firstName === 'Otro')).toBe(false);
  });

  it('a row carries the whole visit: resident, gate, who registered, vehicle, a missing exit as null', async () => {
    const [jose] = (await page({ nameFilter: 'Núñez' })).data;
    expect(jose).toMatchObject({
      firstName: 'José',
      lastName: 'Núñez Ávila',
      visitantType: 'VISITANT',
      accessMode: 'MANUAL',
      testResident: { firstName: 'Jorge', number: '14', street: 'Calle Roble' },
      testGateArrival: { uuid: gate.uuid, name: 'Caseta norte' },
      userArrival: { name: 'Víctor López Díaz' },
      userDeparture: null,
      carbrand: 'Nissan',
      color: 'Rojo',
      plate: 'ABC-123',
      file: null,
    });
    const [inside] = (await page({ nameFilter: 'Pérez' })).data;
    expect(inside.timeout).toBeNull();
    expect(inside.visitantType).toBe('PROVIDER');
  });

  it('guard and capturista read it; other roles get 403, no token 401', async () => {
    expect((await report(guard)).statusCode).toBe(200);
    expect((await report(capturista)).statusCode).toBe(200);
    for (const email of ['residente@porton.mx', 'contratista@porton.mx', 'integrador@porton.mx', 'admin@porton.mx']) {
      expect((await report(await t.signIn(email))).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/visitants/visitantReport' })).statusCode).toBe(401);
  });

  it("another community's administrator sees only its own visits", async () => {
    const other = await page({}, admin2);
    expect(other.data.map((r) => r.firstName)).toEqual(['Otro']);
  });
});

describe('filters', () => {
  it('entry dates are local dates of America/Mexico_City and the range is inclusive', async () => {
    expect(await guests({ timeInFilter: '2026-03-10', timeInEndFilter: '2026-03-10' })).toEqual(['José Núñez Ávila']);
    expect(await guests({ timeInFilter: '2026-03-11', timeInEndFilter: '2026-03-11' })).toEqual(['Jose Pérez']);
    expect((await page({ timeInFilter: '2026-03-10', timeInEndFilter: '2026-03-12' })).totalElements).toBe(4);
  });

  it('exit dates too: an exit at 20:00 local of the 12th is of the 12th', async () => {
    expect(await guests({ timeOutFilter: '2026-03-12', timeOutEndFilter: '2026-03-12' })).toEqual([
      '100 por ciento GasXExpress',
      '100% Gas_Express',
    ]);
  });

  it("names are case- and accent-insensitive: 'jose' finds José and Jose; 'NUNEZ' finds Núñez", async () => {
    expect(await guests({ nameFilter: 'jose' })).toEqual(['Jose Pérez', 'José Núñez Ávila']);
    expect(await guests({ nameFilter: 'NUNEZ avila' })).toEqual(['José Núñez Ávila']);
  });

  it('% and _ in filters are matched literally', async () => {
    expect(await guests({ nameFilter: '100%' })).toEqual(['100% Gas_Express']);
    expect(await guests({ nameFilter: 'Gas_E' })).toEqual(['100% Gas_Express']);
    expect(await guests({ nameFilter: '%' })).toEqual(['100% Gas_Express']);
  });

  it('resident, vehicle (brand, colour or plate) and entry gate by uuid or idGate', async () => {
    expect(await guests({ residentFilter: 'lucia' })).toEqual(['Jose Pérez']);
    expect(await guests({ vehicleFilter: 'nissan rojo' })).toEqual(['José Núñez Ávila']);
    expect(await guests({ vehicleFilter: 'xyz' })).toEqual(['Jose Pérez']);
    expect(await guests({ idGateArrival: gate.uuid })).toEqual(['José Núñez Ávila']);
    expect(await guests({ idGateArrival: String(gate.id) })).toEqual(['José Núñez Ávila']);
  });

  it('filters combine, and no match answers an empty page', async () => {
    expect(await guests({ nameFilter: 'jose', timeInFilter: '2026-03-11', timeInEndFilter: '2026-03-11' })).toEqual([
      'Jose Pérez',
    ]);
    const none = await page({ nameFilter: 'Nadie' });
    expect(none).toMatchObject({ data: [], totalElements: 0, totalPages: 0, pageNumber: 0 });
  });
});

describe('bad input: 400 in Spanish, nothing read', () => {
  const problem = async (query: Record<string, string>, token = admin) => {
    const res = await report(token, query);
    expect(res.statusCode, res.body).toBe(400);
    return res.json() as { error_description: string; fields: Record<string, string> };
  };

  it("a range with one end alerts 'Falta una fecha'", async () => {
    expect((await problem({ timeInFilter: '2026-03-10' })).fields).toEqual({ timeInEndFilter: 'Falta una fecha' });
    expect((await problem({ timeOutEndFilter: '2026-03-10' })).fields).toEqual({ timeOutFilter: 'Falta una fecha' });
  });

  it('inverted ranges', async () => {
    expect((await problem({ timeInFilter: '2026-03-12', timeInEndFilter: '2026-03-10' })).fields).toEqual({
      timeInEndFilter: 'La fecha inicial no puede ser posterior a la fecha final.',
    });
  });

  it('future dates are refused (tomorrow on the community clock)', async () => {
    const tomorrow = nextDay(localToday());
    expect((await problem({ timeInFilter: localToday(), timeInEndFilter: tomorrow })).fields).toEqual({
      timeInEndFilter: 'No se permiten fechas futuras.',
    });
    expect((await report(admin, { timeInFilter: localToday(), timeInEndFilter: localToday() })).statusCode).toBe(200);
  });

  it('malformed dates', async () => {
    for (const bad of ['2026-02-30', '10/03/2026', '2026-3-1', "2026-03-10' OR 1=1"]) {
      expect((await problem({ timeInFilter: bad, timeInEndFilter: '2026-03-12' })).fields.timeInFilter).toBe(
        'La fecha no es válida; usa el formato aaaa-mm-dd.',
      );
    }
  });

  it('page=-1 and page=99999999', async () => {
    expect((await problem({ page: '-1' })).fields).toEqual({ page: 'Página no válida.' });
    expect((await problem({ page: '99999999' })).fields).toEqual({ page: 'Página no válida.' });
    // The last page a six-digit number can ask is simply past the end.
    expect((await page({ page: '999999' })).data).toEqual([]);
  });

  it('a 10 KB name filter', async () => {
    expect((await problem({ nameFilter: 'a'.repeat(10_240) })).fields).toEqual({
      nameFilter: 'El filtro debe tener como máximo 64 caracteres.',
    });
  });

  it('a gate of another community answers 404, as if it did not exist; a malformed gate 400', async () => {
    for (const id of [foreignGate.uuid, String(foreignGate.id)]) {
      const res = await report(admin, { idGateArrival: id });
      expect(res.statusCode).toBe(404);
      expect(res.json().error_description).toBe('La puerta de acceso no existe.');
    }
    expect((await problem({ idGateArrival: 'puerta' })).fields).toEqual({
      idGateArrival: 'La puerta de acceso no es válida.',
    });
  });
});

describe('GET api/visitants/visitantReportCsv: reporte_visitas.xlsx', () => {
  const exportAs = (token: string, query: Record<string, string> = {}) =>
    t.as(token).get(`/api/visitants/visitantReportCsv?${new URLSearchParams(query).toString()}`);
  const sheetOf = async (body: Buffer) => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(body as unknown as ArrayBuffer);
    return wb.worksheets[0];
  };

  it('is a real workbook named reporte_visitas.xlsx with the rows the same filters page', async () => {
    const res = await exportAs(admin, { timeInFilter: '2026-03-10', timeInEndFilter: '2026-03-12' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX);
    expect(res.headers['content-disposition']).toBe('attachment; filename="reporte_visitas.xlsx"');
    const sheet = await sheetOf(res.rawPayload);
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Fecha de entrada',
      'Fecha de salida',
      'Visitante',
      'Tipo de visitante',
      'Tipo de proveedor',
      'Residente',
      'Domicilio',
      'Autorizó',
      'Puerta de entrada',
      'Puerta de salida',
      'Registró entrada',
      'Registró salida',
      'Acceso',
      'Marca',
      'Color',
      'Placas',
      'Comentarios',
    ]);
    expect(sheet.actualRowCount - 1).toBe(
      (await page({ timeInFilter: '2026-03-10', timeInEndFilter: '2026-03-12' })).totalElements,
    );
  });

  it("dates are dates at the community's local time; a missing exit is 'SIN REGISTRO'; the visitor type's label", async () => {
    const sheet = await sheetOf((await exportAs(admin, { nameFilter: 'jose' })).rawPayload);
    const rows = [2, 3].map((n) => sheet.getRow(n));
    const perez = rows.find((r) => r.getCell(3).value === 'Jose Pérez')!;
    const nunez = rows.find((r) => r.getCell(3).value === 'José Núñez Ávila')!;
    expect(perez.getCell(1).value).toBeInstanceOf(Date);
    expect((perez.getCell(1).value as Date).toISOString()).toBe('2026-03-11T00:30:00.000Z'); // 00:30 local, as Excel shows it
    expect(perez.getCell(1).numFmt).toBe('dd/mm/yyyy hh:mm');
    expect(perez.getCell(2).value).toBe('SIN REGISTRO');
    expect(perez.getCell(4).value).toBe('Proveedor');
    expect(perez.getCell(13).value).toBe('QR');
    expect((nunez.getCell(1).value as Date).toISOString()).toBe('2026-03-10T23:30:00.000Z');
    expect((nunez.getCell(2).value as Date).toISOString()).toBe('2026-03-11T01:00:00.000Z');
    expect(nunez.getCell(4).value).toBe('Visitante');
    expect(nunez.getCell(6).value).toBe('Jorge Sánchez Ortiz');
    expect(nunez.getCell(9).value).toBe('Caseta norte');
    expect(nunez.getCell(11).value).toBe('Víctor López Díaz');
    expect(nunez.getCell(13).value).toBe('Manual');
  });

  it('cells starting with =, +, - or @ are text, never formulas', async () => {
    const sheet = await sheetOf((await exportAs(admin, { nameFilter: '100%' })).rawPayload);
    const row = sheet.getRow(2);
    for (const [column, text] of [
      [17, '=HYPERLINK("http://x")'],
      [8, '+5215512345678'],
    ] as const) {
      const cell = row.getCell(column);
      expect(cell.type).not.toBe(ExcelJS.ValueType.Formula);
      expect(cell.text).toBe(text);
    }
  });

  it('takes the same filters and the same bad input answers', async () => {
    expect((await exportAs(admin, { timeInFilter: '2026-03-10' })).json().fields).toEqual({
      timeInEndFilter: 'Falta una fecha',
    });
    expect((await exportAs(admin, { idGateArrival: foreignGate.uuid })).statusCode).toBe(404);
    const sheet = await sheetOf((await exportAs(admin, { idGateArrival: gate.uuid })).rawPayload);
    expect(sheet.actualRowCount).toBe(2);
  });

  it('an export asked by a resident or a contractor is refused with 403', async () => {
    for (const email of ['residente@porton.mx', 'contratista@porton.mx']) {
      const res = await exportAs(await t.signIn(email));
      expect(res.statusCode).toBe(403);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    }
  });

  it('exports of another community hold only its rows', async () => {
    const sheet = await sheetOf((await exportAs(admin2)).rawPayload);
    expect(sheet.actualRowCount).toBe(2);
    expect(sheet.getRow(2).getCell(3).value).toBe('Otro Fraccionamiento');
  });
});

describe('GET api/visitants/schedule/{date1}/{date2}/?limit=1500&page=0', () => {
  it('answers the entries of the local dates, both included', async () => {
    const res = await t.as(guard).get('/api/visitants/schedule/2026-03-10/2026-03-11/?limit=1500&page=0');
    expect(res.statusCode).toBe(200);
    const body = res.json() as VisitReportPage;
    expect(body.data.map((r) => r.firstName)).toEqual(['Jose', 'José']);
    expect(body).toMatchObject({ totalElements: 2, totalPages: 1, pageNumber: 0, size: 1500 });
    expect(
      (await t.as(guard).get('/api/visitants/schedule/2026-02-01/2026-02-20?limit=5&page=1')).json(),
    ).toMatchObject({ totalElements: 20, totalPages: 4, pageNumber: 1 });
  });

  it('refuses inverted, future and malformed dates and a limit over 1500', async () => {
    expect((await t.as(guard).get('/api/visitants/schedule/2026-03-11/2026-03-10/')).json().fields).toEqual({
      date2: 'La fecha inicial no puede ser posterior a la fecha final.',
    });
    expect((await t.as(guard).get(`/api/visitants/schedule/2026-03-11/${nextDay(localToday())}/`)).statusCode).toBe(
      400,
    );
    expect((await t.as(guard).get('/api/visitants/schedule/ayer/hoy/')).statusCode).toBe(400);
    expect((await t.as(guard).get('/api/visitants/schedule/2026-03-10/2026-03-11/?limit=1501')).json().fields).toEqual({
      limit: 'El límite debe ser un número entre 1 y 1500.',
    });
    expect(
      (await t.as(await t.signIn('residente@porton.mx')).get('/api/visitants/schedule/2026-03-10/2026-03-11/'))
        .statusCode,
    ).toBe(403);
  });
});
