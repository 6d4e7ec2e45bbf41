/**
 * A report as a real .xlsx streamed to the HTTP answer: a bold Spanish header row, local
 * date-times as Excel dates, risky text (`=`, `+`, `-`, `@`…) as inline rich text that no
 * spreadsheet evaluates. Rows come in batches from the database (a cursor or keyset pages); each
 * batch's cell values are made here and written by exceljs's streaming writer in a thread
 * (workbook-writer.thread.mjs), whose zip bytes come back and go to the client. The next batch is
 * read only when the writer thread has taken the last one and the client has taken the bytes, so memory
 * stays flat whatever the report's size, and the event loop stays free for other requests.
 */
import type { OutgoingHttpHeaders } from 'node:http';
import type ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { XLSX_MEDIA_TYPE } from '../../shared/reports/report-rules.js';
import { safeCellValue } from '../residents/resident-error-workbook.js';

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
const WRITER_THREAD = new URL('./workbook-writer.thread.mjs', import.meta.url);

type FromThread =
  | { type: 'chunk'; chunk: Uint8Array }
  | { type: 'ack' }
  | { type: 'done' }
  | { type: 'error'; message: string };

/**
 * Takes the answer over (headers first: type, file name, no caching) and writes the workbook
 * from `batches`; answers the rows written. A client that goes away stops the reading.
 */
export async function streamWorkbook<Row>(
  reply: FastifyReply,
  fileName: string,
  sheetName: string,
  columns: SheetColumn<Row>[],
  batches: AsyncIterable<Row[]>,
): Promise<number> {
  const thread = new Worker(WRITER_THREAD, {
    // exceljs makes much short-lived garbage: a small young generation keeps the process's memory flat.
    resourceLimits: { maxYoungGenerationSizeMb: 8, maxOldGenerationSizeMb: 96 },
    workerData: {
      sheetName,
      columns: columns.map(({ header, width, date }) => ({ header, width, date: Boolean(date) })),
      dateFormat: DATE_FORMAT,
    },
  });
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    ...(reply.getHeaders() as OutgoingHttpHeaders), // the security headers set for every answer (plugins/security-headers.ts)
    'content-type': XLSX_MEDIA_TYPE,
    'content-disposition': `attachment; filename="${fileName}"`,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
  let gone = false;
  raw.on('close', () => {
    if (!raw.writableFinished) gone = true;
  });
  // The writer thread's answers, in order: chunks go to the client as they come; acks and the end wake the loop.
  let waiting: ((message: FromThread) => void) | null = null;
  let failure: Error | null = null;
  thread.on('message', (message: FromThread) => {
    if (message.type === 'chunk') raw.write(message.chunk);
    else if (message.type === 'error') failure = new Error(message.message);
    if (message.type !== 'chunk') {
      const wake = waiting;
      waiting = null;
      wake?.(message);
    }
  });
  thread.on('error', (error) => {
    failure = error;
    const wake = waiting;
    waiting = null;
    wake?.({ type: 'error', message: error.message });
  });
  const next = (type: 'ack' | 'done') =>
    new Promise<void>((resolve, reject) => {
      waiting = (message) =>
        message.type === type ? resolve() : reject(failure ?? new Error(`workbook writer thread: ${message.type}`));
    });
  let written = 0;
  // One batch in the writer thread while the next is read from the database.
  let inWorker: Promise<void> | null = null;
  try {
    for await (const rows of batches) {
      if (inWorker) await inWorker;
      // The client reads slower than we write: wait for it instead of buffering.
      if (raw.writableNeedDrain && !gone) await Promise.race([once(raw, 'drain'), once(raw, 'close')]);
      if (gone) break;
      inWorker = next('ack');
      inWorker.catch(() => undefined); // awaited before the next batch; not unhandled meanwhile
      // As one JSON text: a string crosses to the writer thread far cheaper than a structured clone of the rows.
      thread.postMessage({ type: 'rows', json: JSON.stringify(rows.map((row) => columns.map((c) => c.value(row)))) });
      written += rows.length;
    }
    if (inWorker) await inWorker;
    if (!gone) {
      const done = next('done');
      thread.postMessage({ type: 'end' });
      await done;
      raw.end();
    }
  } catch (error) {
    // Headers are gone already: the client sees a cut download, never a half workbook as complete.
    reply.log.error({ err: error }, 'report export failed');
    raw.destroy();
  } finally {
    await thread.terminate();
  }
  return written;
}
