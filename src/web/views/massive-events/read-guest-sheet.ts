import type { ReadProblem, ReadSheet } from '../../../../machines/massive-events/guest-import.machine.js';
import { extensionOf, GUEST_IMPORT_MAX_ROWS, GuestImportTexts } from '../../../shared/massive-events/guest-import.js';

const refuse = (problem: string): never => {
  throw { problem } satisfies ReadProblem;
};

/**
 * A CSV's text: UTF-8 when it decodes as such (a BOM is dropped), otherwise Latin-1 (Windows-1252,
 * what Excel writes in Spanish), so 'Peña' and 'José' keep their accents either way.
 */
export function decodeCsv(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

const texts = (rows: unknown[][]) =>
  rows.map((r) => Array.from(r, (c) => (c === null || c === undefined ? '' : String(c))));
const cap = (rows: string[][]) =>
  rows.length - 1 > GUEST_IMPORT_MAX_ROWS ? refuse(GuestImportTexts.tooManyRows) : rows;
const split = (rows: string[][]): ReadSheet => ({ header: rows[0] ?? [], rows: rows.slice(1) });

async function readCsv(bytes: Uint8Array): Promise<ReadSheet> {
  const Papa = (await import('papaparse')).default;
  const parsed = Papa.parse<string[]>(decodeCsv(bytes), { skipEmptyLines: 'greedy' });
  return split(cap(texts(parsed.data)));
}

/**
 * The first sheet of an xlsx, xls or ods with @e965/xlsx, loaded only when a file is
 * read. A formula is refused (its cell named): values only. Merged cells keep their text in the first cell.
 */
async function readWorkbook(bytes: Uint8Array): Promise<ReadSheet> {
  const XLSX = await import('@e965/xlsx');
  let sheet: import('@e965/xlsx').WorkSheet | undefined;
  try {
    const book = XLSX.read(bytes, {
      type: 'array',
      cellFormula: true,
      cellHTML: false,
      dense: false,
      sheetRows: GUEST_IMPORT_MAX_ROWS + 2,
    });
    sheet = book.Sheets[book.SheetNames[0] ?? ''];
  } catch {
    return refuse(GuestImportTexts.unreadable);
  }
  if (!sheet) return refuse(GuestImportTexts.unreadable);
  const range = XLSX.utils.decode_range((sheet['!fullref'] as string | undefined) ?? sheet['!ref'] ?? 'A1:A1');
  if (range.e.r - range.s.r > GUEST_IMPORT_MAX_ROWS) refuse(GuestImportTexts.tooManyRows);
  for (const [address, cell] of Object.entries(sheet)) {
    if (!address.startsWith('!') && (cell as { f?: string }).f) refuse(GuestImportTexts.formulas(address));
  }
  const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: false, defval: '', blankrows: false });
  return split(cap(texts(rows)));
}

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const CFB = [0xd0, 0xcf, 0x11, 0xe0];
const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((b, i) => bytes[i] === b);

/**
 * What the `guestImport` machine's reader does with the picked File: checked by content first
 * (xlsx and ods are zip files, xls a compound file), so a text file named .xlsx is unreadable.
 */
export async function readGuestSheet(file: Blob & { name: string }): Promise<ReadSheet> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const ext = extensionOf(file.name);
  if (ext === 'csv') return readCsv(bytes);
  if (!startsWith(bytes, ext === 'xls' ? CFB : ZIP)) refuse(GuestImportTexts.unreadable);
  return readWorkbook(bytes);
}
