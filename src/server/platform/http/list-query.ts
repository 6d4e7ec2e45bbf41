import * as v from 'valibot';
import type { Page } from '../../../shared/platform/api-types.js';
import { PAGE_SIZE } from '../../../shared/platform/constants.js';
import type { Queryable } from '../db/db.js';

/** Query string of every list: `page` (0-based), `size`, `search` (case-insensitive contains). */
export const ListQuerySchema = v.object({
  page: v.optional(v.pipe(v.string(), v.regex(/^\d{1,6}$/, 'Página no válida.'), v.transform(Number)), '0'),
  size: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,3}$/, 'Tamaño de página no válido.'),
      v.transform(Number),
      v.minValue(1, 'Tamaño de página no válido.'),
      v.maxValue(100, 'Tamaño de página no válido.'),
    ),
    String(PAGE_SIZE),
  ),
  search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(64, 'La búsqueda es demasiado larga.')), ''),
});
export type ListQuery = v.InferOutput<typeof ListQuerySchema> & {
  /** Every match in one answer (no LIMIT): the list a client reads whole. */
  whole?: boolean;
};

/**
 * Query of a list a client may read whole (docs/decisions.md, "Lists and paging"): without
 * `page` the answer is every match, as a list; with `page`, one page of at most 100 (`size`).
 */
export const WholeOrPageQuerySchema = v.object({
  ...ListQuerySchema.entries,
  page: v.optional(v.pipe(v.string(), v.regex(/^\d{1,6}$/, 'Página no válida.'), v.transform(Number))),
  size: v.optional(ListQuerySchema.entries.size.wrapped),
});

/** The list query of `WholeOrPageQuerySchema`: `whole` when no page was asked for (size is then not read). */
export const wholeOrPage = (query: v.InferOutput<typeof WholeOrPageQuerySchema>): ListQuery & { whole: boolean } =>
  query.page === undefined
    ? { page: 0, size: PAGE_SIZE, search: query.search, whole: true }
    : { page: query.page, size: query.size ?? PAGE_SIZE, search: query.search, whole: false };

export const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface PageSpec {
  /** Select list, e.g. `g.uuid, g.name`. */
  select: string;
  /** FROM clause with joins. */
  from: string;
  /** Conditions joined with AND (community scope first); use $1.. for params. */
  where: string[];
  params: unknown[];
  /** Columns searched with ILIKE '%term%' (served by pg_trgm GIN indexes). */
  searchColumns: string[];
  orderBy: string;
  /**
   * Count the matches in a query of their own instead of a window over the page's query. For large
   * tables searched by a filter: the window makes the ordered index scan visit every match in name
   * order (random heap reads); counted alone they are read in physical order.
   */
  separateCount?: boolean;
}

/**
 * Runs one paginated, searched list query in the database: rows and total in one round trip.
 */
export async function pageQuery<T>(db: Queryable, spec: PageSpec, query: ListQuery): Promise<Page<T>> {
  const params = [...spec.params];
  const where = [...spec.where];
  if (query.search && spec.searchColumns.length) {
    params.push(`%${escapeLike(query.search)}%`);
    const n = params.length;
    where.push(`(${spec.searchColumns.map((c) => `${c} ILIKE $${n}`).join(' OR ')})`);
  }
  // A whole list: LIMIT NULL is no limit.
  params.push(query.whole ? null : query.size, query.whole ? 0 : query.page * query.size);
  if (spec.separateCount) return separatelyCounted<T>(db, spec, query, where, params);
  const sql = `SELECT ${spec.select}, count(*) OVER () AS __total FROM ${spec.from}
    ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY ${spec.orderBy}
    LIMIT $${params.length - 1} OFFSET $${params.length}`;
  const rows = await db.query<T & { __total?: number }>(sql, params);
  let total = rows.length ? Number(rows[0].__total) : 0;
  if (!rows.length && query.page > 0) {
    const count = await db.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${spec.from} ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`,
      params.slice(0, -2),
    );
    total = count?.n ?? 0;
  }
  // `__total` served the count only: each row leaves as the page's row.
  for (const row of rows) delete row.__total;
  return pageOfRows(rows, total, query);
}

/** The page, then (only when the page does not tell it) the number of matches. */
async function separatelyCounted<T>(
  db: Queryable,
  spec: PageSpec,
  query: ListQuery,
  where: string[],
  params: unknown[],
): Promise<Page<T>> {
  const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const rows = await db.query<T>(
    `SELECT ${spec.select} FROM ${spec.from} ${filter} ORDER BY ${spec.orderBy}
    LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  // A first page that is not full holds every match.
  const total =
    query.whole || (query.page === 0 && rows.length < query.size)
      ? rows.length
      : ((await db.one<{ n: number }>(`SELECT count(*)::int AS n FROM ${spec.from} ${filter}`, params.slice(0, -2)))
          ?.n ?? 0);
  return pageOfRows(rows, total, query);
}

/** The page answer of `rows`; a whole list is its one page. */
export function pageOfRows<T>(rows: T[], total: number, query: ListQuery): Page<T> {
  const size = query.whole ? Math.max(total, 1) : query.size;
  return { content: rows, totalElements: total, totalPages: Math.ceil(total / size), page: query.page, size };
}
