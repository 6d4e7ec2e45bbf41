import type { FastifyInstance } from 'fastify';
import { AppError } from '../../shared/platform/errors.js';
import { UuidParamsSchema } from '../../shared/catalogues/catalogue.schema.js';
import type { AppDeps } from '../deps.js';
import { defineRoute } from '../platform/http/route.js';
import { storageFor } from '../platform/services/storage.js';
import { liveUserId, memberCommunityLogo } from './community-rows.js';
import { ImageLinkQuerySchema, imageLinkKey, linkedUser, logoPath } from './image-links.js';

const NO_LOGO = 'El fraccionamiento no tiene logo.';

/**
 * A community's logo, for its signed-in members and its integrator only: with the session's
 * Bearer header, or by the signed link `whoami`/`me` answer as `logoURL` (the link's user must
 * still be a member; otherwise, as for another community, 404).
 */
export function communityLogoRoutes(app: FastifyInstance, { db, config }: AppDeps) {
  const storage = storageFor(config);
  defineRoute(app, {
    operationId: 'getCommunityLogo',
    response: { binary: ['image/png', 'image/jpeg'] },
    errors: [401, 404],
    method: 'GET',
    url: '/api/fracs/:uuid/logo',
    tags: ['fraccionamientos'],
    // Public as a route: the caller is the session's user or the user a signed link names, checked below.
    access: 'public',
    params: UuidParamsSchema,
    query: ImageLinkQuerySchema,
    summary:
      'Logo del fraccionamiento (JPEG o PNG) para sus miembros y su integrador: con la sesión, o por el enlace firmado y breve de `logoURL` (exp, u, sig) que un <img> carga sin cabecera',
    handler: async ({ req, params, query, reply }) => {
      const signed = query.sig ? linkedUser(await imageLinkKey(db), logoPath(params.uuid), query) : null;
      // A link is its user's: presented with another user's session, it opens nothing.
      const linked = signed !== null && (!req.auth || req.auth.userUuid === signed) ? signed : null;
      const userId = linked ? await liveUserId(db, linked) : query.sig ? undefined : req.auth?.userId;
      if (userId === undefined && !query.sig && !req.auth) throw new AppError('unauthorized');
      const row = userId === undefined ? undefined : await memberCommunityLogo(db, userId, params.uuid);
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
