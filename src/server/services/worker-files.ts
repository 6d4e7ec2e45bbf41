/**
 * A construction worker's files (spec 2 §2.7, §3, §9; issue 14): the photo is a PNG of 100x100;
 * the official ID and the proof of address are JPEG, PNG or PDF, told by their bytes, never by what
 * the client declared. Images are decoded and encoded again, so nothing but pixels is kept (EXIF,
 * comments and text chunks are dropped). Stored under random keys; read only through signed links.
 */
import { randomUUID } from 'node:crypto';
import { imageSize } from 'image-size';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { AppError } from '../../shared/errors.js';
import type { WorkerFile } from '../../shared/schemas/construction-worker.schema.js';
import type { Queryable } from '../db/db.js';
import { sniffImage } from './logo-upload.js';
import type { FileStorage } from './storage.js';

/** The photo is a 100x100 PNG: a few kilobytes; 1 MB leaves room for any encoder. */
export const WORKER_PHOTO_MAX_BYTES = 1024 * 1024;
/** Each document at most 4 MB decoded. */
export const WORKER_DOCUMENT_MAX_BYTES = 4 * 1024 * 1024;
/**
 * The body of a worker's create, update or request: one worker's photo and two documents in
 * base64 (4/3 of their bytes) and its fields. A request of several workers with files at their
 * caps goes one worker a call (the web sends one); a larger body answers 413.
 */
export const WORKER_BODY_LIMIT = Math.ceil(((WORKER_PHOTO_MAX_BYTES + 2 * WORKER_DOCUMENT_MAX_BYTES) * 4) / 3) + 256 * 1024;
/** Images larger than this many pixels are refused before decoding (memory). */
const MAX_PIXELS = 25_000_000;

export type WorkerFileSlot = 'photo' | 'identification' | 'proofOfAddress';
export const WORKER_FILE_SLOTS: readonly WorkerFileSlot[] = ['photo', 'identification', 'proofOfAddress'];
const SLOT_LABEL: Record<WorkerFileSlot, string> = {
  photo: 'La fotografía', identification: 'La identificación oficial', proofOfAddress: 'El comprobante de domicilio',
};

export const WorkerFileMessages = {
  photoType: 'La fotografía debe ser un archivo PNG.',
  photoSize: 'La fotografía debe medir 100x100 píxeles.',
  photoBytes: 'La fotografía no debe pesar más de 1 MB.',
  documentType: (slot: WorkerFileSlot) => `${SLOT_LABEL[slot]} debe ser un archivo JPEG, PNG o PDF.`,
  documentBytes: (slot: WorkerFileSlot) => `${SLOT_LABEL[slot]} no debe pesar más de 4 MB.`,
  content: (slot: WorkerFileSlot) => `${SLOT_LABEL[slot]} no es un archivo válido.`,
  kept: (slot: WorkerFileSlot) => `${SLOT_LABEL[slot]}: el archivo enviado como {uuid} no es el del trabajador.`,
} as const;

export type WorkerMime = 'image/png' | 'image/jpeg' | 'application/pdf';
export interface CheckedFile { slot: WorkerFileSlot; data: Buffer; mimeType: WorkerMime; extension: 'png' | 'jpg' | 'pdf'; name: string }

const PDF_SIGNATURE = Buffer.from('%PDF-', 'latin1');

/** The document's type by its bytes: a PDF starts with `%PDF-` and has an `%%EOF` near its end. */
function sniffDocument(data: Buffer): WorkerMime | null {
  const image = sniffImage(data);
  if (image) return image;
  if (data.subarray(0, PDF_SIGNATURE.length).equals(PDF_SIGNATURE) && data.subarray(-1024).includes('%%EOF')) return 'application/pdf';
  return null;
}

function decodeBase64(slot: WorkerFileSlot, content: string, maxBytes: number, tooBig: string): Buffer {
  const text = content.replace(/^data:[^,]*,/, '').replace(/\s+/g, '');
  if (text.length > Math.ceil(maxBytes / 3) * 4 + 4) throw new AppError('payload_too_large', tooBig, { [slot]: tooBig });
  if (text === '' || !/^[A-Za-z0-9+/]+={0,2}$/.test(text) || text.length % 4 === 1) {
    throw new AppError('invalid_request', WorkerFileMessages.content(slot), { [slot]: WorkerFileMessages.content(slot) });
  }
  const data = Buffer.from(text, 'base64');
  if (data.length > maxBytes) throw new AppError('payload_too_large', tooBig, { [slot]: tooBig });
  return data;
}

/** Pixels only: a PNG decoded and written again (ancillary chunks such as tEXt and eXIf are gone). */
function cleanPng(slot: WorkerFileSlot, data: Buffer): Buffer {
  try {
    return PNG.sync.write(PNG.sync.read(data));
  } catch {
    throw new AppError('invalid_request', WorkerFileMessages.content(slot), { [slot]: WorkerFileMessages.content(slot) });
  }
}

/** Pixels only: a JPEG decoded and encoded again (APPn segments such as EXIF, and comments, are gone). */
function cleanJpeg(slot: WorkerFileSlot, data: Buffer): Buffer {
  try {
    const raw = jpeg.decode(data, { useTArray: true, maxResolutionInMP: MAX_PIXELS / 1_000_000, maxMemoryUsageInMB: 256 });
    return Buffer.from(jpeg.encode({ data: raw.data, width: raw.width, height: raw.height }, 90).data);
  } catch {
    throw new AppError('invalid_request', WorkerFileMessages.content(slot), { [slot]: WorkerFileMessages.content(slot) });
  }
}

function checkPixels(slot: WorkerFileSlot, data: Buffer) {
  let size: { width?: number; height?: number };
  try {
    size = imageSize(data);
  } catch {
    throw new AppError('invalid_request', WorkerFileMessages.content(slot), { [slot]: WorkerFileMessages.content(slot) });
  }
  if (!size.width || !size.height || size.width * size.height > MAX_PIXELS) {
    throw new AppError('invalid_request', WorkerFileMessages.content(slot), { [slot]: WorkerFileMessages.content(slot) });
  }
  return size as { width: number; height: number };
}

const baseName = (name: string | undefined, fallback: string) =>
  (name ?? '').trim().replace(/\.[^.]*$/, '').replace(/[^\p{L}\p{N} _-]/gu, '').slice(0, 100) || fallback;

/** Checks one new file of a worker: size cap (413), type by content (415), the photo's 100x100 (400); images cleaned. */
export function checkWorkerFile(slot: WorkerFileSlot, file: { name?: string; content: string }): CheckedFile {
  if (slot === 'photo') {
    const data = decodeBase64(slot, file.content, WORKER_PHOTO_MAX_BYTES, WorkerFileMessages.photoBytes);
    if (sniffImage(data) !== 'image/png') throw new AppError('unsupported_media_type', WorkerFileMessages.photoType, { photo: WorkerFileMessages.photoType });
    const { width, height } = checkPixels(slot, data);
    if (width !== 100 || height !== 100) throw new AppError('invalid_request', WorkerFileMessages.photoSize, { photo: WorkerFileMessages.photoSize });
    return { slot, data: cleanPng(slot, data), mimeType: 'image/png', extension: 'png', name: `${baseName(file.name, 'foto')}.png` };
  }
  const data = decodeBase64(slot, file.content, WORKER_DOCUMENT_MAX_BYTES, WorkerFileMessages.documentBytes(slot));
  const mimeType = sniffDocument(data);
  if (!mimeType) throw new AppError('unsupported_media_type', WorkerFileMessages.documentType(slot), { [slot]: WorkerFileMessages.documentType(slot) });
  const fallback = slot === 'identification' ? 'identificacion' : 'comprobante';
  if (mimeType === 'application/pdf') return { slot, data, mimeType, extension: 'pdf', name: `${baseName(file.name, fallback)}.pdf` };
  checkPixels(slot, data);
  const clean = mimeType === 'image/png' ? cleanPng(slot, data) : cleanJpeg(slot, data);
  const extension = mimeType === 'image/png' ? 'png' : 'jpg';
  return { slot, data: clean, mimeType, extension, name: `${baseName(file.name, fallback)}.${extension}` };
}

/** The new files of a body, checked before anything is stored (a bad file changes nothing). */
export function checkNewFiles(body: Record<WorkerFileSlot, WorkerFile>): CheckedFile[] {
  return WORKER_FILE_SLOTS.flatMap((slot) => {
    const file = body[slot];
    return 'content' in file ? [checkWorkerFile(slot, file)] : [];
  });
}

/** Writes a checked file under a new random key and records it; answers its id and key. */
export async function storeWorkerFile(q: Queryable, storage: FileStorage, file: CheckedFile): Promise<{ id: number; key: string }> {
  const key = `workers/${randomUUID()}.${file.extension}`;
  await storage.put(key, file.data);
  const row = await q.one<{ id: number }>(
    'INSERT INTO files (storage_key, name, extension, mime_type, byte_size) VALUES ($1, $2, $3, $4, $5) RETURNING id',
    [key, file.name, file.extension, file.mimeType, file.data.length]);
  return { id: row!.id, key };
}

/** Deletes file rows by id; answers their storage keys (the bytes are removed after commit). */
export async function dropWorkerFiles(q: Queryable, ids: (number | null)[]): Promise<string[]> {
  const wanted = ids.filter((id): id is number => id !== null);
  if (!wanted.length) return [];
  const rows = await q.query<{ storage_key: string }>('DELETE FROM files WHERE id = ANY($1::int[]) RETURNING storage_key', [wanted]);
  return rows.map((r) => r.storage_key);
}

/** Stores checked files in the transaction; answers their ids by slot (the written keys go to `written`). */
export async function storeAll(q: Queryable, storage: FileStorage, files: CheckedFile[], written: string[]): Promise<Partial<Record<WorkerFileSlot, number>>> {
  const ids: Partial<Record<WorkerFileSlot, number>> = {};
  for (const file of files) {
    const stored = await storeWorkerFile(q, storage, file);
    written.push(stored.key);
    ids[file.slot] = stored.id;
  }
  return ids;
}
