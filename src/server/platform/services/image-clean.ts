/**
 * A construction worker's uploaded image made into pixels only, run in a thread (upload.thread.mjs)
 * so that no decoding or encoding holds the API's event loop. Before any decoding: the image must
 * be well formed, of the size the caller read from its header, a PNG's compressed data must
 * inflate to exactly what that size implies (never more: inflating stops there), and a JPEG may
 * have only a few scans. The decoder then sees only the parts it needs, and the image is drawn
 * and encoded again: no metadata, text, colour profile or appended bytes survive.
 */
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { jpegLayout, pngDataMatchesHeader, pngLayout } from './image-layout.js';

/** Scans a JPEG may have: progressive encoders write about ten; each one is another pass over the image. */
export const MAX_JPEG_SCANS = 64;

export interface CleanTask {
  mimeType: 'image/png' | 'image/jpeg';
  bytes: Uint8Array;
  /** The size the caller read from the header (and checked against its caps). */
  width: number;
  height: number;
}
export type CleanAnswer = { ok: true; bytes: Uint8Array } | { ok: false };

const REFUSED: CleanAnswer = { ok: false };

export async function cleanImage(task: CleanTask): Promise<CleanAnswer> {
  const data = Buffer.from(task.bytes.buffer, task.bytes.byteOffset, task.bytes.byteLength);
  let source: Buffer;
  if (task.mimeType === 'image/png') {
    const layout = pngLayout(data);
    if (!layout || layout.width !== task.width || layout.height !== task.height || !pngDataMatchesHeader(layout))
      return REFUSED;
    source = layout.stripped;
  } else {
    const layout = jpegLayout(data);
    if (!layout || layout.width !== task.width || layout.height !== task.height || layout.scans > MAX_JPEG_SCANS)
      return REFUSED;
    source = layout.stripped;
  }
  let image: Awaited<ReturnType<typeof loadImage>>;
  try {
    image = await loadImage(source);
  } catch {
    return REFUSED;
  }
  if (image.width !== task.width || image.height !== task.height) return REFUSED;
  const canvas = createCanvas(task.width, task.height);
  canvas.getContext('2d').drawImage(image, 0, 0);
  // Encoded here, synchronously: this thread is the pool's, and the libuv threads stay free for the API's files.
  const out = task.mimeType === 'image/png' ? canvas.toBuffer('image/png') : canvas.toBuffer('image/jpeg', 90);
  return { ok: true, bytes: new Uint8Array(out.buffer, out.byteOffset, out.byteLength) };
}
