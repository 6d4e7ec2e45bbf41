import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import type { Page } from '../../shared/api-types.js';
import {
  CONSTRUCTION_READERS, CONTRACTOR_MANAGERS, ConstructionTexts, ContractorTexts, siteToday,
} from '../../shared/construction-rules.js';
import type { Construction } from '../../shared/contractor-types.js';
import { AppError } from '../../shared/errors.js';
import { pageOf } from '../../shared/schemas/answer.schema.js';
import { INVALID_ID, INVALID_RECORD } from '../../shared/schemas/catalogue.schema.js';
import { ConstructionAnswerSchema } from '../../shared/schemas/construction.answer.js';
import {
  ConstructionCreateSchema, ConstructionMessages, ConstructionUpdateSchema, ContractorQuerySchema, startNotPast,
} from '../../shared/schemas/construction.schema.js';
import type { Queryable } from '../db/db.js';
import type { AppDeps } from '../deps.js';
import type { AuthContext } from '../http/auth-context.js';
import { ListQuerySchema, pageQuery, type ListQuery } from '../http/list-query.js';
import { atTrailingSlash, defineRoute, requireCommunity } from '../http/route.js';
import { CONSTRUCTION_FROM, CONSTRUCTION_SELECT, constructionById, findConstruction } from '../services/construction-rows.js';
import { contractorOfSession } from '../services/contractor-rows.js';

const IdParams = v.object({ id: v.pipe(v.string(INVALID_ID), v.uuid(INVALID_ID)) }, INVALID_RECORD);
const ContractorListQuery = v.object({ ...ListQuerySchema.entries, ...ContractorQuerySchema.entries });

/** The caller's scope: its community, and for a contractor its own record (it sees only its own sites). */
async function siteScope(q: Queryable, auth: AuthContext) {
  const communityId = requireCommunity(auth);
  const contractorId = auth.role === 'contractor' ? (await contractorOfSession(q, auth)).id : null;
  return { communityId, contractorId };
}

/** The ids of a contractor and a street named by uuid in the community; another community's answer 404. */
async function references(q: Queryable, communityId: number, body: { contractor: { uuid: string }; street: { uuid: string } }) {
  const contractor = await q.one<{ id: number }>('SELECT id FROM contractors WHERE community_id = $1 AND uuid = $2', [communityId, body.contractor.uuid]);
  if (!contractor) throw new AppError('not_found', ConstructionTexts.contractorNotFound, { contractor: ConstructionTexts.contractorNotFound });
  const street = await q.one<{ id: number }>('SELECT id FROM streets WHERE community_id = $1 AND uuid = $2', [communityId, body.street.uuid]);
  if (!street) throw new AppError('not_found', ConstructionTexts.streetNotFound, { street: ConstructionTexts.streetNotFound });
  return { contractorId: contractor.id, streetId: street.id };
}

function assertStartNotPast(startDate: string) {
  if (!startNotPast(startDate, siteToday())) {
    throw new AppError('invalid_request', ConstructionMessages.startPast, { startDate: ConstructionMessages.startPast });
  }
}

const listPage = (q: Queryable, where: string[], params: unknown[], query: ListQuery) => pageQuery<Construction>(q, {
  select: CONSTRUCTION_SELECT, from: CONSTRUCTION_FROM, where, params,
  searchColumns: ['o.name', "k.first_name || ' ' || k.last_name", 's.name'], orderBy: 'o.start_date DESC, o.id DESC',
}, query);

/** Construction sites of the active community (spec 2 §2.5, §5, §7 Construction sites; issue 14). */
export function constructionRoutes(app: FastifyInstance, { db }: AppDeps) {
  const tags = ['obras'];

  for (const url of ['/api/constructions/', '/api/constructions']) {
    defineRoute(app, {
      operationId: atTrailingSlash('listConstructions', url), response: pageOf(ConstructionAnswerSchema), errors: [404],
      method: 'GET', url, tags, access: CONSTRUCTION_READERS, query: ListQuerySchema,
      summary: 'Obras del fraccionamiento activo con su número de trabajadores (un contratista, solo las suyas)',
      handler: async ({ auth, query }): Promise<Page<Construction>> => {
        const scope = await siteScope(db, auth);
        return listPage(db, ['o.community_id = $1', '($2::int IS NULL OR o.contractor_id = $2)'], [scope.communityId, scope.contractorId], query);
      },
    });
  }

  for (const url of ['/api/constructions/contractor/', '/api/constructions/contractor']) {
    defineRoute(app, {
      operationId: atTrailingSlash('listContractorConstructions', url), response: pageOf(ConstructionAnswerSchema), errors: [404],
      method: 'GET', url, tags, access: CONSTRUCTION_READERS, query: ContractorListQuery,
      summary: 'Obras de un contratista (`?contractor={uuid}`), con el estado de sus solicitudes; un contratista, solo las suyas (otro: 404)',
      handler: async ({ auth, query }): Promise<Page<Construction>> => {
        const scope = await siteScope(db, auth);
        const contractor = await db.one<{ id: number }>(
          'SELECT id FROM contractors WHERE community_id = $1 AND uuid = $2 AND ($3::int IS NULL OR id = $3)',
          [scope.communityId, query.contractor, scope.contractorId]);
        if (!contractor) throw new AppError('not_found', ContractorTexts.notFound);
        return listPage(db, ['o.community_id = $1', 'o.contractor_id = $2'], [scope.communityId, contractor.id], query);
      },
    });
  }

  defineRoute(app, {
    operationId: 'getConstruction', response: ConstructionAnswerSchema, errors: [404],
    method: 'GET', url: '/api/constructions/:id', tags, access: CONSTRUCTION_READERS, params: IdParams,
    summary: 'Una obra del fraccionamiento activo (un contratista, solo una suya)',
    handler: async ({ auth, params }): Promise<Construction> => {
      const scope = await siteScope(db, auth);
      return constructionById(db, (await findConstruction(db, scope.communityId, params.id, scope.contractorId)).id);
    },
  });

  defineRoute(app, {
    operationId: 'createConstruction', response: ConstructionAnswerSchema, errors: [404], status: 201,
    method: 'POST', url: '/api/constructions', tags, access: CONTRACTOR_MANAGERS, body: ConstructionCreateSchema,
    summary: 'Registra una obra: inicio no antes de hoy, fin no antes del inicio, ambas hasta 2100-12-30; calle y contratista del fraccionamiento',
    handler: async ({ auth, body }): Promise<Construction> => {
      assertStartNotPast(body.startDate);
      const communityId = requireCommunity(auth);
      const id = await db.tx(async (q) => {
        const refs = await references(q, communityId, body);
        return (await q.one<{ id: number }>(
          `INSERT INTO constructions (community_id, contractor_id, street_id, name, number, street_number, start_date, end_date)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
          [communityId, refs.contractorId, refs.streetId, body.name, body.number, body.streetNumber, body.startDate, body.endDate]))!.id;
      });
      return constructionById(db, id);
    },
  });

  defineRoute(app, {
    operationId: 'updateConstruction', response: ConstructionAnswerSchema, errors: [404],
    method: 'PUT', url: '/api/constructions/:id', tags, access: CONTRACTOR_MANAGERS, params: IdParams, body: ConstructionUpdateSchema,
    summary: 'Edita una obra (nombre, contratista, calle, fechas y número de terreno); el número de obra no cambia. Un inicio que cambia no puede quedar antes de hoy',
    handler: async ({ auth, params, body }): Promise<Construction> => {
      const communityId = requireCommunity(auth);
      const id = await db.tx(async (q) => {
        const site = await findConstruction(q, communityId, params.id, null, true);
        if (body.startDate !== site.start_date) assertStartNotPast(body.startDate);
        const refs = await references(q, communityId, body);
        await q.query(
          `UPDATE constructions SET name = $2, contractor_id = $3, street_id = $4, start_date = $5, end_date = $6,
             number = COALESCE($7, number), updated_at = now() WHERE id = $1`,
          [site.id, body.name, refs.contractorId, refs.streetId, body.startDate, body.endDate, body.number ?? null]);
        return site.id;
      });
      return constructionById(db, id);
    },
  });

  defineRoute(app, {
    operationId: 'deleteConstruction', response: null, errors: [404, 409], status: 204,
    method: 'DELETE', url: '/api/constructions/:id', tags, access: CONTRACTOR_MANAGERS, params: IdParams,
    summary: 'Elimina una obra sin trabajadores; 409 si los tiene',
    handler: async ({ auth, params }) => {
      await db.tx(async (q) => {
        const site = await findConstruction(q, requireCommunity(auth), params.id, null, true);
        if (await q.one('SELECT 1 FROM construction_workers WHERE construction_id = $1 AND deleted_at IS NULL LIMIT 1', [site.id])) {
          throw new AppError('conflict', ConstructionTexts.hasWorkers);
        }
        await q.query('DELETE FROM constructions WHERE id = $1', [site.id]);
      });
    },
  });
}
