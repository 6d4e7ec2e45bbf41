import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { pageOf } from '../../shared/schemas/answer.schema.js';
import { ZoneAnswerSchema } from '../../shared/schemas/catalogue.answer.js';
import { LOCATION_DELETERS, LOCATION_EDITORS, LOCATION_READERS } from '../../shared/catalogue-access.js';
import type { Zone } from '../../shared/catalogue-types.js';
import type { Page } from '../../shared/api-types.js';
import { AppError } from '../../shared/errors.js';
import { UuidParamsSchema } from '../../shared/schemas/catalogue.schema.js';
import { CreateZoneSchema, ZoneSchema } from '../../shared/schemas/zone.schema.js';
import type { Queryable } from '../db/db.js';
import { withConstraints } from '../db/db-errors.js';
import type { AppDeps } from '../deps.js';
import { ListQuerySchema, pageQuery } from '../http/list-query.js';
import { defineRoute, requireCommunity } from '../http/route.js';

const NOT_FOUND = 'La zona no existe.';
const constraints = {
  duplicate: 'Ya existe una zona con ese nombre en el fraccionamiento.',
  inUse: 'No es posible eliminar la zona porque tiene calles u otros registros asociados.',
};

const SELECT = `z.uuid, z.id AS "idZone", z.name, z.color, z.community_id AS "idFrac",
  json_build_object('uuid', c.uuid, 'name', c.name) AS "testFrac"`;
const FROM = 'zones z JOIN communities c ON c.id = z.community_id';

const zonesByIds = (q: Queryable, ids: number[]) =>
  q.query<Zone>(`SELECT ${SELECT} FROM ${FROM} WHERE z.id = ANY($1::int[]) ORDER BY z.id`, [ids]);

/** Zones of the active community (spec 3 'Zonas', §7 api/zones). */
export function zoneRoutes(app: FastifyInstance, { db }: AppDeps) {
  const tags = ['zonas'];

  defineRoute(app, {
    operationId: 'listZones', response: pageOf(ZoneAnswerSchema), errors: [404],
    method: 'GET', url: '/api/zones', summary: 'Zonas del fraccionamiento activo (paginado, búsqueda por nombre)', tags,
    access: LOCATION_READERS, query: ListQuerySchema,
    handler: async ({ auth, query }): Promise<Page<Zone>> => pageQuery<Zone>(db, {
      select: SELECT, from: FROM, where: ['z.community_id = $1'], params: [requireCommunity(auth)],
      searchColumns: ['z.name'], orderBy: 'z.name, z.id',
    }, query),
  });

  defineRoute(app, {
    operationId: 'getZone', response: ZoneAnswerSchema, errors: [404],
    method: 'GET', url: '/api/zones/:uuid', summary: 'Una zona del fraccionamiento activo', tags,
    access: LOCATION_READERS, params: UuidParamsSchema,
    handler: async ({ auth, params }): Promise<Zone> => {
      const zone = await db.one<Zone>(`SELECT ${SELECT} FROM ${FROM} WHERE z.community_id = $1 AND z.uuid = $2`,
        [requireCommunity(auth), params.uuid]);
      if (!zone) throw new AppError('not_found', NOT_FOUND);
      return zone;
    },
  });

  defineRoute(app, {
    operationId: 'createZones', response: v.array(ZoneAnswerSchema), errors: [404, 409],
    method: 'POST', url: '/api/zones', summary: 'Registra zonas (lista de una) en el fraccionamiento activo', tags,
    access: LOCATION_EDITORS, body: CreateZoneSchema, status: 201,
    handler: async ({ auth, body }): Promise<Zone[]> => {
      const communityId = requireCommunity(auth);
      return withConstraints(constraints, () => db.tx(async (q) => {
        const ids: number[] = [];
        for (const zone of body) {
          const row = await q.one<{ id: number }>(
            'INSERT INTO zones (community_id, name, color) VALUES ($1, $2, $3) RETURNING id', [communityId, zone.name, zone.color]);
          ids.push(row!.id);
        }
        return zonesByIds(q, ids);
      }));
    },
  });

  defineRoute(app, {
    operationId: 'updateZone', response: ZoneAnswerSchema, errors: [404, 409],
    method: 'PUT', url: '/api/zones/:uuid', summary: 'Actualiza una zona', tags,
    access: LOCATION_EDITORS, params: UuidParamsSchema, body: ZoneSchema,
    handler: async ({ auth, params, body }): Promise<Zone> => {
      const row = await withConstraints(constraints, () => db.one<{ id: number }>(
        'UPDATE zones SET name = $3, color = $4 WHERE community_id = $1 AND uuid = $2 RETURNING id',
        [requireCommunity(auth), params.uuid, body.name, body.color]));
      if (!row) throw new AppError('not_found', NOT_FOUND);
      return (await zonesByIds(db, [row.id]))[0];
    },
  });

  defineRoute(app, {
    operationId: 'deleteZone', response: null, errors: [404, 409],
    method: 'DELETE', url: '/api/zones/:uuid', summary: 'Elimina una zona sin calles', tags,
    access: LOCATION_DELETERS, params: UuidParamsSchema, status: 204,
    handler: async ({ auth, params }) => {
      const row = await withConstraints(constraints, () => db.one<{ id: number }>(
        'DELETE FROM zones WHERE community_id = $1 AND uuid = $2 RETURNING id', [requireCommunity(auth), params.uuid]));
      if (!row) throw new AppError('not_found', NOT_FOUND);
    },
  });
}
