/**
 * Who a notice is for. `segmented` false is the whole community.
 * Otherwise the narrowest level listed decides: residents if any, else streets, else zones; the
 * wider levels listed with it must contain it (a street of a listed zone, a resident of a listed
 * street or zone). Every id must be of the caller's community: otherwise 404, as if it did not exist.
 */
import { AppError } from '../../shared/platform/errors.js';
import type { NoticeBody } from '../../shared/content/content.schema.js';
import type { Queryable } from '../platform/db/db.js';

export type Audience = 'COMMUNITY' | 'ZONE' | 'STREET' | 'RESIDENT';

export const SegmentMessages = {
  zone: 'La zona no existe.',
  street: 'La calle no existe.',
  resident: 'El residente no existe.',
  streetOutsideZone: 'La calle no pertenece a la zona seleccionada.',
  residentOutsideStreet: 'El residente no vive en la calle seleccionada.',
  residentOutsideZone: 'El residente no vive en la zona seleccionada.',
} as const;
const M = SegmentMessages;

export function audienceOf(body: Pick<NoticeBody, 'segmented' | 'zoneIds' | 'streetIds' | 'residentIds'>): Audience {
  if (!body.segmented) return 'COMMUNITY';
  if (body.residentIds.length) return 'RESIDENT';
  if (body.streetIds.length) return 'STREET';
  return 'ZONE';
}

/** Checks the ids against the community and each other (404 / 400); changes nothing. */
export async function checkSegments(q: Queryable, communityId: number, body: NoticeBody): Promise<void> {
  const zones = await q.query<{ id: number }>('SELECT id FROM zones WHERE community_id = $1 AND id = ANY($2::int[])', [
    communityId,
    body.zoneIds,
  ]);
  if (zones.length !== body.zoneIds.length) throw new AppError('not_found', M.zone);
  const streets = await q.query<{ id: number; zone_id: number }>(
    'SELECT id, zone_id FROM streets WHERE community_id = $1 AND id = ANY($2::int[])',
    [communityId, body.streetIds],
  );
  if (streets.length !== body.streetIds.length) throw new AppError('not_found', M.street);
  const residents = await q.query<{ id: number; street_id: number; zone_id: number }>(
    `SELECT r.id, r.street_id, s.zone_id FROM residents r JOIN streets s ON s.id = r.street_id
      WHERE r.community_id = $1 AND r.deleted_at IS NULL AND r.id = ANY($2::int[])`,
    [communityId, body.residentIds],
  );
  if (residents.length !== body.residentIds.length) throw new AppError('not_found', M.resident);
  const zoneSet = new Set(body.zoneIds);
  const streetSet = new Set(body.streetIds);
  if (zoneSet.size && streets.some((s) => !zoneSet.has(s.zone_id))) {
    throw new AppError('invalid_request', M.streetOutsideZone, { idStreet: M.streetOutsideZone });
  }
  if (streetSet.size && residents.some((r) => !streetSet.has(r.street_id))) {
    throw new AppError('invalid_request', M.residentOutsideStreet, { idResident: M.residentOutsideStreet });
  }
  if (!streetSet.size && zoneSet.size && residents.some((r) => !zoneSet.has(r.zone_id))) {
    throw new AppError('invalid_request', M.residentOutsideZone, { idResident: M.residentOutsideZone });
  }
}

/** Replaces the notice's segment rows with the body's. */
export async function writeSegments(q: Queryable, postId: number, body: NoticeBody): Promise<void> {
  for (const table of ['notice_zones', 'notice_streets', 'notice_residents'])
    await q.query(`DELETE FROM ${table} WHERE post_id = $1`, [postId]);
  if (!body.segmented) return;
  await q.query('INSERT INTO notice_zones (post_id, zone_id) SELECT $1, unnest($2::int[])', [postId, body.zoneIds]);
  await q.query('INSERT INTO notice_streets (post_id, street_id) SELECT $1, unnest($2::int[])', [
    postId,
    body.streetIds,
  ]);
  await q.query('INSERT INTO notice_residents (post_id, resident_id) SELECT $1, unnest($2::int[])', [
    postId,
    body.residentIds,
  ]);
}
