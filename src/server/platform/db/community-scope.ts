import type { Page } from '../../../shared/platform/api-types.js';
import { AppError } from '../../../shared/platform/errors.js';
import type { AuthContext } from '../http/auth-context.js';
import { pageQuery, type ListQuery } from '../http/list-query.js';
import { requireCommunity } from '../http/route.js';
import type { Db, Queryable } from './db.js';

/**
 * The tables whose rows belong to one community: every table the migrations create with a
 * `community_id` of its own (a boundary test keeps this list equal to theirs). Only these are
 * reached through a scope; anything else (communities, users, global catalogues) is not community data.
 */
export type CommunityTable =
  | 'zones'
  | 'streets'
  | 'common_areas'
  | 'gates'
  | 'provider_types'
  | 'residents'
  | 'administrative_residents'
  | 'user_communities'
  | 'visits'
  | 'visit_totals'
  | 'common_area_visits'
  | 'devices'
  | 'device_presence'
  | 'device_parents'
  | 'content_posts'
  | 'massive_events'
  | 'contractors'
  | 'constructions'
  | 'construction_workers'
  | 'gate_sync_records';

/** A community table under an alias, and the rows joined to it (reached by their foreign keys from it). */
export interface ScopedFrom {
  table: CommunityTable;
  alias: string;
  /** `JOIN … ON …` clauses after the scoped table; their rows are the scoped row's (composite keys on (id, community_id)). */
  joins?: string;
}

/** A select over a scoped table. Conditions and params are the caller's own, numbered from `$1`; the community is added after them. */
export interface ScopedSelect {
  select: string;
  from: ScopedFrom;
  where?: string[];
  params?: unknown[];
  /** `GROUP BY` of a summary (rows per construction); the community condition still applies to every row. */
  groupBy?: string;
  orderBy?: string;
  limit?: number;
  /** Lock the scoped table's rows (`FOR UPDATE OF alias`), inside a transaction. */
  forUpdate?: boolean;
}

/** A paginated, searched list over a scoped table (`pageQuery`'s spec, with the community added by the scope). */
export interface ScopedPage extends Omit<ScopedSelect, 'groupBy' | 'orderBy' | 'limit' | 'forUpdate'> {
  searchColumns: string[];
  orderBy: string;
  separateCount?: boolean;
}

/** A row of a scoped table named by its uuid (input) or its id (already found in this scope). */
export type RowKey = { uuid: string } | { id: number };

/**
 * How a written row is answered in the statement that wrote it: `select` over the row under `alias`,
 * with the rows joined to it (as `ScopedFrom`'s joins). One statement, so the answer is the row as stored.
 */
export interface ReadBack {
  select: string;
  alias: string;
  joins?: string;
}

/** An SQL expression written in code as a column's value (`NOW`), never built from input. */
export class SqlValue {
  constructor(readonly sql: string) {}
}
/** The transaction's time, as `now()` writes it. */
export const NOW = new SqlValue('now()');

/** Column values of an insert or an update; keys are column names written in code, never input. */
export type Values = Record<string, unknown>;

/** Each value's SQL: a parameter numbered from `first`, or the expression of an `SqlValue`. */
function placeholders(values: unknown[], first: number) {
  const params: unknown[] = [];
  const sql = values.map((value) => {
    if (value instanceof SqlValue) return value.sql;
    params.push(value);
    return `$${first + params.length - 1}`;
  });
  return { sql, params };
}

const COLUMN = /^[a-z_][a-z0-9_]*$/;
function columnsOf(values: Values): string[] {
  const columns = Object.keys(values);
  for (const column of columns) {
    if (!COLUMN.test(column) || column === 'community_id') throw new Error(`Not a column a scope may write: ${column}`);
  }
  return columns;
}
const keyCondition = (key: RowKey, n: number) => ('uuid' in key ? `uuid = $${n}` : `id = $${n}`);
const keyValue = (key: RowKey) => ('uuid' in key ? key.uuid : key.id);

/** `INSERT INTO table (community_id, …) VALUES ($1, …)`: the community is `$1`, the values follow. */
function insertSql(table: CommunityTable, values: Values) {
  const columns = columnsOf(values);
  const set = placeholders(
    columns.map((c) => values[c]),
    2,
  );
  return {
    sql: `INSERT INTO ${table} (community_id${columns.map((c) => `, ${c}`).join('')}) VALUES ($1${set.sql.map((v) => `, ${v}`).join('')})`,
    params: set.params,
  };
}

/** `UPDATE table SET … WHERE community_id = $1 AND <key> = $2 [AND onlyIf]`: the values follow from `$3`. */
function updateSql(table: CommunityTable, key: RowKey, values: Values, onlyIf: string[]) {
  const columns = columnsOf(values);
  const set = placeholders(
    columns.map((c) => values[c]),
    3,
  );
  const where = [`community_id = $1`, keyCondition(key, 2), ...onlyIf.map((w) => `(${w})`)];
  return {
    sql: `UPDATE ${table} SET ${columns.map((c, i) => `${c} = ${set.sql[i]}`).join(', ')} WHERE ${where.join(' AND ')}`,
    params: set.params,
  };
}

/** A write whose rows (`RETURNING *`) are read back under `read.alias` in the same statement. */
const readBack = (write: string, read: ReadBack) =>
  `WITH written AS (${write} RETURNING *) SELECT ${read.select} FROM written ${read.alias}${read.joins ? ` ${read.joins}` : ''}`;

/**
 * One community's data: every read, insert, update and
 * delete it runs carries `community_id` itself, so a route holding a scope cannot forget the filter,
 * and a row of another community is simply not there (the caller answers 404). Routes get one bound
 * to the session's community with `communityScope(db, auth)` (or, with no session community, to the
 * one a device or a code names with `communityScopeOf`); `tx` hands out the same scope over the
 * transaction's connection.
 */
export class CommunityScope {
  constructor(
    private readonly q: Queryable,
    readonly communityId: number,
    private readonly db?: Db,
  ) {}

  /** `SELECT … FROM table alias joins WHERE alias.community_id = $k AND …`. */
  select<T>(s: ScopedSelect): Promise<T[]> {
    const { sql, params } = this.sqlOf(s);
    return this.q.query<T>(sql, params);
  }

  /** The first row of `select` (or undefined). */
  async first<T>(s: ScopedSelect): Promise<T | undefined> {
    const { sql, params } = this.sqlOf(s);
    return this.q.one<T>(sql, params);
  }

  /** One page of a list (`{ content, totalElements, … }`), searched and ordered, only this community's rows. */
  page<T>(s: ScopedPage, query: ListQuery): Promise<Page<T>> {
    const { where, params } = this.conditions(s);
    return pageQuery<T>(
      this.q,
      {
        select: s.select,
        from: this.fromOf(s.from),
        where,
        params,
        searchColumns: s.searchColumns,
        orderBy: s.orderBy,
        separateCount: s.separateCount,
      },
      query,
    );
  }

  /**
   * The rows of a database function that takes the community as its first argument: a search that
   * runs as the tables' owner so that an index serves it, and keeps the wall itself (it answers only
   * for a community the transaction sees). `args` follow the community.
   */
  ofFunction<T>(name: `porton_${string}`, args: unknown[]): Promise<T[]> {
    if (!/^porton_[a-z_]+$/.test(name)) throw new Error(`not a function name: ${name}`);
    const slots = args.map((_, i) => `$${i + 2}`);
    return this.q.query<T>(`SELECT * FROM ${name}($1${slots.length ? `, ${slots.join(', ')}` : ''})`, [
      this.communityId,
      ...args,
    ]);
  }

  /** The id of a row of this community (`forUpdate` locks it), or undefined for another community's row or none. */
  async idOf(table: CommunityTable, key: RowKey, options: { forUpdate?: boolean } = {}): Promise<number | undefined> {
    const row = await this.q.one<{ id: number }>(
      `SELECT id FROM ${table} WHERE community_id = $1 AND ${keyCondition(key, 2)}${options.forUpdate ? ' FOR UPDATE' : ''}`,
      [this.communityId, keyValue(key)],
    );
    return row?.id;
  }

  /**
   * Checks that every referenced id (`idZone`, `idStreet`, …) is a row of this community; an id of
   * another community answers 404 with `message`, like an id that does not exist.
   */
  async assertIds(table: CommunityTable, ids: number[], message: string): Promise<void> {
    const wanted = [...new Set(ids)];
    const found = await this.q.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${table} WHERE community_id = $1 AND id = ANY($2::int[])`,
      [this.communityId, wanted],
    );
    if ((found?.n ?? 0) !== wanted.length) throw new AppError('not_found', message);
  }

  /** Inserts one row of this community (the scope writes `community_id`); answers its id. */
  async insert(table: CommunityTable, values: Values): Promise<number> {
    const { sql, params } = insertSql(table, values);
    const row = await this.q.one<{ id: number }>(`${sql} RETURNING id`, [this.communityId, ...params]);
    return row!.id;
  }

  /** Inserts one row of this community and answers it as `read` shows it, in the same statement. */
  async insertAndRead<T>(table: CommunityTable, values: Values, read: ReadBack): Promise<T> {
    const { sql, params } = insertSql(table, values);
    return (await this.q.one<T>(readBack(sql, read), [this.communityId, ...params]))!;
  }

  /**
   * Inserts one row of this community into a table without an `id` (a membership); the scope writes
   * `community_id`. `ifAbsent` leaves a row that is already there as it is (`ON CONFLICT DO NOTHING`).
   */
  async insertRow(table: CommunityTable, values: Values, options: { ifAbsent?: boolean } = {}): Promise<void> {
    const { sql, params } = insertSql(table, values);
    await this.q.query(`${sql}${options.ifAbsent ? ' ON CONFLICT DO NOTHING' : ''}`, [this.communityId, ...params]);
  }

  /** Updates a row of this community; answers its id, or undefined when this community has no such row. */
  async update(table: CommunityTable, key: RowKey, values: Values): Promise<number | undefined> {
    if (!columnsOf(values).length) return this.idOf(table, key);
    const { sql, params } = updateSql(table, key, values, []);
    const row = await this.q.one<{ id: number }>(`${sql} RETURNING id`, [this.communityId, keyValue(key), ...params]);
    return row?.id;
  }

  /**
   * Updates a row of this community when it also meets `onlyIf` (conditions on its own columns,
   * written in code, without parameters: a visit still open), and answers it as `read` shows it, in
   * the same statement; undefined when this community has no such row or it does not meet them.
   */
  async updateAndRead<T>(
    table: CommunityTable,
    key: RowKey,
    values: Values,
    read: ReadBack,
    onlyIf: string[] = [],
  ): Promise<T | undefined> {
    if (!columnsOf(values).length) throw new Error('updateAndRead needs a value to write');
    const { sql, params } = updateSql(table, key, values, onlyIf);
    return this.q.one<T>(readBack(sql, read), [this.communityId, keyValue(key), ...params]);
  }

  /** Deletes a row of this community; answers its id, or undefined when this community has no such row. */
  async delete(table: CommunityTable, key: RowKey): Promise<number | undefined> {
    const row = await this.q.one<{ id: number }>(
      `DELETE FROM ${table} WHERE community_id = $1 AND ${keyCondition(key, 2)} RETURNING id`,
      [this.communityId, keyValue(key)],
    );
    return row?.id;
  }

  /** Deletes this community's rows of `table` that match the caller's conditions (`$1..$n`); answers how many. */
  async deleteWhere(table: CommunityTable, where: string[], params: unknown[]): Promise<number> {
    if (!where.length) throw new Error('deleteWhere needs a condition of its own');
    const all = [...params, this.communityId];
    const rows = await this.q.query<{ n: number }>(
      `WITH gone AS (DELETE FROM ${table} WHERE community_id = $${all.length} AND ${where.map((w) => `(${w})`).join(' AND ')} RETURNING 1)
       SELECT count(*)::int AS n FROM gone`,
      all,
    );
    return rows[0]?.n ?? 0;
  }

  /**
   * Runs `fn` in one transaction with this community's scope over it (inside a transaction already:
   * the same one). `q` is the transaction's connection, for rows that are not community rows
   * themselves (a resident's phones, an event's guests) once their parent was found through the scope.
   */
  tx<T>(fn: (scope: CommunityScope, q: Queryable) => Promise<T>): Promise<T> {
    if (!this.db) return fn(this, this.q);
    return this.db.tx((q) => fn(new CommunityScope(q, this.communityId), q));
  }

  private fromOf(from: ScopedFrom) {
    return `${from.table} ${from.alias}${from.joins ? ` ${from.joins}` : ''}`;
  }

  /**
   * The caller's conditions after the community's, whose parameter follows the caller's. Each is
   * parenthesised, so a condition with an OR cannot reach around the community's.
   */
  private conditions(s: Pick<ScopedSelect, 'from' | 'where' | 'params'>) {
    const params = [...(s.params ?? []), this.communityId];
    return {
      where: [`${s.from.alias}.community_id = $${params.length}`, ...(s.where ?? []).map((w) => `(${w})`)],
      params,
    };
  }

  private sqlOf(s: ScopedSelect) {
    const { where, params } = this.conditions(s);
    const sql =
      `SELECT ${s.select} FROM ${this.fromOf(s.from)} WHERE ${where.join(' AND ')}` +
      `${s.groupBy ? ` GROUP BY ${s.groupBy}` : ''}${s.orderBy ? ` ORDER BY ${s.orderBy}` : ''}${s.limit !== undefined ? ` LIMIT ${Math.trunc(s.limit)}` : ''}` +
      `${s.forUpdate ? ` FOR UPDATE OF ${s.from.alias}` : ''}`;
    return { sql, params };
  }
}

/**
 * The session's community as a scope: the one way a route reaches community tables. A session
 * without an active community answers 404 ('No tienes un fraccionamiento activo.').
 */
export function communityScope(db: Db, auth: AuthContext): CommunityScope {
  return new CommunityScope(db, requireCommunity(auth), db);
}

/**
 * A community known otherwise than by the session, as a scope: a linked device's own community (its
 * token), or the community of the row a public code names (a device's link code, a resident's
 * registration code), once the code was found. The caller vouches for the id; everything after goes
 * through the scope as with `communityScope`. Over the database, `tx` opens a transaction; over a
 * transaction's connection, the scope stays in it.
 */
export function communityScopeOf(q: Db | Queryable, communityId: number): CommunityScope {
  return 'tx' in q ? new CommunityScope(q, communityId, q) : new CommunityScope(q, communityId);
}
