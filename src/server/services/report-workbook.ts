/**
 * A report as a real .xlsx streamed to the HTTP answer (exceljs's streaming writer, inline
 * strings so nothing accumulates): a bold Spanish header row, local date-times as Excel dates,
 * risky text (`=`, `+`, `-`, `@`…) as inline rich text that no spreadsheet evaluates. Rows come
 * in batches from the database and each batch waits for the client when it reads slower than
 * the database answers, so memory stays flat whatever the size of the report.
 */
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { XLSX_MEDIA_TYPE } from '../../shared/report-rules.js';
import { safeCellValue } from './resident-error-workbook.js';

export interface SheetColumn<Row> {
  header: string;
  width: number;
  /** A date-time column (numFmt); its values are Dates or text ('SIN REGISTRO'). */
  date?: boolean;
  value: (row: Row) => ExcelJS.CellValue;
}

/** A local wall-clock time written by SQL as `YYYY-MM-DDTHH:MM:SS` as the Excel date showing it. */
export const excelDate = (local: string | null): Date | null => (local ? new Date(`${local}Z`) : null);

/** Text for a cell: empty as no value, risky text as inline rich text. */
export const textCell = (text: string | null | undefined): ExcelJS.CellValue => safeCellValue(text ?? '');

const DATE_FORMAT = 'dd/mm/yyyy hh:mm';

/**
 * Takes the answer over (headers first: type, file name, no caching) and writes the workbook
 * from `batches`; answers the rows written. A client that goes away stops the reading.
 */
export async function streamWorkbook<Row>(
  reply: FastifyReply, fileName: string, sheetName: string, columns: SheetColumn<Row>[], batches: AsyncIterable<Row[]>,
): Promise<number> {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    'content-type': XLSX_MEDIA_TYPE,
    'content-disposition': `attachment; filename="${fileName}"`,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
  const out = new PassThrough({ highWaterMark: 256 * 1024 });
  let gone = false;
  raw.on('close', () => { if (!raw.writableFinished) gone = true; });
  out.pipe(raw);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: true, zip: { zlib: { level: 1 } } });
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({ header: c.header, width: c.width, style: c.date ? { numFmt: DATE_FORMAT } : {} }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  let written = 0;
  try {
    for await (const rows of batches) {
      if (gone) break;
      for (const row of rows) sheet.addRow(columns.map((c) => c.value(row))).commit();
      written += rows.length;
      // The client reads slower than the database answers: wait for it instead of buffering.
      if (out.writableNeedDrain) await Promise.race([once(out, 'drain'), once(raw, 'close')]);
      else await new Promise((resolve) => setImmediate(resolve));
    }
    if (gone) { out.destroy(); return written; }
    sheet.commit();
    await workbook.commit();
    if (!raw.writableFinished) await Promise.race([once(raw, 'finish'), once(raw, 'close')]);
  } catch (error) {
    // Headers are gone already: the client sees a cut download, never a half workbook as complete.
    reply.log.error({ err: error }, 'report export failed');
    out.destroy();
    raw.destroy();
  }
  return written;
}
