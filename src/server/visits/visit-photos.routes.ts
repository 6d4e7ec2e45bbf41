import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { AppError } from '../../shared/platform/errors.js';
import { PhotoLinkQuerySchema, PhotoMessages } from '../../shared/visits/visit-photo.schema.js';
import type { AppDeps } from '../deps.js';
import { defineRoute } from '../platform/http/route.js';
import { checkPhotoLink, linkedPhoto, PHOTO_LINK_TTL_SECONDS, photoLinkKey } from './photo-links.js';
import { storageFor } from '../platform/services/storage.js';

const Params = v.object({ uuid: v.pipe(v.string(PhotoMessages.invalidLink), v.uuid(PhotoMessages.invalidLink)) });

/**
 * Identification photos of visits and common-area visits, private: only through
 * the signed links the reports hand their readers (HMAC over file, user and expiry; a few
 * minutes). The link is the credential, so an <img> can show it; it is refused when tampered
 * with (403), expired (410), or when its user is no longer staff of the photo's community (404).
 */
export function visitPhotoRoutes(app: FastifyInstance, { db, config }: AppDeps) {
  const storage = storageFor(config);
  defineRoute(app, {
    operationId: 'getVisitPhoto',
    response: { binary: ['image/jpeg', 'image/png'] },
    errors: [403, 404, 410],
    method: 'GET',
    url: '/api/visitPhotos/:uuid',
    tags: ['reportes'],
    access: 'public',
    params: Params,
    query: PhotoLinkQuerySchema,
    summary:
      'Foto de identificación de una visita, por el enlace firmado y de pocos minutos que dan los reportes (403 alterado, 410 expirado)',
    handler: async ({ params, query, reply }) => {
      const check = checkPhotoLink(await photoLinkKey(db), params.uuid, query.u, query.exp, query.sig);
      if (check === 'tampered') throw new AppError('forbidden', PhotoMessages.invalidLink);
      if (check === 'expired') throw new AppError('gone', PhotoMessages.expired);
      // The user the link was issued to must still be live staff of the community the photo belongs to.
      const row = await linkedPhoto(db, params.uuid, query.u);
      if (!row) throw new AppError('not_found', PhotoMessages.notFound);
      const data = await storage.get(row.storage_key);
      if (!data) throw new AppError('not_found', PhotoMessages.notFound);
      return reply
        .header('content-type', row.mime_type)
        .header('cache-control', `private, max-age=${PHOTO_LINK_TTL_SECONDS}`)
        .header('content-disposition', `inline; filename="identificacion.${row.extension}"`)
        .header('x-content-type-options', 'nosniff')
        .send(data);
    },
  });
}
