import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { AppError } from '../../shared/errors.js';
import { RESIDENT_DELETERS, RESIDENT_EDITORS, RESIDENT_READERS } from '../../shared/resident-rules.js';
import type { ResidentAnswer, ResidentOption, ResidentPage } from '../../shared/resident-types.js';
import { ResidentAnswerSchema, ResidentOptionSchema, ResidentPageSchema } from '../../shared/schemas/resident.answer.js';
import {
  CreateResidentSchema, FindResidentQuerySchema, ResidentIdParamsSchema, ResidentListFilterSchema, StreetUuidParamsSchema, UpdateResidentSchema,
} from '../../shared/schemas/resident.schema.js';
import { UuidParamsSchema } from '../../shared/schemas/catalogue.schema.js';
import { withConstraints } from '../db/db-errors.js';
import { assertInCommunity } from '../db/scoped-refs.js';
import type { AppDeps } from '../deps.js';
import { escapeLike, ListQuerySchema, pageQuery } from '../http/list-query.js';
import { atTrailingSlash, defineRoute, requireCommunity } from '../http/route.js';
import { auditedUpdate, auditWho, recordAudit } from '../services/audit.js';
import { codeSigningKey, dropPendingCode, issueCodes, mailCodes } from '../services/resident-codes.js';
import { liveResidentId, RESIDENT_FROM, RESIDENT_NOT_FOUND, RESIDENT_SELECT, residentById, residentsByIds } from '../services/resident-rows.js';
import { assertLicencesFor, insertResidents, replacePhones, takenEmails } from '../services/resident-writes.js';

export const STREET_NOT_FOUND = 'La calle seleccionada no existe.';
export const EMAIL_TAKEN = 'Correo ya existente.';
const constraints = { duplicate: EMAIL_TAKEN };

const ResidentListQuerySchema = v.object({ ...ListQuerySchema.entries, ...ResidentListFilterSchema.entries });
const OPTION_SELECT = `r.id AS "idResident", r.uuid, r.first_name AS "firstName", r.last_name AS "lastName", r.number, r.street_id AS "idStreet"`;

/** Residents of the active community (spec 3 §2 Residentes, §4, §7 Residents; issue 8). */
export function residentRoutes(app: FastifyInstance, { db, mailer }: AppDeps) {
  const tags = ['residentes'];
  const communityName = async (communityId: number) =>
    (await db.one<{ name: string }>('SELECT name FROM communities WHERE id = $1', [communityId]))?.name ?? 'tu fraccionamiento';
  const logMailFailure = (error: unknown) => app.log.error({ err: error }, 'No fue posible enviar el código de registro');

  for (const url of ['/api/residents/', '/api/residents']) {
    defineRoute(app, {
      operationId: atTrailingSlash('listResidents', url), response: ResidentPageSchema, errors: [404],
      method: 'GET', url, tags, access: RESIDENT_EDITORS, query: ResidentListQuerySchema,
      summary: 'Residentes del fraccionamiento activo (paginado; búsqueda por nombre, correo, calle o número; `useApp=true` solo los que usan la app)',
      handler: async ({ auth, query }): Promise<ResidentPage> => {
        const where = ['r.community_id = $1', 'r.deleted_at IS NULL'];
        const params: unknown[] = [requireCommunity(auth)];
        if (query.useApp) where.push('r.useapp');
        // search_text is lower-case already: LIKE on the lowered term (served by the trigram index)
        // costs a quarter of ILIKE, which lower-cases every row it tests.
        if (query.search) { params.push(`%${escapeLike(query.search.toLowerCase())}%`); where.push(`r.search_text LIKE $${params.length}`); }
        // The page's ids first, counted apart on the residents table alone, then the rows of those 15
        // with their street, zone, phones and code.
        const page = await pageQuery<{ id: number }>(db, {
          select: 'r.id', from: 'residents r', where, params, searchColumns: [], orderBy: 'r.first_name, r.last_name, r.id', separateCount: true,
        }, { ...query, search: '' });
        const content = await residentsByIds(db, page.content.map((r) => r.id));
        return { ...page, content, data: content, pageNumber: page.page };
      },
    });
  }

  defineRoute(app, {
    operationId: 'listAllResidents', response: v.array(ResidentOptionSchema), errors: [404],
    method: 'GET', url: '/api/residents/all', summary: 'Todos los residentes activos del fraccionamiento (opciones)', tags,
    access: RESIDENT_READERS,
    handler: async ({ auth }): Promise<ResidentOption[]> => db.query<ResidentOption>(
      `SELECT ${OPTION_SELECT} FROM residents r WHERE r.community_id = $1 AND r.deleted_at IS NULL AND r.status = 'ACTIVE'
        ORDER BY r.first_name, r.last_name, r.id`, [requireCommunity(auth)]),
  });

  defineRoute(app, {
    operationId: 'listResidentsOfStreet', response: v.array(ResidentOptionSchema), errors: [404],
    method: 'GET', url: '/api/residents/streets/:streetUuid', summary: 'Residentes activos de una calle (opciones)', tags,
    access: RESIDENT_READERS, params: StreetUuidParamsSchema,
    handler: async ({ auth, params }): Promise<ResidentOption[]> => {
      const communityId = requireCommunity(auth);
      const street = await db.one<{ id: number }>('SELECT id FROM streets WHERE community_id = $1 AND uuid = $2', [communityId, params.streetUuid]);
      if (!street) throw new AppError('not_found', STREET_NOT_FOUND);
      return db.query<ResidentOption>(
        `SELECT ${OPTION_SELECT} FROM residents r WHERE r.community_id = $1 AND r.street_id = $2 AND r.deleted_at IS NULL AND r.status = 'ACTIVE'
          ORDER BY r.first_name, r.last_name, r.id`, [communityId, street.id]);
    },
  });

  defineRoute(app, {
    operationId: 'findResident', response: ResidentAnswerSchema, errors: [404],
    method: 'GET', url: '/api/residents/findOne', tags, access: [...RESIDENT_READERS, 'resident'], query: FindResidentQuerySchema,
    summary: 'Un residente del fraccionamiento activo por `uuid` o por `email` (exacto, sin distinguir mayúsculas); un residente solo se encuentra a sí mismo (el asistente de eventos masivos)',
    handler: async ({ auth, query }): Promise<ResidentAnswer> => {
      // Spec 2 §2.1: a resident is fixed to their own record; no other resident is found for them.
      const own = auth.role === 'resident' ? ' AND user_id = $3' : '';
      const row = await db.one<{ id: number }>(
        `SELECT id FROM residents WHERE community_id = $1 AND deleted_at IS NULL AND ${query.uuid ? 'uuid = $2' : 'lower(email) = $2'}${own}`,
        [requireCommunity(auth), query.uuid ?? query.email, ...(own ? [auth.userId] : [])]);
      if (!row) throw new AppError('not_found', RESIDENT_NOT_FOUND);
      return residentById(db, row.id);
    },
  });

  defineRoute(app, {
    operationId: 'getResident', response: ResidentAnswerSchema, errors: [404],
    method: 'GET', url: '/api/residents/:uuid', summary: 'Un residente del fraccionamiento activo', tags,
    access: RESIDENT_EDITORS, params: UuidParamsSchema,
    handler: async ({ auth, params }): Promise<ResidentAnswer> => {
      const row = await liveResidentId(db, requireCommunity(auth), params.uuid);
      if (!row) throw new AppError('not_found', RESIDENT_NOT_FOUND);
      return residentById(db, row.id);
    },
  });

  defineRoute(app, {
    operationId: 'createResident', response: v.array(ResidentAnswerSchema), errors: [404, 409], status: 201,
    method: 'POST', url: '/api/residents', tags, access: RESIDENT_EDITORS, body: CreateResidentSchema,
    summary: 'Registra un residente (lista de uno). Con `useapp` se le envía por correo un código de registro de un solo uso, válido 15 minutos',
    responseDescription: 'El residente creado, con su código pendiente en `testResidentRegistration`.',
    handler: async ({ req, auth, body }): Promise<ResidentAnswer[]> => {
      const communityId = requireCommunity(auth);
      const resident = body[0];
      const key = await codeSigningKey(db);
      const { id, codes } = await withConstraints(constraints, () => db.tx(async (q) => {
        await assertInCommunity(q, 'streets', communityId, [resident.idStreet], STREET_NOT_FOUND);
        if ((await takenEmails(q, [resident.email])).size) throw new AppError('conflict', EMAIL_TAKEN, { email: EMAIL_TAKEN });
        const room = await assertLicencesFor(q, communityId, 1);
        const [newId] = await insertResidents(q, communityId, [{ ...resident, phones: resident.phones.map((p) => p.phone) }], room.club);
        const uuid = (await q.one<{ uuid: string }>('SELECT uuid FROM residents WHERE id = $1', [newId]))!.uuid;
        await recordAudit(q, { ...auditWho(req), action: 'resident.create', recordUuid: uuid });
        const issued = resident.useapp ? await issueCodes(key, q, [{ id: newId, uuid, email: resident.email, firstName: resident.firstName }]) : [];
        return { id: newId, codes: issued };
      }));
      await mailCodes(mailer, codes, await communityName(communityId), logMailFailure);
      return [await residentById(db, id)];
    },
  });

  defineRoute(app, {
    operationId: 'updateResident', response: ResidentAnswerSchema, errors: [404, 409],
    method: 'PUT', url: '/api/residents/:uuid', tags, access: RESIDENT_EDITORS, params: UuidParamsSchema, body: UpdateResidentSchema,
    summary: 'Actualiza un residente y sus teléfonos. Activar `useapp` en quien no tiene cuenta le envía un código; desactivarlo le quita el acceso a la app',
    handler: async ({ req, auth, params, body }): Promise<ResidentAnswer> => {
      const communityId = requireCommunity(auth);
      const key = await codeSigningKey(db);
      const { id, codes } = await withConstraints(constraints, () => db.tx(async (q) => {
        const current = await liveResidentId(q, communityId, params.uuid, true);
        if (!current) throw new AppError('not_found', RESIDENT_NOT_FOUND);
        await assertInCommunity(q, 'streets', communityId, [body.idStreet], STREET_NOT_FOUND);
        if (body.email !== (current.email ?? '').toLowerCase() && (await takenEmails(q, [body.email])).size) {
          throw new AppError('conflict', EMAIL_TAKEN, { email: EMAIL_TAKEN });
        }
        const club = (await q.one<{ club: boolean }>('SELECT club FROM communities WHERE id = $1', [communityId]))!.club;
        await auditedUpdate(q, auditWho(req), { table: 'residents', id: current.id, uuid: params.uuid, action: 'resident.update' }, () => q.query(
          `UPDATE residents SET first_name = $2, last_name = $3, email = $4, street_id = $5, number = $6, int_number = $7,
                  action = CASE WHEN $8::bool THEN $9 ELSE action END, useapp = $10, notresident = $11, updated_at = now()
            WHERE id = $1`,
          [current.id, body.firstName, body.lastName, body.email, body.idStreet, body.number, body.intNumber, club, body.action, body.useapp, body.notresident]));
        await replacePhones(q, current.id, body.phones);
        if (!body.useapp) {
          await dropPendingCode(q, current.id);
          await q.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL', [current.user_id]);
          return { id: current.id, codes: [] };
        }
        // App use turned on for someone without an account: a code, as on create.
        const needsCode = !current.useapp && current.user_id === null;
        const issued = needsCode
          ? await issueCodes(key, q, [{ id: current.id, uuid: params.uuid, email: body.email, firstName: body.firstName }]) : [];
        return { id: current.id, codes: issued };
      }));
      await mailCodes(mailer, codes, await communityName(communityId), logMailFailure);
      return residentById(db, id);
    },
  });

  const setStatus = (operationId: string, url: string, status: 'ACTIVE' | 'INACTIVE', summary: string) => defineRoute(app, {
    operationId, response: ResidentAnswerSchema, errors: [404],
    method: 'PUT', url, tags, access: RESIDENT_EDITORS, params: ResidentIdParamsSchema, summary,
    handler: async ({ req, auth, params }): Promise<ResidentAnswer> => {
      const id = await db.tx(async (q) => {
        const current = await liveResidentId(q, requireCommunity(auth), params.id, true);
        if (!current) throw new AppError('not_found', RESIDENT_NOT_FOUND);
        await recordAudit(q, { ...auditWho(req), action: status === 'ACTIVE' ? 'resident.enable' : 'resident.disable', recordUuid: params.id });
        if (status === 'INACTIVE') {
          // Spec 3 §4: deactivating removes app access; every open session of the account ends now.
          await q.query("UPDATE residents SET status = 'INACTIVE', useapp = false, updated_at = now() WHERE id = $1", [current.id]);
          await dropPendingCode(q, current.id);
          if (current.user_id !== null) {
            await q.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL', [current.user_id]);
          }
        } else {
          // Activating restores the record, not app use (that changes by editing `useapp`).
          await q.query("UPDATE residents SET status = 'ACTIVE', updated_at = now() WHERE id = $1", [current.id]);
        }
        return current.id;
      });
      return residentById(db, id);
    },
  });
  setStatus('enableResident', '/api/residents/enable/:id', 'ACTIVE', 'Activa un residente (restaura el registro; el uso de la app se cambia editando `useapp`)');
  setStatus('disableResident', '/api/residents/disable/:id', 'INACTIVE', 'Desactiva un residente: pierde el acceso a la app y sus sesiones abiertas terminan');

  defineRoute(app, {
    operationId: 'deleteResident', response: null, errors: [404], status: 204,
    method: 'DELETE', url: '/api/residents/:uuid', tags, access: RESIDENT_DELETERS, params: UuidParamsSchema,
    summary: 'Elimina un residente (borrado lógico: su correo puede reactivarse); pierde el acceso a la app',
    handler: async ({ req, auth, params }) => {
      await db.tx(async (q) => {
        const current = await liveResidentId(q, requireCommunity(auth), params.uuid, true);
        if (!current) throw new AppError('not_found', RESIDENT_NOT_FOUND);
        await recordAudit(q, { ...auditWho(req), action: 'resident.delete', recordUuid: params.uuid });
        await q.query('UPDATE residents SET deleted_at = now(), updated_at = now() WHERE id = $1', [current.id]);
        await dropPendingCode(q, current.id);
        if (current.user_id !== null) {
          await q.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL', [current.user_id]);
        }
      });
    },
  });
}
