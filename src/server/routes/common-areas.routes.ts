import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { pageOf } from '../../shared/schemas/answer.schema.js';
import { CommonAreaAnswerSchema } from '../../shared/schemas/catalogue.answer.js';
import type { Page } from '../../shared/api-types.js';
import { COMMON_AREA_OPTION_READERS, LOCATION_DELETERS, LOCATION_EDITORS, LOCATION_READERS } from '../../shared/catalogue-access.js';
import type { CommonArea } from '../../shared/catalogue-types.js';
import { AppError } from '../../shared/errors.js';
import { UuidParamsSchema } from '../../shared/schemas/catalogue.schema.js';
import { CommonAreaSchema, CreateCommonAreaSchema } from '../../shared/schemas/common-area.schema.js';
import type { Queryable } from '../db/db.js';
import { withConstraints } from '../db/db-errors.js';
import { assertInCommunity } from '../db/scoped-refs.js';
import type { AppDeps } from '../deps.js';
import { ListQuerySchema, pageQuery } from '../http/list-query.js';
import { defineRoute, requireCommunity } from '../http/route.js';

const NOT_FOUND = 'El área común no existe.';
const STREET_NOT_FOUND = 'La calle seleccionada no existe.';
const constraints = {
  duplicate: 'Ya existe un área común con ese nombre en el fraccionamiento.',
  inUse: 'No es posible eliminar el área común porque tiene registros asociados.',
};

const SELECT = `a.uuid, a.id AS "idCommonArea", a.name, a.number, a.street_id AS "idStreet",
  json_build_object('uuid', s.uuid, 'idStreet', s.id, 'name', s.name,
    'testZone', json_build_object('uuid', z.uuid, 'idZone', z.id, 'name', z.name,
      'testFrac', json_build_object('uuid', c.uuid, 'name', c.name))) AS "testStreet"`;
const FROM = `common_areas a JOIN streets s ON s.id = a.street_id JOIN zones z ON z.id = s.zone_id
  JOIN communities c ON c.id = a.community_id`;

const areasByIds = (q: Queryable, ids: number[]) =>
  q.query<CommonArea>(`SELECT ${SELECT} FROM ${FROM} WHERE a.id = ANY($1::int[]) ORDER BY a.id`, [ids]);

/** Common areas of the active community (spec 3 'Áreas comunes', §7 api/commonareas; spec 2 byfrac). */
export function commonAreaRoutes(app: FastifyInstance, { db }: AppDeps) {
  const tags = ['áreas comunes'];

  defineRoute(app, {
    operationId: 'listCommonAreas', response: pageOf(CommonAreaAnswerSchema), errors: [404],
    method: 'GET', url: '/api/commonareas/complete', summary: 'Áreas comunes con calle y zona (paginado, búsqueda por nombre)', tags,
    access: LOCATION_READERS, query: ListQuerySchema,
    handler: async ({ auth, query }): Promise<Page<CommonArea>> => pageQuery<CommonArea>(db, {
      select: SELECT, from: FROM, where: ['a.community_id = $1'], params: [requireCommunity(auth)],
      searchColumns: ['a.name'], orderBy: 'a.name, a.id',
    }, query),
  });

  defineRoute(app, {
    operationId: 'listCommonAreaOptions', response: v.array(CommonAreaAnswerSchema), errors: [404],
    method: 'GET', url: '/api/commonareas/byfrac', summary: 'Todas las áreas comunes del fraccionamiento activo (opciones)', tags,
    access: COMMON_AREA_OPTION_READERS,
    handler: async ({ auth }): Promise<CommonArea[]> =>
      db.query<CommonArea>(`SELECT ${SELECT} FROM ${FROM} WHERE a.community_id = $1 ORDER BY a.name, a.id`, [requireCommunity(auth)]),
  });

  defineRoute(app, {
    operationId: 'getCommonArea', response: CommonAreaAnswerSchema, errors: [404],
    method: 'GET', url: '/api/commonareas/:uuid', summary: 'Un área común del fraccionamiento activo', tags,
    access: LOCATION_READERS, params: UuidParamsSchema,
    handler: async ({ auth, params }): Promise<CommonArea> => {
      const area = await db.one<CommonArea>(`SELECT ${SELECT} FROM ${FROM} WHERE a.community_id = $1 AND a.uuid = $2`,
        [requireCommunity(auth), params.uuid]);
      if (!area) throw new AppError('not_found', NOT_FOUND);
      return area;
    },
  });

  defineRoute(app, {
    operationId: 'createCommonAreas', response: v.array(CommonAreaAnswerSchema), errors: [404, 409],
    method: 'POST', url: '/api/commonareas', summary: 'Registra áreas comunes (lista) en calles del fraccionamiento activo', tags,
    access: LOCATION_EDITORS, body: CreateCommonAreaSchema, status: 201,
    handler: async ({ auth, body }): Promise<CommonArea[]> => {
      const communityId = requireCommunity(auth);
      return withConstraints(constraints, () => db.tx(async (q) => {
        await assertInCommunity(q, 'streets', communityId, body.map((a) => a.idStreet), STREET_NOT_FOUND);
        const ids: number[] = [];
        for (const area of body) {
          const row = await q.one<{ id: number }>(
            'INSERT INTO common_areas (community_id, street_id, name, number) VALUES ($1, $2, $3, $4) RETURNING id',
            [communityId, area.idStreet, area.name, area.number]);
          ids.push(row!.id);
        }
        return areasByIds(q, ids);
      }));
    },
  });

  defineRoute(app, {
    operationId: 'updateCommonArea', response: CommonAreaAnswerSchema, errors: [404, 409],
    method: 'PUT', url: '/api/commonareas/:uuid', summary: 'Actualiza nombre, número o calle de un área común', tags,
    access: LOCATION_EDITORS, params: UuidParamsSchema, body: CommonAreaSchema,
    handler: async ({ auth, params, body }): Promise<CommonArea> => {
      const communityId = requireCommunity(auth);
      const id = await withConstraints(constraints, () => db.tx(async (q) => {
        const row = await q.one<{ id: number }>('SELECT id FROM common_areas WHERE community_id = $1 AND uuid = $2', [communityId, params.uuid]);
        if (!row) throw new AppError('not_found', NOT_FOUND);
        await assertInCommunity(q, 'streets', communityId, [body.idStreet], STREET_NOT_FOUND);
        await q.query('UPDATE common_areas SET name = $2, number = $3, street_id = $4 WHERE id = $1', [row.id, body.name, body.number, body.idStreet]);
        return row.id;
      }));
      return (await areasByIds(db, [id]))[0];
    },
  });

  defineRoute(app, {
    operationId: 'deleteCommonArea', response: null, errors: [404, 409],
    method: 'DELETE', url: '/api/commonareas/:uuid', summary: 'Elimina un área común', tags,
    access: LOCATION_DELETERS, params: UuidParamsSchema, status: 204,
    handler: async ({ auth, params }) => {
      const row = await withConstraints(constraints, () => db.one<{ id: number }>(
        'DELETE FROM common_areas WHERE community_id = $1 AND uuid = $2 RETURNING id', [requireCommunity(auth), params.uuid]));
      if (!row) throw new AppError('not_found', NOT_FOUND);
    },
  });
}
