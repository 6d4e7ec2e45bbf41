import { randomUUID } from 'node:crypto';
import { AppError } from '../../shared/errors.js';
import {
  LOGO_CONTENT_MESSAGE, LOGO_MAX_BYTES, LOGO_SIZE_MESSAGE, LOGO_TYPE_MESSAGE, type LogoFile,
} from '../../shared/schemas/community.schema.js';
import type { Queryable } from '../db/db.js';
import type { FileStorage } from './storage.js';

export interface DecodedImage {
  data: Buffer;
  mimeType: 'image/jpeg' | 'image/png';
  extension: 'jpg' | 'png';
  name: string;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff]);
/** Longest base64 text that can decode to LOGO_MAX_BYTES. */
const MAX_BASE64_LENGTH = Math.ceil(LOGO_MAX_BYTES / 3) * 4;

/** The image type by its first bytes (magic numbers), whatever the client declared. */
export function sniffImage(data: Buffer): DecodedImage['mimeType'] | null {
  if (data.length >= PNG_SIGNATURE.length && data.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) return 'image/png';
  if (data.length >= JPEG_SIGNATURE.length && data.subarray(0, JPEG_SIGNATURE.length).equals(JPEG_SIGNATURE)) return 'image/jpeg';
  return null;
}

/**
 * Decodes a logo sent on save: base64 (a `data:` prefix is tolerated), at most 2 MB decoded
 * (413), a real JPEG or PNG by content (415).
 */
export function decodeLogo(file: LogoFile & { content: string }): DecodedImage {
  const text = file.content.replace(/^data:[^,]*,/, '').replace(/\s+/g, '');
  if (text.length > MAX_BASE64_LENGTH + 4) throw new AppError('payload_too_large', LOGO_SIZE_MESSAGE);
  if (text === '' || !/^[A-Za-z0-9+/]+={0,2}$/.test(text) || text.length % 4 === 1) {
    throw new AppError('invalid_request', LOGO_CONTENT_MESSAGE, { file: LOGO_CONTENT_MESSAGE });
  }
  const data = Buffer.from(text, 'base64');
  if (data.length > LOGO_MAX_BYTES) throw new AppError('payload_too_large', LOGO_SIZE_MESSAGE);
  const mimeType = sniffImage(data);
  if (!mimeType) throw new AppError('unsupported_media_type', LOGO_TYPE_MESSAGE, { file: LOGO_TYPE_MESSAGE });
  const extension = mimeType === 'image/png' ? 'png' : 'jpg';
  const base = (file.name ?? '').trim().replace(/\.[^.]*$/, '').slice(0, 200) || 'logo';
  return { data, mimeType, extension, name: `${base}.${extension}` };
}

/** Writes the bytes under a new random key; the caller records them with `insertFileRow`. */
export async function storeImage(storage: FileStorage, image: DecodedImage): Promise<string> {
  const key = `logos/${randomUUID()}.${image.extension}`;
  await storage.put(key, image.data);
  return key;
}

export async function insertFileRow(q: Queryable, key: string, image: DecodedImage): Promise<number> {
  const row = await q.one<{ id: number }>(
    `INSERT INTO files (storage_key, name, extension, mime_type, byte_size) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [key, image.name, image.extension, image.mimeType, image.data.length],
  );
  return row!.id;
}
