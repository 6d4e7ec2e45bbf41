import { randomUUID } from 'node:crypto';
import { AppError } from '../../../shared/platform/errors.js';
import {
  LOGO_CONTENT_MESSAGE,
  LOGO_MAX_BYTES,
  LOGO_SIZE_MESSAGE,
  LOGO_TYPE_MESSAGE,
  type LogoFile,
} from '../../../shared/communities/community.schema.js';
import type { Queryable } from '../db/db.js';
import { reencodeImage } from './image-reencode.js';
import type { FileStorage } from './storage.js';

export interface DecodedImage {
  data: Buffer;
  mimeType: 'image/jpeg' | 'image/png';
  extension: 'jpg' | 'png';
  name: string;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff]);
/** The image type by its first bytes (magic numbers), whatever the client declared. */
export function sniffImage(data: Buffer): DecodedImage['mimeType'] | null {
  if (data.length >= PNG_SIGNATURE.length && data.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE))
    return 'image/png';
  if (data.length >= JPEG_SIGNATURE.length && data.subarray(0, JPEG_SIGNATURE.length).equals(JPEG_SIGNATURE))
    return 'image/jpeg';
  return null;
}

/** What an image upload is checked against: its size cap and the messages of each refusal. */
export interface ImageLimits {
  maxBytes: number;
  sizeMessage: string;
  contentMessage: string;
  typeMessage: string;
  fallbackName: string;
}

const LOGO_LIMITS: ImageLimits = {
  maxBytes: LOGO_MAX_BYTES,
  sizeMessage: LOGO_SIZE_MESSAGE,
  contentMessage: LOGO_CONTENT_MESSAGE,
  typeMessage: LOGO_TYPE_MESSAGE,
  fallbackName: 'logo',
};

/**
 * Decodes an image sent as base64 (a `data:` prefix is tolerated): at most `maxBytes` decoded
 * (413), a real JPEG or PNG by content (415), whatever the client declared.
 */
export function decodeImage(file: { name?: string | null; content: string }, limits: ImageLimits): DecodedImage {
  const text = file.content.replace(/^data:[^,]*,/, '').replace(/\s+/g, '');
  if (text.length > Math.ceil(limits.maxBytes / 3) * 4 + 4) throw new AppError('payload_too_large', limits.sizeMessage);
  if (text === '' || !/^[A-Za-z0-9+/]+={0,2}$/.test(text) || text.length % 4 === 1) {
    throw new AppError('invalid_request', limits.contentMessage, { file: limits.contentMessage });
  }
  const data = Buffer.from(text, 'base64');
  if (data.length > limits.maxBytes) throw new AppError('payload_too_large', limits.sizeMessage);
  const mimeType = sniffImage(data);
  if (!mimeType) throw new AppError('unsupported_media_type', limits.typeMessage, { file: limits.typeMessage });
  const extension = mimeType === 'image/png' ? 'png' : 'jpg';
  const base =
    (file.name ?? '')
      .trim()
      .replace(/\.[^.]*$/, '')
      .slice(0, 200) || limits.fallbackName;
  return { data, mimeType, extension, name: `${base}.${extension}` };
}

/** Decodes a logo sent on save: at most 2 MB decoded (413), a real JPEG or PNG by content (415). */
export function decodeLogo(file: LogoFile & { content: string }): DecodedImage {
  return decodeImage(file, LOGO_LIMITS);
}

/** Writes the bytes under a new random key; the caller records them with `insertFileRow`. */
export async function storeImage(storage: FileStorage, image: DecodedImage, folder = 'logos'): Promise<string> {
  const key = `${folder}/${randomUUID()}.${image.extension}`;
  // Only the decoded pixels are stored; the caller records the re-encoded size.
  image.data = await reencodeImage(image.data, image.mimeType);
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
