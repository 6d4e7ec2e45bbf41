/**
 * Linking a device: an INACTIVE device gets a one-time code valid 10 minutes (issuing
 * replaces a pending one); the device trades it for its token. Only hashes are kept: the code is
 * shown once to the administrator, the token once to the device.
 */
import { randomInt } from 'node:crypto';
import { AppError } from '../../shared/platform/errors.js';
import {
  DeviceTexts as M,
  LINK_CODE_ALPHABET,
  LINK_CODE_LENGTH,
  LINK_CODE_TTL_MS,
} from '../../shared/devices/device-rules.js';
import { sqlState } from '../platform/db/db-errors.js';
import type { Db, Queryable } from '../platform/db/db.js';
import { newDeviceToken } from './device-auth.js';
import { tokenHash } from '../platform/services/tokens.js';

export const newLinkCode = () =>
  Array.from({ length: LINK_CODE_LENGTH }, () => LINK_CODE_ALPHABET[randomInt(LINK_CODE_ALPHABET.length)]).join('');

/** Issues a fresh code for a device (the previous pending one stops working). */
export async function issueLinkCode(db: Db, deviceId: number): Promise<{ code: string; expiresAt: string }> {
  for (let attempt = 0; ; attempt++) {
    const code = newLinkCode();
    try {
      return await db.tx(async (q) => {
        await q.query('UPDATE device_link_codes SET used_at = now() WHERE device_id = $1 AND used_at IS NULL', [
          deviceId,
        ]);
        const row = (await q.one<{ expires_at: string }>(
          `INSERT INTO device_link_codes (device_id, code_hash, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))
           RETURNING to_json(expires_at) #>> '{}' AS expires_at`,
          [deviceId, tokenHash(code), LINK_CODE_TTL_MS / 1000],
        ))!;
        return { code, expiresAt: row.expires_at };
      });
    } catch (error) {
      // Two equal codes ever issued is unlikely (31^8); another draw settles it.
      if (sqlState(error) !== '23505' || attempt >= 3) throw error;
    }
  }
}

/**
 * Trades a code for a device token: the code is consumed, the device turns ACTIVE with one live
 * token. An unknown code answers 400; a used, replaced or expired one 410. Answers the device and
 * its community: the code, shown before any session, is what names them.
 */
export async function consumeLinkCode(
  q: Queryable,
  code: string,
): Promise<{ deviceId: number; communityId: number; token: string }> {
  const row = await q.one<{ id: number; device_id: number; community_id: number; live: boolean; used: boolean }>(
    `SELECT c.id, c.device_id, d.community_id, c.expires_at > now() AS live, c.used_at IS NOT NULL AS used
       FROM device_link_codes c JOIN devices d ON d.id = c.device_id AND d.deleted_at IS NULL
      WHERE c.code_hash = $1 FOR UPDATE OF c`,
    [tokenHash(code)],
  );
  if (!row) throw new AppError('invalid_request', M.codeInvalid, { code: M.codeInvalid });
  if (row.used || !row.live) throw new AppError('gone', M.codeGone, { code: M.codeGone });
  const token = newDeviceToken();
  await q.query('UPDATE device_link_codes SET used_at = now() WHERE id = $1', [row.id]);
  await q.query('UPDATE device_tokens SET revoked_at = now() WHERE device_id = $1 AND revoked_at IS NULL', [
    row.device_id,
  ]);
  await q.query('INSERT INTO device_tokens (device_id, token_hash) VALUES ($1, $2)', [row.device_id, tokenHash(token)]);
  await q.query(`UPDATE devices SET status = 'ACTIVE', linked_at = now(), updated_at = now() WHERE id = $1`, [
    row.device_id,
  ]);
  await q.query(
    `INSERT INTO device_presence (device_id, community_id, last_seen_at, online) VALUES ($1, $2, now(), true)
     ON CONFLICT (device_id) DO UPDATE SET last_seen_at = excluded.last_seen_at, online = true`,
    [row.device_id, row.community_id],
  );
  return { deviceId: row.device_id, communityId: row.community_id, token };
}

/** Unlinks: the token is revoked (the next call answers 401 on every process) and the device is INACTIVE. */
export async function unlinkDevice(q: Queryable, deviceId: number) {
  await q.query('UPDATE device_tokens SET revoked_at = now() WHERE device_id = $1 AND revoked_at IS NULL', [deviceId]);
  await q.query('UPDATE device_link_codes SET used_at = now() WHERE device_id = $1 AND used_at IS NULL', [deviceId]);
  await q.query(`UPDATE devices SET status = 'INACTIVE', updated_at = now() WHERE id = $1`, [deviceId]);
  await q.query('UPDATE device_presence SET online = false WHERE device_id = $1', [deviceId]);
}

/** Ends a device's unused link codes (a deleted device can no longer be linked). */
export async function retireLinkCodes(q: Queryable, deviceId: number) {
  await q.query('UPDATE device_link_codes SET used_at = now() WHERE device_id = $1 AND used_at IS NULL', [deviceId]);
}

/** The uuid of the device's live link (what unlinking names), if it is linked. */
export async function liveLinkUuid(q: Queryable, deviceId: number): Promise<string | undefined> {
  return (
    await q.one<{ uuid: string }>(
      'SELECT uuid::text AS uuid FROM device_tokens WHERE device_id = $1 AND revoked_at IS NULL',
      [deviceId],
    )
  )?.uuid;
}
