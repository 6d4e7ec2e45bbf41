import type { FastifyInstance } from 'fastify';
import { IntegratorDashboardSchema } from '../../shared/communities/community.answer.js';
import type { IntegratorDashboard } from '../../shared/integrators/integrator-types.js';
import type { AppDeps } from '../deps.js';
import { requireIntegrator } from '../integrators/integrator-scope.js';
import { defineRoute } from '../platform/http/route.js';
import { licenceSummary } from '../communities/licences.js';

/** The general administrator and integrators reach the communities they span here (logged). */
const ACROSS = 'las licencias del integrador en sus fraccionamientos';

/** The integrator's licence cards: [total, assigned, available]. */
export function integratorDashboardRoutes(app: FastifyInstance, { db }: AppDeps) {
  defineRoute(app, {
    acrossCommunities: ACROSS,
    operationId: 'getIntegratorLicences',
    response: IntegratorDashboardSchema,
    method: 'GET',
    url: '/api/integrator/dashboard',
    tags: ['integradores'],
    access: ['integrator'],
    summary: 'Licencias del integrador: [total, asignadas a sus fraccionamientos, disponibles]',
    handler: async ({ auth }): Promise<IntegratorDashboard> =>
      licenceSummary(db, (await requireIntegrator(db, auth)).id),
  });
}
