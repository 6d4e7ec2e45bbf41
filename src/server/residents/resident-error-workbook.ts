/**
 * Errores.xlsx: the failed rows of an import exactly as sent, same columns and cell text, plus the
 * reason in Spanish. Written with exceljs's streaming writer.
 *
 * Formula injection: a cell whose text begins with `=`, `+`, `-`, `@`, a tab or a carriage return
 * is written as rich text, an inline string (`t="inlineStr"`), never with an `<f>` element: Excel
 * shows it as the text it is and evaluates nothing, and the text stays exactly as sent (an
 * apostrophe typed into it would become part of the value; exceljs cannot write `quotePrefix`).
 * Every cell is an inline string (no shared-strings table): exceljs gives every rich-text value
 * of a shared-strings workbook the same index, so each risky cell showed the first one's text.
 */
import type ExcelJS from 'exceljs';
import { PassThrough } from 'node:stream';
import { ERROR_REASON_HEADER, RESIDENT_IMPORT_HEADERS } from '../../shared/residents/resident-import.js';

export interface FailedRow {
  cells: string[];
  reason: string;
}

const RISKY_START = /^[=+\-@\t\r]/;

/** A cell's value that no spreadsheet evaluates: risky text as rich text, empty as no value. */
export function safeCellValue(text: string): ExcelJS.CellValue {
  if (text === '') return null;
  return RISKY_START.test(text) ? { richText: [{ text }] } : text;
}

/** A workbook of one sheet with `headers` (bold) and `rows`, every cell written by `safeCellValue`. */
export async function textWorkbook(
  sheetName: string,
  headers: readonly string[],
  rows: Iterable<string[]>,
): Promise<Buffer> {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise((resolve, reject) => {
    stream.on('end', resolve);
    stream.on('error', reject);
  });
  // exceljs loads with the first workbook written, not with every start of the server.
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.stream.xlsx.WorkbookWriter({ stream, useSharedStrings: false, useStyles: true });
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = headers.map((header) => ({ header, width: Math.max(14, header.length + 4) }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for (const cells of rows) sheet.addRow(cells.map(safeCellValue)).commit();
  sheet.commit();
  await workbook.commit();
  await done;
  return Buffer.concat(chunks);
}

/** Errores.xlsx: the template's columns and 'Motivo del error'. */
export function errorWorkbook(failed: readonly FailedRow[]): Promise<Buffer> {
  return textWorkbook(
    'Errores',
    [...RESIDENT_IMPORT_HEADERS, ERROR_REASON_HEADER],
    (function* rows() {
      for (const row of failed) yield [...row.cells, row.reason];
    })(),
  );
}
