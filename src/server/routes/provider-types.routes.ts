import type { FastifyInstance } from 'fastify';
import { NamedItemSchema, ProviderTypePageSchema } from '../../shared/schemas/catalogue.answer.js';
import { PROVIDER_TYPE_EDITORS, PROVIDER_TYPE_READERS } from '../../shared/catalogue-access.js';
import type { NamedItem, ProviderTypePage } from '../../shared/catalogue-types.js';
import { AppError } from '../../shared/errors.js';
import { CatalogueNameSchema, UpdateCatalogueSchema, UuidParamsSchema } from '../../shared/schemas/catalogue.schema.js';
import { withConstraints } from '../db/db-errors.js';
import type { AppDeps } from '../deps.js';
import { ListQuerySchema, pageQuery } from '../http/list-query.js';
import { defineRoute, requireCommunity } from '../http/route.js';

const NOT_FOUND = 'El tipo de proveedor no existe.';
const constraints = {
  duplicate: 'Ya existe un tipo de proveedor con ese nombre en el fraccionamiento.',
  inUse: 'No es posible eliminar el tipo de proveedor porque tiene registros asociados.',
};
const SELECT = 'p.uuid, p.name';

/**
 * Provider types ('Proveedores', spec 3 §7 api/providerTypes), kept per community: the menu gives
 * them to the community administrator, so one community's list never changes another's.
 */
export function providerTypeRoutes(app: FastifyInstance, { db }: AppDeps) {
  const tags = ['proveedores'];

  defineRoute(app, {
    operationId: 'listProviderTypes', response: ProviderTypePageSchema, errors: [404],
    method: 'GET', url: '/api/providerTypes', summary: 'Tipos de proveedor del fraccionamiento activo (lista bajo data, paginada)', tags,
    access: PROVIDER_TYPE_READERS, query: ListQuerySchema,
    handler: async ({ auth, query }): Promise<ProviderTypePage> => {
      const page = await pageQuery<NamedItem>(db, {
        select: SELECT, from: 'provider_types p', where: ['p.community_id = $1'], params: [requireCommunity(auth)],
        searchColumns: ['p.name'], orderBy: 'p.name, p.id',
      }, query);
      return { ...page, data: page.content };
    },
  });

  defineRoute(app, {
    operationId: 'getProviderType', response: NamedItemSchema, errors: [404],
    method: 'GET', url: '/api/providerTypes/:uuid', summary: 'Un tipo de proveedor del fraccionamiento activo', tags,
    access: PROVIDER_TYPE_READERS, params: UuidParamsSchema,
    handler: async ({ auth, params }): Promise<NamedItem> => {
      const row = await db.one<NamedItem>(`SELECT ${SELECT} FROM provider_types p WHERE p.community_id = $1 AND p.uuid = $2`,
        [requireCommunity(auth), params.uuid]);
      if (!row) throw new AppError('not_found', NOT_FOUND);
      return row;
    },
  });

  defineRoute(app, {
    operationId: 'createProviderType', response: NamedItemSchema, errors: [404, 409],
    method: 'POST', url: '/api/providerTypes', summary: 'Registra un tipo de proveedor', tags,
    access: PROVIDER_TYPE_EDITORS, body: CatalogueNameSchema, status: 201,
    handler: async ({ auth, body }): Promise<NamedItem> => (await withConstraints(constraints, () => db.one<NamedItem>(
      `INSERT INTO provider_types AS p (community_id, name) VALUES ($1, $2) RETURNING ${SELECT}`, [requireCommunity(auth), body.name])))!,
  });

  defineRoute(app, {
    operationId: 'updateProviderType', response: NamedItemSchema, errors: [404, 409],
    method: 'PUT', url: '/api/providerTypes/:uuid', summary: 'Actualiza un tipo de proveedor', tags,
    access: PROVIDER_TYPE_EDITORS, params: UuidParamsSchema, body: UpdateCatalogueSchema,
    handler: async ({ auth, params, body }): Promise<NamedItem> => {
      const row = await withConstraints(constraints, () => db.one<NamedItem>(
        `UPDATE provider_types p SET name = $3 WHERE p.community_id = $1 AND p.uuid = $2 RETURNING ${SELECT}`,
        [requireCommunity(auth), params.uuid, body.name]));
      if (!row) throw new AppError('not_found', NOT_FOUND);
      return row;
    },
  });

  defineRoute(app, {
    operationId: 'deleteProviderType', response: null, errors: [404, 409],
    method: 'DELETE', url: '/api/providerTypes/:uuid', summary: 'Elimina un tipo de proveedor', tags,
    access: PROVIDER_TYPE_EDITORS, params: UuidParamsSchema, status: 204,
    handler: async ({ auth, params }) => {
      const row = await withConstraints(constraints, () => db.one<{ id: number }>(
        'DELETE FROM provider_types WHERE community_id = $1 AND uuid = $2 RETURNING id', [requireCommunity(auth), params.uuid]));
      if (!row) throw new AppError('not_found', NOT_FOUND);
    },
  });
}
