import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { listOrPageOf } from '../../shared/platform/answer.schema.js';
import type { Page } from '../../shared/platform/api-types.js';
import { AppError } from '../../shared/platform/errors.js';
import type { Role } from '../../shared/platform/roles.js';
import { UuidParamsSchema } from '../../shared/catalogues/catalogue.schema.js';
import {
  communityScope,
  type CommunityScope,
  type CommunityTable,
  type ScopedFrom,
  type Values,
} from '../platform/db/community-scope.js';
import type { AppDeps } from '../deps.js';
import { withConstraints } from '../platform/db/db-errors.js';
import { WholeOrPageQuerySchema, wholeOrPage } from '../platform/http/list-query.js';
import { tablesRead } from './catalogue-reads.js';
import { defineRoute } from '../platform/http/route.js';

type AnySchema = v.GenericSchema<unknown, unknown>;

/** A list of every row for a select (no page): all of the community's, or all of one parent row's (a zone's streets). */
export interface CatalogueOptions {
  operationId: string;
  url: string;
  summary: string;
  access: readonly Role[];
  /** The rows of one parent, named by a uuid in the path; a parent of another community answers 404 `notFound`. */
  parent?: { params: AnySchema; param: string; table: CommunityTable; column: string; notFound: string };
}

/**
 * One catalogue of a community ('Catálogos': zones, streets, common areas, gates, provider
 * types), as data: `registerCommunityCatalogue` gives it its list, options, get, create, update and
 * delete routes, every query through the session's `CommunityScope`. The list and option answers
 * come from the catalogue cache (per community and request; migration 019's events drop them).
 */
export interface CommunityCatalogue<C extends AnySchema, U extends AnySchema> {
  /** The resource's name in operation ids, singular and plural: `Zone`, `Zones`. */
  name: { one: string; many: string };
  tag: string;
  /** Base path of get, create, update and delete (`/api/zones`). */
  url: string;
  /** The page's path when it is not `url` (`/api/commonareas/complete`). */
  listUrl?: string;
  /** The scoped table, its alias and the rows joined into an item (its community, a street's zone). */
  from: ScopedFrom;
  /** Columns of one item. The list is searched by `alias.name` and ordered by name, then id. */
  select: string;
  item: AnySchema;
  /**
   * The page's answer when it is more than the page (provider types repeat their rows under `data`);
   * read whole (no `page`), it is the same shape holding every row. Without it, a whole list is a list.
   */
  page?: { response: AnySchema; answer: (page: Page<unknown>) => unknown };
  access: { read: readonly Role[]; edit: readonly Role[]; delete: readonly Role[] };
  summaries: { list: string; get: string; create: string; update: string; delete: string };
  options?: CatalogueOptions[];
  /** The create body and the rows it inserts; `many`: a list of rows answered as a list (else one row answered alone). */
  create: { body: C; many: boolean; rows: (body: v.InferOutput<C>) => Values[] };
  update: { body: U; values: (body: v.InferOutput<U>) => Values };
  /** A column naming a row of another catalogue (a street's zone): it must be of the community, else 404 `notFound`. */
  ref?: { column: string; table: CommunityTable; notFound: string };
  /** `duplicate`: the name exists in its scope (409); `inUse`: a delete refused while other rows hang on it (409). */
  messages: { notFound: string; duplicate: string; inUse: string };
}

/** A catalogue's definition, its schemas' types inferred (route modules export theirs; tests read them). */
export const communityCatalogue = <C extends AnySchema, U extends AnySchema>(c: CommunityCatalogue<C, U>) => c;

export function registerCommunityCatalogue<C extends AnySchema, U extends AnySchema>(
  app: FastifyInstance,
  { db, catalogueCache: cache }: Pick<AppDeps, 'db' | 'catalogueCache'>,
  c: CommunityCatalogue<C, U>,
) {
  /** The item schema without its type parameter: TypeScript cannot follow a generic schema into the handler's answer type. */
  const item: AnySchema = c.item;
  const tags = [c.tag];
  const { alias } = c.from;
  const constraints = { duplicate: c.messages.duplicate, inUse: c.messages.inUse };
  const orderBy = `${alias}.name, ${alias}.id`;
  /** What a list answer is read from: a change to any of these tables (in its community) drops it. */
  const reads = tablesRead(c.from);
  const byIds = (scope: CommunityScope, ids: number[]) =>
    scope.select<unknown>({
      select: c.select,
      from: c.from,
      where: [`${alias}.id = ANY($1::int[])`],
      params: [ids],
      orderBy: `${alias}.id`,
    });
  const checkRef = async (scope: CommunityScope, rows: Values[]) => {
    if (c.ref)
      await scope.assertIds(
        c.ref.table,
        rows.map((row) => row[c.ref!.column] as number),
        c.ref.notFound,
      );
  };

  defineRoute(app, {
    operationId: `list${c.name.many}`,
    response: c.page?.response ?? listOrPageOf(item),
    errors: [404],
    method: 'GET',
    url: c.listUrl ?? c.url,
    summary: `${c.summaries.list}. Sin \`page\`, todos los registros`,
    tags,
    access: c.access.read,
    query: WholeOrPageQuerySchema,
    handler: async ({ auth, query: asked }) => {
      const scope = communityScope(db, auth);
      const query = wholeOrPage(asked);
      const request = JSON.stringify([`list${c.name.many}`, query.whole, query.page, query.size, query.search]);
      return cache.answer({ communityId: scope.communityId, reads, request }, async () => {
        const page = await scope.page<unknown>(
          { select: c.select, from: c.from, searchColumns: [`${alias}.name`], orderBy },
          query,
        );
        return c.page ? c.page.answer(page) : query.whole ? page.content : page;
      });
    },
  });

  for (const option of c.options ?? []) {
    const parent = option.parent;
    const optionReads = parent ? [...new Set([...reads, parent.table])] : reads;
    defineRoute(app, {
      operationId: option.operationId,
      response: v.array(item),
      errors: [404],
      method: 'GET',
      url: option.url,
      summary: option.summary,
      tags,
      access: option.access,
      params: parent?.params,
      handler: async ({ auth, params }) => {
        const scope = communityScope(db, auth);
        const parentUuid = parent ? (params as Record<string, string>)[parent.param] : null;
        const request = JSON.stringify([option.operationId, parentUuid]);
        return cache.answer({ communityId: scope.communityId, reads: optionReads, request }, async () => {
          if (!parent) return scope.select<unknown>({ select: c.select, from: c.from, orderBy });
          const parentId = await scope.idOf(parent.table, { uuid: parentUuid! });
          if (parentId === undefined) throw new AppError('not_found', parent.notFound);
          return scope.select<unknown>({
            select: c.select,
            from: c.from,
            where: [`${alias}.${parent.column} = $1`],
            params: [parentId],
            orderBy,
          });
        });
      },
    });
  }

  defineRoute(app, {
    operationId: `get${c.name.one}`,
    response: item,
    errors: [404],
    method: 'GET',
    url: `${c.url}/:uuid`,
    summary: c.summaries.get,
    tags,
    access: c.access.read,
    params: UuidParamsSchema,
    handler: async ({ auth, params }) => {
      const row = await communityScope(db, auth).first({
        select: c.select,
        from: c.from,
        where: [`${alias}.uuid = $1`],
        params: [params.uuid],
      });
      if (!row) throw new AppError('not_found', c.messages.notFound);
      return row;
    },
  });

  defineRoute(app, {
    operationId: `create${c.create.many ? c.name.many : c.name.one}`,
    response: c.create.many ? v.array(item) : item,
    errors: [404, 409],
    method: 'POST',
    url: c.url,
    summary: c.summaries.create,
    tags,
    access: c.access.edit,
    body: c.create.body,
    status: 201,
    handler: async ({ auth, body }) => {
      const rows = c.create.rows(body);
      const created = await withConstraints(constraints, () =>
        communityScope(db, auth).tx(async (scope) => {
          await checkRef(scope, rows);
          const ids: number[] = [];
          for (const row of rows) ids.push(await scope.insert(c.from.table, row));
          return byIds(scope, ids);
        }),
      );
      return c.create.many ? created : created[0];
    },
  });

  defineRoute(app, {
    operationId: `update${c.name.one}`,
    response: item,
    errors: [404, 409],
    method: 'PUT',
    url: `${c.url}/:uuid`,
    summary: c.summaries.update,
    tags,
    access: c.access.edit,
    params: UuidParamsSchema,
    body: c.update.body,
    handler: async ({ auth, params, body }) => {
      const values = c.update.values(body);
      return withConstraints(constraints, () =>
        communityScope(db, auth).tx(async (scope) => {
          const id = await scope.idOf(c.from.table, { uuid: params.uuid }, { forUpdate: true });
          if (id === undefined) throw new AppError('not_found', c.messages.notFound);
          await checkRef(scope, [values]);
          await scope.update(c.from.table, { id }, values);
          return (await byIds(scope, [id]))[0];
        }),
      );
    },
  });

  defineRoute(app, {
    operationId: `delete${c.name.one}`,
    response: null,
    errors: [404, 409],
    method: 'DELETE',
    url: `${c.url}/:uuid`,
    summary: c.summaries.delete,
    tags,
    access: c.access.delete,
    params: UuidParamsSchema,
    status: 204,
    handler: async ({ auth, params }) => {
      const id = await withConstraints(constraints, () =>
        communityScope(db, auth).delete(c.from.table, { uuid: params.uuid }),
      );
      if (id === undefined) throw new AppError('not_found', c.messages.notFound);
    },
  });
}
