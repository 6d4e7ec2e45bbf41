import * as XLSX from '@e965/xlsx';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkHeader, checkRows, GUEST_IMPORT_HEADERS } from '../../../src/shared/massive-events/guest-import.js';
import { readGuestSheet } from '../../../src/web/views/massive-events/read-guest-sheet.js';

const HEADER = [...GUEST_IMPORT_HEADERS];
const fileOf = (name: string, bytes: Uint8Array | ArrayBuffer) =>
  Object.assign(new Blob([bytes as BlobPart]), { name });
const book = (rows: unknown[][], type: 'xlsx' | 'xls' | 'ods' = 'xlsx', edit?: (sheet: XLSX.WorkSheet) => void) => {
  const wb = XLSX.utils.book_new();
  const sheet = XLSX.utils.aoa_to_sheet(rows);
  edit?.(sheet);
  XLSX.utils.book_append_sheet(wb, sheet, 'Invitados');
  return new Uint8Array(XLSX.write(wb, { type: 'array', bookType: type === 'xls' ? 'biff8' : type }));
};
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: { problem?: string }) => e.problem ?? String(e),
  );

describe('reading a guest sheet (Guest import)', () => {
  it('xlsx, xls and ods give the first sheet as texts', async () => {
    for (const type of ['xlsx', 'xls', 'ods'] as const) {
      const read = await readGuestSheet(
        fileOf(`invitados.${type}`, book([HEADER, ['José', 'Peña', 5512345678, 'jose@correo.mx']], type)),
      );
      expect(checkHeader(read.header)).toBeNull();
      expect(read.rows).toEqual([['José', 'Peña', '5512345678', 'jose@correo.mx']]);
    }
  });

  it('a UTF-8 CSV and a Latin-1 CSV keep their accents', async () => {
    const text = 'Nombre,Apellidos,Teléfono,Correo Electrónico\r\nJosé,Peña Núñez,5512345678,\r\n';
    const utf8 = await readGuestSheet(fileOf('invitados.csv', new TextEncoder().encode(`\uFEFF${text}`)));
    const latin1 = await readGuestSheet(
      fileOf('invitados.csv', Uint8Array.from([...text].map((c) => c.charCodeAt(0)))),
    );
    for (const read of [utf8, latin1]) {
      expect(checkHeader(read.header)).toBeNull();
      expect(read.rows[0]!.slice(0, 2)).toEqual(['José', 'Peña Núñez']);
    }
  });

  it('a workbook with formulas is refused, naming the cell', async () => {
    const bytes = book([HEADER, ['Ana', 'López', '', '']], 'xlsx', (sheet) => {
      sheet.B2 = { t: 's', v: 'López', f: 'CONCAT("Ló","pez")' };
    });
    expect(await refusal(readGuestSheet(fileOf('f.xlsx', bytes)))).toMatch(/fórmulas \(celda B2\)/);
  });

  it('an empty sheet has no header: every column is missing', async () => {
    const read = await readGuestSheet(fileOf('vacio.xlsx', book([])));
    expect(checkHeader(read.header)?.missing).toEqual(HEADER);
  });

  it('10,001 rows are refused (the cap is 10,000); 10,000 are read', async () => {
    const rows = (n: number) => [HEADER, ...Array.from({ length: n }, (_, i) => [`N${i}`, 'A', '', ''])];
    expect(await refusal(readGuestSheet(fileOf('grande.xlsx', book(rows(10_001)))))).toMatch(/más de 10,000/);
    expect((await readGuestSheet(fileOf('tope.xlsx', book(rows(10_000))))).rows).toHaveLength(10_000);
  }, 60_000);

  it('merged cells keep their text in the first cell; the others are empty, so those rows fail the row check', async () => {
    const bytes = book([HEADER, ['Ana', 'López', '', ''], ['', 'Ruiz', '', '']], 'xlsx', (sheet) => {
      sheet['!merges'] = [{ s: { r: 1, c: 0 }, e: { r: 2, c: 0 } }];
    });
    const read = await readGuestSheet(fileOf('merged.xlsx', bytes));
    expect(checkRows(read.rows).errors.map((e) => e.row)).toEqual([3]);
  });

  it('a text file named .xlsx is unreadable', async () => {
    expect(await refusal(readGuestSheet(fileOf('falso.xlsx', new TextEncoder().encode('hola'))))).toBeTruthy();
  });

  it('the template in public/ has exactly the header the import checks', async () => {
    const read = await readGuestSheet(
      fileOf('plantilla_invitados.xlsx', readFileSync('public/plantilla_invitados.xlsx')),
    );
    expect(read.header).toEqual(HEADER);
    expect(read.rows).toEqual([]);
  });
});
