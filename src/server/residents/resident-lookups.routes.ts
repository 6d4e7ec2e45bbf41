import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { AppError } from '../../shared/platform/errors.js';
import { RESIDENT_READERS } from '../../shared/residents/resident-rules.js';
import type { ResidentAnswer, ResidentOption } from '../../shared/residents/resident-types.js';
import { ResidentAnswerSchema, ResidentOptionSchema } from '../../shared/residents/resident.answer.js';
import { FindResidentQuerySchema, StreetUuidParamsSchema } from '../../shared/residents/resident.schema.js';
import { communityScope } from '../platform/db/community-scope.js';
import type { AppDeps } from '../deps.js';
import { defineRoute } from '../platform/http/route.js';
import { findResidentId, RESIDENT_NOT_FOUND, residentById, residentOptions } from './resident-rows.js';
import { STREET_NOT_FOUND } from './residents.routes.js';

/** Residents looked up for other screens: the options of a select (all, or a street's) and one found by uuid or email. */
export function residentLookupRoutes(app: FastifyInstance, { db }: AppDeps) {
  const tags = ['residentes'];

  defineRoute(app, {
    operationId: 'listAllResidents',
    response: v.array(ResidentOptionSchema),
    errors: [404],
    method: 'GET',
    url: '/api/residents/all',
    summary: 'Todos los residentes activos del fraccionamiento (opciones)',
    tags,
    access: RESIDENT_READERS,
    handler: async ({ auth }): Promise<ResidentOption[]> => residentOptions(communityScope(db, auth)),
  });

  defineRoute(app, {
    operationId: 'listResidentsOfStreet',
    response: v.array(ResidentOptionSchema),
    errors: [404],
    method: 'GET',
    url: '/api/residents/streets/:streetUuid',
    summary: 'Residentes activos de una calle (opciones)',
    tags,
    access: RESIDENT_READERS,
    params: StreetUuidParamsSchema,
    handler: async ({ auth, params }): Promise<ResidentOption[]> => {
      const scope = communityScope(db, auth);
      const streetId = await scope.idOf('streets', { uuid: params.streetUuid });
      if (streetId === undefined) throw new AppError('not_found', STREET_NOT_FOUND);
      return residentOptions(scope, streetId);
    },
  });

  defineRoute(app, {
    operationId: 'findResident',
    response: ResidentAnswerSchema,
    errors: [404],
    method: 'GET',
    url: '/api/residents/findOne',
    tags,
    access: [...RESIDENT_READERS, 'resident'],
    query: FindResidentQuerySchema,
    summary:
      'Un residente del fraccionamiento activo por `uuid` o por `email` (exacto, sin distinguir mayúsculas); un residente solo se encuentra a sí mismo (el asistente de eventos masivos)',
    handler: async ({ auth, query }): Promise<ResidentAnswer> => {
      // A resident is fixed to their own record; no other resident is found for them.
      const own = auth.role === 'resident';
      const id = await findResidentId(communityScope(db, auth), query, own ? auth.userId : undefined);
      if (id === undefined) throw new AppError('not_found', RESIDENT_NOT_FOUND);
      return residentById(db, id);
    },
  });
}
