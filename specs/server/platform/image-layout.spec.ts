import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  jpegLayout,
  pngDataMatchesHeader,
  pngInflatedBytes,
  pngLayout,
} from '../../../src/server/platform/services/image-layout.js';
import { ihdr, interlacedBombPng, interlacedPng, pagePng, pngOf, pngWithText } from '../../support/png-craft.js';
import { jpegWithScriptInExif } from '../../support/contractors/worker-fixtures.js';

/** An image's structure read from its bytes before any decoder sees it (image-layout.ts). */
describe('PNG layout', () => {
  it("the inflated size of an interlaced image is the sum of its seven passes' rows", () => {
    for (const [width, height] of [
      [300, 200],
      [1, 1],
      [9, 3],
      [100, 100],
    ] as const) {
      const layout = pngLayout(interlacedPng(width, height))!;
      expect(layout.interlaced).toBe(true);
      expect(pngInflatedBytes(layout)).toBe(inflateSync(layout.idat).length);
      expect(pngDataMatchesHeader(layout)).toBe(true);
    }
  });

  it('data that inflates past the declared size, or short of it, does not match the header', async () => {
    expect(pngDataMatchesHeader(pngLayout(await interlacedBombPng(8 * 1024 * 1024))!)).toBe(false);
    const short = pngOf(ihdr(100, 100, 2, false), Buffer.from(pngLayout(pagePng(100, 50))!.idat));
    expect(pngDataMatchesHeader(pngLayout(short)!)).toBe(false);
  });

  it('text chunks are left out of what the decoder sees; animation and unknown critical chunks are refused', () => {
    const layout = pngLayout(pngWithText(20, 10, '<script>alert(1)</script>'))!;
    expect(layout.stripped.includes(Buffer.from('tEXt'))).toBe(false);
    expect(layout).toMatchObject({ width: 20, height: 10 });
    const page = pagePng(20, 10);
    const idat = pngLayout(page)!.idat;
    const chunk = (type: string) => {
      const c = Buffer.alloc(12);
      c.write(type, 4, 'latin1');
      return c;
    };
    expect(pngLayout(pngOf(ihdr(20, 10, 2, false), idat, [chunk('acTL')]))).toBeNull();
    expect(pngLayout(pngOf(ihdr(20, 10, 2, false), idat, [chunk('XXXX')]))).toBeNull();
    expect(pngLayout(page.subarray(0, page.length - 12))).toBeNull(); // no IEND
  });
});

describe('JPEG layout', () => {
  it('the EXIF segment is left out of what the decoder sees; the size and the scans are read', () => {
    const exif = jpegWithScriptInExif();
    const layout = jpegLayout(exif)!;
    expect(layout).toMatchObject({ width: 16, height: 16, scans: 1 });
    expect(exif.includes(Buffer.from('Exif'))).toBe(true);
    expect(layout.stripped.includes(Buffer.from('Exif'))).toBe(false);
    expect(layout.stripped.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
    expect(jpegLayout(Buffer.from([0xff, 0xd8, 0xff, 0xd9]))).toBeNull();
  });
});
