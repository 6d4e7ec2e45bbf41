/** How devices are read: one select for the list, the record and the link answer. */
import { AppError } from '../../shared/platform/errors.js';
import { DeviceTexts, OFFLINE_AFTER_MS } from '../../shared/devices/device-rules.js';
import type { DeviceAnswer, ParentOption } from '../../shared/devices/device-types.js';
import type { CommunityScope, ScopedFrom } from '../platform/db/community-scope.js';
import type { ListQuery } from '../platform/http/list-query.js';
import type { Queryable } from '../platform/db/db.js';

const ref = (alias: string) =>
  `CASE WHEN ${alias}.id IS NULL THEN NULL ELSE json_build_object('uuid', ${alias}.uuid, 'name', ${alias}.name) END`;

/** When the device was last heard from (null before its first heartbeat). */
const LAST_SEEN_SQL = '(SELECT p.last_seen_at FROM device_presence p WHERE p.device_id = d.id)';

/** Online: linked and heard from within the last 2 minutes. */
export const ONLINE_SQL = `(d.status = 'ACTIVE' AND COALESCE(${LAST_SEEN_SQL} > now() - make_interval(secs => ${OFFLINE_AFTER_MS / 1000}), false))`;

export const DEVICE_SELECT = `d.uuid, d.name, d.status, d.device_type AS "deviceType", d.scanner_type AS "scannerType",
  d.scanner_access AS "scannerAccess", d.scanner_place AS "scannerPlace",
  COALESCE((SELECT json_agg(json_build_object('uuid', p.uuid, 'name', p.name) ORDER BY p.name, p.id)
              FROM device_parents dp JOIN devices p ON p.id = dp.parent_id WHERE dp.device_id = d.id), '[]'::json) AS parents,
  ${ref('z')} AS zone, ${ref('s')} AS street, d.number, d.zone_id AS "idZone", d.street_id AS "idStreet",
  NULL::text AS code,
  (SELECT t.uuid::text FROM device_tokens t WHERE t.device_id = d.id AND t.revoked_at IS NULL) AS "deviceToken",
  to_json(${LAST_SEEN_SQL}) #>> '{}' AS "lastSeenAt", ${ONLINE_SQL} AS online`;

/** What a device's answer joins to `devices d`: its zone and street. */
export const DEVICE_JOINS = 'LEFT JOIN zones z ON z.id = d.zone_id LEFT JOIN streets s ON s.id = d.street_id';
export const DEVICE_FROM = `devices d ${DEVICE_JOINS}`;

/**
 * The club's 'No. acción' of the residents at a device's address (the devices list searches it):
 * residents of the device's own street, so of its community (streets are keyed on (id, community_id)).
 */
export const DEVICE_ADDRESS_ACTIONS = `(SELECT string_agg(r.action, ' ') FROM residents r
  WHERE r.street_id = d.street_id AND r.number = d.number AND r.deleted_at IS NULL)`;

/**
 * The devices after `deviceId` in the entry route: its children, their children, and so on
 * (edges of one community: `device_parents` keys both ends on (id, community_id)).
 */
export async function devicesAfter(q: Queryable, deviceId: number): Promise<number[]> {
  const rows = await q.query<{ id: number }>(
    `WITH RECURSIVE after_self(id) AS (
       SELECT device_id FROM device_parents WHERE parent_id = $1
       UNION SELECT dp.device_id FROM device_parents dp JOIN after_self a ON dp.parent_id = a.id)
     SELECT id FROM after_self`,
    [deviceId],
  );
  return rows.map((r) => r.id);
}

/** A live device of the community by uuid, or 404 (another community's device is as absent as a missing one). */
export async function deviceOf(q: Queryable, communityId: number, uuid: string, lock = false) {
  const row = await q.one<{ id: number; status: 'ACTIVE' | 'INACTIVE'; name: string }>(
    `SELECT id, status, name FROM devices WHERE community_id = $1 AND uuid = $2 AND deleted_at IS NULL${lock ? ' FOR UPDATE' : ''}`,
    [communityId, uuid],
  );
  if (!row) throw new AppError('not_found', DeviceTexts.notFound);
  return row;
}

export async function deviceById(q: Queryable, id: number): Promise<DeviceAnswer> {
  return (await q.one<DeviceAnswer>(`SELECT ${DEVICE_SELECT} FROM ${DEVICE_FROM} WHERE d.id = $1`, [id]))!;
}

/** The community a device belongs to, as the link answer names it. */
export async function deviceCommunity(q: Queryable, deviceId: number): Promise<{ uuid: string; name: string }> {
  return (await q.one<{ uuid: string; name: string }>(
    'SELECT c.uuid, c.name FROM communities c JOIN devices d ON d.community_id = c.id WHERE d.id = $1',
    [deviceId],
  ))!;
}

/**
 * The devices that may be the parent of device `self` (null: of a new one): the community's
 * live devices but itself, those after it in the route (`after`) and the exit scanners.
 */
export function parentDeviceOptions(
  scope: CommunityScope,
  self: number | null,
  after: number[],
): Promise<ParentOption[]> {
  return scope.select<ParentOption>({
    select: 'd.uuid, d.name, d.device_type AS "deviceType"',
    from: { table: 'devices', alias: 'd' },
    where: [
      'd.deleted_at IS NULL',
      'd.id IS DISTINCT FROM $1',
      "NOT (d.device_type = 'SCANNER' AND d.scanner_access = 'OUT')",
      'NOT (d.id = ANY($2::int[]))',
    ],
    params: [self, after],
    orderBy: 'd.name, d.id',
  });
}

/** What the search looks in (name, zone, address; the club's 'No. acción'). */
const SEARCH_COLUMNS = {
  NAME: ['d.name'],
  ZONE: ['z.name'],
  ADDRESS: [`(s.name || ' ' || COALESCE(d.number, ''))`],
  ACTION: [DEVICE_ADDRESS_ACTIONS],
} as const;

const DEVICES: ScopedFrom = { table: 'devices', alias: 'd', joins: DEVICE_JOINS };

/** A page of the community's live devices by name: `search` in the `searchBy` column, filtered by `status` and `deviceType`. */
export function devicePage(
  scope: CommunityScope,
  query: ListQuery & { status?: string; deviceType?: string; searchBy?: keyof typeof SEARCH_COLUMNS | '' },
) {
  const where = ['d.deleted_at IS NULL'];
  const params: unknown[] = [];
  if (query.status) {
    params.push(query.status);
    where.push(`d.status = $${params.length}`);
  }
  if (query.deviceType) {
    params.push(query.deviceType);
    where.push(`d.device_type = $${params.length}`);
  }
  return scope.page<DeviceAnswer>(
    {
      select: DEVICE_SELECT,
      from: DEVICES,
      where,
      params,
      searchColumns: [...SEARCH_COLUMNS[query.searchBy || 'NAME']],
      orderBy: 'd.name, d.id',
    },
    query,
  );
}

/** The uuid and name of a device of the scope's community, by id. */
export async function deviceNameOf(scope: CommunityScope, id: number): Promise<{ uuid: string; name: string }> {
  return (await scope.first<{ uuid: string; name: string }>({
    select: 'd.uuid, d.name',
    from: { table: 'devices', alias: 'd' },
    where: ['d.id = $1'],
    params: [id],
  }))!;
}
