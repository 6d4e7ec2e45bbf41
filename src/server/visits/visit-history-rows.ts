/**
 * Writing made-up history (visit-history.ts) into a community: one `unnest` insert per batch
 * of visits or common-area visits, and what a community's history is made of.
 */
import type { Queryable } from '../platform/db/db.js';
import type { CommonAreaVisitRow, HistoryContext, VisitRow } from './visit-history.js';

const COLUMNS: [keyof VisitRow, string][] = [
  ['community_id', 'int'],
  ['first_name', 'text'],
  ['last_name', 'text'],
  ['accredited', 'text'],
  ['visitant_type', 'text'],
  ['access_mode', 'text'],
  ['gate_arrival_uuid', 'uuid'],
  ['gate_departure_uuid', 'uuid'],
  ['resident_id', 'int'],
  ['car_brand', 'text'],
  ['color', 'text'],
  ['plate', 'text'],
  ['comments', 'text'],
  ['entered_at', 'timestamptz'],
  ['exited_at', 'timestamptz'],
  ['registered_by', 'int'],
  ['exit_registered_by', 'int'],
  ['provider_type_id', 'int'],
];

/** One `unnest` insert of a batch of visits; answers the new ids in the batch's order. */
export async function insertVisits(q: Queryable, rows: VisitRow[]): Promise<number[]> {
  if (!rows.length) return [];
  const ids = await q.query<{ id: string | number }>(
    `INSERT INTO visits (${COLUMNS.map(([c]) => c).join(', ')})
     SELECT * FROM unnest(${COLUMNS.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ')}) RETURNING id`,
    COLUMNS.map(([c]) => rows.map((r) => r[c])),
  );
  return ids.map((r) => Number(r.id));
}

const AREA_COLUMNS: [keyof CommonAreaVisitRow, string][] = [
  ['community_id', 'int'],
  ['common_area_id', 'int'],
  ['resident_id', 'int'],
  ['first_name', 'text'],
  ['last_name', 'text'],
  ['entered_at', 'timestamptz'],
  ['estimated_time_in', 'timestamptz'],
  ['created_with_qr', 'bool'],
  ['registered_by', 'int'],
];

/** One `unnest` insert of a batch of common-area visits; answers the new ids in the batch's order. */
export async function insertCommonAreaVisits(q: Queryable, rows: CommonAreaVisitRow[]): Promise<number[]> {
  if (!rows.length) return [];
  const ids = await q.query<{ id: string | number }>(
    `INSERT INTO common_area_visits (${AREA_COLUMNS.map(([c]) => c).join(', ')})
     SELECT * FROM unnest(${AREA_COLUMNS.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ')}) RETURNING id`,
    AREA_COLUMNS.map(([c]) => rows.map((r) => r[c])),
  );
  return ids.map((r) => Number(r.id));
}

/** What a community's history is made of: its residents, gates, provider types, staff and common areas. */
export async function historyContext(q: Queryable, communityId: number) {
  const residents = await q.query<{ id: number; first: string; last: string }>(
    'SELECT id, first_name AS first, last_name AS last FROM residents WHERE community_id = $1 AND deleted_at IS NULL ORDER BY id',
    [communityId],
  );
  const gates = (
    await q.query<{ uuid: string }>('SELECT uuid FROM gates WHERE community_id = $1 ORDER BY id', [communityId])
  ).map((g) => g.uuid);
  const providerTypes = (
    await q.query<{ id: number }>('SELECT id FROM provider_types WHERE community_id = $1 ORDER BY id', [communityId])
  ).map((p) => p.id);
  const registrars = (
    await q.query<{ id: number }>(
      `SELECT u.id FROM users u JOIN user_communities uc ON uc.user_id = u.id AND uc.community_id = $1
      WHERE u.user_type_id IN (4, 5, 6) AND u.deleted_at IS NULL ORDER BY u.user_type_id DESC, u.id`,
      [communityId],
    )
  ).map((u) => u.id);
  const areas = (
    await q.query<{ id: number }>('SELECT id FROM common_areas WHERE community_id = $1 ORDER BY id', [communityId])
  ).map((a) => a.id);
  return { ctx: { communityId, residents, gates, providerTypes, registrars } satisfies HistoryContext, areas };
}
