import { DEVICE_TOKEN_PREFIX, type DeviceType, type ScannerAccess } from '../../shared/devices/device-rules.js';
import type { Queryable } from '../platform/db/db.js';
import { newToken, tokenHash } from '../platform/services/tokens.js';
import { communityOpenSql } from '../platform/http/sessions.js';

/** A linked device calling with its token: a principal of its own, bound to one community. */
export interface DeviceContext {
  deviceId: number;
  deviceUuid: string;
  name: string;
  deviceType: DeviceType;
  scannerAccess: ScannerAccess;
  communityId: number;
  communityUuid: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    device: DeviceContext | null;
  }
}

export const isDeviceToken = (token: string) => token.startsWith(DEVICE_TOKEN_PREFIX);
export const newDeviceToken = () => `${DEVICE_TOKEN_PREFIX}${newToken()}`;

/**
 * Resolves a device token like a session: by its hash, through the session cache
 * (migration 017's triggers announce an unlink, a revoked token, a deleted or changed device), so an
 * unlink or a deleted device answers 401 at once on every API process.
 * A community closed by a disabled integrator closes its devices too.
 */
export async function resolveDevice(db: Queryable, token: string): Promise<DeviceContext | null> {
  return (await loadDevice(db, tokenHash(token)))?.device ?? null;
}

/** The device of a token hash from the database (what the session cache keeps; a device token has no expiry); null when refused. */
export async function loadDevice(
  db: Queryable,
  hash: string,
): Promise<{ kind: 'device'; device: DeviceContext; expiresAt: number } | null> {
  const row = await db.one<{
    id: number;
    uuid: string;
    name: string;
    device_type: DeviceType;
    scanner_access: ScannerAccess;
    community_id: number;
    community_uuid: string;
  }>(
    `SELECT d.id, d.uuid, d.name, d.device_type, d.scanner_access, d.community_id, c.uuid AS community_uuid
       FROM device_tokens t
       JOIN devices d ON d.id = t.device_id AND d.deleted_at IS NULL AND d.status = 'ACTIVE'
       JOIN communities c ON c.id = d.community_id AND ${communityOpenSql('c')} AND NOT c.license_expired
      WHERE t.token_hash = $1 AND t.revoked_at IS NULL`,
    [hash],
  );
  if (!row) return null;
  const device: DeviceContext = {
    deviceId: row.id,
    deviceUuid: row.uuid,
    name: row.name,
    deviceType: row.device_type,
    scannerAccess: row.scanner_access,
    communityId: row.community_id,
    communityUuid: row.community_uuid,
  };
  return { kind: 'device', device, expiresAt: Number.POSITIVE_INFINITY };
}
