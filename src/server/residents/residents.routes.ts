import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { AppError } from '../../shared/platform/errors.js';
import { RESIDENT_DELETERS, RESIDENT_EDITORS } from '../../shared/residents/resident-rules.js';
import type { ResidentAnswer, ResidentPage } from '../../shared/residents/resident-types.js';
import { ResidentAnswerSchema, ResidentPageSchema } from '../../shared/residents/resident.answer.js';
import {
  CreateResidentSchema,
  ResidentIdParamsSchema,
  ResidentListFilterSchema,
  UpdateResidentSchema,
} from '../../shared/residents/resident.schema.js';
import { UuidParamsSchema } from '../../shared/catalogues/catalogue.schema.js';
import { withConstraints } from '../platform/db/db-errors.js';
import { communityScope } from '../platform/db/community-scope.js';
import { revokeUserSessions } from '../platform/http/sessions.js';
import type { AppDeps } from '../deps.js';
import { ListQuerySchema } from '../platform/http/list-query.js';
import { atTrailingSlash, defineRoute, requireCommunity } from '../platform/http/route.js';
import { auditedUpdate, auditWho, recordAudit } from '../audit/audit.js';
import { codeSigningKey, dropPendingCode, issueCodes, mailCodes } from './resident-codes.js';
import {
  communityMailName,
  isClub,
  liveResidentId,
  RESIDENT_NOT_FOUND,
  residentById,
  residentIdPage,
  residentsByIds,
  residentUuid,
} from './resident-rows.js';
import {
  assertLicencesFor,
  insertResidents,
  markResidentDeleted,
  replacePhones,
  setResidentStatus,
  takenEmails,
  updateResident,
} from './resident-writes.js';

export const STREET_NOT_FOUND = 'La calle seleccionada no existe.';
export const EMAIL_TAKEN = 'Correo ya existente.';
const constraints = { duplicate: EMAIL_TAKEN };

const ResidentListQuerySchema = v.object({ ...ListQuerySchema.entries, ...ResidentListFilterSchema.entries });

/**
 * Residents of the active community: the page, one resident, create, edit, enable, disable and
 * delete. The selects' options and the lookup by uuid or email are in resident-lookups.routes.ts.
 */
export function residentRoutes(app: FastifyInstance, { db, mailer }: AppDeps) {
  const tags = ['residentes'];
  const communityName = (communityId: number) => communityMailName(db, communityId);
  const logMailFailure = (error: unknown) =>
    app.log.error({ err: error }, 'No fue posible enviar el código de registro');

  for (const url of ['/api/residents/', '/api/residents']) {
    defineRoute(app, {
      operationId: atTrailingSlash('listResidents', url),
      response: ResidentPageSchema,
      errors: [404],
      method: 'GET',
      url,
      tags,
      access: RESIDENT_EDITORS,
      query: ResidentListQuerySchema,
      summary:
        'Residentes del fraccionamiento activo (paginado; búsqueda por nombre, correo, calle o número; `useApp=true` solo los que usan la app)',
      handler: async ({ auth, query }): Promise<ResidentPage> => {
        // The page's ids first, then the rows of those 15 with their street, zone, phones and code.
        const page = await residentIdPage(communityScope(db, auth), query);
        const content = await residentsByIds(
          db,
          page.content.map((r) => r.id),
        );
        return { ...page, content, data: content, pageNumber: page.page };
      },
    });
  }

  defineRoute(app, {
    operationId: 'getResident',
    response: ResidentAnswerSchema,
    errors: [404],
    method: 'GET',
    url: '/api/residents/:uuid',
    summary: 'Un residente del fraccionamiento activo',
    tags,
    access: RESIDENT_EDITORS,
    params: UuidParamsSchema,
    handler: async ({ auth, params }): Promise<ResidentAnswer> => {
      const row = await liveResidentId(db, requireCommunity(auth), params.uuid);
      if (!row) throw new AppError('not_found', RESIDENT_NOT_FOUND);
      return residentById(db, row.id);
    },
  });

  defineRoute(app, {
    operationId: 'createResident',
    response: v.array(ResidentAnswerSchema),
    errors: [404, 409],
    status: 201,
    method: 'POST',
    url: '/api/residents',
    tags,
    access: RESIDENT_EDITORS,
    body: CreateResidentSchema,
    summary:
      'Registra un residente (lista de uno). Con `useapp` se le envía por correo un código de registro de un solo uso, válido 15 minutos',
    responseDescription:
      'El residente creado. Con `useapp`, `testResidentRegistration` dice que hay un código pendiente y cuándo vence; el código solo viaja por correo.',
    handler: async ({ req, auth, body }): Promise<ResidentAnswer[]> => {
      const community = communityScope(db, auth);
      const communityId = community.communityId;
      const resident = body[0];
      const key = await codeSigningKey(db);
      const { id, codes } = await withConstraints(constraints, () =>
        community.tx(async (scope, q) => {
          await scope.assertIds('streets', [resident.idStreet], STREET_NOT_FOUND);
          if ((await takenEmails(q, [resident.email])).size)
            throw new AppError('conflict', EMAIL_TAKEN, { email: EMAIL_TAKEN });
          const room = await assertLicencesFor(q, communityId, 1);
          const [newId] = await insertResidents(
            q,
            communityId,
            [{ ...resident, phones: resident.phones.map((p) => p.phone) }],
            room.club,
          );
          const uuid = await residentUuid(scope, newId);
          await recordAudit(q, { ...auditWho(req), action: 'resident.create', recordUuid: uuid });
          const issued = resident.useapp
            ? await issueCodes(key, q, [{ id: newId, uuid, email: resident.email, firstName: resident.firstName }])
            : [];
          return { id: newId, codes: issued };
        }),
      );
      await mailCodes(mailer, codes, await communityName(communityId), logMailFailure);
      return [await residentById(db, id)];
    },
  });

  defineRoute(app, {
    operationId: 'updateResident',
    response: ResidentAnswerSchema,
    errors: [404, 409],
    method: 'PUT',
    url: '/api/residents/:uuid',
    tags,
    access: RESIDENT_EDITORS,
    params: UuidParamsSchema,
    body: UpdateResidentSchema,
    summary:
      'Actualiza un residente y sus teléfonos. Activar `useapp` en quien no tiene cuenta le envía un código; desactivarlo le quita el acceso a la app',
    handler: async ({ req, auth, params, body }): Promise<ResidentAnswer> => {
      const community = communityScope(db, auth);
      const communityId = community.communityId;
      const key = await codeSigningKey(db);
      const { id, codes } = await withConstraints(constraints, () =>
        community.tx(async (scope, q) => {
          const current = await liveResidentId(q, communityId, params.uuid, true);
          if (!current) throw new AppError('not_found', RESIDENT_NOT_FOUND);
          await scope.assertIds('streets', [body.idStreet], STREET_NOT_FOUND);
          if (body.email !== (current.email ?? '').toLowerCase() && (await takenEmails(q, [body.email])).size) {
            throw new AppError('conflict', EMAIL_TAKEN, { email: EMAIL_TAKEN });
          }
          const club = await isClub(q, communityId);
          await auditedUpdate(
            q,
            auditWho(req),
            { table: 'residents', id: current.id, uuid: params.uuid, action: 'resident.update' },
            () => updateResident(scope, current.id, body, club),
          );
          await replacePhones(q, current.id, body.phones);
          if (!body.useapp) {
            await dropPendingCode(q, current.id);
            await revokeUserSessions(q, current.user_id);
            return { id: current.id, codes: [] };
          }
          // App use turned on for someone without an account: a code, as on create.
          const needsCode = !current.useapp && current.user_id === null;
          const issued = needsCode
            ? await issueCodes(key, q, [
                { id: current.id, uuid: params.uuid, email: body.email, firstName: body.firstName },
              ])
            : [];
          return { id: current.id, codes: issued };
        }),
      );
      await mailCodes(mailer, codes, await communityName(communityId), logMailFailure);
      return residentById(db, id);
    },
  });

  const setStatus = (operationId: string, url: string, status: 'ACTIVE' | 'INACTIVE', summary: string) =>
    defineRoute(app, {
      operationId,
      response: ResidentAnswerSchema,
      errors: [404],
      method: 'PUT',
      url,
      tags,
      access: RESIDENT_EDITORS,
      params: ResidentIdParamsSchema,
      summary,
      handler: async ({ req, auth, params }): Promise<ResidentAnswer> => {
        const id = await communityScope(db, auth).tx(async (scope, q) => {
          const current = await liveResidentId(q, scope.communityId, params.id, true);
          if (!current) throw new AppError('not_found', RESIDENT_NOT_FOUND);
          await recordAudit(q, {
            ...auditWho(req),
            action: status === 'ACTIVE' ? 'resident.enable' : 'resident.disable',
            recordUuid: params.id,
          });
          if (status === 'INACTIVE') {
            // Deactivating removes app access; every open session of the account ends now.
            await setResidentStatus(scope, current.id, 'INACTIVE');
            await dropPendingCode(q, current.id);
            if (current.user_id !== null) {
              await revokeUserSessions(q, current.user_id);
            }
          } else {
            // Activating restores the record, not app use (that changes by editing `useapp`).
            await setResidentStatus(scope, current.id, 'ACTIVE');
          }
          return current.id;
        });
        return residentById(db, id);
      },
    });
  setStatus(
    'enableResident',
    '/api/residents/enable/:id',
    'ACTIVE',
    'Activa un residente (restaura el registro; el uso de la app se cambia editando `useapp`)',
  );
  setStatus(
    'disableResident',
    '/api/residents/disable/:id',
    'INACTIVE',
    'Desactiva un residente: pierde el acceso a la app y sus sesiones abiertas terminan',
  );

  defineRoute(app, {
    operationId: 'deleteResident',
    response: null,
    errors: [404],
    status: 204,
    method: 'DELETE',
    url: '/api/residents/:uuid',
    tags,
    access: RESIDENT_DELETERS,
    params: UuidParamsSchema,
    summary: 'Elimina un residente (borrado lógico: su correo puede reactivarse); pierde el acceso a la app',
    handler: async ({ req, auth, params }) => {
      await communityScope(db, auth).tx(async (scope, q) => {
        const current = await liveResidentId(q, scope.communityId, params.uuid, true);
        if (!current) throw new AppError('not_found', RESIDENT_NOT_FOUND);
        await recordAudit(q, { ...auditWho(req), action: 'resident.delete', recordUuid: params.uuid });
        await markResidentDeleted(scope, current.id);
        await dropPendingCode(q, current.id);
        if (current.user_id !== null) {
          await revokeUserSessions(q, current.user_id);
        }
      });
    },
  });
}
