import type { AccessMode } from '../../shared/visits/visit.schema.js';
import type { DailyVisits, MonthlyVisits, ResidentSummary } from '../../shared/visits/visit-types.js';
import type { Queryable } from '../platform/db/db.js';
import type { AuthContext } from '../platform/http/auth-context.js';
import { requireCommunity } from '../platform/http/route.js';

/** Days and months are counted on the communities' clock (Mexico, no daylight saving since 2022). */
export const COMMUNITY_TIME_ZONE = 'America/Mexico_City';

/**
 * Whose figures: a community's for its staff (the session's community), every community's for
 * the general administrator (it has none of its own). `$1` is the community id or null.
 */
export interface StatsScope {
  communityId: number | null;
}
export const statsScope = (auth: AuthContext): StatsScope => ({
  communityId: auth.role === 'generalAdmin' ? null : requireCommunity(auth),
});

/** `$1` is always the community id (null for every community), so the SQL keeps one shape of parameters. */
const where = (scope: StatsScope, column: string) =>
  scope.communityId === null ? '$1::int IS NULL' : `${column} = $1`;
const args = (scope: StatsScope, ...rest: unknown[]) => [scope.communityId, ...rest];

/** Start and end of the current year on the community clock, as timestamptz ($2 = time zone). */
const YEAR = `(SELECT date_trunc('year', now() AT TIME ZONE $2) AT TIME ZONE $2 AS ys,
                      (date_trunc('year', now() AT TIME ZONE $2) + interval '1 year') AT TIME ZONE $2 AS ye)`;

export async function entriesByMode(q: Queryable, scope: StatsScope, mode: AccessMode) {
  const row = await q.one<{ total: number; year: number }>(
    `SELECT count(v.id)::int AS total, extract(year FROM b.ys AT TIME ZONE $2)::int AS year
       FROM ${YEAR} b LEFT JOIN visits v ON ${where(scope, 'v.community_id')} AND v.entered_at >= b.ys AND v.entered_at < b.ye
        AND v.access_mode = $3
      GROUP BY b.ys`,
    args(scope, COMMUNITY_TIME_ZONE, mode),
  );
  return { accessMode: mode, total: row!.total, year: row!.year };
}

export async function monthlyVisits(q: Queryable, scope: StatsScope): Promise<MonthlyVisits[]> {
  return q.query<MonthlyVisits>(
    `SELECT m.month, coalesce(c.total, 0)::int AS total FROM generate_series(1, 12) AS m(month)
       LEFT JOIN (SELECT extract(month FROM v.entered_at AT TIME ZONE $2)::int AS month, count(*) AS total
                    FROM visits v, ${YEAR} b
                   WHERE ${where(scope, 'v.community_id')} AND v.entered_at >= b.ys AND v.entered_at < b.ye
                   GROUP BY 1) c ON c.month = m.month
      ORDER BY m.month`,
    args(scope, COMMUNITY_TIME_ZONE),
  );
}

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

export async function dailyVisits(q: Queryable, scope: StatsScope): Promise<DailyVisits> {
  const today = (await q.one<{ year: number; month: number; day: number }>(
    `SELECT extract(year FROM l)::int AS year, extract(month FROM l)::int AS month, extract(day FROM l)::int AS day
       FROM (SELECT now() AT TIME ZONE $1 AS l) t`,
    [COMMUNITY_TIME_ZONE],
  ))!;
  const months = await monthlyVisits(q, scope);
  const days = await q.query<{ day: number; total: number }>(
    `SELECT d.day, coalesce(c.total, 0)::int AS total FROM generate_series(1, $3::int) AS d(day)
       LEFT JOIN (SELECT extract(day FROM v.entered_at AT TIME ZONE $2)::int AS day, count(*) AS total
                    FROM visits v, (SELECT date_trunc('month', now() AT TIME ZONE $2) AT TIME ZONE $2 AS ms) b
                   WHERE ${where(scope, 'v.community_id')} AND v.entered_at >= b.ms
                   GROUP BY 1) c ON c.day = d.day
      ORDER BY d.day`,
    args(scope, COMMUNITY_TIME_ZONE, daysInMonth(today.year, today.month)),
  );
  return {
    year: today.year,
    month: today.month,
    today: today.day,
    months: months.map(({ month, total }) => {
      const counted = month < today.month ? daysInMonth(today.year, month) : month === today.month ? today.day : 0;
      return { month, total, days: counted, average: counted ? Math.round((total / counted) * 100) / 100 : 0 };
    }),
    currentMonthDays: days,
  };
}

export async function residentSummary(q: Queryable, scope: StatsScope): Promise<ResidentSummary> {
  const row = (await q.one<Omit<ResidentSummary, 'usedLicenses' | 'remainingLicenses'>>(
    `WITH b AS ${YEAR},
     e AS (SELECT count(*)::int AS n, count(*) FILTER (WHERE v.access_mode = 'QR')::int AS qr,
                  count(*) FILTER (WHERE v.access_mode = 'MANUAL')::int AS manual
             FROM visits v, b WHERE ${where(scope, 'v.community_id')} AND v.entered_at >= b.ys AND v.entered_at < b.ye),
     x AS (SELECT count(*)::int AS n FROM visits v, b WHERE ${where(scope, 'v.community_id')} AND v.exited_at >= b.ys AND v.exited_at < b.ye),
     a AS (SELECT count(*)::int AS n FROM visits v WHERE ${where(scope, 'v.community_id')} AND v.exited_at IS NULL),
     r AS (SELECT count(*)::int AS residents, count(*) FILTER (WHERE r.user_id IS NOT NULL AND r.useapp)::int AS app_users,
                  count(DISTINCT (r.street_id, r.number, coalesce(r.int_number, '')))::int AS houses,
                  count(DISTINCT (r.street_id, r.number, coalesce(r.int_number, ''))) FILTER (WHERE r.user_id IS NOT NULL AND r.useapp)::int AS app_houses
             FROM residents r WHERE ${where(scope, 'r.community_id')} AND r.deleted_at IS NULL),
     l AS (SELECT coalesce(sum(c.license_total), 0)::int AS n FROM communities c WHERE ${where(scope, 'c.id')})
     SELECT e.n AS "entryCount", x.n AS "exitCount", a.n AS "activeCount", e.qr AS "qrEntryCount", e.manual AS "manualEntryCount",
            l.n AS "assignedLicenses", r.residents AS "recordedResidents", r.app_users AS "recordedUsers",
            r.houses AS "numberOfHouses", r.app_houses AS "numberOfHousesWithApplication"
       FROM e, x, a, r, l`,
    args(scope, COMMUNITY_TIME_ZONE),
  ))!;
  const usedLicenses = row.recordedResidents;
  return { ...row, usedLicenses, remainingLicenses: Math.max(row.assignedLicenses - usedLicenses, 0) };
}
