import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { pageOf } from '../../shared/schemas/answer.schema.js';
import { GateAnswerSchema } from '../../shared/schemas/catalogue.answer.js';
import type { Page } from '../../shared/api-types.js';
import { LOCATION_DELETERS, LOCATION_EDITORS, LOCATION_READERS } from '../../shared/catalogue-access.js';
import type { Gate } from '../../shared/catalogue-types.js';
import { AppError } from '../../shared/errors.js';
import { CreateGateSchema, GateSchema, UuidParamsSchema } from '../../shared/schemas/catalogue.schema.js';
import type { Queryable } from '../db/db.js';
import { withConstraints } from '../db/db-errors.js';
import type { AppDeps } from '../deps.js';
import { ListQuerySchema, pageQuery } from '../http/list-query.js';
import { defineRoute, requireCommunity } from '../http/route.js';

const NOT_FOUND = 'La puerta de acceso no existe.';
const constraints = {
  duplicate: 'Ya existe una puerta de acceso con ese nombre en el fraccionamiento.',
  inUse: 'No es posible eliminar la puerta de acceso porque tiene registros asociados.',
};

const SELECT = `g.uuid, g.id AS "idGate", g.name, g.community_id AS "idFrac",
  json_build_object('uuid', c.uuid, 'name', c.name) AS "testFrac"`;
const FROM = 'gates g JOIN communities c ON c.id = g.community_id';

const gatesByIds = (q: Queryable, ids: number[]) =>
  q.query<Gate>(`SELECT ${SELECT} FROM ${FROM} WHERE g.id = ANY($1::int[]) ORDER BY g.id`, [ids]);

/** Access gates of the active community (spec 3 'Puertas de acceso', §7 api/gates). */
export function gateRoutes(app: FastifyInstance, { db }: AppDeps) {
  const tags = ['puertas de acceso'];

  defineRoute(app, {
    operationId: 'listGates', response: pageOf(GateAnswerSchema), errors: [404],
    method: 'GET', url: '/api/gates', summary: 'Puertas de acceso (paginado, búsqueda por nombre)', tags,
    access: LOCATION_READERS, query: ListQuerySchema,
    handler: async ({ auth, query }): Promise<Page<Gate>> => pageQuery<Gate>(db, {
      select: SELECT, from: FROM, where: ['g.community_id = $1'], params: [requireCommunity(auth)],
      searchColumns: ['g.name'], orderBy: 'g.name, g.id',
    }, query),
  });

  defineRoute(app, {
    operationId: 'listGateOptions', response: v.array(GateAnswerSchema), errors: [404],
    method: 'GET', url: '/api/gates/complete', summary: 'Todas las puertas de acceso del fraccionamiento activo (opciones)', tags,
    access: LOCATION_READERS,
    handler: async ({ auth }): Promise<Gate[]> =>
      db.query<Gate>(`SELECT ${SELECT} FROM ${FROM} WHERE g.community_id = $1 ORDER BY g.name, g.id`, [requireCommunity(auth)]),
  });

  defineRoute(app, {
    operationId: 'getGate', response: GateAnswerSchema, errors: [404],
    method: 'GET', url: '/api/gates/:uuid', summary: 'Una puerta de acceso del fraccionamiento activo', tags,
    access: LOCATION_READERS, params: UuidParamsSchema,
    handler: async ({ auth, params }): Promise<Gate> => {
      const gate = await db.one<Gate>(`SELECT ${SELECT} FROM ${FROM} WHERE g.community_id = $1 AND g.uuid = $2`,
        [requireCommunity(auth), params.uuid]);
      if (!gate) throw new AppError('not_found', NOT_FOUND);
      return gate;
    },
  });

  defineRoute(app, {
    operationId: 'createGates', response: v.array(GateAnswerSchema), errors: [404, 409],
    method: 'POST', url: '/api/gates', summary: 'Registra puertas de acceso (lista) en el fraccionamiento activo', tags,
    access: LOCATION_EDITORS, body: CreateGateSchema, status: 201,
    handler: async ({ auth, body }): Promise<Gate[]> => {
      const communityId = requireCommunity(auth);
      return withConstraints(constraints, () => db.tx(async (q) => {
        const ids: number[] = [];
        for (const gate of body) {
          const row = await q.one<{ id: number }>('INSERT INTO gates (community_id, name) VALUES ($1, $2) RETURNING id', [communityId, gate.name]);
          ids.push(row!.id);
        }
        return gatesByIds(q, ids);
      }));
    },
  });

  defineRoute(app, {
    operationId: 'updateGate', response: GateAnswerSchema, errors: [404, 409],
    method: 'PUT', url: '/api/gates/:uuid', summary: 'Actualiza una puerta de acceso', tags,
    access: LOCATION_EDITORS, params: UuidParamsSchema, body: GateSchema,
    handler: async ({ auth, params, body }): Promise<Gate> => {
      const row = await withConstraints(constraints, () => db.one<{ id: number }>(
        'UPDATE gates SET name = $3 WHERE community_id = $1 AND uuid = $2 RETURNING id', [requireCommunity(auth), params.uuid, body.name]));
      if (!row) throw new AppError('not_found', NOT_FOUND);
      return (await gatesByIds(db, [row.id]))[0];
    },
  });

  defineRoute(app, {
    operationId: 'deleteGate', response: null, errors: [404, 409],
    method: 'DELETE', url: '/api/gates/:uuid', summary: 'Elimina una puerta de acceso', tags,
    access: LOCATION_DELETERS, params: UuidParamsSchema, status: 204,
    handler: async ({ auth, params }) => {
      const row = await withConstraints(constraints, () => db.one<{ id: number }>(
        'DELETE FROM gates WHERE community_id = $1 AND uuid = $2 RETURNING id', [requireCommunity(auth), params.uuid]));
      if (!row) throw new AppError('not_found', NOT_FOUND);
    },
  });
}
