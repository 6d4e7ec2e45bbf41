import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { DailyVisitsSchema, MonthlyVisitsSchema, ResidentSummarySchema } from '../../shared/visits/visit.answer.js';
import { VISIT_STATS_ROLES } from '../../shared/visits/visit-access.js';
import type { DailyVisits, MonthlyVisits, ResidentSummary } from '../../shared/visits/visit-types.js';
import type { AppDeps } from '../deps.js';
import { atTrailingSlash, defineRoute } from '../platform/http/route.js';
import { dailyVisits, monthlyVisits, residentSummary, statsScope } from './visit-stats.js';

/** The general administrator and integrators reach the communities they span here (logged). */
const ACROSS = 'las visitas de los fraccionamientos que abarca';

/**
 * The /home dashboard of everyone but integrators: the session's community,
 * or every community for the general administrator. Shapes in src/shared/visits/visit-types.ts.
 */
export function visitantDashboardRoutes(app: FastifyInstance, { db }: AppDeps) {
  const tags = ['tablero'];
  const both = (path: string) => [`/api/visitantDashBoard/${path}/`, `/api/visitantDashBoard/${path}`];

  for (const url of both('dailyVisits')) {
    defineRoute(app, {
      acrossCommunities: ACROSS,
      operationId: atTrailingSlash('getDailyVisits', url),
      response: DailyVisitsSchema,
      errors: [404],
      method: 'GET',
      url,
      tags,
      access: VISIT_STATS_ROLES,
      summary: 'Entradas por día: promedio diario de cada mes del año (12 meses) y cada día del mes en curso',
      handler: async ({ auth }): Promise<DailyVisits> => dailyVisits(db, statsScope(auth)),
    });
  }
  for (const url of both('monthlyVisits')) {
    defineRoute(app, {
      acrossCommunities: ACROSS,
      operationId: atTrailingSlash('listMonthlyVisits', url),
      response: v.array(MonthlyVisitsSchema),
      errors: [404],
      method: 'GET',
      url,
      tags,
      access: VISIT_STATS_ROLES,
      summary: 'Entradas por mes del año en curso: [{ month 1..12, total }], los 12 meses',
      handler: async ({ auth }): Promise<MonthlyVisits[]> => monthlyVisits(db, statsScope(auth)),
    });
  }
  for (const url of both('residentSummary')) {
    defineRoute(app, {
      acrossCommunities: ACROSS,
      operationId: atTrailingSlash('getResidentSummary', url),
      response: ResidentSummarySchema,
      errors: [404],
      method: 'GET',
      url,
      tags,
      access: VISIT_STATS_ROLES,
      summary: 'Tarjetas del tablero: entradas, salidas, visitantes activos, QR/manual, licencias, residentes y casas',
      handler: async ({ auth }): Promise<ResidentSummary> => residentSummary(db, statsScope(auth)),
    });
  }
}
