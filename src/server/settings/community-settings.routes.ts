import type { FastifyInstance } from 'fastify';
import { AppError } from '../../shared/platform/errors.js';
import { UuidParamsSchema } from '../../shared/catalogues/catalogue.schema.js';
import { CommunitySettingsAnswerSchema, SettingsBodySchema } from '../../shared/settings/settings.schema.js';
import type { AppDeps } from '../deps.js';
import { defineRoute, requireCommunity } from '../platform/http/route.js';
import { auditedUpdate, auditWho } from '../audit/audit.js';
import { saveCommunitySettings } from './community-settings.js';

/**
 * 'Ajustes': the administrator of the
 * active community saves its settings; they are read back by `GET api/users/me`. Another
 * community's uuid answers 404.
 */
export function communitySettingsRoutes(app: FastifyInstance, { db }: AppDeps) {
  defineRoute(app, {
    operationId: 'configureCommunity',
    response: CommunitySettingsAnswerSchema,
    errors: [404],
    method: 'PUT',
    url: '/api/fracs/:uuid/configure',
    tags: ['ajustes'],
    access: ['admin'],
    params: UuidParamsSchema,
    body: SettingsBodySchema,
    summary:
      'Guarda la configuración del fraccionamiento activo (mensaje y vigencia de invitaciones, vigencia de visitas frecuentes, app de vigilancia)',
    handler: async ({ req, auth, params, body }) => {
      const communityId = requireCommunity(auth);
      if (auth.communityUuid !== params.uuid) throw new AppError('not_found', 'El fraccionamiento no existe.');
      return db.tx((q) =>
        auditedUpdate(
          q,
          auditWho(req),
          { table: 'communities', id: communityId, uuid: params.uuid, action: 'settings.update' },
          () => saveCommunitySettings(q, communityId, body),
        ),
      );
    },
  });
}
