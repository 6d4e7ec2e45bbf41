import { randomUUID } from 'node:crypto';
import { AppError } from '../../shared/platform/errors.js';
import { VisitMessages } from '../../shared/visits/visit.schema.js';
import { PHOTO_MAX_BYTES, PhotoMessages, type PhotoFile } from '../../shared/visits/visit-photo.schema.js';
import type { CommunityScope } from '../platform/db/community-scope.js';
import type { Queryable } from '../platform/db/db.js';
import { sniffImage } from '../platform/services/logo-upload.js';
import { reencodeImage } from '../platform/services/image-reencode.js';
import type { FileStorage } from '../platform/services/storage.js';

const MAX_BASE64_LENGTH = Math.ceil(PHOTO_MAX_BYTES / 3) * 4;

/** An identification photo sent in base64: at most 2 MB (413), JPEG or PNG by its first bytes (415). */
export function decodePhoto(file: PhotoFile) {
  const text = file.content.replace(/^data:[^,]*,/, '').replace(/\s+/g, '');
  if (text.length > MAX_BASE64_LENGTH + 4) throw new AppError('payload_too_large', PhotoMessages.size);
  if (text === '' || !/^[A-Za-z0-9+/]+={0,2}$/.test(text) || text.length % 4 === 1) {
    throw new AppError('invalid_request', PhotoMessages.content, { file: PhotoMessages.content });
  }
  const data = Buffer.from(text, 'base64');
  if (data.length > PHOTO_MAX_BYTES) throw new AppError('payload_too_large', PhotoMessages.size);
  const mimeType = sniffImage(data);
  if (!mimeType) throw new AppError('unsupported_media_type', PhotoMessages.type, { file: PhotoMessages.type });
  return { data, mimeType, extension: mimeType === 'image/png' ? 'png' : 'jpg' };
}

/**
 * Stores a decoded photo under a random key (never the client's name) and records it; answers
 * the file row's id. The bytes are written before the row, so a failed insert leaves only an
 * unreferenced blob, never a row without bytes.
 */
export async function storePhoto(
  storage: FileStorage,
  q: Queryable,
  photo: { data: Uint8Array; mimeType: string; extension: string },
): Promise<number> {
  const id = randomUUID();
  const key = `visit-photos/${id}.${photo.extension}`;
  // Only the decoded pixels are stored: appended bytes and metadata are dropped.
  const data = await reencodeImage(Buffer.from(photo.data), photo.mimeType as 'image/jpeg' | 'image/png');
  await storage.put(key, data);
  const row = await q.one<{ id: number }>(
    `INSERT INTO files (uuid, storage_key, name, extension, mime_type, byte_size) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [id, key, `identificacion.${photo.extension}`, photo.extension, photo.mimeType, data.length],
  );
  return row!.id;
}

/** The id of a provider type of the community given by uuid; another community's is 404. */
export async function providerTypeOf(scope: CommunityScope, uuid: string | null): Promise<number | null> {
  if (uuid === null) return null;
  const id = await scope.idOf('provider_types', { uuid });
  if (id === undefined)
    throw new AppError('not_found', VisitMessages.providerTypeNotFound, {
      providerTypeId: VisitMessages.providerTypeNotFound,
    });
  return id;
}
