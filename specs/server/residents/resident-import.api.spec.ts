import ExcelJS from 'exceljs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ERROR_REASON_HEADER,
  IMPORT_MAX_UNCOMPRESSED_BYTES,
  RESIDENT_IMPORT_HEADERS,
  RESIDENT_TEMPLATE_PATH,
} from '../../../src/shared/residents/resident-import.js';
import { licenceLimitMessage } from '../../../src/shared/residents/resident-rules.js';
import { countRows } from '../../support/catalogue-actors.js';
import { testApp, type TestApp } from '../../support/test-app.js';
import {
  bigWorkbook,
  CONTENT_TYPES,
  multipartBody,
  residentRow,
  storedEntry,
  workbook,
  zerosEntry,
  zip,
  type Cell,
} from '../../support/xlsx-fixtures.js';

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await testApp();
  for (const [who, email] of Object.entries({
    admin: 'administrador@porton.mx',
    capturista: 'capturista@porton.mx',
    guard: 'vigilante@porton.mx',
    resident: 'residente@porton.mx',
    admin2: 'administrador2@porton.mx',
  }))
    tokens[who] = await t.signIn(email);
});
afterAll(async () => {
  await t?.close();
});

const IMPORT_URL = '/api/residents/importResidents/';
const send = (who: string, file: Buffer, url = IMPORT_URL, options?: Parameters<typeof multipartBody>[1]) => {
  const { payload, headers } = multipartBody(file, options);
  return t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...headers, authorization: `Bearer ${tokens[who]}` },
  });
};
const community = async (name: string) =>
  (await t.db.one<{ id: number }>('SELECT id FROM communities WHERE name = $1', [name]))!.id;
const liveIn = async (name: string) =>
  (await t.db.one<{ n: number }>(
    'SELECT count(*)::int AS n FROM residents WHERE community_id = $1 AND deleted_at IS NULL',
    [await community(name)],
  ))!.n;

/** The error workbook of a 206: its header and rows as text, and the sheet to look into. */
async function errorsOf(base64: string) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(base64, 'base64') as unknown as ArrayBuffer);
  const sheet = wb.worksheets[0];
  const rows: string[][] = [];
  sheet.eachRow((row) =>
    rows.push(Array.from({ length: RESIDENT_IMPORT_HEADERS.length + 1 }, (_, i) => row.getCell(i + 1).text)),
  );
  return { sheet, header: rows[0], rows: rows.slice(1) };
}
const asText = (row: Cell[]) => row.map((c) => String(c ?? ''));

/**
 * Villas del Sol's administrator imports `rows`: the answer's status, each failed row's email and
 * reason (from Errores.xlsx), and how many live residents the community gained.
 */
async function importIntoVillas(rows: Cell[][]) {
  const before = await liveIn('Villas del Sol');
  const res = await send('admin2', await workbook(rows));
  const failed = res.statusCode === 206 ? (await errorsOf(res.json().file)).rows.map((r) => [r[2], r.at(-1)]) : [];
  return { status: res.statusCode, failed, created: (await liveIn('Villas del Sol')) - before };
}

describe('POST api/residents/importResidents/ (multipart `file`; 200 description, 206 Errores.xlsx in base64)', () => {
  it('all rows valid → 200 "Se registraron N residentes."; zone and street by name, any case; phones kept; useapp mails a code', async () => {
    const file = await workbook([
      residentRow({
        first: 'Ana',
        email: 'ana.import@correo.mx',
        zone: 'zona norte',
        street: 'CALLE ROBLE',
        useapp: 'SI',
        phones: [5512345678, '5587654321'],
      }),
      residentRow({
        first: 'Beto',
        email: 'beto.import@correo.mx',
        zone: 'Zona Sur',
        street: 'Calle Cedro',
        notresident: 'sí',
      }),
    ]);
    const res = await send('capturista', file, '/api/residents/importResidents');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ description: 'Se registraron 2 residentes.', created: 2 });
    const ana = await t.db.one<{ id: number; useapp: boolean; street: string }>(
      'SELECT r.id, r.useapp, s.name AS street FROM residents r JOIN streets s ON s.id = r.street_id WHERE r.email = $1',
      ['ana.import@correo.mx'],
    );
    expect(ana).toMatchObject({ useapp: true, street: 'Calle Roble' });
    const phones = await t.db.query<{ phone: string }>(
      'SELECT phone FROM resident_phones WHERE resident_id = $1 ORDER BY position',
      [ana!.id],
    );
    expect(phones.map((p) => p.phone)).toEqual(['5512345678', '5587654321']);
    expect(
      (await t.db.one<{ notresident: boolean }>('SELECT notresident FROM residents WHERE email = $1', [
        'beto.import@correo.mx',
      ]))!.notresident,
    ).toBe(true);
    await vi.waitFor(() => expect(t.mailer.sent.some((m) => m.to === 'ana.import@correo.mx')).toBe(true));
    expect(t.mailer.sent.some((m) => m.to === 'beto.import@correo.mx')).toBe(false);
  });

  it('some rows fail → 206: the failed rows exactly as sent plus "Motivo del error" in Spanish; the valid ones are created', async () => {
    const hyperlink = '=HYPERLINK("http://malo.example","clic")';
    const sent: Cell[][] = [
      residentRow({ first: 'Carla', email: 'carla.import@correo.mx' }), // ok
      residentRow({ first: 'Carla Dos', email: 'CARLA.import@correo.mx' }), // duplicate email in the file
      residentRow({ first: 'Rosa', email: 'residente@porton.mx' }), // email of a live resident
      residentRow({ first: 'Mala', email: 'no-es-correo' }), // bad email
      residentRow({ first: 'Fono', email: 'fono@correo.mx', phones: ['55-12'] }), // bad phone
      residentRow({ first: 'Zeta', email: 'zeta@correo.mx', zone: 'Zona Este' }), // unknown zone
      residentRow({ first: 'Calle', email: 'calle@correo.mx', zone: 'Zona Norte', street: 'Calle Cedro' }), // street of another zone
      residentRow({ first: hyperlink, email: 'formula@correo.mx', phones: ['abc'] }), // formula-looking text in a failed row
      residentRow({ first: 'Dora', email: 'dora.import@correo.mx', useapp: 'QUIZÁ' }), // not SI/NO
    ];
    const before = await countRows(t, 'residents');
    const res = await send('admin', await workbook(sent));
    expect(res.statusCode).toBe(206);
    const body = res.json();
    expect(body).toMatchObject({
      created: 1,
      failed: 8,
      description: expect.stringContaining('Se registró 1 residente.'),
    });
    expect(await countRows(t, 'residents')).toBe(before + 1);

    const { header, rows, sheet } = await errorsOf(body.file);
    expect(header).toEqual([...RESIDENT_IMPORT_HEADERS, ERROR_REASON_HEADER]);
    expect(rows.map((r) => r.slice(0, -1))).toEqual(sent.slice(1).map(asText));
    const reasons = Object.fromEntries(rows.map((r) => [r[2], r.at(-1)]));
    expect(reasons['CARLA.import@correo.mx']).toBe('El correo está repetido en el archivo.');
    expect(reasons['residente@porton.mx']).toBe('Correo ya existente.');
    expect(reasons['no-es-correo']).toMatch(/correo/i);
    expect(reasons['fono@correo.mx']).toMatch(/teléfono debe tener solo dígitos/);
    expect(reasons['zeta@correo.mx']).toBe('La zona "Zona Este" no existe en el fraccionamiento.');
    expect(reasons['calle@correo.mx']).toBe('La calle "Calle Cedro" no existe en la zona "Zona Norte".');
    expect(reasons['dora.import@correo.mx']).toBe('La columna "Usa app (SI/NO)" debe decir SI o NO.');

    // Formula injection: the text comes back as text, never as a formula.
    const cell = sheet.getRow(rows.findIndex((r) => r[2] === 'formula@correo.mx') + 2).getCell(1);
    expect(cell.text).toBe(hyperlink);
    expect(cell.type).not.toBe(ExcelJS.ValueType.Formula);
    expect(cell.formula).toBeUndefined();
  });

  it('Errores.xlsx shows every failed row as sent, as plain text, whatever it starts with (=, +, @, -)', async () => {
    const sent: Cell[][] = [
      residentRow({
        first: '=HYPERLINK("http://malo.example","clic")',
        last: '+1+1',
        email: 'riesgo1@correo.mx',
        phones: ['abc'],
      }),
      residentRow({ first: '@SUM(1,1)', last: '-2+3', email: 'riesgo2@correo.mx', phones: ['abc'] }),
      residentRow({ first: '+52 vecino', last: '=A1', email: 'riesgo3@correo.mx', phones: ['abc'] }),
    ];
    const res = await send('admin', await workbook(sent));
    expect(res.statusCode).toBe(206);
    const { rows, sheet } = await errorsOf(res.json().file);
    expect(rows.map((r) => r.slice(0, 2))).toEqual([
      ['=HYPERLINK("http://malo.example","clic")', '+1+1'],
      ['@SUM(1,1)', '-2+3'],
      ['+52 vecino', '=A1'],
    ]);
    for (let r = 2; r <= 4; r++)
      for (let c = 1; c <= 2; c++) {
        const cell = sheet.getRow(r).getCell(c);
        expect(cell.type, `${r}:${c}`).not.toBe(ExcelJS.ValueType.Formula);
        expect(cell.formula).toBeUndefined();
      }
  });

  it('rows past the licence limit fail with the licence message; the others are created', async () => {
    const palmas = await community('Residencial Las Palmas');
    const live = await liveIn('Residencial Las Palmas');
    await t.db.query('UPDATE communities SET license_total = $2 WHERE id = $1', [palmas, live + 2]);
    try {
      const res = await send(
        'admin',
        await workbook([1, 2, 3].map((i) => residentRow({ email: `licencia${i}@correo.mx` }))),
      );
      expect(res.statusCode).toBe(206);
      expect(res.json()).toMatchObject({ created: 2, failed: 1 });
      const { rows } = await errorsOf(res.json().file);
      expect(rows.map((r) => [r[2], r.at(-1)])).toEqual([['licencia3@correo.mx', licenceLimitMessage(live + 2)]]);
      expect(await liveIn('Residencial Las Palmas')).toBe(live + 2);

      // No free licence at all: 409 with that message, nothing created.
      const full = await send('admin', await workbook([residentRow({ email: 'sin.licencia@correo.mx' })]));
      expect(full.statusCode).toBe(409);
      expect(full.json().error_description).toBe(licenceLimitMessage(live + 2));
      expect(await liveIn('Residencial Las Palmas')).toBe(live + 2);
    } finally {
      await t.db.query('UPDATE communities SET license_total = 150 WHERE id = $1', [palmas]);
    }
  });

  it("another community's rows never see this community's zones and streets (tenancy)", async () => {
    const villas = await importIntoVillas([
      residentRow({ email: 'ajeno@correo.mx', zone: 'Zona Norte', street: 'Calle Roble' }),
      residentRow({ email: 'propio@correo.mx', zone: 'Etapa 1', street: 'Calle Girasol' }),
    ]);
    expect(villas).toEqual({
      status: 206,
      failed: [['ajeno@correo.mx', 'La zona "Zona Norte" no existe en el fraccionamiento.']],
      created: 1,
    });
    const mine = await send(
      'admin',
      await workbook([residentRow({ email: 'girasol@correo.mx', zone: 'Etapa 1', street: 'Calle Girasol' })]),
    );
    expect(mine.statusCode).toBe(206);
  });

  it("an email of a live resident of another community is 'Correo ya existente.' (one email, one person in the portal); the other rows are created", async () => {
    const villas = await importIntoVillas([
      residentRow({ email: 'residente@porton.mx', zone: 'Etapa 1', street: 'Calle Girasol' }),
      residentRow({ email: 'vecina.nueva@correo.mx', zone: 'Etapa 1', street: 'Calle Girasol' }),
    ]);
    expect(villas).toEqual({ status: 206, failed: [['residente@porton.mx', 'Correo ya existente.']], created: 1 });
  });

  it("the template public/plantilla_residentes.xlsx, filled in, imports as is (its headers are the contract's; 'Instrucciones' is not read)", async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(fileURLToPath(new URL(`../../../public${RESIDENT_TEMPLATE_PATH}`, import.meta.url)));
    expect(wb.worksheets.map((s) => s.name)).toEqual(['Residentes', 'Instrucciones']);
    wb.getWorksheet('Residentes')!.getRow(2).values = residentRow({
      email: 'plantilla@correo.mx',
    }) as ExcelJS.CellValue[];
    const res = await send('admin', Buffer.from(await wb.xlsx.writeBuffer()));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ description: 'Se registró 1 residente.', created: 1 });
  });

  it('is refused to the guard and the resident (403), nothing created', async () => {
    const before = await countRows(t, 'residents');
    const file = await workbook([residentRow({ email: 'prohibido@correo.mx' })]);
    for (const who of ['guard', 'resident']) expect((await send(who, file)).statusCode).toBe(403);
    expect(await countRows(t, 'residents')).toBe(before);
  });
});

describe('the file is checked by content and size before anything is read', () => {
  const refused = async (
    file: Buffer,
    status: number,
    message: RegExp,
    options?: Parameters<typeof multipartBody>[1],
  ) => {
    const before = await countRows(t, 'residents');
    const res = await send('admin', file, IMPORT_URL, options);
    expect(res.statusCode).toBe(status);
    expect(res.json().error_description).toMatch(message);
    expect(await countRows(t, 'residents')).toBe(before);
  };

  it('415 for a PNG or plain text renamed .xlsx, and for a zip without [Content_Types].xml', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    await refused(png, 415, /Solo se aceptan archivos de Excel \(\.xlsx\)\./);
    await refused(Buffer.from('Nombre,Apellidos\nAna,Luna\n'), 415, /Solo se aceptan archivos de Excel/);
    await refused(zip([storedEntry('hola.txt', 'hola')]), 415, /Solo se aceptan archivos de Excel/);
  });

  it('413 for a zip bomb: an entry inflating past the cap, declared honestly or not', async () => {
    const big = IMPORT_MAX_UNCOMPRESSED_BYTES + 1024 * 1024;
    const honest = zip([
      storedEntry('[Content_Types].xml', CONTENT_TYPES),
      await zerosEntry('xl/worksheets/sheet1.xml', big),
    ]);
    expect(honest.length).toBeLessThan(1024 * 1024);
    await refused(honest, 413, /sin comprimir/);
    const lying = zip([
      storedEntry('[Content_Types].xml', CONTENT_TYPES),
      await zerosEntry('xl/worksheets/sheet1.xml', big, 1000),
    ]);
    await refused(lying, 413, /sin comprimir/);
  });

  it('413 for a file over 10 MB', async () => {
    await refused(Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(10 * 1024 * 1024 + 10)]), 413, /10 MB/);
  });

  it('400 for an empty workbook, headers only, wrong headers, and a missing `file` field', async () => {
    await refused(await workbook([], null), 400, /no tiene residentes/);
    await refused(await workbook([]), 400, /no tiene residentes/);
    const wrong: string[] = [...RESIDENT_IMPORT_HEADERS];
    wrong[2] = 'Email';
    await refused(
      await workbook([residentRow({ email: 'encabezado@correo.mx' })], wrong),
      400,
      /encabezados no coinciden/,
    );
    await refused(await workbook([residentRow()]), 400, /campo "file"/, { field: 'archivo' });
  });

  it('400 for more than 50,000 rows (60,000), nothing created', async () => {
    const file = await bigWorkbook(60_000, (i) => residentRow({ email: `fila${i}@correo.mx` }));
    await refused(file, 400, /más de 50,000 residentes/);
  }, 120_000); // building and reading a 60,000-row workbook is CPU work: on a loaded machine it outlasts the default 30 s

  it('400 for cells with formulas, even in a row after valid ones; nothing created', async () => {
    const row = residentRow({ email: 'formula.real@correo.mx' });
    row[1] = { formula: 'CONCAT("Luna", " Prieto")', result: 'Luna Prieto' };
    await refused(await workbook([residentRow({ email: 'antes@correo.mx' }), row]), 400, /fórmulas \(celda B3\)/);
  });
});
