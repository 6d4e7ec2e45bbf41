import type { FastifyInstance } from 'fastify';
import { AppError } from '../../shared/platform/errors.js';
import { UuidParamsSchema } from '../../shared/catalogues/catalogue.schema.js';
import type { AppDeps } from '../deps.js';
import { defineRoute } from '../platform/http/route.js';
import { storageFor } from '../platform/services/storage.js';
import { memberCommunityLogo } from './community-rows.js';

const NO_LOGO = 'El fraccionamiento no tiene logo.';

/** A community's logo, for its signed-in members and its integrator only. */
export function communityLogoRoutes(app: FastifyInstance, { db, config }: AppDeps) {
  const storage = storageFor(config);
  defineRoute(app, {
    operationId: 'getCommunityLogo',
    response: { binary: ['image/png', 'image/jpeg'] },
    errors: [404],
    method: 'GET',
    url: '/api/fracs/:uuid/logo',
    tags: ['fraccionamientos'],
    access: 'signedIn',
    params: UuidParamsSchema,
    summary: 'Logo del fraccionamiento (JPEG o PNG) para sus miembros y su integrador',
    handler: async ({ auth, params, reply }) => {
      const row = await memberCommunityLogo(db, auth.userId, params.uuid);
      if (!row) throw new AppError('not_found', NO_LOGO);
      const data = await storage.open(row.storage_key);
      if (!data) throw new AppError('not_found', NO_LOGO);
      return reply
        .header('content-type', row.mime_type)
        .header('cache-control', 'private, max-age=86400')
        .header('content-disposition', 'inline')
        .header('content-length', data.size)
        .send(data.body);
    },
  });
}
