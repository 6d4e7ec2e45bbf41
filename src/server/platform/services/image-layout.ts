/**
 * The structure of an uploaded PNG or JPEG, read from its bytes without decoding a pixel: its
 * declared size, what its compressed data may inflate to, and the same image with only the parts
 * a decoder needs (no text, metadata, colour profiles or animation). A decoder is handed only
 * that, and only after the inflated size was checked against the declared one.
 */
import { inflateSync } from 'node:zlib';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Chunks a decoder needs to draw the image; every other one is left out. */
const PNG_KEPT = new Set(['IHDR', 'PLTE', 'tRNS', 'IDAT', 'IEND']);
/** Animation: its frames (fdAT) would be data outside the checked IDAT. */
const PNG_REFUSED = new Set(['acTL', 'fcTL', 'fdAT']);
/** Bit depths allowed for each colour type (PNG's IHDR rules). */
const PNG_DEPTHS: Record<number, number[]> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};
const PNG_CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
/** Adam7: each pass's first column and row and its steps. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

export interface PngLayout {
  width: number;
  height: number;
  bitDepth: number;
  colourType: number;
  interlaced: boolean;
  /** The IDAT chunks' data, joined. */
  idat: Buffer;
  /** The image with only IHDR, PLTE, tRNS, IDAT and IEND, each as it came (their CRCs with them). */
  stripped: Buffer;
}

/** Bytes the image data must inflate to: each row (of each Adam7 pass) one filter byte and its pixels. */
export function pngInflatedBytes(
  layout: Pick<PngLayout, 'width' | 'height' | 'bitDepth' | 'colourType' | 'interlaced'>,
): number {
  const bitsPerPixel = layout.bitDepth * PNG_CHANNELS[layout.colourType]!;
  const rowBytes = (columns: number) => 1 + Math.ceil((columns * bitsPerPixel) / 8);
  if (!layout.interlaced) return layout.height * rowBytes(layout.width);
  let total = 0;
  for (const [x0, y0, dx, dy] of ADAM7) {
    const columns = layout.width > x0 ? Math.ceil((layout.width - x0) / dx) : 0;
    const rows = layout.height > y0 ? Math.ceil((layout.height - y0) / dy) : 0;
    if (columns > 0 && rows > 0) total += rows * rowBytes(columns);
  }
  return total;
}

/** The PNG's chunks checked one by one; null when it is not a well-formed PNG we accept. */
export function pngLayout(data: Buffer): PngLayout | null {
  if (data.length < 8 + 25 || !data.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  const kept: Buffer[] = [PNG_SIGNATURE];
  const idat: Buffer[] = [];
  let header: Omit<PngLayout, 'idat' | 'stripped'> | null = null;
  let lastType = '';
  let ended = false;
  for (let at = 8; at < data.length && !ended; ) {
    if (at + 12 > data.length) return null;
    const length = data.readUInt32BE(at);
    const type = data.toString('latin1', at + 4, at + 8);
    const end = at + 12 + length;
    if (length > 0x7fffffff || end > data.length || !/^[A-Za-z]{4}$/.test(type)) return null;
    const body = data.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      if (header || at !== 8 || length !== 13) return null;
      header = {
        width: body.readUInt32BE(0),
        height: body.readUInt32BE(4),
        bitDepth: body[8]!,
        colourType: body[9]!,
        interlaced: body[12] === 1,
      };
      if (!header.width || !header.height || !PNG_DEPTHS[header.colourType]?.includes(header.bitDepth)) return null;
      if (body[10] !== 0 || body[11] !== 0 || body[12]! > 1) return null;
    } else if (!header) {
      return null;
    } else if (PNG_REFUSED.has(type)) {
      return null;
    } else if (type === 'IDAT') {
      // The image data is one run of IDAT chunks.
      if (idat.length && lastType !== 'IDAT') return null;
      idat.push(body);
    } else if (type === 'IEND') {
      ended = true;
    } else if (type.charCodeAt(0) < 0x61 && !PNG_KEPT.has(type)) {
      return null; // an unknown critical chunk: no decoder may skip it
    }
    if (PNG_KEPT.has(type)) kept.push(data.subarray(at, end));
    lastType = type;
    at = end;
  }
  if (!header || !idat.length || !ended) return null;
  if (header.colourType === 3 && !kept.some((c) => c.toString('latin1', 4, 8) === 'PLTE')) return null;
  return { ...header, idat: Buffer.concat(idat), stripped: Buffer.concat(kept) };
}

/**
 * Whether the PNG's image data inflates to exactly what its header declares. Inflating stops as
 * soon as it passes that size, so a small file that claims a small image but holds gigabytes of
 * compressed zeros costs no more than the image it claims.
 */
export function pngDataMatchesHeader(layout: PngLayout): boolean {
  const expected = pngInflatedBytes(layout);
  try {
    return inflateSync(layout.idat, { maxOutputLength: expected }).length === expected;
  } catch {
    return false; // beyond the declared size (ERR_BUFFER_TOO_LARGE), or not a zlib stream
  }
}

export interface JpegLayout {
  width: number;
  height: number;
  /** Scans (SOS segments): a progressive image has a few; thousands make a slow decode. */
  scans: number;
  /** The image without its APPn segments (EXIF, XMP, ICC) and comments, but its JFIF and Adobe ones. */
  stripped: Buffer;
}

const isSof = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
/** APP0 (JFIF) and APP14 (Adobe: how the colours were transformed) are what decoding needs. */
const jpegKept = (marker: number) => !((marker >= 0xe1 && marker <= 0xed) || marker === 0xef || marker === 0xfe);

/** The JPEG's segments walked to its end; null when it is not a well-formed JPEG. */
export function jpegLayout(data: Buffer): JpegLayout | null {
  if (data.length < 4 || data[0] !== 0xff || data[1] !== 0xd8) return null;
  const kept: Buffer[] = [data.subarray(0, 2)];
  let width = 0;
  let height = 0;
  let scans = 0;
  let at = 2;
  while (at < data.length) {
    if (data[at] !== 0xff || at + 1 >= data.length) return null;
    const marker = data[at + 1]!;
    if (marker === 0xff) {
      at++;
      continue;
    } // fill byte
    if (marker === 0xd9) {
      kept.push(data.subarray(at, at + 2));
      at += 2;
      break;
    }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      kept.push(data.subarray(at, at + 2));
      at += 2;
      continue;
    }
    if (at + 4 > data.length) return null;
    const end = at + 2 + data.readUInt16BE(at + 2);
    if (end <= at + 3 || end > data.length) return null;
    if (isSof(marker)) {
      if (end - at < 10 || width) return null;
      height = data.readUInt16BE(at + 5);
      width = data.readUInt16BE(at + 7);
    }
    if (jpegKept(marker)) kept.push(data.subarray(at, end));
    if (marker !== 0xda) {
      at = end;
      continue;
    }
    if (!width) return null;
    scans++;
    // The entropy-coded data runs to the next marker that is not a stuffed 0xFF00 or a restart.
    let next = end;
    for (;;) {
      next = data.indexOf(0xff, next);
      if (next < 0 || next + 1 >= data.length) {
        next = data.length;
        break;
      }
      const after = data[next + 1]!;
      if (after === 0x00 || (after >= 0xd0 && after <= 0xd7) || after === 0xff) {
        next += after === 0xff ? 1 : 2;
        continue;
      }
      break;
    }
    kept.push(data.subarray(end, next));
    at = next;
  }
  if (!width || !height || !scans) return null;
  return { width, height, scans, stripped: Buffer.concat(kept) };
}
