import type { FastifyInstance } from 'fastify';
import { pageOf } from '../../shared/platform/answer.schema.js';
import { CommunityAnswerSchema } from '../../shared/communities/community.answer.js';
import type { Page } from '../../shared/platform/api-types.js';
import type { Community } from '../../shared/communities/community-types.js';
import { AppError } from '../../shared/platform/errors.js';
import { UuidParamsSchema } from '../../shared/catalogues/catalogue.schema.js';
import { CommunityBodySchema } from '../../shared/communities/community.schema.js';
import type { Queryable } from '../platform/db/db.js';
import type { AppDeps } from '../deps.js';
import { requireIntegrator } from '../integrators/integrator-scope.js';
import { ListQuerySchema } from '../platform/http/list-query.js';
import { atTrailingSlash, defineRoute } from '../platform/http/route.js';
import { auditWho, recordAudit } from '../audit/audit.js';
import {
  communityById,
  communityOf,
  integratorCommunityPage,
  ownCommunityRow,
  setLicenceExpired,
} from './community-rows.js';
import { COMMUNITY_NOT_FOUND, createCommunity, updateCommunity } from './community-save.js';
import { storageFor } from '../platform/services/storage.js';
import { withSignedLogo, withSignedLogos } from './image-links.js';

/** The general administrator and integrators reach the communities they span here (logged). */
const ACROSS = 'los fraccionamientos del integrador';

/**
 * Communities of the calling integrator. Another
 * integrator's community answers 404, as one that does not exist.
 */
export function communityRoutes(app: FastifyInstance, { db, config }: AppDeps) {
  const tags = ['fraccionamientos'];
  const access = ['integrator'] as const;
  const storage = storageFor(config);

  const own = async (q: Queryable, integratorId: number, uuid: string): Promise<Community> => {
    const row = await ownCommunityRow(q, integratorId, uuid);
    if (!row) throw new AppError('not_found', COMMUNITY_NOT_FOUND);
    return communityOf(row);
  };
  /** A community as answered to the caller: its logo a signed link of the caller's. */
  const answer = async (auth: { userUuid: string }, id: number) =>
    withSignedLogo(db, auth.userUuid, await communityById(db, id));

  for (const url of ['/api/fracs', '/api/fracs/']) {
    defineRoute(app, {
      acrossCommunities: ACROSS,
      operationId: atTrailingSlash('listCommunities', url),
      response: pageOf(CommunityAnswerSchema),
      method: 'GET',
      url,
      tags,
      access,
      query: ListQuerySchema,
      summary:
        'Fraccionamientos del integrador (la ruta no la da la especificación: es nuestra). Paginado; `search` filtra por nombre (contiene, sin distinguir mayúsculas)',
      handler: async ({ auth, query }): Promise<Page<Community>> => {
        const integrator = await requireIntegrator(db, auth);
        const page = await integratorCommunityPage(db, integrator.id, query);
        return { ...page, content: await withSignedLogos(db, auth.userUuid, page.content.map(communityOf)) };
      },
    });
  }

  defineRoute(app, {
    acrossCommunities: ACROSS,
    operationId: 'getCommunity',
    response: CommunityAnswerSchema,
    errors: [404],
    method: 'GET',
    url: '/api/fracs/:uuid',
    summary: 'Un fraccionamiento del integrador',
    tags,
    access,
    params: UuidParamsSchema,
    handler: async ({ auth, params }): Promise<Community> =>
      withSignedLogo(db, auth.userUuid, await own(db, (await requireIntegrator(db, auth)).id, params.uuid)),
  });

  defineRoute(app, {
    acrossCommunities: ACROSS,
    operationId: 'createCommunity',
    response: CommunityAnswerSchema,
    errors: [404, 409, 413, 415],
    method: 'POST',
    url: '/api/fracs/admin',
    tags,
    access,
    body: CommunityBodySchema,
    summary:
      'Registra un fraccionamiento del integrador (licencias dentro de las disponibles; el administrador queda como miembro; logo JPEG/PNG opcional, máx. 2 MB)',
    handler: async ({ req, auth, body }): Promise<Community> => {
      const integrator = await requireIntegrator(db, auth);
      return answer(auth, await createCommunity(db, storage, integrator.id, body, auditWho(req)));
    },
  });

  defineRoute(app, {
    acrossCommunities: ACROSS,
    operationId: 'updateCommunity',
    response: CommunityAnswerSchema,
    errors: [404, 409, 413, 415],
    method: 'PUT',
    url: '/api/fracs/:uuid',
    tags,
    access,
    params: UuidParamsSchema,
    body: CommunityBodySchema,
    summary:
      'Actualiza un fraccionamiento del integrador; `file: null` quita el logo, `file` con `content` lo reemplaza, sin `file` se conserva',
    handler: async ({ req, auth, params, body }): Promise<Community> => {
      const integrator = await requireIntegrator(db, auth);
      return answer(auth, await updateCommunity(db, storage, integrator.id, params.uuid, body, auditWho(req)));
    },
  });

  // `licenseExpired` true means disabled. Members are refused at sign-in and their open
  // sessions and devices stop; the integrator (and the general administrator) still reach it to renew it.
  for (const [action, expired] of [
    ['disable', true],
    ['enable', false],
  ] as const) {
    defineRoute(app, {
      acrossCommunities: ACROSS,
      operationId: `${action}Community`,
      response: CommunityAnswerSchema,
      errors: [404],
      method: 'PUT',
      url: `/api/fracs/:uuid/${action}`,
      tags,
      access: ['integrator', 'generalAdmin'],
      params: UuidParamsSchema,
      summary: expired
        ? 'Deshabilita un fraccionamiento (licencia vencida): sus miembros no inician sesión y sus sesiones y dispositivos se detienen al instante; sus licencias siguen asignadas'
        : 'Habilita un fraccionamiento (licencia renovada): sus miembros vuelven a tener acceso',
      handler: async ({ req, auth, params }): Promise<Community> => {
        const integratorId = auth.role === 'integrator' ? (await requireIntegrator(db, auth)).id : null;
        const id = await db.tx(async (q) => {
          const communityId = await setLicenceExpired(q, params.uuid, expired, integratorId);
          if (communityId === null) throw new AppError('not_found', COMMUNITY_NOT_FOUND);
          await recordAudit(q, {
            ...auditWho(req),
            communityId,
            action: `community.${action}`,
            recordUuid: params.uuid,
          });
          return communityId;
        });
        return answer(auth, id);
      },
    });
  }
}
