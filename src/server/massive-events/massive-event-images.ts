/**
 * The invitation's images: PNG by content, of the exact size the
 * wizard crops to (cover 700x300 or 500x300, host 100x100), at most 2 MB. A wrong size is refused
 * (400), not re-cropped: the wizard always sends the crop the host saw.
 */
import { randomUUID } from 'node:crypto';
import { imageSize } from 'image-size';
import { AppError } from '../../shared/platform/errors.js';
import { roleOfType } from '../../shared/platform/roles.js';
import { EVENT_READERS } from '../../shared/massive-events/massive-event-rules.js';
import type { ImageUpload } from '../../shared/massive-events/massive-event.schema.js';
import type { Queryable } from '../platform/db/db.js';
import { asPlatform } from '../platform/db/row-scope.js';
import { USER_COMMUNITIES_SQL } from '../platform/http/sessions.js';
import { sniffImage } from '../platform/services/logo-upload.js';
import { reencodeImage } from '../platform/services/image-reencode.js';
import type { FileStorage } from '../platform/services/storage.js';

export const EVENT_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
const MAX_BASE64_LENGTH = Math.ceil(EVENT_IMAGE_MAX_BYTES / 3) * 4;

export type EventImageSlot = 'backgroundImage' | 'profile';

/** The sizes each slot takes. */
export const EVENT_IMAGE_SIZES: Record<EventImageSlot, readonly (readonly [number, number])[]> = {
  backgroundImage: [
    [700, 300],
    [500, 300],
  ],
  profile: [[100, 100]],
};

export const EventImageMessages = {
  size: 'La imagen no debe pesar más de 2 MB.',
  type: 'La imagen debe ser un archivo PNG.',
  content: 'La imagen enviada no es válida.',
  backgroundImage: 'La imagen de portada debe medir 700x300 o 500x300 píxeles.',
  profile: 'La imagen del anfitrión debe medir 100x100 píxeles.',
  notFound: 'La imagen no existe.',
} as const;

export interface CheckedImage {
  slot: EventImageSlot;
  data: Buffer;
  name: string;
}

/** Decodes and checks one image of the configure call: size cap (413), PNG by its bytes (415), its dimensions (400). */
export function checkEventImage(slot: EventImageSlot, upload: ImageUpload & { content: string }): CheckedImage {
  const text = upload.content.replace(/^data:[^,]*,/, '').replace(/\s+/g, '');
  if (text.length > MAX_BASE64_LENGTH + 4) throw new AppError('payload_too_large', EventImageMessages.size);
  if (text === '' || !/^[A-Za-z0-9+/]+={0,2}$/.test(text) || text.length % 4 === 1) {
    throw new AppError('invalid_request', EventImageMessages.content, { [slot]: EventImageMessages.content });
  }
  const data = Buffer.from(text, 'base64');
  if (data.length > EVENT_IMAGE_MAX_BYTES) throw new AppError('payload_too_large', EventImageMessages.size);
  if (sniffImage(data) !== 'image/png')
    throw new AppError('unsupported_media_type', EventImageMessages.type, { [slot]: EventImageMessages.type });
  let size: { width?: number; height?: number; type?: string };
  try {
    size = imageSize(data);
  } catch {
    throw new AppError('invalid_request', EventImageMessages.content, { [slot]: EventImageMessages.content });
  }
  const fits = size.type === 'png' && EVENT_IMAGE_SIZES[slot].some(([w, h]) => size.width === w && size.height === h);
  if (!fits) throw new AppError('invalid_request', EventImageMessages[slot], { [slot]: EventImageMessages[slot] });
  const base =
    (upload.name ?? '')
      .trim()
      .replace(/\.[^.]*$/, '')
      .slice(0, 200) || (slot === 'profile' ? 'anfitrion' : 'portada');
  return { slot, data, name: `${base}.png` };
}

/** Writes the bytes under a new random key and records the file; answers its id. */
export async function storeEventImage(
  q: Queryable,
  storage: FileStorage,
  image: { data: Buffer; name: string },
): Promise<{ id: number; key: string }> {
  const key = `events/${randomUUID()}.png`;
  // Only the decoded pixels are stored: appended bytes and metadata are dropped.
  const data = await reencodeImage(image.data, 'image/png');
  await storage.put(key, data);
  const row = await q.one<{ id: number }>(
    `INSERT INTO files (storage_key, name, extension, mime_type, byte_size) VALUES ($1, $2, 'png', 'image/png', $3) RETURNING id`,
    [key, image.name, data.length],
  );
  return { id: row!.id, key };
}

/** Drops file rows no event uses any more; answers their storage keys (removed after commit). */
export async function dropFiles(q: Queryable, ids: (number | null)[]): Promise<string[]> {
  const wanted = ids.filter((id): id is number => id !== null);
  if (!wanted.length) return [];
  const rows = await q.query<{ storage_key: string }>(
    `DELETE FROM files f WHERE f.id = ANY($1::int[])
        AND NOT EXISTS (SELECT 1 FROM massive_events e WHERE e.background_image_id = f.id OR e.profile_image_id = f.id)
      RETURNING storage_key`,
    [wanted],
  );
  return rows.map((r) => r.storage_key);
}

export async function removeStored(storage: FileStorage, keys: string[]) {
  await Promise.all(keys.map((key) => storage.remove(key)));
}

/** A stored file's key and name, by id. */
export const storedFile = (q: Queryable, id: number) =>
  q.one<{ storage_key: string; name: string }>('SELECT storage_key, name FROM files WHERE id = $1', [id]);

/** The storage key of an event's image by the file's uuid: one of the event's two images, else undefined. */
export async function eventImageKey(
  q: Queryable,
  fileUuid: string,
  event: { backgroundImageId: number | null; profileImageId: number | null },
): Promise<string | undefined> {
  const file = await q.one<{ storage_key: string }>(
    'SELECT storage_key FROM files WHERE uuid = $1 AND id IN ($2, $3)',
    [fileUuid, event.backgroundImageId ?? 0, event.profileImageId ?? 0],
  );
  return file?.storage_key;
}

/** An image sent as `{ uuid }` keeps the slot's current file (404 for any other); a new one is stored by the caller; none clears it. */
export async function keptImage(
  q: Queryable,
  current: number | null,
  sent: { uuid?: string | null; content?: string } | null | undefined,
) {
  if (!sent || sent.content) return null;
  const file =
    current === null
      ? undefined
      : await q.one<{ uuid: string }>('SELECT uuid::text AS uuid FROM files WHERE id = $1', [current]);
  if (!file || file.uuid !== sent.uuid) throw new AppError('not_found', EventImageMessages.notFound);
  return current;
}

/**
 * The storage key of an event's image by a signed link: the link's user (by id) must still belong
 * to the event's community and read the event as its session would (a reader's role; a resident
 * only its own events). The link has no session, so this one statement reads as the platform (named).
 */
export function linkedEventImageKey(db: Queryable, eventUuid: string, fileUuid: string, userId: number) {
  return asPlatform('una imagen de invitación por enlace firmado', async () => {
    const row = await db.one<{ storage_key: string; user_type_id: number; own: boolean }>(
      `SELECT f.storage_key, u.user_type_id,
              e.resident_id IN (SELECT r.id FROM residents r WHERE r.user_id = $1 AND r.deleted_at IS NULL) AS own
         FROM massive_events e
         JOIN files f ON f.uuid = $3 AND f.id IN (e.background_image_id, e.profile_image_id)
         JOIN users u ON u.id = $1
        WHERE e.uuid = $2 AND e.community_id IN (SELECT id FROM (${USER_COMMUNITIES_SQL}) mine)`,
      [userId, eventUuid, fileUuid],
    );
    if (!row) return undefined;
    const role = roleOfType(row.user_type_id);
    if (!EVENT_READERS.includes(role) || (role === 'resident' && !row.own)) return undefined;
    return row.storage_key;
  });
}
