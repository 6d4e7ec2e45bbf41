/** Writing notices, newsletters and promotions: their fields, image and start checks, create, update and delete. */
import { AppError } from '../../shared/platform/errors.js';
import {
  IMAGE_CONTENT_MESSAGE,
  IMAGE_MAX_BYTES,
  IMAGE_SIZE_MESSAGE,
  IMAGE_TYPE_MESSAGE,
  startAllowed,
  type ContentKind,
} from '../../shared/content/content-rules.js';
import { ContentMessages, type ContentImage } from '../../shared/content/content.schema.js';
import type { Db, Queryable } from '../platform/db/db.js';
import type { AuthContext } from '../platform/http/auth-context.js';
import { requireCommunity } from '../platform/http/route.js';
import { decodeImage, insertFileRow, storeImage, type DecodedImage } from '../platform/services/logo-upload.js';
import type { FileStorage } from '../platform/services/storage.js';
import { COMMUNITY_TIME_ZONE } from '../dashboard/visit-stats.js';
import { dateText, KIND_OF, NOT_FOUND, postById, type PostText } from './content-posts.js';

export interface PostFields extends PostText {
  file?: ContentImage | null;
}

export const IMAGE_LIMITS = {
  maxBytes: IMAGE_MAX_BYTES,
  sizeMessage: IMAGE_SIZE_MESSAGE,
  contentMessage: IMAGE_CONTENT_MESSAGE,
  typeMessage: IMAGE_TYPE_MESSAGE,
  fallbackName: 'imagen',
};

type ImageChange = { kind: 'keep' } | { kind: 'remove' } | { kind: 'replace'; image: DecodedImage };
/** `file` absent or without content keeps the image, `null` removes it, content replaces it. */
function imageChangeOf(file: ContentImage | null | undefined): ImageChange {
  if (file === null) return { kind: 'remove' };
  if (!file?.content) return { kind: 'keep' };
  return { kind: 'replace', image: decodeImage({ name: file.name, content: file.content }, IMAGE_LIMITS) };
}

export interface PostWrite {
  kind: ContentKind;
  fields: PostFields;
  /** Newsletters: the type code. */
  typeId?: number | null;
  /** Notices: who it is for, written by the caller inside the transaction (`segments`). */
  audience?: string;
  segments?: (q: Queryable, postId: number) => Promise<void>;
  /** Checks run inside the transaction before writing (the segments are of the community). */
  check?: (q: Queryable) => Promise<void>;
}

const fieldValues = (f: PostFields) => [
  f.title,
  f.description,
  f.contactName,
  f.contactPhone,
  f.contactEmail,
  f.contactLink,
  f.startDate,
  f.endDate,
];

/** The start is not in the past (in edit, not before the stored start); the clock is the database's, in the community's zone. */
async function checkStart(q: Queryable, start: string, storedStart: string | null) {
  const { now } = (await q.one<{ now: string }>(
    `SELECT ${dateText(`now() AT TIME ZONE '${COMMUNITY_TIME_ZONE}'`)} AS now`,
  ))!;
  if (!startAllowed(start, now, storedStart))
    throw new AppError('invalid_request', ContentMessages.startInPast, { startDate: ContentMessages.startInPast });
}

/**
 * Creates a post in the caller's community. A new image's bytes are stored before the
 * transaction (a refused image changes nothing) and removed again if the transaction fails.
 */
export async function createPost(db: Db, storage: FileStorage, auth: AuthContext, write: PostWrite) {
  const communityId = requireCommunity(auth);
  const change = imageChangeOf(write.fields.file);
  const key = change.kind === 'replace' ? await storeImage(storage, change.image, 'content') : null;
  try {
    return await db.tx(async (q) => {
      await checkStart(q, write.fields.startDate, null);
      await write.check?.(q);
      const fileId = key && change.kind === 'replace' ? await insertFileRow(q, key, change.image) : null;
      const row = (await q.one<{ id: number }>(
        `INSERT INTO content_posts (community_id, kind, title, description, contact_name, contact_phone, contact_email, contact_link,
           start_date, end_date, newsletter_type, audience, file_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id`,
        [
          communityId,
          KIND_OF[write.kind],
          ...fieldValues(write.fields),
          write.typeId ?? null,
          write.audience ?? 'COMMUNITY',
          fileId,
        ],
      ))!;
      await write.segments?.(q, row.id);
      return postById(q, write.kind, row.id);
    });
  } catch (error) {
    if (key) await storage.remove(key);
    throw error;
  }
}

/** Updates a post of the caller's community (404 otherwise); the replaced or removed image's bytes go after commit. */
export async function updatePost(db: Db, storage: FileStorage, auth: AuthContext, uuid: string, write: PostWrite) {
  const communityId = requireCommunity(auth);
  const change = imageChangeOf(write.fields.file);
  const key = change.kind === 'replace' ? await storeImage(storage, change.image, 'content') : null;
  let oldKey: string | null = null;
  try {
    const answer = await db.tx(async (q) => {
      const current = await q.one<{ id: number; file_id: number | null; storage_key: string | null; start: string }>(
        `SELECT p.id, p.file_id, f.storage_key, ${dateText('p.start_date')} AS start FROM content_posts p LEFT JOIN files f ON f.id = p.file_id
          WHERE p.community_id = $1 AND p.kind = $2 AND p.uuid = $3 FOR UPDATE OF p`,
        [communityId, KIND_OF[write.kind], uuid],
      );
      if (!current) throw new AppError('not_found', NOT_FOUND[write.kind]);
      await checkStart(q, write.fields.startDate, current.start);
      await write.check?.(q);
      let fileId = current.file_id;
      if (change.kind !== 'keep')
        fileId = key && change.kind === 'replace' ? await insertFileRow(q, key, change.image) : null;
      await q.query(
        `UPDATE content_posts SET title = $2, description = $3, contact_name = $4, contact_phone = $5, contact_email = $6,
           contact_link = $7, start_date = $8, end_date = $9, newsletter_type = $10, audience = $11, file_id = $12, updated_at = now()
         WHERE id = $1`,
        [current.id, ...fieldValues(write.fields), write.typeId ?? null, write.audience ?? 'COMMUNITY', fileId],
      );
      if (change.kind !== 'keep' && current.file_id !== null) {
        await q.query('DELETE FROM files WHERE id = $1', [current.file_id]);
        oldKey = current.storage_key;
      }
      await write.segments?.(q, current.id);
      return postById(q, write.kind, current.id);
    });
    if (oldKey) await storage.remove(oldKey);
    return answer;
  } catch (error) {
    if (key) await storage.remove(key);
    throw error;
  }
}

/** Deletes a post of the caller's community (404 otherwise) and its image. */
export async function deletePost(db: Db, storage: FileStorage, auth: AuthContext, kind: ContentKind, uuid: string) {
  const key = await db.tx(async (q) => {
    const row = await q.one<{ file_id: number | null; storage_key: string | null }>(
      `DELETE FROM content_posts p USING content_posts p2 LEFT JOIN files f ON f.id = p2.file_id
        WHERE p.id = p2.id AND p.community_id = $1 AND p.kind = $2 AND p.uuid = $3 RETURNING p.file_id, f.storage_key`,
      [requireCommunity(auth), KIND_OF[kind], uuid],
    );
    if (!row) throw new AppError('not_found', NOT_FOUND[kind]);
    if (row.file_id !== null) await q.query('DELETE FROM files WHERE id = $1', [row.file_id]);
    return row.storage_key;
  });
  if (key) await storage.remove(key);
}
