/**
 * Signed links to private photos: an HMAC over the file, the
 * user the link was issued to and its expiry, with a key of this installation (app_secrets), so
 * every API process signs alike. A link is good for a few minutes and for its user only; the
 * photo route checks the signature, the expiry, and that the user is still staff of the photo's
 * community.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../platform/db/db.js';
import { asPlatform } from '../platform/db/row-scope.js';
import { USER_COMMUNITIES_SQL } from '../platform/http/sessions.js';

/** How long a photo link works. */
export const PHOTO_LINK_TTL_SECONDS = 5 * 60;
const SECRET_NAME = 'photo_link_hmac';
const keys = new WeakMap<Queryable, Promise<Buffer>>();

/** The installation's link key, made on first use. */
export function photoLinkKey(db: Queryable): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = (async () => {
      await db.query('INSERT INTO app_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
        SECRET_NAME,
        randomBytes(32).toString('base64'),
      ]);
      const row = await db.one<{ value: string }>('SELECT value FROM app_secrets WHERE name = $1', [SECRET_NAME]);
      return Buffer.from(row!.value, 'base64');
    })();
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

const mac = (key: Buffer, fileUuid: string, userUuid: string, exp: number) =>
  createHmac('sha256', key).update(`visit-photo\n${fileUuid}\n${userUuid}\n${exp}`).digest('base64url');

export const PHOTO_PATH = '/api/visitPhotos/';

/** A link for `userUuid` to the photo `fileUuid`, valid PHOTO_LINK_TTL_SECONDS from `now`. */
export function signPhotoLink(key: Buffer, fileUuid: string, userUuid: string, now = Date.now()) {
  const exp = Math.floor(now / 1000) + PHOTO_LINK_TTL_SECONDS;
  const query = new URLSearchParams({ exp: String(exp), u: userUuid, sig: mac(key, fileUuid, userUuid, exp) });
  return { publicUrl: `${PHOTO_PATH}${fileUuid}?${query.toString()}`, expiresAt: new Date(exp * 1000).toISOString() };
}

export type LinkCheck = 'valid' | 'tampered' | 'expired';

/** Whether a link's parts carry our signature, and whether it is still in time (the signature is checked first). */
export function checkPhotoLink(
  key: Buffer,
  fileUuid: string,
  userUuid: string,
  exp: string,
  sig: string,
  now = Date.now(),
): LinkCheck {
  const expected = Buffer.from(mac(key, fileUuid, userUuid, Number(exp)));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'tampered';
  return Number(exp) * 1000 > now ? 'valid' : 'expired';
}

/** Staff who may see identification photos (the report readers). */
const STAFF_TYPES = [2, 4, 5, 6];

/**
 * The stored photo a signed link names, while the link's user is still live staff of a community
 * the photo belongs to (a visit or a common-area visit holding it); otherwise undefined (404). The
 * link has no session: it names a user, and the photo may be in any of that user's communities, so
 * this one statement reads across them as the platform (named), never as one community's scope.
 */
export function linkedPhoto(db: Queryable, fileUuid: string, userUuid: string) {
  return asPlatform('una foto de visita por enlace firmado', () =>
    db.one<{ storage_key: string; mime_type: string; extension: string }>(
      `SELECT f.storage_key, f.mime_type, f.extension FROM files f
       JOIN users u ON u.uuid = $2 AND u.deleted_at IS NULL AND u.status = 'ACTIVE' AND u.user_type_id = ANY($3::int[])
      WHERE f.uuid = $1 AND EXISTS (
        SELECT 1 FROM (SELECT community_id FROM visits WHERE photo_file_id = f.id
                       UNION ALL SELECT community_id FROM common_area_visits WHERE photo_file_id = f.id) p
         WHERE p.community_id IN (SELECT id FROM (${USER_COMMUNITIES_SQL.replaceAll('$1', 'u.id')}) mine))`,
      [fileUuid, userUuid, STAFF_TYPES],
    ),
  );
}
