import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { AdministratorOptionSchema } from '../../shared/communities/community.answer.js';
import type { AdministratorOption } from '../../shared/communities/community-types.js';
import type { AppDeps } from '../deps.js';
import { requireIntegrator } from '../integrators/integrator-scope.js';
import { defineRoute } from '../platform/http/route.js';
import { administratorOptions } from '../communities/community-admins.js';

/** The general administrator and integrators reach the communities they span here (logged). */
const ACROSS = 'los administradores de los fraccionamientos del integrador';

/** Options of the 'Administrador de fraccionamiento' dropdown of the community form. */
export function adminOptionsRoutes(app: FastifyInstance, { db }: AppDeps) {
  defineRoute(app, {
    acrossCommunities: ACROSS,
    operationId: 'listAdministratorOptions',
    response: v.array(AdministratorOptionSchema),
    method: 'GET',
    url: '/api/users/integrator',
    tags: ['fraccionamientos'],
    access: ['integrator'],
    summary:
      'Administradores que el integrador puede asignar: los de sus fraccionamientos y los que aún no tienen fraccionamiento',
    handler: async ({ auth }): Promise<AdministratorOption[]> =>
      administratorOptions(db, (await requireIntegrator(db, auth)).id),
  });
}
