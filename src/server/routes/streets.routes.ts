import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { pageOf } from '../../shared/schemas/answer.schema.js';
import { StreetAnswerSchema } from '../../shared/schemas/catalogue.answer.js';
import type { Page } from '../../shared/api-types.js';
import { LOCATION_DELETERS, LOCATION_EDITORS, LOCATION_READERS } from '../../shared/catalogue-access.js';
import type { Street } from '../../shared/catalogue-types.js';
import { AppError } from '../../shared/errors.js';
import { UuidParamsSchema } from '../../shared/schemas/catalogue.schema.js';
import { CreateStreetSchema, StreetSchema, ZoneUuidParamsSchema } from '../../shared/schemas/street.schema.js';
import type { Queryable } from '../db/db.js';
import { withConstraints } from '../db/db-errors.js';
import { assertInCommunity } from '../db/scoped-refs.js';
import type { AppDeps } from '../deps.js';
import { ListQuerySchema, pageQuery } from '../http/list-query.js';
import { defineRoute, requireCommunity } from '../http/route.js';

const NOT_FOUND = 'La calle no existe.';
const ZONE_NOT_FOUND = 'La zona seleccionada no existe.';
const constraints = {
  duplicate: 'Ya existe una calle con ese nombre en la zona.',
  inUse: 'No es posible eliminar la calle porque tiene residentes, áreas comunes u otros registros asociados.',
};

const SELECT = `s.uuid, s.id AS "idStreet", s.name, s.zone_id AS "idZone",
  json_build_object('uuid', z.uuid, 'idZone', z.id, 'name', z.name,
    'testFrac', json_build_object('uuid', c.uuid, 'name', c.name)) AS "testZone"`;
const FROM = 'streets s JOIN zones z ON z.id = s.zone_id JOIN communities c ON c.id = s.community_id';

const streetsByIds = (q: Queryable, ids: number[]) =>
  q.query<Street>(`SELECT ${SELECT} FROM ${FROM} WHERE s.id = ANY($1::int[]) ORDER BY s.id`, [ids]);

/** Streets of the active community (spec 3 'Calles', §7 api/streets). */
export function streetRoutes(app: FastifyInstance, { db }: AppDeps) {
  const tags = ['calles'];

  defineRoute(app, {
    operationId: 'listStreets', response: pageOf(StreetAnswerSchema), errors: [404],
    method: 'GET', url: '/api/streets', summary: 'Calles del fraccionamiento activo (paginado, búsqueda por nombre)', tags,
    access: LOCATION_READERS, query: ListQuerySchema,
    handler: async ({ auth, query }): Promise<Page<Street>> => pageQuery<Street>(db, {
      select: SELECT, from: FROM, where: ['s.community_id = $1'], params: [requireCommunity(auth)],
      searchColumns: ['s.name'], orderBy: 's.name, s.id',
    }, query),
  });

  defineRoute(app, {
    operationId: 'listStreetsOfZone', response: v.array(StreetAnswerSchema), errors: [404],
    method: 'GET', url: '/api/streets/zones/:zoneUuid', summary: 'Todas las calles de una zona (opciones)', tags,
    access: LOCATION_READERS, params: ZoneUuidParamsSchema,
    handler: async ({ auth, params }): Promise<Street[]> => {
      const communityId = requireCommunity(auth);
      const zone = await db.one<{ id: number }>('SELECT id FROM zones WHERE community_id = $1 AND uuid = $2', [communityId, params.zoneUuid]);
      if (!zone) throw new AppError('not_found', ZONE_NOT_FOUND);
      return db.query<Street>(`SELECT ${SELECT} FROM ${FROM} WHERE s.community_id = $1 AND s.zone_id = $2 ORDER BY s.name, s.id`,
        [communityId, zone.id]);
    },
  });

  defineRoute(app, {
    operationId: 'getStreet', response: StreetAnswerSchema, errors: [404],
    method: 'GET', url: '/api/streets/:uuid', summary: 'Una calle del fraccionamiento activo', tags,
    access: LOCATION_READERS, params: UuidParamsSchema,
    handler: async ({ auth, params }): Promise<Street> => {
      const street = await db.one<Street>(`SELECT ${SELECT} FROM ${FROM} WHERE s.community_id = $1 AND s.uuid = $2`,
        [requireCommunity(auth), params.uuid]);
      if (!street) throw new AppError('not_found', NOT_FOUND);
      return street;
    },
  });

  defineRoute(app, {
    operationId: 'createStreets', response: v.array(StreetAnswerSchema), errors: [404, 409],
    method: 'POST', url: '/api/streets', summary: 'Registra calles (lista) en zonas del fraccionamiento activo', tags,
    access: LOCATION_EDITORS, body: CreateStreetSchema, status: 201,
    handler: async ({ auth, body }): Promise<Street[]> => {
      const communityId = requireCommunity(auth);
      return withConstraints(constraints, () => db.tx(async (q) => {
        await assertInCommunity(q, 'zones', communityId, body.map((s) => s.idZone), ZONE_NOT_FOUND);
        const ids: number[] = [];
        for (const street of body) {
          const row = await q.one<{ id: number }>(
            'INSERT INTO streets (community_id, zone_id, name) VALUES ($1, $2, $3) RETURNING id', [communityId, street.idZone, street.name]);
          ids.push(row!.id);
        }
        return streetsByIds(q, ids);
      }));
    },
  });

  defineRoute(app, {
    operationId: 'updateStreet', response: StreetAnswerSchema, errors: [404, 409],
    method: 'PUT', url: '/api/streets/:uuid', summary: 'Actualiza el nombre o la zona de una calle', tags,
    access: LOCATION_EDITORS, params: UuidParamsSchema, body: StreetSchema,
    handler: async ({ auth, params, body }): Promise<Street> => {
      const communityId = requireCommunity(auth);
      const id = await withConstraints(constraints, () => db.tx(async (q) => {
        const row = await q.one<{ id: number }>('SELECT id FROM streets WHERE community_id = $1 AND uuid = $2', [communityId, params.uuid]);
        if (!row) throw new AppError('not_found', NOT_FOUND);
        await assertInCommunity(q, 'zones', communityId, [body.idZone], ZONE_NOT_FOUND);
        await q.query('UPDATE streets SET name = $2, zone_id = $3 WHERE id = $1', [row.id, body.name, body.idZone]);
        return row.id;
      }));
      return (await streetsByIds(db, [id]))[0];
    },
  });

  defineRoute(app, {
    operationId: 'deleteStreet', response: null, errors: [404, 409],
    method: 'DELETE', url: '/api/streets/:uuid', summary: 'Elimina una calle sin registros asociados', tags,
    access: LOCATION_DELETERS, params: UuidParamsSchema, status: 204,
    handler: async ({ auth, params }) => {
      const row = await withConstraints(constraints, () => db.one<{ id: number }>(
        'DELETE FROM streets WHERE community_id = $1 AND uuid = $2 RETURNING id', [requireCommunity(auth), params.uuid]));
      if (!row) throw new AppError('not_found', NOT_FOUND);
    },
  });
}
