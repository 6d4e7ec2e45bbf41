import type { FastifyInstance } from 'fastify';
import { AdministrativeResidentAnswerSchema } from '../../shared/users/user.answer.js';
import * as v from 'valibot';
import { AppError } from '../../shared/platform/errors.js';
import { AdministrativeResidentSchema } from '../../shared/users/administrative-resident.schema.js';
import type { AdministrativeResident } from '../../shared/users/user-management-types.js';
import { communityScope } from '../platform/db/community-scope.js';
import type { AppDeps } from '../deps.js';
import { atTrailingSlash, defineRoute } from '../platform/http/route.js';
import {
  createAdministrativeResident,
  NOT_CONFIGURED,
  readAdministrativeResident,
  updateAdministrativeResident,
} from './administrative-visit-rows.js';

const BASE = '/api/administrativeVisitUser/administrativeResident';

/** 'Configuración visitas administrativas': one per community. */
export function administrativeVisitRoutes(app: FastifyInstance, { db }: AppDeps) {
  const tags = ['visitas administrativas'];

  for (const url of [BASE, `${BASE}/`]) {
    defineRoute(app, {
      operationId: atTrailingSlash('getAdministrativeResident', url),
      response: v.nullable(AdministrativeResidentAnswerSchema),
      errors: [404],
      method: 'GET',
      url,
      tags,
      access: ['admin'],
      summary: 'Configuración de visitas administrativas del fraccionamiento activo (null si aún no existe)',
      handler: async ({ auth }): Promise<AdministrativeResident | null> =>
        (await readAdministrativeResident(communityScope(db, auth))) ?? null,
    });
    defineRoute(app, {
      operationId: atTrailingSlash('createAdministrativeResident', url),
      response: AdministrativeResidentAnswerSchema,
      errors: [404, 409],
      method: 'POST',
      url,
      tags,
      access: ['admin'],
      body: AdministrativeResidentSchema,
      status: 201,
      summary: 'Crea la configuración de visitas administrativas del fraccionamiento activo (201); 409 si ya existe',
      handler: async ({ auth, body }): Promise<AdministrativeResident> => {
        // One per community: its unique index refuses a second (409), also between two requests at once.
        return createAdministrativeResident(communityScope(db, auth), body);
      },
    });
  }

  defineRoute(app, {
    operationId: 'updateAdministrativeResident',
    response: AdministrativeResidentAnswerSchema,
    errors: [404, 409],
    method: 'PUT',
    url: `${BASE}/:fracId`,
    tags,
    access: ['admin'],
    body: AdministrativeResidentSchema,
    params: v.object({ fracId: v.string() }),
    summary:
      'Actualiza la configuración de visitas administrativas; fracId es el id (o uuid) del fraccionamiento activo',
    handler: async ({ auth, params, body }): Promise<AdministrativeResident> => {
      const community = communityScope(db, auth);
      if (
        params.fracId !== String(community.communityId) &&
        params.fracId.toLowerCase() !== auth.communityUuid?.toLowerCase()
      ) {
        throw new AppError('not_found', NOT_CONFIGURED);
      }
      return updateAdministrativeResident(community, body);
    },
  });
}
