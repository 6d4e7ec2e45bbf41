import type { Page } from '../../shared/platform/api-types.js';
import type { AuditCommunity, AuditEventAnswer } from '../../shared/audit/audit.schema.js';
import type { Queryable } from '../platform/db/db.js';
import { addDateRange, containsPattern, type Filter } from '../reports/report-filters.js';

/**
 * Reading the audit trail. The trail (audit_events) is not a community table: an event may have no
 * community (a sign-in attempt, the platform's own acts) and it stands outside row-level security
 * (append-only). So its community filter is written here: an administrator reads their community's
 * events, the general administrator every community's or the one it names.
 */

const SELECT = `e.uuid, to_char(e.occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "occurredAt",
  e.actor_kind AS "actorKind", e.actor_label AS "actorLabel", e.action, e.record_uuid AS "recordUuid", e.address, e.changes,
  CASE WHEN c.id IS NULL THEN NULL ELSE json_build_object('uuid', c.uuid, 'name', c.name) END AS community`;

export interface AuditFilters {
  /** Only this community's events; null: every community's (the general administrator). */
  communityId: number | null;
  actor: string;
  action: string;
  /** Local dates; both or neither. */
  from: string;
  to: string;
  page: number;
  size: number;
}

/** The id of the community the general administrator names, or null when there is none. */
export async function auditCommunityId(q: Queryable, uuid: string): Promise<number | null> {
  const c = await q.one<{ id: number }>('SELECT id FROM communities WHERE uuid = $1', [uuid]);
  return c?.id ?? null;
}

/** A page of the trail, newest first. */
export async function auditPage(q: Queryable, filters: AuditFilters): Promise<Page<AuditEventAnswer>> {
  const f: Filter = { where: [], params: [], filtered: false };
  const add = (clause: (n: number) => string, value: unknown) => {
    f.params.push(value);
    f.where.push(clause(f.params.length));
  };
  if (filters.communityId !== null) add((n) => `e.community_id = $${n}`, filters.communityId);
  if (filters.actor) add((n) => `e.actor_label ILIKE $${n}`, containsPattern(filters.actor));
  if (filters.action) add((n) => `e.action = $${n}`, filters.action);
  addDateRange(f, 'e.occurred_at', filters.from, filters.to);
  const where = f.where.length ? `WHERE ${f.where.join(' AND ')}` : '';
  const { page, size } = filters;
  const params = [...f.params, size, page * size];
  const rows = await q.query<AuditEventAnswer>(
    `SELECT ${SELECT} FROM audit_events e LEFT JOIN communities c ON c.id = e.community_id ${where}
      ORDER BY e.occurred_at DESC, e.id DESC LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  const total =
    page === 0 && rows.length < size
      ? rows.length
      : (await q.one<{ n: number }>(`SELECT count(*)::int AS n FROM audit_events e ${where}`, f.params))!.n;
  return { content: rows, totalElements: total, totalPages: Math.ceil(total / size), page, size };
}

/** Every community, by name: what the general administrator filters the trail by. */
export function auditCommunities(q: Queryable): Promise<AuditCommunity[]> {
  return q.query<AuditCommunity>('SELECT uuid, name FROM communities ORDER BY name, id');
}
