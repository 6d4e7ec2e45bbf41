import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import type { Page } from '../../shared/platform/api-types.js';
import { AppError } from '../../shared/platform/errors.js';
import { AUDIT_ALL_COMMUNITIES_ROLES, AUDIT_ROLES } from '../../shared/platform/menu.js';
import { pageOf } from '../../shared/platform/answer.schema.js';
import {
  AuditCommunitySchema,
  AuditEventSchema,
  AuditQuerySchema,
  type AuditCommunity,
  type AuditEventAnswer,
} from '../../shared/audit/audit.schema.js';
import type { AppDeps } from '../deps.js';
import { defineRoute, requireCommunity } from '../platform/http/route.js';
import { auditCommunities, auditCommunityId, auditPage } from './audit-rows.js';

/** Who reads the trail: the general administrator (every community) and a community administrator (their own). */
const AUDIT_READERS = AUDIT_ROLES;

/** The audit trail, newest first, paged and filtered by actor, action and dates. */
export function auditRoutes(app: FastifyInstance, { db }: AppDeps) {
  defineRoute(app, {
    operationId: 'listAuditEvents',
    response: pageOf(AuditEventSchema),
    errors: [404],
    method: 'GET',
    url: '/api/audit',
    tags: ['auditoría'],
    access: AUDIT_READERS,
    query: AuditQuerySchema,
    summary:
      'Bitácora de auditoría: quién hizo qué, cuándo y desde dónde (el administrador general ve todos los fraccionamientos; el administrador, el suyo). Filtros: `actor` (contiene), `action`, `from`/`to` (fechas locales, ambas), `community` (uuid, solo el administrador general)',
    handler: async ({ auth, query }): Promise<Page<AuditEventAnswer>> => {
      let communityId: number | null = null;
      if (auth.role === 'admin') communityId = requireCommunity(auth);
      else if (query.community) {
        communityId = await auditCommunityId(db, query.community);
        if (communityId === null) throw new AppError('not_found', 'El fraccionamiento no existe.');
      }
      return auditPage(db, { ...query, communityId });
    },
  });

  defineRoute(app, {
    operationId: 'listAuditCommunities',
    response: v.array(AuditCommunitySchema),
    method: 'GET',
    url: '/api/audit/communities',
    tags: ['auditoría'],
    access: AUDIT_ALL_COMMUNITIES_ROLES,
    summary: 'Los fraccionamientos por los que el administrador general puede filtrar la bitácora (todos, por nombre)',
    handler: async (): Promise<AuditCommunity[]> => auditCommunities(db),
  });
}
