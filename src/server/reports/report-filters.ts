/**
 * The WHERE clauses of the reports, from the validated filters: dates are
 * the community's local dates and ranges are inclusive; names are matched case- and
 * accent-insensitively as literal text (`%` and `_` mean themselves), through the folded-text
 * trigram indexes of migration 007. Every clause starts with the caller's community.
 */
import { AppError } from '../../shared/platform/errors.js';
import { REPORT_TIME_ZONE, ReportMessages } from '../../shared/reports/report-rules.js';
import type { Queryable } from '../platform/db/db.js';

export interface Filter {
  where: string[];
  params: unknown[];
  filtered: boolean;
}

/** `%term%` with LIKE's wildcards and escape character written as themselves. */
export const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Start of a local date, as a timestamptz expression of parameter `$n`. */
const dayStart = (n: number) => `($${n}::date::timestamp AT TIME ZONE '${REPORT_TIME_ZONE}')`;
const dayEnd = (n: number) => `(($${n}::date + 1)::timestamp AT TIME ZONE '${REPORT_TIME_ZONE}')`;

export function filterOf(communityColumn: string, communityId: number): Filter {
  return { where: [`${communityColumn} = $1`], params: [communityId], filtered: false };
}

const add = (f: Filter, clause: (n: number) => string, ...values: unknown[]) => {
  const first = f.params.length + 1;
  f.params.push(...values);
  f.where.push(clause(first));
  f.filtered = true;
};

/** `column` within the local dates `from`..`to`, both included. */
export function addDateRange(f: Filter, column: string, from: string, to: string) {
  if (from && to) add(f, (n) => `${column} >= ${dayStart(n)} AND ${column} < ${dayEnd(n + 1)}`, from, to);
}

/** `folded` (an expression over folded text) contains `term`, ignoring case and accents. */
export function addContains(f: Filter, folded: string, term: string) {
  if (term) add(f, (n) => `${folded} LIKE fold_text($${n})`, containsPattern(term));
}

/** Visits of the residents of the community whose name contains `term`. */
export function addResidentName(f: Filter, residentColumn: string, term: string) {
  if (term) {
    add(
      f,
      (n) => `${residentColumn} IN (SELECT r.id FROM residents r WHERE r.community_id = $1
      AND resident_name_text(r.first_name, r.last_name) LIKE fold_text($${n}))`,
      containsPattern(term),
    );
  }
}

export function addEquals(f: Filter, column: string, value: unknown) {
  add(f, (n) => `${column} = $${n}`, value);
}

/** The uuid of a gate of the community given by uuid or idGate; another community's gate is 404. */
export async function gateUuidOf(q: Queryable, communityId: number, idOrUuid: string): Promise<string> {
  const byId = /^\d+$/.test(idOrUuid);
  const row = await q.one<{ uuid: string }>(
    `SELECT uuid FROM gates WHERE community_id = $1 AND ${byId ? 'id = $2::int' : 'uuid = $2::uuid'}`,
    [communityId, idOrUuid],
  );
  if (!row)
    throw new AppError('not_found', ReportMessages.gateNotFound, { idGateArrival: ReportMessages.gateNotFound });
  return row.uuid;
}

export const whereSql = (f: Filter) => f.where.join(' AND ');
