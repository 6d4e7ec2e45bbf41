import type { FastifyInstance } from 'fastify';
import { AppError } from '../../shared/platform/errors.js';
import { UuidParamsSchema } from '../../shared/catalogues/catalogue.schema.js';
import type { AppDeps } from '../deps.js';
import { defineRoute } from '../platform/http/route.js';
import { asPlatform } from '../platform/db/row-scope.js';
import { USER_COMMUNITIES_SQL } from '../platform/http/sessions.js';
import { storageFor } from '../platform/services/storage.js';

const NO_LOGO = 'El fraccionamiento no tiene logo.';

/** A community's logo, for its signed-in members and its integrator only. */
export function fracLogoRoutes(app: FastifyInstance, { db, config }: AppDeps) {
  const storage = storageFor(config);
  defineRoute(app, {
    operationId: 'getCommunityLogo', response: { binary: ['image/png', 'image/jpeg'] }, errors: [404],
    method: 'GET', url: '/api/fracs/:uuid/logo', tags: ['fraccionamientos'], access: 'signedIn', params: UuidParamsSchema,
    summary: 'Logo del fraccionamiento (JPEG o PNG) para sus miembros y su integrador',
    handler: async ({ auth, params, reply }) => {
      // Any of the account's communities, not only the active one: the platform resolves its memberships.
      const row = await asPlatform('el logo de un fraccionamiento de la cuenta', () => db.one<{ storage_key: string; mime_type: string }>(
        `SELECT f.storage_key, f.mime_type FROM communities c JOIN files f ON f.id = c.logo_file_id
          WHERE c.uuid = $2 AND c.id IN (SELECT id FROM (${USER_COMMUNITIES_SQL}) mine)`,
        [auth.userId, params.uuid],
      ));
      if (!row) throw new AppError('not_found', NO_LOGO);
      const data = await storage.get(row.storage_key);
      if (!data) throw new AppError('not_found', NO_LOGO);
      return reply
        .header('content-type', row.mime_type)
        .header('cache-control', 'private, max-age=86400')
        .header('content-disposition', 'inline')
        .send(data);
    },
  });
}
