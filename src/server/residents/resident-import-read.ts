/**
 * Reads the residents' workbook with exceljs's streaming reader: the first sheet, its
 * header row (RESIDENT_IMPORT_HEADERS), then each non-empty row as the text of its cells.
 * `readWorkbook` walks it once and refuses what cannot be imported (400, before anything is
 * created); it keeps each row only as one packed string (the JSON of its cell texts, about the
 * size of the sheet's XML text, ~10 MB for 50,000 rows), never as parsed objects, and
 * `rowBatches` unpacks them a batch at a time. Reading the sheet a second time instead would cost
 * as much as the first reading (seconds for 50,000 rows).
 */
import type ExcelJS from 'exceljs';
import { Readable } from 'node:stream';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { AppError } from '../../shared/platform/errors.js';
import { IMPORT_MAX_ROWS, RESIDENT_IMPORT_HEADERS } from '../../shared/residents/resident-import.js';

export const ImportFileMessages = {
  unreadable: 'No fue posible leer el archivo de Excel.',
  empty: 'El archivo no tiene residentes: llena la plantilla debajo de los encabezados.',
  headers: `Los encabezados no coinciden con la plantilla. Deben ser, en este orden: ${RESIDENT_IMPORT_HEADERS.join(', ')}.`,
  tooManyRows: `El archivo tiene más de ${IMPORT_MAX_ROWS.toLocaleString('es-MX')} residentes; divídelo en varios archivos.`,
  formula: (cell: string) => `El archivo tiene fórmulas (celda ${cell}); copia y pega solo los valores.`,
} as const;

const COLUMNS = RESIDENT_IMPORT_HEADERS.length;

/** One data row: its row number in the sheet and the text of its cells, as sent. */
export interface SheetRow {
  number: number;
  cells: string[];
}

const invalid = (message: string) => new AppError('invalid_request', message, { file: message });

function isFormula(cell: ExcelJS.Cell, formulaType: ExcelJS.ValueType) {
  const value = cell.value as unknown;
  return (
    cell.type === formulaType ||
    (typeof value === 'object' && value !== null && ('formula' in value || 'sharedFormula' in value))
  );
}

function cellText(cell: ExcelJS.Cell): string {
  const value = cell.value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  return cell.text ?? '';
}

interface RawRow {
  number: number;
  cells: string[];
  formula: string | null;
}

/** The first sheet's non-empty rows after the checked header row. */
async function* dataRows(data: Buffer): AsyncGenerator<RawRow> {
  // exceljs loads with the first import, not with every start of the server.
  const { default: Excel } = await import('exceljs');
  const reader = new Excel.stream.xlsx.WorkbookReader(Readable.from([data]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    entries: 'ignore',
  });
  let header = false;
  try {
    for await (const sheet of reader) {
      for await (const row of sheet) {
        const cells: string[] = [];
        let formula: string | null = null;
        let filled = false;
        row.eachCell({ includeEmpty: false }, (cell, col) => {
          if (!formula && isFormula(cell, Excel.ValueType.Formula)) formula = cell.address;
          const text = cellText(cell);
          if (text.trim() !== '') filled = true;
          if (col <= COLUMNS) cells[col - 1] = text;
          else if (!header && text.trim() !== '') cells[col - 1] = text; // a header past the template's is wrong
        });
        if (!filled && !formula) continue;
        for (let i = 0; i < COLUMNS; i++) cells[i] ??= '';
        if (!header) {
          const names = cells.map((c) => (c ?? '').trim().toLowerCase());
          const ok = names.length === COLUMNS && RESIDENT_IMPORT_HEADERS.every((h, i) => names[i] === h.toLowerCase());
          if (!ok) throw invalid(ImportFileMessages.headers);
          header = true;
          continue;
        }
        yield { number: row.number, cells, formula };
      }
      break; // only the first sheet (the template's second one is 'Instrucciones')
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw invalid(ImportFileMessages.unreadable);
  }
  if (!header) throw invalid(ImportFileMessages.empty);
}

/** The sheet's data rows, packed; see `rowBatches`. */
export interface PackedRows {
  numbers: Int32Array;
  cells: string[];
}

/** Reads the data rows; 400 (nothing created) for no rows, wrong headers, too many rows or a formula. */
export async function readWorkbook(data: Buffer): Promise<PackedRows> {
  const numbers: number[] = [];
  const cells: string[] = [];
  for await (const row of dataRows(data)) {
    if (row.formula) throw invalid(ImportFileMessages.formula(row.formula));
    if (cells.length >= IMPORT_MAX_ROWS) throw invalid(ImportFileMessages.tooManyRows);
    numbers.push(row.number);
    cells.push(JSON.stringify(row.cells));
    // The parser's chunks resolve as microtasks; let timers and other requests in now and then.
    if (cells.length % 500 === 0) await yieldToLoop();
  }
  if (!cells.length) throw invalid(ImportFileMessages.empty);
  return { numbers: Int32Array.from(numbers), cells };
}

/** The rows, `size` at a time, unpacked; each batch's packed strings are let go as it is handed out. */
export function* rowBatches(rows: PackedRows, size: number): Generator<SheetRow[]> {
  for (let start = 0; start < rows.cells.length; start += size) {
    const batch: SheetRow[] = [];
    for (let i = start; i < Math.min(start + size, rows.cells.length); i++) {
      batch.push({ number: rows.numbers[i], cells: JSON.parse(rows.cells[i]) as string[] });
      rows.cells[i] = '';
    }
    yield batch;
  }
}
