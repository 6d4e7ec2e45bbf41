/**
 * Files for the residents' import tests and benchmarks: workbooks made with exceljs, a multipart
 * body carrying one, and hand-assembled zips (no [Content_Types].xml; an entry that inflates past
 * the cap, declared honestly or not). Test fixtures only.
 */
import ExcelJS from 'exceljs';
import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { constants, crc32, createDeflateRaw } from 'node:zlib';
import { RESIDENT_IMPORT_HEADERS, XLSX_MIME } from '../../src/shared/residents/resident-import.js';

export type Cell = string | number | ExcelJS.CellValue;

/** A workbook of one sheet 'Residentes': `rows` under `headers` (the template's by default). */
export async function workbook(
  rows: Cell[][],
  headers: readonly string[] | null = RESIDENT_IMPORT_HEADERS,
): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Residentes');
  if (headers) sheet.addRow([...headers]);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A large workbook through exceljs's streaming writer: `count` rows made by `row(i)`. */
export async function bigWorkbook(count: number, row: (i: number) => Cell[]): Promise<Buffer> {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise((resolve) => stream.on('end', resolve));
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useSharedStrings: false, useStyles: false });
  const sheet = wb.addWorksheet('Residentes');
  sheet.addRow([...RESIDENT_IMPORT_HEADERS]).commit();
  for (let i = 0; i < count; i++) sheet.addRow(row(i)).commit();
  sheet.commit();
  await wb.commit();
  await ended;
  return Buffer.concat(chunks);
}

/** A row of the template: the given fields over a valid resident of 'Residencial Las Palmas'. */
export function residentRow(
  fields: Partial<
    Record<
      'first' | 'last' | 'email' | 'zone' | 'street' | 'number' | 'int' | 'action' | 'useapp' | 'notresident',
      Cell
    >
  > & { phones?: Cell[] } = {},
): Cell[] {
  const phones = fields.phones ?? ['5512345678'];
  return [
    fields.first ?? 'Teresa',
    fields.last ?? 'Luna Prieto',
    fields.email ?? 'teresa@correo.mx',
    fields.zone ?? 'Zona Norte',
    fields.street ?? 'Calle Roble',
    fields.number ?? '45',
    fields.int ?? '',
    fields.action ?? '',
    fields.useapp ?? 'NO',
    fields.notresident ?? 'NO',
    ...[0, 1, 2, 3].map((i) => phones[i] ?? ''),
  ];
}

/** A multipart/form-data body with `file` as field `field`. */
export function multipartBody(file: Buffer, { field = 'file', filename = 'residentes.xlsx', type = XLSX_MIME } = {}) {
  const boundary = `----porton${randomUUID()}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

interface ZipEntry {
  name: string;
  data: Buffer;
  method: 0 | 8;
  crc: number;
  size: number;
  declaredSize?: number;
}

/** A zip (no data descriptors) of the given entries, assembled by hand. */
export function zip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const size = e.declaredSize ?? e.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(e.method, 8);
    local.writeUInt16LE(0x21, 12);
    local.writeUInt32LE(e.crc, 14);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(e.method, 10);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(e.crc, 16);
    central.writeUInt32LE(e.data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, e.data);
    centrals.push(central, name);
    offset += 30 + name.length + e.data.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

export const storedEntry = (name: string, text: string): ZipEntry => {
  const data = Buffer.from(text);
  return { name, data, method: 0, crc: crc32(data), size: data.length };
};

/** An entry of `size` zero bytes, deflated (a few hundred KB for 100 MB); `declaredSize` may lie. */
export async function zerosEntry(name: string, size: number, declaredSize?: number): Promise<ZipEntry> {
  const deflate = createDeflateRaw({ level: constants.Z_BEST_COMPRESSION });
  const chunks: Buffer[] = [];
  deflate.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise((resolve) => deflate.on('end', resolve));
  const block = Buffer.alloc(1024 * 1024);
  let crc = 0;
  for (let written = 0; written < size; written += block.length) {
    const piece = block.subarray(0, Math.min(block.length, size - written));
    crc = crc32(piece, crc);
    if (!deflate.write(piece)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await ended;
  return { name, data: Buffer.concat(chunks), method: 8, crc, size, declaredSize };
}

export const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>';
