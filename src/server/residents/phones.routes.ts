import type { FastifyInstance } from 'fastify';
import { AppError } from '../../shared/platform/errors.js';
import { RESIDENT_EDITORS } from '../../shared/residents/resident-rules.js';
import { UuidParamsSchema } from '../../shared/catalogues/catalogue.schema.js';
import { communityScope } from '../platform/db/community-scope.js';
import type { AppDeps } from '../deps.js';
import { defineRoute } from '../platform/http/route.js';

/** `DELETE api/phones/{uuid}`: a saved phone of a resident of the active community. */
export function phoneRoutes(app: FastifyInstance, { db }: AppDeps) {
  defineRoute(app, {
    operationId: 'deletePhone', response: null, errors: [404, 409], status: 204,
    method: 'DELETE', url: '/api/phones/:uuid', tags: ['residentes'], access: RESIDENT_EDITORS, params: UuidParamsSchema,
    summary: 'Elimina un teléfono de un residente (el primero es obligatorio: no se elimina el único)',
    handler: async ({ auth, params }) => {
      await communityScope(db, auth).tx(async (scope, q) => {
        const phone = await scope.first<{ id: number; resident_id: number }>({
          select: 'p.id, p.resident_id', from: { table: 'residents', alias: 'r', joins: 'JOIN resident_phones p ON p.resident_id = r.id' },
          where: ['p.uuid = $1', 'r.deleted_at IS NULL'], params: [params.uuid], forUpdate: true,
        });
        if (!phone) throw new AppError('not_found', 'El teléfono no existe.');
        const count = await q.one<{ n: number }>('SELECT count(*)::int AS n FROM resident_phones WHERE resident_id = $1', [phone.resident_id]);
        if ((count?.n ?? 0) <= 1) throw new AppError('conflict', 'El residente debe conservar al menos un teléfono.');
        await q.query('DELETE FROM resident_phones WHERE id = $1', [phone.id]);
      });
    },
  });
}
