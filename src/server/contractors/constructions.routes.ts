import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import type { Page } from '../../shared/platform/api-types.js';
import {
  CONSTRUCTION_READERS,
  CONTRACTOR_MANAGERS,
  ConstructionTexts,
  ContractorTexts,
  siteToday,
} from '../../shared/contractors/construction-rules.js';
import type { Construction } from '../../shared/contractors/contractor-types.js';
import { AppError } from '../../shared/platform/errors.js';
import { listOrPageOf, pageOf } from '../../shared/platform/answer.schema.js';
import { INVALID_ID, INVALID_RECORD } from '../../shared/catalogues/catalogue.schema.js';
import { ConstructionAnswerSchema } from '../../shared/contractors/construction.answer.js';
import {
  ConstructionCreateSchema,
  ConstructionMessages,
  ConstructionUpdateSchema,
  ContractorQuerySchema,
  startNotPast,
} from '../../shared/contractors/construction.schema.js';
import { communityScope, type CommunityScope } from '../platform/db/community-scope.js';
import type { Db } from '../platform/db/db.js';
import type { AppDeps } from '../deps.js';
import type { AuthContext } from '../platform/http/auth-context.js';
import { ListQuerySchema, WholeOrPageQuerySchema, wholeOrPage } from '../platform/http/list-query.js';
import { atTrailingSlash, defineRoute } from '../platform/http/route.js';
import { constructionById, constructionHasWorkers, constructionPage, findConstruction } from './construction-rows.js';
import { contractorIdInReach, contractorOfSession } from './contractor-rows.js';
import { deleteConstruction, insertConstruction, updateConstruction } from './construction-writes.js';

const IdParams = v.object({ id: v.pipe(v.string(INVALID_ID), v.uuid(INVALID_ID)) }, INVALID_RECORD);
const ContractorListQuery = v.object({ ...ListQuerySchema.entries, ...ContractorQuerySchema.entries });

/** The caller's scope: its community, and for a contractor its own record (it sees only its own sites). */
async function siteScope(db: Db, auth: AuthContext) {
  const community = communityScope(db, auth);
  const contractorId = auth.role === 'contractor' ? (await contractorOfSession(db, auth)).id : null;
  return { community, contractorId };
}

/** The ids of a contractor and a street named by uuid in the community; another community's answer 404. */
async function references(scope: CommunityScope, body: { contractor: { uuid: string }; street: { uuid: string } }) {
  const contractorId = await scope.idOf('contractors', { uuid: body.contractor.uuid });
  if (contractorId === undefined)
    throw new AppError('not_found', ConstructionTexts.contractorNotFound, {
      contractor: ConstructionTexts.contractorNotFound,
    });
  const streetId = await scope.idOf('streets', { uuid: body.street.uuid });
  if (streetId === undefined)
    throw new AppError('not_found', ConstructionTexts.streetNotFound, { street: ConstructionTexts.streetNotFound });
  return { contractorId, streetId };
}

function assertStartNotPast(startDate: string) {
  if (!startNotPast(startDate, siteToday())) {
    throw new AppError('invalid_request', ConstructionMessages.startPast, {
      startDate: ConstructionMessages.startPast,
    });
  }
}

/** Construction sites of the active community. */
export function constructionRoutes(app: FastifyInstance, { db }: AppDeps) {
  const tags = ['obras'];

  for (const url of ['/api/constructions/', '/api/constructions']) {
    defineRoute(app, {
      operationId: atTrailingSlash('listConstructions', url),
      response: listOrPageOf(ConstructionAnswerSchema),
      errors: [404],
      method: 'GET',
      url,
      tags,
      access: CONSTRUCTION_READERS,
      query: WholeOrPageQuerySchema,
      summary:
        'Obras del fraccionamiento activo con su número de trabajadores (un contratista, solo las suyas): todas sin `page`, una página con `page`',
      handler: async ({ auth, query }): Promise<Page<Construction> | Construction[]> => {
        const { community, contractorId } = await siteScope(db, auth);
        const asked = wholeOrPage(query);
        const page = await constructionPage(
          community,
          ['($1::int IS NULL OR o.contractor_id = $1)'],
          [contractorId],
          asked,
        );
        return asked.whole ? page.content : page;
      },
    });
  }

  for (const url of ['/api/constructions/contractor/', '/api/constructions/contractor']) {
    defineRoute(app, {
      operationId: atTrailingSlash('listContractorConstructions', url),
      response: pageOf(ConstructionAnswerSchema),
      errors: [404],
      method: 'GET',
      url,
      tags,
      access: CONSTRUCTION_READERS,
      query: ContractorListQuery,
      summary:
        'Obras de un contratista (`?contractor={uuid}`), con el estado de sus solicitudes; un contratista, solo las suyas (otro: 404)',
      handler: async ({ auth, query }): Promise<Page<Construction>> => {
        const { community, contractorId } = await siteScope(db, auth);
        const contractor = await contractorIdInReach(community, query.contractor, contractorId);
        if (contractor === undefined) throw new AppError('not_found', ContractorTexts.notFound);
        return constructionPage(community, ['o.contractor_id = $1'], [contractor], query);
      },
    });
  }

  defineRoute(app, {
    operationId: 'getConstruction',
    response: ConstructionAnswerSchema,
    errors: [404],
    method: 'GET',
    url: '/api/constructions/:id',
    tags,
    access: CONSTRUCTION_READERS,
    params: IdParams,
    summary: 'Una obra del fraccionamiento activo (un contratista, solo una suya)',
    handler: async ({ auth, params }): Promise<Construction> => {
      const { community, contractorId } = await siteScope(db, auth);
      return constructionById(db, (await findConstruction(db, community.communityId, params.id, contractorId)).id);
    },
  });

  defineRoute(app, {
    operationId: 'createConstruction',
    response: ConstructionAnswerSchema,
    errors: [404],
    status: 201,
    method: 'POST',
    url: '/api/constructions',
    tags,
    access: CONTRACTOR_MANAGERS,
    body: ConstructionCreateSchema,
    summary:
      'Registra una obra: inicio no antes de hoy, fin no antes del inicio, ambas hasta 2100-12-30; calle y contratista del fraccionamiento',
    handler: async ({ auth, body }): Promise<Construction> => {
      assertStartNotPast(body.startDate);
      const id = await communityScope(db, auth).tx(async (scope) => {
        const refs = await references(scope, body);
        return insertConstruction(scope, refs, body);
      });
      return constructionById(db, id);
    },
  });

  defineRoute(app, {
    operationId: 'updateConstruction',
    response: ConstructionAnswerSchema,
    errors: [404],
    method: 'PUT',
    url: '/api/constructions/:id',
    tags,
    access: CONTRACTOR_MANAGERS,
    params: IdParams,
    body: ConstructionUpdateSchema,
    summary:
      'Edita una obra (nombre, contratista, calle, fechas y número de terreno); el número de obra no cambia. Un inicio que cambia no puede quedar antes de hoy',
    handler: async ({ auth, params, body }): Promise<Construction> => {
      const id = await communityScope(db, auth).tx(async (scope, q) => {
        const site = await findConstruction(q, scope.communityId, params.id, null, true);
        if (body.startDate !== site.start_date) assertStartNotPast(body.startDate);
        const refs = await references(scope, body);
        await updateConstruction(scope, site.id, refs, body);
        return site.id;
      });
      return constructionById(db, id);
    },
  });

  defineRoute(app, {
    operationId: 'deleteConstruction',
    response: null,
    errors: [404, 409],
    status: 204,
    method: 'DELETE',
    url: '/api/constructions/:id',
    tags,
    access: CONTRACTOR_MANAGERS,
    params: IdParams,
    summary: 'Elimina una obra sin trabajadores; 409 si los tiene',
    handler: async ({ auth, params }) => {
      await communityScope(db, auth).tx(async (scope, q) => {
        const site = await findConstruction(q, scope.communityId, params.id, null, true);
        if (await constructionHasWorkers(scope, site.id)) throw new AppError('conflict', ConstructionTexts.hasWorkers);
        await deleteConstruction(scope, site.id);
      });
    },
  });
}
