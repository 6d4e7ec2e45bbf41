/**
 * The rows of a report, newest first, a batch at a time, never all at once: a server-side cursor
 * on PostgreSQL (`Db.cursor`, pg-cursor on a connection of its own), keyset pages on PGlite,
 * whose single connection a cursor would hold for the whole export. PGlite runs each query in this
 * thread, so a keyset page is kept short and the next one waits for a turn of the event loop: the
 * requests that came in meanwhile are answered between two pages, not after the whole export.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Db } from '../db/db.js';
import { whereSql, type Filter } from '../../reports/report-filters.js';

export interface OrderedQuery {
  /** Select list (the table is aliased by `from`). */
  select: string;
  /** The table alone, aliased (`visits v`), filtered by `filter`… */
  table: string;
  /** …then joined for the select list (`LEFT JOIN …`), after the page of ids is chosen. */
  joins: string;
  filter: Filter;
  /** The order: time column and id column of the table, both descending. */
  at: string;
  id: string;
}

interface Keyed {
  __at: string;
  __id: string;
}

export async function* orderedBatches<T>(db: Db, query: OrderedQuery, batchSize: number): AsyncGenerator<T[]> {
  const alias = query.table.split(/\s+/).at(-1)!;
  const order = `${query.at} DESC, ${query.id} DESC`;
  const sql = (keyset: string, limit: string) => `WITH chosen AS (
      SELECT ${alias}.* FROM ${query.table} WHERE ${whereSql(query.filter)}${keyset} ORDER BY ${order}${limit})
    SELECT ${query.select}, ${query.at}::text AS __at, ${query.id}::text AS __id
      FROM chosen ${alias} ${query.joins} ORDER BY ${order}`;
  if (db.cursor) {
    for await (const rows of db.cursor<T & Keyed>(sql('', ''), query.filter.params, batchSize)) yield rows;
    return;
  }
  let after: Keyed | null = null;
  for (;;) {
    // A promise resolved by a query is a microtask: without this, page after page would run before
    // any timer, socket or other request of the event loop.
    await nextTurn();
    const params = [...query.filter.params];
    let keyset = '';
    if (after) {
      params.push(after.__at, after.__id);
      keyset = ` AND (${query.at}, ${query.id}) < ($${params.length - 1}::timestamptz, $${params.length}::bigint)`;
    }
    params.push(batchSize);
    const rows = await db.query<T & Keyed>(sql(keyset, ` LIMIT $${params.length}`), params);
    if (rows.length) yield rows;
    if (rows.length < batchSize) return;
    after = rows.at(-1)!;
  }
}
