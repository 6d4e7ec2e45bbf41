// The spreadsheet half of a streamed report (report-workbook.ts), in a thread so that
// building the .xlsx (exceljs's streaming writer and its zip) never holds the API's event loop.
// Plain JavaScript: a worker is started by Node itself, in every process that serves the API and
// in the tests, without a TypeScript loader.
//
// workerData: { sheetName, columns: [{ header, width, date }], dateFormat }
// in:  { type: 'rows', json }  (JSON of CellValue[][]; dates as ISO text) → out: { type: 'chunk', chunk } … then { type: 'ack' }
// in:  { type: 'end' }                        → out: { type: 'chunk', chunk } … then { type: 'done' }
import ExcelJS from 'exceljs';
import { Writable } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';

const { sheetName, columns, dateFormat } = workerData;
const dateColumns = columns.map((c) => c.date);
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
/** A row from JSON: the date columns' ISO texts become dates again ('SIN REGISTRO' stays text). */
const revive = (values) =>
  values.map((v, i) => (dateColumns[i] && typeof v === 'string' && ISO.test(v) ? new Date(v) : v));

/** The zip's bytes go to the parent as they come, each chunk copied into a buffer of its own (transferred). */
const out = new Writable({
  write(chunk, _encoding, done) {
    const copy = new Uint8Array(chunk.byteLength);
    copy.set(chunk);
    parentPort.postMessage({ type: 'chunk', chunk: copy }, [copy.buffer]);
    done();
  },
});
const finished = new Promise((resolve, reject) => {
  out.on('finish', resolve);
  out.on('error', reject);
});

const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
  stream: out,
  useSharedStrings: false,
  useStyles: true,
  zip: { zlib: { level: 1 } },
});
const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
sheet.columns = columns.map((c) => ({ header: c.header, width: c.width }));
// Each cell gets one of two style objects shared by the whole sheet: exceljs remembers a style by
// its object, so a shared one is looked up once, where a style made per cell (a column style is
// copied into every cell) is worked out again for each, which makes up most of the writer's time.
const DATE_STYLE = Object.freeze({ numFmt: dateFormat });
const PLAIN_STYLE = Object.freeze({});
const cellStyles = columns.map((c) => (c.date ? DATE_STYLE : PLAIN_STYLE));
const addRow = (values) => {
  const row = sheet.addRow(revive(values));
  for (let i = 0; i < cellStyles.length; i++) row.getCell(i + 1).style = cellStyles[i];
  row.commit();
};
sheet.getRow(1).font = { bold: true };
sheet.getRow(1).commit();

parentPort.on('message', async (message) => {
  try {
    if (message.type === 'rows') {
      for (const values of JSON.parse(message.json)) addRow(values);
      // Let the zip take what was committed before saying the batch is consumed.
      await new Promise((resolve) => setImmediate(resolve));
      parentPort.postMessage({ type: 'ack' });
    } else if (message.type === 'end') {
      sheet.commit();
      await workbook.commit();
      await finished;
      parentPort.postMessage({ type: 'done' });
    }
  } catch (error) {
    parentPort.postMessage({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  }
});
