import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import type { Page } from '../../shared/platform/api-types.js';
import { CONTRACTOR_MANAGERS, ContractorTexts } from '../../shared/contractors/construction-rules.js';
import type { Contractor } from '../../shared/contractors/contractor-types.js';
import { AppError } from '../../shared/platform/errors.js';
import { listOrPageOf } from '../../shared/platform/answer.schema.js';
import { INVALID_ID, INVALID_RECORD } from '../../shared/catalogues/catalogue.schema.js';
import { ContractorAnswerSchema } from '../../shared/contractors/contractor.answer.js';
import { ContractorCreateSchema, ContractorUpdateSchema } from '../../shared/contractors/contractor.schema.js';
import { communityScope } from '../platform/db/community-scope.js';
import { withConstraints } from '../platform/db/db-errors.js';
import type { AppDeps } from '../deps.js';
import { WholeOrPageQuerySchema, wholeOrPage } from '../platform/http/list-query.js';
import { atTrailingSlash, defineRoute, requireCommunity } from '../platform/http/route.js';
import {
  contractorById,
  contractorHasConstructions,
  contractorPage,
  contractorOfSession,
  findContractor,
} from './contractor-rows.js';
import {
  deleteContractor,
  insertContractor,
  insertContractorAccount,
  retireContractorAccount,
  updateContractor,
  updateContractorAccount,
} from './contractor-writes.js';
import { issueTicket, mailInvitation, registrationLink } from '../session/registration-tickets.js';
import { assertEmailFree } from '../users/user-checks.js';

export const ContractorIdParams = v.object({ id: v.pipe(v.string(INVALID_ID), v.uuid(INVALID_ID)) }, INVALID_RECORD);
const constraints = { duplicate: ContractorTexts.duplicate, inUse: ContractorTexts.inUse };

/**
 * Contractors of the active community. Registering one also
 * creates its account (user type 15, PENDING) and mails the link to choose a password; resending it
 * is `POST api/users/resetPassword` with the email as plain text (registration.routes.ts).
 */
export function contractorRoutes(app: FastifyInstance, { db, mailer, publicUrl }: AppDeps) {
  const tags = ['contratistas'];

  for (const url of ['/api/contractors/', '/api/contractors']) {
    defineRoute(app, {
      operationId: atTrailingSlash('listContractors', url),
      response: listOrPageOf(ContractorAnswerSchema),
      errors: [404],
      method: 'GET',
      url,
      tags,
      access: CONTRACTOR_MANAGERS,
      query: WholeOrPageQuerySchema,
      summary:
        'Contratistas del fraccionamiento activo (búsqueda por nombre, empresa o correo): todos sin `page`, una página con `page`',
      handler: async ({ auth, query }): Promise<Page<Contractor> | Contractor[]> => {
        const asked = wholeOrPage(query);
        const page = await contractorPage(communityScope(db, auth), asked);
        return asked.whole ? page.content : page;
      },
    });
  }

  defineRoute(app, {
    operationId: 'getCurrentContractor',
    response: ContractorAnswerSchema,
    errors: [404],
    method: 'GET',
    url: '/api/contractors/user',
    tags,
    access: ['contractor'],
    summary: 'El contratista de la sesión (su registro en el fraccionamiento activo)',
    handler: async ({ auth }): Promise<Contractor> => contractorById(db, (await contractorOfSession(db, auth)).id),
  });

  defineRoute(app, {
    operationId: 'getContractor',
    response: ContractorAnswerSchema,
    errors: [404],
    method: 'GET',
    url: '/api/contractors/:id',
    tags,
    access: CONTRACTOR_MANAGERS,
    params: ContractorIdParams,
    summary: 'Un contratista del fraccionamiento activo',
    handler: async ({ auth, params }): Promise<Contractor> =>
      contractorById(db, (await findContractor(db, requireCommunity(auth), params.id)).id),
  });

  defineRoute(app, {
    operationId: 'createContractor',
    response: ContractorAnswerSchema,
    errors: [404, 409, 410],
    status: 201,
    method: 'POST',
    url: '/api/contractors',
    tags,
    access: CONTRACTOR_MANAGERS,
    body: ContractorCreateSchema,
    summary:
      'Registra un contratista con su cuenta (tipo 15) y le envía por correo el enlace de acceso; 409 correo existente, 410 de un usuario eliminado',
    handler: async ({ auth, body, req }): Promise<Contractor> => {
      const created = await withConstraints(constraints, () =>
        communityScope(db, auth).tx(async (scope, q) => {
          await assertEmailFree(q, body.email, null);
          const user = { id: await insertContractorAccount(q, body, auth.userId, scope.communityId) };
          const id = await insertContractor(scope, user.id, body);
          return { id, ticket: await issueTicket(q, user.id) };
        }),
      );
      // The account exists once committed; a mail failure is logged and the link can be re-sent (resetPassword).
      await mailInvitation(mailer, body.email, registrationLink(publicUrl, created.ticket)).catch((err) =>
        req.log.error({ err }, 'contractor invitation mail failed'),
      );
      return contractorById(db, created.id);
    },
  });

  defineRoute(app, {
    operationId: 'updateContractor',
    response: ContractorAnswerSchema,
    errors: [404],
    method: 'PUT',
    url: '/api/contractors/:id',
    tags,
    access: CONTRACTOR_MANAGERS,
    params: ContractorIdParams,
    body: ContractorUpdateSchema,
    summary:
      'Edita un contratista (sin el correo: uno enviado se ignora); la dirección en cualquiera de los dos formatos',
    handler: async ({ auth, params, body }): Promise<Contractor> => {
      const id = await communityScope(db, auth).tx(async (scope, q) => {
        const found = await findContractor(q, scope.communityId, params.id, true);
        await updateContractor(scope, found.id, body);
        await updateContractorAccount(q, found.user_id, body);
        return found.id;
      });
      return contractorById(db, id);
    },
  });

  defineRoute(app, {
    operationId: 'deleteContractor',
    response: null,
    errors: [404, 409],
    status: 204,
    method: 'DELETE',
    url: '/api/contractors/:id',
    tags,
    access: CONTRACTOR_MANAGERS,
    params: ContractorIdParams,
    summary: 'Elimina un contratista sin obras y da de baja su cuenta (cierra sus sesiones); 409 si tiene obras',
    handler: async ({ auth, params }) => {
      await withConstraints(constraints, () =>
        communityScope(db, auth).tx(async (scope, q) => {
          const found = await findContractor(q, scope.communityId, params.id, true);
          if (await contractorHasConstructions(scope, found.id)) {
            throw new AppError('conflict', ContractorTexts.inUse);
          }
          await deleteContractor(scope, found);
          await retireContractorAccount(q, found.user_id);
        }),
      );
    },
  });
}
