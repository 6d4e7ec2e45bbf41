import { imageSize } from 'image-size';
/**
 * Common-area visits: the guard's
 * registration, the report's filters, reporte_areas_comunes.xlsx, roles and tenancy.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommonAreaReportPage, CommonAreaVisitRow } from '../../../src/shared/reports/report-types.js';
import type { CommonAreaVisitEvent } from '../../../src/shared/platform/realtime.js';
import { PNG_BASE64 } from '../../support/community-fixtures.js';
import { connectDashboard, listenLocal, subscribe } from '../../support/realtime-client.js';
import { testApp, type TestApp } from '../../support/test-app.js';

let t: TestApp;
let admin: string;
let guard: string;
let capturista: string;
let admin2: string;
let club: { uuid: string };
let pool: { uuid: string };
let foreignArea: { uuid: string };
let rosa: string;

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const idOf = async (sql: string, params: unknown[]) => (await t.db.one<{ id: number }>(sql, params))!.id;

async function addArea(community: string, name: string) {
  const communityId = await idOf('SELECT id FROM communities WHERE name = $1', [community]);
  const streetId = await idOf('SELECT id FROM streets WHERE community_id = $1 ORDER BY id LIMIT 1', [communityId]);
  return (await t.db.one<{ uuid: string }>(
    'INSERT INTO common_areas (community_id, street_id, name, number) VALUES ($1, $2, $3, $4) RETURNING uuid',
    [communityId, streetId, name, '1'],
  ))!;
}
const register = (token: string, body: Record<string, unknown>) => t.as(token).post('/api/commonAreaVisitants', body);
/** A page of the report (`page` given; without it the report answers the whole list). */
const list = (token: string, query: Record<string, string> = {}) =>
  t.as(token).get(`/api/commonAreaVisitants?${new URLSearchParams({ page: '0', ...query }).toString()}`);
const names = async (query: Record<string, string>) => {
  const res = await list(admin, query);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as CommonAreaReportPage).data.map((r) => `${r.firstName} ${r.lastName}`);
};

beforeAll(async () => {
  t = await testApp();
  [admin, guard, capturista, admin2] = await Promise.all(
    ['administrador@porton.mx', 'vigilante@porton.mx', 'capturista@porton.mx', 'administrador2@porton.mx'].map(
      (email) => t.signIn(email),
    ),
  );
  club = await addArea('Residencial Las Palmas', 'Casa club');
  pool = await addArea('Residencial Las Palmas', 'Alberca');
  foreignArea = await addArea('Villas del Sol', 'Palapa');
  rosa = (await t.db.one<{ uuid: string }>(`SELECT uuid FROM residents WHERE first_name = 'Rosa'`))!.uuid;
  // Two visits of past dates (local 2026-04-04 21:00 is 2026-04-05 03:00 UTC).
  const palmas = await idOf('SELECT id FROM communities WHERE name = $1', ['Residencial Las Palmas']);
  for (const [first, last, area, at, qr] of [
    ['Ángela', 'Ríos', club.uuid, '2026-04-05T03:00:00Z', true],
    ['Bruno', '-Díaz', pool.uuid, '2026-04-05T18:00:00Z', false],
  ] as const) {
    await t.db.query(
      `INSERT INTO common_area_visits (community_id, common_area_id, resident_id, first_name, last_name, entered_at, created_with_qr)
       VALUES ($1, (SELECT id FROM common_areas WHERE uuid = $2), (SELECT id FROM residents WHERE uuid = $3), $4, $5, $6, $7)`,
      [palmas, area, rosa, first, last, at, qr],
    );
  }
});
afterAll(async () => {
  await t?.close();
});

describe('POST api/commonAreaVisitants: a guard registers a guest at a common area', () => {
  it('answers 201 with resident, guest, common area, time in, estimated time in and createdWithQR', async () => {
    const res = await register(guard, {
      firstName: 'Carmen',
      lastName: 'Solís',
      commonAreaUuid: club.uuid,
      residentUuid: rosa,
      estimatedTimeIn: '2026-11-20T18:00:00-06:00',
      createdWithQR: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const visit = res.json() as CommonAreaVisitRow;
    expect(visit).toMatchObject({
      firstName: 'Carmen',
      lastName: 'Solís',
      commonArea: 'Casa club',
      commonAreaUuid: club.uuid,
      createdWithQR: true,
      resident: { uuid: rosa, firstName: 'Rosa' },
      userArrival: { name: 'Víctor López Díaz' },
      file: null,
    });
    expect(Date.parse(visit.estimatedTimeIn!)).toBe(Date.parse('2026-11-21T00:00:00Z'));
    expect(Date.now() - Date.parse(visit.timein)).toBeLessThan(60_000);
  });

  it('keeps an identification photo, served only through a signed link', async () => {
    const res = await register(admin, {
      firstName: 'Diana',
      commonAreaUuid: pool.uuid,
      file: { name: 'ine.png', mimeType: 'image/png', content: PNG_BASE64 },
    });
    expect(res.statusCode).toBe(201);
    const { file } = res.json() as CommonAreaVisitRow;
    expect(file!.publicUrl).toMatch(/^\/api\/visitPhotos\/[0-9a-f-]{36}\?exp=\d+&u=[0-9a-f-]{36}&sig=/);
    const photo = await t.app.inject({ method: 'GET', url: file!.publicUrl });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    expect(imageSize(photo.rawPayload)).toMatchObject({ type: 'png', width: 1, height: 1 }); // re-encoded
  });

  it('refuses other roles (403), bad input (400), a photo that is not an image (415), foreign areas and residents (404)', async () => {
    const before = (await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM common_area_visits'))!.n;
    expect((await register(capturista, { firstName: 'X', commonAreaUuid: club.uuid })).statusCode).toBe(403);
    expect(
      (await register(await t.signIn('residente@porton.mx'), { firstName: 'X', commonAreaUuid: club.uuid })).statusCode,
    ).toBe(403);
    expect((await register(guard, {})).json().fields).toEqual({
      firstName: 'El nombre del invitado es obligatorio.',
      commonAreaUuid: 'El área común es obligatoria.',
    });
    expect(
      (await register(guard, { firstName: 'X', commonAreaUuid: club.uuid, estimatedTimeIn: 'mañana' })).json().fields,
    ).toEqual({ estimatedTimeIn: 'La hora estimada de entrada no es válida.' });
    const text = await register(guard, {
      firstName: 'X',
      commonAreaUuid: club.uuid,
      file: { content: Buffer.from('<svg/>').toString('base64') },
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().error_description).toBe('La foto debe ser una imagen JPEG o PNG.');
    expect((await register(guard, { firstName: 'X', commonAreaUuid: foreignArea.uuid })).statusCode).toBe(404);
    const villasResident = (await t.db.one<{ uuid: string }>(`SELECT uuid FROM residents WHERE first_name = 'Sofía'`))!
      .uuid;
    expect(
      (await register(guard, { firstName: 'X', commonAreaUuid: club.uuid, residentUuid: villasResident })).statusCode,
    ).toBe(404);
    expect((await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM common_area_visits'))!.n).toBe(before);
  });
});

describe('CA_IN: a registration reaches the community that registered it, and nobody else', () => {
  it("delivers CA_IN with the common area and the QR flag to the community's subscribers only", async () => {
    const url = await listenLocal(t.app);
    const [mine, other] = await Promise.all([connectDashboard(url, admin), connectDashboard(url, admin2)]);
    try {
      const palmas = (await t.as(admin).get('/api/users/me')).json().testFrac.uuid as string;
      const villas = (await t.as(admin2).get('/api/users/me')).json().testFrac.uuid as string;
      expect(await subscribe(mine, palmas)).toEqual({ ok: true });
      expect(await subscribe(other, villas)).toEqual({ ok: true });
      const heardByOther: CommonAreaVisitEvent[] = [];
      other.on('CA_IN', (e) => {
        heardByOther.push(e);
      });
      const heard = new Promise<CommonAreaVisitEvent>((resolve) => {
        mine.once('CA_IN', resolve);
      });
      const res = await register(guard, { firstName: 'Elsa', commonAreaUuid: club.uuid, createdWithQR: true });
      const event = await heard;
      expect(event).toEqual({
        uuid: res.json().uuid,
        fracUuid: palmas,
        commonArea: 'Casa club',
        createdWithQR: true,
        at: res.json().timein,
      });
      await new Promise((r) => setTimeout(r, 200));
      expect(heardByOther).toEqual([]);
    } finally {
      mine.close();
      other.close();
      // The visit registered here is removed, so the report tests below count as before.
      await t.db.query(`DELETE FROM common_area_visits WHERE first_name = 'Elsa'`);
    }
  });
});

describe('GET api/commonAreaVisitants: the report and its filters', () => {
  it('answers the page shape, newest first, to administrator, guard and capturista; others 403', async () => {
    const res = await list(capturista);
    expect(res.statusCode).toBe(200);
    const body = res.json() as CommonAreaReportPage;
    expect(body).toMatchObject({ totalElements: 4, totalPages: 1, pageNumber: 0 });
    expect(body.data.map((r) => r.firstName)).toEqual(['Diana', 'Carmen', 'Bruno', 'Ángela']);
    expect((await list(guard)).statusCode).toBe(200);
    for (const email of ['residente@porton.mx', 'contratista@porton.mx', 'integrador@porton.mx']) {
      expect((await list(await t.signIn(email))).statusCode).toBe(403);
    }
    expect((await list(admin2)).json()).toMatchObject({ totalElements: 0, data: [] });
  });

  it('without page the report is a list, newest first, filtered as the page is', async () => {
    const res = await t.as(capturista).get('/api/commonAreaVisitants?isReport=false&withQr=');
    expect(res.statusCode).toBe(200);
    const rows = res.json() as CommonAreaReportPage['data'];
    expect(rows.map((r) => r.firstName)).toEqual(['Diana', 'Carmen', 'Bruno', 'Ángela']);
    expect((await t.as(admin2).get('/api/commonAreaVisitants')).json()).toEqual([]);
  });

  it('resident and guest names ignore case and accents; the entry date is local, as yyyy-mm-dd or DD-MM-YYYY', async () => {
    expect(await names({ invited: 'ANGELA rios' })).toEqual(['Ángela Ríos']);
    expect(await names({ resident: 'rosa martinez', timein: '2026-04-04' })).toEqual(['Ángela Ríos']);
    expect(await names({ timein: '05-04-2026' })).toEqual(['Bruno -Díaz']);
  });

  it('common area and entry mode: qr, manual, or all when empty', async () => {
    expect(await names({ commonArea: pool.uuid, withQr: 'manual' })).toEqual(['Diana ', 'Bruno -Díaz']);
    expect(await names({ withQr: 'qr' })).toEqual(['Carmen Solís', 'Ángela Ríos']);
    expect((await names({ withQr: '' })).length).toBe(4);
  });

  it('bad input: future or malformed dates, an unknown mode, a long filter; a foreign common area is 404', async () => {
    const bad = async (query: Record<string, string>) => {
      const r = await list(admin, query);
      expect(r.statusCode).toBe(400);
      return r.json().fields;
    };
    expect(await bad({ timein: '31-12-2099' })).toEqual({ timein: 'No se permiten fechas futuras.' });
    expect(await bad({ timein: '2026/04/05' })).toEqual({
      timein: 'La fecha no es válida; usa el formato aaaa-mm-dd.',
    });
    expect(await bad({ withQr: 'wifi' })).toEqual({ withQr: 'El modo de entrada debe ser qr, manual o vacío.' });
    expect(await bad({ invited: 'x'.repeat(65) })).toEqual({
      invited: 'El filtro debe tener como máximo 64 caracteres.',
    });
    expect(await bad({ page: '-1' })).toEqual({ page: 'Página no válida.' });
    expect((await list(admin, { commonArea: foreignArea.uuid })).statusCode).toBe(404);
  });
});

describe('reporte_areas_comunes.xlsx: isReport=true and Accept the spreadsheet', () => {
  const exportAs = (token: string, query: Record<string, string>) =>
    t.app.inject({
      method: 'GET',
      url: `/api/commonAreaVisitants?${new URLSearchParams(query).toString()}`,
      headers: { authorization: `Bearer ${token}`, accept: XLSX },
    });

  it('streams the filtered rows as a workbook with a Spanish header, local dates and text-only cells', async () => {
    const res = await exportAs(admin, { isReport: 'true', withQr: 'manual', timein: '2026-04-05' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX);
    expect(res.headers['content-disposition']).toBe('attachment; filename="reporte_areas_comunes.xlsx"');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Fecha de entrada',
      'Hora estimada de entrada',
      'Invitado',
      'Residente',
      'Domicilio',
      'Área común',
      'Modo de entrada',
      'Registró',
    ]);
    expect(sheet.actualRowCount).toBe(2);
    const row = sheet.getRow(2);
    expect((row.getCell(1).value as Date).toISOString()).toBe('2026-04-05T12:00:00.000Z');
    expect(row.getCell(2).value).toBe('SIN REGISTRO');
    expect(row.getCell(3).type).not.toBe(ExcelJS.ValueType.Formula);
    expect(row.getCell(3).text).toBe('Bruno -Díaz');
    expect(row.getCell(4).value).toBe('Rosa Martínez Cruz');
    expect(row.getCell(6).value).toBe('Alberca');
    expect(row.getCell(7).value).toBe('Manual');
  });

  it('without isReport=true the same Accept gets the JSON page; a resident gets 403', async () => {
    const res = await exportAs(admin, {});
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect((await exportAs(await t.signIn('residente@porton.mx'), { isReport: 'true' })).statusCode).toBe(403);
    expect((await exportAs(await t.signIn('contratista@porton.mx'), { isReport: 'true' })).statusCode).toBe(403);
  });
});
