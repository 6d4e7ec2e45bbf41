import type { FastifyInstance } from 'fastify';
import { RESIDENT_EDITORS } from '../../shared/residents/resident-rules.js';
import { UuidParamsSchema } from '../../shared/catalogues/catalogue.schema.js';
import { communityScope } from '../platform/db/community-scope.js';
import type { AppDeps } from '../deps.js';
import { defineRoute } from '../platform/http/route.js';
import { deleteResidentPhone } from './resident-writes.js';

/** `DELETE api/phones/{uuid}`: a saved phone of a resident of the active community. */
export function phoneRoutes(app: FastifyInstance, { db }: AppDeps) {
  defineRoute(app, {
    operationId: 'deletePhone',
    response: null,
    errors: [404, 409],
    status: 204,
    method: 'DELETE',
    url: '/api/phones/:uuid',
    tags: ['residentes'],
    access: RESIDENT_EDITORS,
    params: UuidParamsSchema,
    summary: 'Elimina un teléfono de un residente (el primero es obligatorio: no se elimina el único)',
    handler: async ({ auth, params }) => deleteResidentPhone(communityScope(db, auth), params.uuid),
  });
}
