/**
 * PNGs written chunk by chunk, for the upload checks: a huge single-colour image that is small on
 * the wire, and a decompression bomb (an interlaced image that claims a small size but whose
 * image data inflates to hundreds of megabytes). Made without decoding anything.
 */
import { createDeflate, crc32, deflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(data, crc32(Buffer.from(type, 'latin1'))) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** An IHDR of an 8-bit RGB (colour type 2) or RGBA (6) image, interlaced (Adam7) or not. */
export function ihdr(width: number, height: number, colourType: 2 | 6, interlaced: boolean): Buffer {
  const data = Buffer.alloc(13);
  data.writeUInt32BE(width, 0);
  data.writeUInt32BE(height, 4);
  data[8] = 8;
  data[9] = colourType;
  data[10] = 0;
  data[11] = 0;
  data[12] = interlaced ? 1 : 0;
  return chunk('IHDR', data);
}

export const pngOf = (header: Buffer, idat: Buffer, extra: Buffer[] = []) =>
  Buffer.concat([SIGNATURE, header, ...extra, chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]);

/** Deflates `total` zero bytes in slices, never holding them all. */
async function deflatedZeros(total: number): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (part: Buffer) => parts.push(part));
  const done = new Promise((resolve, reject) => {
    deflate.on('end', resolve);
    deflate.on('error', reject);
  });
  const slice = Buffer.alloc(1024 * 1024);
  for (let left = total; left > 0; left -= slice.length) {
    if (!deflate.write(left >= slice.length ? slice : slice.subarray(0, left)))
      await new Promise((r) => deflate.once('drain', r));
  }
  deflate.end();
  await done;
  return Buffer.concat(parts);
}

/**
 * A single-colour RGB PNG of `width`x`height`: 5000x5000 is about 75 MB of pixels in about
 * 80 KB of file. Rows are filter 0 and identical, so it is deflated one row at a time.
 */
export async function singleColourPng(
  width: number,
  height: number,
  rgb: [number, number, number] = [240, 240, 240],
): Promise<Buffer> {
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set(rgb, 1 + x * 3);
  const deflate = createDeflate({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (part: Buffer) => parts.push(part));
  const done = new Promise((resolve, reject) => {
    deflate.on('end', resolve);
    deflate.on('error', reject);
  });
  for (let y = 0; y < height; y++) {
    if (!deflate.write(row)) await new Promise((r) => deflate.once('drain', r));
  }
  deflate.end();
  await done;
  return pngOf(ihdr(width, height, 2, false), Buffer.concat(parts));
}

/**
 * An interlaced RGBA PNG that claims `width`x`height` (100x100 by default) but whose image data
 * inflates to `inflatedBytes` (the claimed size needs about 40 KB).
 */
export async function interlacedBombPng(inflatedBytes: number, width = 100, height = 100): Promise<Buffer> {
  return pngOf(ihdr(width, height, 6, true), await deflatedZeros(inflatedBytes));
}

/** A small, honest interlaced RGB PNG of `width`x`height` (a gradient), as some scanners write them. */
export function interlacedPng(width: number, height: number): Buffer {
  // Adam7's seven passes: starting column and row, and their steps.
  const passes = [
    [0, 0, 8, 8],
    [4, 0, 8, 8],
    [0, 4, 4, 8],
    [2, 0, 4, 4],
    [0, 2, 2, 4],
    [1, 0, 2, 2],
    [0, 1, 1, 2],
  ] as const;
  const rows: Buffer[] = [];
  for (const [x0, y0, dx, dy] of passes) {
    const columns = width > x0 ? Math.ceil((width - x0) / dx) : 0;
    if (columns === 0) continue;
    for (let y = y0; y < height; y += dy) {
      const row = Buffer.alloc(1 + columns * 3);
      for (let i = 0; i < columns; i++) row.set([(x0 + i * dx) % 256, y % 256, 128], 1 + i * 3);
      rows.push(row);
    }
  }
  return pngOf(ihdr(width, height, 2, true), deflateSync(Buffer.concat(rows)));
}

/** A page's colour at (x, y): lines of dark marks on off-white paper, as a scanned document looks. */
export const pageColour = (x: number, y: number): [number, number, number] =>
  y % 24 < 10 && (x * 13 + y * 7) % 37 < 9 ? [30, 30, 40] : [245, 245, 240 - ((y >> 3) & 63)];

/** A non-interlaced RGB PNG of `width`x`height` showing a page (pageColour). */
export function pagePng(width: number, height: number): Buffer {
  const raw = Buffer.alloc(height * (1 + width * 3));
  for (let y = 0; y < height; y++) {
    const at = y * (1 + width * 3);
    for (let x = 0; x < width; x++) raw.set(pageColour(x, y), at + 1 + x * 3);
  }
  return pngOf(ihdr(width, height, 2, false), deflateSync(raw, { level: 6 }));
}

/** A PNG with a text chunk (tEXt) before its image data: metadata that must not be kept. */
export function pngWithText(width: number, height: number, text: string): Buffer {
  const plain = pagePng(width, height);
  const header = plain.subarray(8, 8 + 25);
  const idatStart = 8 + 25;
  const idatLength = plain.readUInt32BE(idatStart);
  const idat = plain.subarray(idatStart + 8, idatStart + 8 + idatLength);
  return pngOf(header, idat, [chunk('tEXt', Buffer.from(`Comment\0${text}`, 'latin1'))]);
}
