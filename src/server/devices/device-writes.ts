/**
 * Saving and deleting a device. Saving: its zone and street must be of the caller's
 * community (and the street of that zone), its parents devices of the same community that are not
 * OUT readers, and the parents must not make a cycle. The community's row is locked while parents
 * change, so two edits cannot close a cycle between them.
 */
import { AppError } from '../../shared/platform/errors.js';
import { DeviceTexts as M } from '../../shared/devices/device-rules.js';
import type { DeviceInput } from '../../shared/devices/device.schema.js';
import { type CommunityScope, NOW } from '../platform/db/community-scope.js';
import type { Queryable } from '../platform/db/db.js';
import { retireLinkCodes } from './device-link.js';

interface Location {
  zoneId: number | null;
  streetId: number | null;
}

async function locationOf(q: Queryable, communityId: number, body: DeviceInput): Promise<Location> {
  if (!body.zone) return { zoneId: null, streetId: null };
  const zone = await q.one<{ id: number }>('SELECT id FROM zones WHERE community_id = $1 AND uuid = $2', [
    communityId,
    body.zone.uuid,
  ]);
  if (!zone) throw new AppError('not_found', M.zoneNotFound, { zone: M.zoneNotFound });
  if (!body.street) return { zoneId: zone.id, streetId: null };
  const street = await q.one<{ id: number; zone_id: number }>(
    'SELECT id, zone_id FROM streets WHERE community_id = $1 AND uuid = $2',
    [communityId, body.street.uuid],
  );
  if (!street) throw new AppError('not_found', M.streetNotFound, { street: M.streetNotFound });
  if (street.zone_id !== zone.id)
    throw new AppError('invalid_request', M.streetNotInZone, { street: M.streetNotInZone });
  return { zoneId: zone.id, streetId: street.id };
}

/** The parents' ids: live devices of the community, none an OUT reader, none the device itself nor after it on the route. */
async function parentIds(
  q: Queryable,
  communityId: number,
  deviceId: number | null,
  body: DeviceInput,
): Promise<number[]> {
  const uuids = [...new Set(body.parents.map((p) => p.uuid))];
  if (!uuids.length) return [];
  const rows = await q.query<{ id: number; out: boolean }>(
    `SELECT id, (device_type = 'SCANNER' AND scanner_access = 'OUT') AS out FROM devices
      WHERE community_id = $1 AND uuid = ANY($2::uuid[]) AND deleted_at IS NULL`,
    [communityId, uuids],
  );
  if (rows.length !== uuids.length) throw new AppError('not_found', M.parentNotFound, { parents: M.parentNotFound });
  if (rows.some((r) => r.out)) throw new AppError('invalid_request', M.parentIsOut, { parents: M.parentIsOut });
  const ids = rows.map((r) => r.id);
  if (deviceId === null) return ids;
  if (ids.includes(deviceId)) throw new AppError('invalid_request', M.parentCycle, { parents: M.parentCycle });
  // A cycle: this device is already an ancestor of one of the new parents.
  const cycle = await q.one(
    `WITH RECURSIVE ancestors(id) AS (
       SELECT parent_id FROM device_parents WHERE device_id = ANY($1::int[])
       UNION SELECT dp.parent_id FROM device_parents dp JOIN ancestors a ON dp.device_id = a.id)
     SELECT 1 FROM ancestors WHERE id = $2 LIMIT 1`,
    [ids, deviceId],
  );
  if (cycle) throw new AppError('invalid_request', M.parentCycle, { parents: M.parentCycle });
  return ids;
}

/** Hostess stations exist only in the club community. */
async function assertTypeOffered(q: Queryable, communityId: number, body: DeviceInput) {
  if (body.deviceType !== 'HOSTESS') return;
  const club = (await q.one<{ club: boolean }>('SELECT club FROM communities WHERE id = $1', [communityId]))?.club;
  if (!club) throw new AppError('invalid_request', M.hostessClubOnly, { deviceType: M.hostessClubOnly });
}

/** Creates (deviceId null) or updates a device with its parents; answers its id. Runs inside a transaction. */
export async function saveDevice(
  q: Queryable,
  communityId: number,
  deviceId: number | null,
  body: DeviceInput,
): Promise<number> {
  await q.query('SELECT id FROM communities WHERE id = $1 FOR UPDATE', [communityId]);
  await assertTypeOffered(q, communityId, body);
  const { zoneId, streetId } = await locationOf(q, communityId, body);
  const parents = await parentIds(q, communityId, deviceId, body);
  const values = [
    body.name,
    body.deviceType,
    body.scannerAccess,
    body.scannerType,
    body.scannerPlace,
    zoneId,
    streetId,
    body.number,
  ];
  let id = deviceId;
  if (id === null) {
    id = (await q.one<{ id: number }>(
      `INSERT INTO devices (community_id, name, device_type, scanner_access, scanner_type, scanner_place, zone_id, street_id, number)
       VALUES ($9, $1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [...values, communityId],
    ))!.id;
  } else {
    await q.query(
      `UPDATE devices SET name = $1, device_type = $2, scanner_access = $3, scanner_type = $4, scanner_place = $5,
              zone_id = $6, street_id = $7, number = $8, updated_at = now() WHERE id = $9`,
      [...values, id],
    );
    await q.query('DELETE FROM device_parents WHERE device_id = $1', [id]);
  }
  if (parents.length) {
    await q.query('INSERT INTO device_parents (device_id, parent_id, community_id) SELECT $1, unnest($2::int[]), $3', [
      id,
      parents,
      communityId,
    ]);
  }
  // An OUT reader cannot precede others: when a device becomes one, it stops being a parent.
  if (body.deviceType === 'SCANNER' && body.scannerAccess === 'OUT')
    await q.query('DELETE FROM device_parents WHERE parent_id = $1', [id]);
  return id;
}

/** Deletes a device (logically; its visits keep it as their gate): its parent links go, its link codes are retired. */
export async function deleteDevice(scope: CommunityScope, q: Queryable, id: number): Promise<void> {
  await scope.deleteWhere('device_parents', ['device_id = $1 OR parent_id = $1'], [id]);
  await retireLinkCodes(q, id);
  await scope.update('devices', { id }, { deleted_at: NOW, updated_at: NOW });
}
