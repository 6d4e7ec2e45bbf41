import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { pageOf } from '../../shared/platform/answer.schema.js';
import type { Page } from '../../shared/platform/api-types.js';
import { GLOBAL_CATALOGUE_EDITORS } from '../../shared/catalogues/catalogue-access.js';
import { AppError } from '../../shared/platform/errors.js';
import {
  CreateCatalogueSchema,
  UpdateCatalogueSchema,
  UuidParamsSchema,
} from '../../shared/catalogues/catalogue.schema.js';
import type { Db } from '../platform/db/db.js';
import { withConstraints } from '../platform/db/db-errors.js';
import { ListQuerySchema, pageQuery } from '../platform/http/list-query.js';
import { defineRoute } from '../platform/http/route.js';

export interface GlobalCatalogue<S extends v.GenericSchema> {
  /** One item as the catalogue answers it. */
  item: S;
  /** The resource's name in operation ids, singular and plural: `Color`, `Colors`. */
  name: { one: string; many: string };
  table: 'car_brands' | 'colors' | 'user_types';
  /** Base path, e.g. `/api/colors`. */
  url: string;
  /** Further spellings the contract uses for the list (`api/userstypes/`) and the delete (`api/cardbrands/{uuid}`). */
  listAliases?: string[];
  deleteAliases?: string[];
  tag: string;
  /** Columns of one item; `uuid` and `name` at least. */
  select: string;
  messages: { notFound: string; duplicate: string; inUse: string };
  /** Answers a Spanish reason when the row may not be deleted (system user types). */
  refuseDelete?: (row: { id: number }) => string | null;
}

/**
 * The catalogues shared by every community ('Catálogos'): anyone signed in reads them,
 * only the general administrator changes them.
 */
export function registerGlobalCatalogue<S extends v.GenericSchema>(
  app: FastifyInstance,
  db: Db,
  c: GlobalCatalogue<S>,
) {
  type T = v.InferInput<S>;
  /** The item schema without its type parameter: TypeScript cannot follow a generic schema into the handler's answer type. */
  const item: v.GenericSchema = c.item;
  /** The contract's further spellings keep the operation's name plus the spelling (`listUserTypesAtTrailingSlash`). */
  const aliasId = (id: string, url: string, i: number) =>
    i === 0
      ? id
      : `${id}${
          url.endsWith('/')
            ? 'AtTrailingSlash'
            : `At${url
                .split('/')
                .pop()!
                .replace(/^./, (ch) => ch.toUpperCase())}`
        }`;
  const tags = [c.tag];
  const constraints = { duplicate: c.messages.duplicate, inUse: c.messages.inUse };
  const byIds = (q: Pick<Db, 'query'>, ids: number[]) =>
    q.query<T>(`SELECT ${c.select} FROM ${c.table} WHERE id = ANY($1::int[]) ORDER BY id`, [ids]);

  for (const [i, url] of [c.url, ...(c.listAliases ?? [])].entries()) {
    defineRoute(app, {
      operationId: aliasId(`list${c.name.many}`, url, i),
      response: pageOf(item),
      method: 'GET',
      url,
      summary: `Catálogo ${c.tag} (paginado, búsqueda por nombre)`,
      tags,
      access: 'signedIn',
      query: ListQuerySchema,
      handler: async ({ query }): Promise<Page<T>> =>
        pageQuery<T>(
          db,
          {
            select: c.select,
            from: c.table,
            where: [],
            params: [],
            searchColumns: ['name'],
            orderBy: 'name, id',
          },
          query,
        ),
    });
  }

  defineRoute(app, {
    operationId: `get${c.name.one}`,
    response: item,
    errors: [404],
    method: 'GET',
    url: `${c.url}/:uuid`,
    summary: `Un registro del catálogo ${c.tag}`,
    tags,
    access: 'signedIn',
    params: UuidParamsSchema,
    handler: async ({ params }): Promise<T> => {
      const row = await db.one<T>(`SELECT ${c.select} FROM ${c.table} WHERE uuid = $1`, [params.uuid]);
      if (!row) throw new AppError('not_found', c.messages.notFound);
      return row;
    },
  });

  defineRoute(app, {
    operationId: `create${c.name.many}`,
    response: v.array(item),
    errors: [409],
    method: 'POST',
    url: c.url,
    summary: `Registra en el catálogo ${c.tag} (lista de nombres)`,
    tags,
    access: GLOBAL_CATALOGUE_EDITORS,
    body: CreateCatalogueSchema,
    status: 201,
    handler: async ({ body }): Promise<T[]> =>
      withConstraints(constraints, () =>
        db.tx(async (q) => {
          const ids: number[] = [];
          for (const item of body) {
            const row = await q.one<{ id: number }>(`INSERT INTO ${c.table} (name) VALUES ($1) RETURNING id`, [
              item.name,
            ]);
            ids.push(row!.id);
          }
          return byIds(q, ids);
        }),
      ),
  });

  defineRoute(app, {
    operationId: `update${c.name.one}`,
    response: item,
    errors: [404, 409],
    method: 'PUT',
    url: `${c.url}/:uuid`,
    summary: `Actualiza un registro del catálogo ${c.tag}`,
    tags,
    access: GLOBAL_CATALOGUE_EDITORS,
    params: UuidParamsSchema,
    body: UpdateCatalogueSchema,
    handler: async ({ params, body }): Promise<T> => {
      const row = await withConstraints(constraints, () =>
        db.one<{ id: number }>(`UPDATE ${c.table} SET name = $2 WHERE uuid = $1 RETURNING id`, [
          params.uuid,
          body.name,
        ]),
      );
      if (!row) throw new AppError('not_found', c.messages.notFound);
      return (await byIds(db, [row.id]))[0];
    },
  });

  for (const [i, base] of [c.url, ...(c.deleteAliases ?? [])].entries()) {
    defineRoute(app, {
      operationId: aliasId(`delete${c.name.one}`, base, i),
      response: null,
      errors: [404, 409],
      method: 'DELETE',
      url: `${base}/:uuid`,
      summary: `Elimina un registro del catálogo ${c.tag}`,
      tags,
      access: GLOBAL_CATALOGUE_EDITORS,
      params: UuidParamsSchema,
      status: 204,
      handler: async ({ params }) => {
        await withConstraints(constraints, () =>
          db.tx(async (q) => {
            const row = await q.one<{ id: number }>(`SELECT id FROM ${c.table} WHERE uuid = $1 FOR UPDATE`, [
              params.uuid,
            ]);
            if (!row) throw new AppError('not_found', c.messages.notFound);
            const refusal = c.refuseDelete?.(row);
            if (refusal) throw new AppError('conflict', refusal);
            await q.query(`DELETE FROM ${c.table} WHERE id = $1`, [row.id]);
          }),
        );
      },
    });
  }
}
