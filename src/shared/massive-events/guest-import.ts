/**
 * Guest import: the rules the `guestImport` machine
 * applies to a read sheet, the same in the wizard and in the guests screen. Reading the file
 * (xlsx/xls/ods with @e965/xlsx, csv with papaparse) is the web's; these are pure.
 */
import * as v from 'valibot';
import { guestNameKey } from './massive-event-rules.js';
import { GuestFieldsSchema, MAX_GUESTS_PER_CALL, type GuestFields } from './massive-event.schema.js';

export const GUEST_IMPORT_HEADERS = ['Nombre', 'Apellidos', 'Teléfono', 'Correo Electrónico'] as const;
/** The most rows one file may hold (the bulk call's cap): 10,000. */
export const GUEST_IMPORT_MAX_ROWS = MAX_GUESTS_PER_CALL;
/** A file larger than this is not read (10,000 rows of four short texts are far smaller). */
export const GUEST_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** Guests sent per bulk call while uploading (the progress advances by these). */
export const GUEST_UPLOAD_CHUNK = 1000;
/** In the wizard only the first 4 row errors are listed. */
export const SHOWN_ROW_ERRORS = 4;
export const GUEST_TEMPLATE_PATH = '/plantilla_invitados.xlsx';

export type ImportPlace = 'wizard' | 'guests';
/** Xlsx only in the guests screen; the wizard also takes xls, csv and ods. */
export const IMPORT_EXTENSIONS: Record<ImportPlace, readonly string[]> = {
  guests: ['xlsx'],
  wizard: ['xlsx', 'xls', 'csv', 'ods'],
};
export const importAccept = (where: ImportPlace) => IMPORT_EXTENSIONS[where].map((e) => `.${e}`).join(',');

export const GuestImportTexts = {
  title: 'Importación masiva',
  noFile: 'No se seleccionó ningún archivo.',
  wrongType: 'El tipo de archivo es incorrecto',
  wrongHeader: 'El formato es incorrecto',
  unreadable: 'No fue posible leer el archivo. Por favor, sube un archivo .xlsx con la plantilla.',
  tooLarge: `El archivo pesa más de ${GUEST_IMPORT_MAX_BYTES / 1024 / 1024} MB.`,
  tooManyRows: `El archivo tiene más de ${GUEST_IMPORT_MAX_ROWS.toLocaleString('en-US')} invitados; divídelo en varios archivos.`,
  formulas: (cell: string) => `El archivo tiene fórmulas (celda ${cell}); pega solo valores e intenta nuevamente.`,
  empty: 'El archivo no tiene invitados.',
  rowsTitle: 'No es posible completar la carga',
  rowsDetail: (row: number) =>
    `Detectamos un error en el Nº registro ${row} de la lista, por favor verifícalo e intenta nuevamente`,
  repeatedConfirm: '¿Estás seguro de agregarlo(s) nuevamente?',
  uploadFailed: 'Ha ocurrido un error',
} as const;

export interface HeaderCheck {
  missing: string[];
  extra: string[];
  outOfOrder: boolean;
}

/** The first row must be Nombre, Apellidos, Teléfono, Correo Electrónico, in that order (spacing and case aside). */
export function checkHeader(header: readonly string[]): HeaderCheck | null {
  const norm = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();
  const got = header
    .map((h) => String(h ?? ''))
    .filter((h, i, all) => h.trim() !== '' || all.slice(i).some((x) => String(x ?? '').trim() !== ''));
  const want = GUEST_IMPORT_HEADERS.map(norm);
  const missing = GUEST_IMPORT_HEADERS.filter((h) => !got.some((g) => norm(g) === norm(h)));
  const extra = got.filter((g) => !want.includes(norm(g))).map((g) => g.trim() || '(columna sin nombre)');
  const outOfOrder = !missing.length && !extra.length && got.some((g, i) => norm(g) !== want[i]);
  return missing.length || extra.length || outOfOrder ? { missing: [...missing], extra, outOfOrder } : null;
}

/** A row that failed, numbered as the sheet shows it (the header is row 1). */
export interface RowError {
  row: number;
  message: string;
}

/** Each row needs a first and last name and an empty or valid email; fully empty rows are skipped. */
export function checkRows(rows: readonly (readonly unknown[])[]): { guests: GuestFields[]; errors: RowError[] } {
  const guests: GuestFields[] = [];
  const errors: RowError[] = [];
  rows.forEach((cells, i) => {
    const [firstName, lastName, phone, email] = [0, 1, 2, 3].map((c) => String(cells[c] ?? '').trim());
    if (!firstName && !lastName && !phone && !email) return;
    const parsed = v.safeParse(GuestFieldsSchema, {
      firstName,
      lastName,
      phone: phone.replace(/[\s-]/g, ''),
      email: email.toLowerCase(),
    });
    if (parsed.success) guests.push(parsed.output);
    else
      errors.push({
        row: i + 2,
        message: parsed.issues
          .map((issue) => issue.message)
          .filter((m, j, all) => all.indexOf(m) === j)
          .join(' '),
      });
  });
  return { guests, errors };
}

/** New and repeated guests: a repeated one has the name of a guest already listed, or of an earlier row. */
export function splitRepeated(
  guests: readonly GuestFields[],
  existing: readonly { firstName: string; lastName: string }[],
) {
  const seen = new Set(existing.map(guestNameKey));
  const fresh: GuestFields[] = [];
  const repeated: GuestFields[] = [];
  for (const g of guests) {
    const key = guestNameKey(g);
    (seen.has(key) ? repeated : fresh).push(g);
    seen.add(key);
  }
  return { fresh, repeated };
}

export const extensionOf = (name: string) => name.toLowerCase().split('.').pop() ?? '';
