import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import type { Page } from '../../shared/platform/api-types.js';
import { AppError } from '../../shared/platform/errors.js';
import { AUDIT_ALL_COMMUNITIES_ROLES, AUDIT_ROLES } from '../../shared/platform/menu.js';
import { pageOf } from '../../shared/platform/answer.schema.js';
import { AuditCommunitySchema, AuditEventSchema, AuditQuerySchema, type AuditCommunity, type AuditEventAnswer } from '../../shared/audit/audit.schema.js';
import type { AppDeps } from '../deps.js';
import { defineRoute, requireCommunity } from '../platform/http/route.js';
import { addDateRange, containsPattern, type Filter } from '../reports/report-filters.js';

/** Who reads the trail: the general administrator (every community) and a community administrator (their own). */
const AUDIT_READERS = AUDIT_ROLES;

const SELECT = `e.uuid, to_char(e.occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "occurredAt",
  e.actor_kind AS "actorKind", e.actor_label AS "actorLabel", e.action, e.record_uuid AS "recordUuid", e.address, e.changes,
  CASE WHEN c.id IS NULL THEN NULL ELSE json_build_object('uuid', c.uuid, 'name', c.name) END AS community`;

/** The audit trail, newest first, paged and filtered by actor, action and dates. */
export function auditRoutes(app: FastifyInstance, { db }: AppDeps) {
  defineRoute(app, {
    operationId: 'listAuditEvents', response: pageOf(AuditEventSchema), errors: [404],
    method: 'GET', url: '/api/audit', tags: ['auditoría'], access: AUDIT_READERS, query: AuditQuerySchema,
    summary: 'Bitácora de auditoría: quién hizo qué, cuándo y desde dónde (el administrador general ve todos los fraccionamientos; el administrador, el suyo). Filtros: `actor` (contiene), `action`, `from`/`to` (fechas locales, ambas), `community` (uuid, solo el administrador general)',
    handler: async ({ auth, query }): Promise<Page<AuditEventAnswer>> => {
      const f: Filter = { where: [], params: [], filtered: false };
      const add = (clause: (n: number) => string, value: unknown) => { f.params.push(value); f.where.push(clause(f.params.length)); };
      if (auth.role === 'admin') add((n) => `e.community_id = $${n}`, requireCommunity(auth));
      else if (query.community) {
        const c = await db.one<{ id: number }>('SELECT id FROM communities WHERE uuid = $1', [query.community]);
        if (!c) throw new AppError('not_found', 'El fraccionamiento no existe.');
        add((n) => `e.community_id = $${n}`, c.id);
      }
      if (query.actor) add((n) => `e.actor_label ILIKE $${n}`, containsPattern(query.actor));
      if (query.action) add((n) => `e.action = $${n}`, query.action);
      addDateRange(f, 'e.occurred_at', query.from, query.to);
      const where = f.where.length ? `WHERE ${f.where.join(' AND ')}` : '';
      const params = [...f.params, query.size, query.page * query.size];
      const rows = await db.query<AuditEventAnswer>(
        `SELECT ${SELECT} FROM audit_events e LEFT JOIN communities c ON c.id = e.community_id ${where}
          ORDER BY e.occurred_at DESC, e.id DESC LIMIT $${params.length - 1} OFFSET $${params.length}`, params);
      const total = query.page === 0 && rows.length < query.size ? rows.length
        : (await db.one<{ n: number }>(`SELECT count(*)::int AS n FROM audit_events e ${where}`, f.params))!.n;
      return { content: rows, totalElements: total, totalPages: Math.ceil(total / query.size), page: query.page, size: query.size };
    },
  });

  defineRoute(app, {
    operationId: 'listAuditCommunities', response: v.array(AuditCommunitySchema),
    method: 'GET', url: '/api/audit/communities', tags: ['auditoría'], access: AUDIT_ALL_COMMUNITIES_ROLES,
    summary: 'Los fraccionamientos por los que el administrador general puede filtrar la bitácora (todos, por nombre)',
    handler: async (): Promise<AuditCommunity[]> => db.query<AuditCommunity>('SELECT uuid, name FROM communities ORDER BY name, id'),
  });
}
