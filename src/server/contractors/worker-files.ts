/**
 * A construction worker's files: the photo is a PNG of 100x100; the official ID and the proof of
 * address are JPEG, PNG or PDF, told by their bytes, never by what the client declared. Images are
 * checked and encoded again in threads (upload-pool.ts), so nothing but pixels is kept
 * (EXIF, comments and text chunks are dropped) and no decoding holds the API's event loop. Sizes
 * are read from the headers first: a document image may have at most DOCUMENT_MAX_PIXELS, and the
 * images of one request together at most REQUEST_PIXEL_BUDGET, so what one request may cost is
 * known before anything is decoded. Stored under random keys; read only through signed links.
 */
import { randomUUID } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { imageSize } from 'image-size';
import { AppError } from '../../shared/platform/errors.js';
import { WORKER_DOCUMENT_MAX_PIXELS } from '../../shared/contractors/worker-rules.js';
import type { WorkerFile } from '../../shared/contractors/construction-worker.schema.js';
import type { Queryable } from '../platform/db/db.js';
import { cleanInPool, uploadThreads } from '../platform/services/upload-pool.js';
import { sniffImage } from '../platform/services/logo-upload.js';
import type { FileStorage } from '../platform/services/storage.js';

/** The photo is a 100x100 PNG: a few kilobytes; 1 MB leaves room for any encoder. */
export const WORKER_PHOTO_MAX_BYTES = 1024 * 1024;
/** Each document at most 4 MB decoded. */
export const WORKER_DOCUMENT_MAX_BYTES = 4 * 1024 * 1024;
/**
 * The body of a worker's create, update or request: one worker's photo and two documents in
 * base64 (4/3 of their bytes) and its fields. A request of several workers with files at their
 * caps goes one worker a call (the web sends one); a larger body answers 413.
 */
export const WORKER_BODY_LIMIT =
  Math.ceil(((WORKER_PHOTO_MAX_BYTES + 2 * WORKER_DOCUMENT_MAX_BYTES) * 4) / 3) + 256 * 1024;
/** The photo's size, exactly. */
const PHOTO_SIDE = 100;
/** A document image at most this many pixels (see WORKER_DOCUMENT_MAX_SIDE); a larger one is refused before decoding (413). */
export const DOCUMENT_MAX_PIXELS = WORKER_DOCUMENT_MAX_PIXELS;
/** All the images of one request together at most this many pixels (six documents at the cap); beyond, 413 before decoding. */
export const REQUEST_PIXEL_BUDGET = 24_000_000;

export type WorkerFileSlot = 'photo' | 'identification' | 'proofOfAddress';
export const WORKER_FILE_SLOTS: readonly WorkerFileSlot[] = ['photo', 'identification', 'proofOfAddress'];
const SLOT_LABEL: Record<WorkerFileSlot, string> = {
  photo: 'La fotografía',
  identification: 'La identificación oficial',
  proofOfAddress: 'El comprobante de domicilio',
};
const megapixels = (pixels: number) => Math.round(pixels / 1_000_000);

export const WorkerFileMessages = {
  photoType: 'La fotografía debe ser un archivo PNG.',
  photoSize: 'La fotografía debe medir 100x100 píxeles.',
  photoBytes: 'La fotografía no debe pesar más de 1 MB.',
  documentType: (slot: WorkerFileSlot) => `${SLOT_LABEL[slot]} debe ser un archivo JPEG, PNG o PDF.`,
  documentBytes: (slot: WorkerFileSlot) => `${SLOT_LABEL[slot]} no debe pesar más de 4 MB.`,
  documentPixels: (slot: WorkerFileSlot, width: number, height: number) =>
    `${SLOT_LABEL[slot]} mide ${width}x${height} píxeles; el máximo es de ${megapixels(DOCUMENT_MAX_PIXELS)} megapíxeles (por ejemplo, 2048x2048). Envía una imagen más pequeña o un PDF.`,
  requestPixels: (pixels: number) =>
    `Las imágenes de la solicitud suman ${megapixels(pixels)} megapíxeles; el máximo por solicitud es de ${megapixels(REQUEST_PIXEL_BUDGET)}. Envía menos trabajadores a la vez o imágenes más pequeñas.`,
  content: (slot: WorkerFileSlot) => `${SLOT_LABEL[slot]} no es un archivo válido.`,
  kept: (slot: WorkerFileSlot) => `${SLOT_LABEL[slot]}: el archivo enviado como {uuid} no es el del trabajador.`,
} as const;

export type WorkerMime = 'image/png' | 'image/jpeg' | 'application/pdf';
export interface CheckedFile {
  slot: WorkerFileSlot;
  data: Buffer;
  mimeType: WorkerMime;
  extension: 'png' | 'jpg' | 'pdf';
  name: string;
}
/** A file whose bytes, type and declared size passed; an image still to be cleaned (`width` and `height` set). */
interface ReadFile extends CheckedFile {
  width: number;
  height: number;
}

const PDF_SIGNATURE = Buffer.from('%PDF-', 'latin1');
const invalid = (slot: WorkerFileSlot) =>
  new AppError('invalid_request', WorkerFileMessages.content(slot), { [slot]: WorkerFileMessages.content(slot) });

/** The document's type by its bytes: a PDF starts with `%PDF-` and has an `%%EOF` near its end. */
function sniffDocument(data: Buffer): WorkerMime | null {
  const image = sniffImage(data);
  if (image) return image;
  if (data.subarray(0, PDF_SIGNATURE.length).equals(PDF_SIGNATURE) && data.subarray(-1024).includes('%%EOF'))
    return 'application/pdf';
  return null;
}

function decodeBase64(slot: WorkerFileSlot, content: string, maxBytes: number, tooBig: string): Buffer {
  const text = content.replace(/^data:[^,]*,/, '').replace(/\s+/g, '');
  if (text.length > Math.ceil(maxBytes / 3) * 4 + 4)
    throw new AppError('payload_too_large', tooBig, { [slot]: tooBig });
  if (text === '' || !/^[A-Za-z0-9+/]+={0,2}$/.test(text) || text.length % 4 === 1) throw invalid(slot);
  const data = Buffer.from(text, 'base64');
  if (data.length > maxBytes) throw new AppError('payload_too_large', tooBig, { [slot]: tooBig });
  return data;
}

/** The size an image's header declares (nothing is decoded). */
function declaredSize(slot: WorkerFileSlot, data: Buffer): { width: number; height: number } {
  let size: { width?: number; height?: number };
  try {
    size = imageSize(data);
  } catch {
    throw invalid(slot);
  }
  if (!size.width || !size.height) throw invalid(slot);
  return { width: size.width, height: size.height };
}

const baseName = (name: string | undefined, fallback: string) =>
  (name ?? '')
    .trim()
    .replace(/\.[^.]*$/, '')
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .slice(0, 100) || fallback;

/** One new file read: size cap (413), type by content (415), the photo's 100x100 (400), a document image's pixels (413). */
function readWorkerFile(slot: WorkerFileSlot, file: { name?: string; content: string }): ReadFile {
  if (slot === 'photo') {
    const data = decodeBase64(slot, file.content, WORKER_PHOTO_MAX_BYTES, WorkerFileMessages.photoBytes);
    if (sniffImage(data) !== 'image/png')
      throw new AppError('unsupported_media_type', WorkerFileMessages.photoType, {
        photo: WorkerFileMessages.photoType,
      });
    const { width, height } = declaredSize(slot, data);
    if (width !== PHOTO_SIDE || height !== PHOTO_SIDE)
      throw new AppError('invalid_request', WorkerFileMessages.photoSize, { photo: WorkerFileMessages.photoSize });
    return {
      slot,
      data,
      mimeType: 'image/png',
      extension: 'png',
      name: `${baseName(file.name, 'foto')}.png`,
      width,
      height,
    };
  }
  const data = decodeBase64(slot, file.content, WORKER_DOCUMENT_MAX_BYTES, WorkerFileMessages.documentBytes(slot));
  const mimeType = sniffDocument(data);
  if (!mimeType)
    throw new AppError('unsupported_media_type', WorkerFileMessages.documentType(slot), {
      [slot]: WorkerFileMessages.documentType(slot),
    });
  const fallback = slot === 'identification' ? 'identificacion' : 'comprobante';
  if (mimeType === 'application/pdf')
    return {
      slot,
      data,
      mimeType,
      extension: 'pdf',
      name: `${baseName(file.name, fallback)}.pdf`,
      width: 0,
      height: 0,
    };
  const { width, height } = declaredSize(slot, data);
  if (width * height > DOCUMENT_MAX_PIXELS) {
    const message = WorkerFileMessages.documentPixels(slot, width, height);
    throw new AppError('payload_too_large', message, { [slot]: message });
  }
  const extension = mimeType === 'image/png' ? 'png' : 'jpg';
  return { slot, data, mimeType, extension, name: `${baseName(file.name, fallback)}.${extension}`, width, height };
}

/** Runs `fn` over `items`, at most `limit` at a time, stopping at the first failure. */
async function eachAtMost<T>(items: T[], limit: number, stop: AbortSignal, fn: (item: T) => Promise<void>) {
  let next = 0;
  const lane = async () => {
    while (next < items.length && !stop.aborted) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/**
 * The new files of several workers (one request), checked before anything is stored (a bad file
 * changes nothing): every file read and its declared size checked, the request's pixels against
 * its budget, then the images cleaned in the pool, as many at a time as it has threads.
 */
export async function checkRequestFiles(
  bodies: Partial<Record<WorkerFileSlot, WorkerFile>>[],
): Promise<CheckedFile[][]> {
  const read: ReadFile[][] = [];
  for (const body of bodies) {
    const files: ReadFile[] = [];
    for (const slot of WORKER_FILE_SLOTS) {
      const file = body[slot];
      if (!file || !('content' in file)) continue;
      // Each file's base64 is a few milliseconds of work: other requests get their turn between files.
      await nextTurn();
      files.push(readWorkerFile(slot, file));
    }
    read.push(files);
  }
  const images = read.flat().filter((f) => f.mimeType !== 'application/pdf');
  const pixels = images.reduce((sum, f) => sum + f.width * f.height, 0);
  if (pixels > REQUEST_PIXEL_BUDGET) {
    const message = WorkerFileMessages.requestPixels(pixels);
    throw new AppError('payload_too_large', message, { workers: message });
  }
  const stop = new AbortController();
  try {
    await eachAtMost(images, uploadThreads(), stop.signal, async (file) => {
      const answer = await cleanInPool(
        {
          mimeType: file.mimeType as 'image/png' | 'image/jpeg',
          bytes: file.data,
          width: file.width,
          height: file.height,
        },
        stop.signal,
      );
      if (!answer.ok) throw invalid(file.slot);
      file.data = Buffer.from(answer.bytes.buffer, answer.bytes.byteOffset, answer.bytes.byteLength);
    });
  } catch (error) {
    stop.abort();
    throw error;
  }
  return read.map((files) =>
    files.map(({ slot, data, mimeType, extension, name }) => ({ slot, data, mimeType, extension, name })),
  );
}

/** The new files of one worker's body, checked before anything is stored. */
export async function checkNewFiles(body: Record<WorkerFileSlot, WorkerFile>): Promise<CheckedFile[]> {
  return (await checkRequestFiles([body]))[0]!;
}

/** One new file of a slot, checked as an upload of it is. */
export async function checkWorkerFile(
  slot: WorkerFileSlot,
  file: { name?: string; content: string },
): Promise<CheckedFile> {
  return (await checkRequestFiles([{ [slot]: file }]))[0]![0]!;
}

/** Writes a checked file under a new random key and records it; answers its id and key. */
export async function storeWorkerFile(
  q: Queryable,
  storage: FileStorage,
  file: CheckedFile,
): Promise<{ id: number; key: string }> {
  const key = `workers/${randomUUID()}.${file.extension}`;
  await storage.put(key, file.data);
  const row = await q.one<{ id: number }>(
    'INSERT INTO files (storage_key, name, extension, mime_type, byte_size) VALUES ($1, $2, $3, $4, $5) RETURNING id',
    [key, file.name, file.extension, file.mimeType, file.data.length],
  );
  return { id: row!.id, key };
}

/** Deletes file rows by id; answers their storage keys (the bytes are removed after commit). */
export async function dropWorkerFiles(q: Queryable, ids: (number | null)[]): Promise<string[]> {
  const wanted = ids.filter((id): id is number => id !== null);
  if (!wanted.length) return [];
  const rows = await q.query<{ storage_key: string }>(
    'DELETE FROM files WHERE id = ANY($1::int[]) RETURNING storage_key',
    [wanted],
  );
  return rows.map((r) => r.storage_key);
}

/** Stores checked files in the transaction; answers their ids by slot (the written keys go to `written`). */
export async function storeAll(
  q: Queryable,
  storage: FileStorage,
  files: CheckedFile[],
  written: string[],
): Promise<Partial<Record<WorkerFileSlot, number>>> {
  const ids: Partial<Record<WorkerFileSlot, number>> = {};
  for (const file of files) {
    const stored = await storeWorkerFile(q, storage, file);
    written.push(stored.key);
    ids[file.slot] = stored.id;
  }
  return ids;
}
