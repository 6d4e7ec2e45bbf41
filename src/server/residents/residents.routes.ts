import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { AppError } from '../../shared/platform/errors.js';
import { RESIDENT_DELETERS, RESIDENT_EDITORS, RESIDENT_READERS } from '../../shared/residents/resident-rules.js';
import type { ResidentAnswer, ResidentOption, ResidentPage } from '../../shared/residents/resident-types.js';
import {
  ResidentAnswerSchema,
  ResidentOptionSchema,
  ResidentPageSchema,
} from '../../shared/residents/resident.answer.js';
import {
  CreateResidentSchema,
  FindResidentQuerySchema,
  ResidentIdParamsSchema,
  ResidentListFilterSchema,
  StreetUuidParamsSchema,
  UpdateResidentSchema,
} from '../../shared/residents/resident.schema.js';
import { UuidParamsSchema } from '../../shared/catalogues/catalogue.schema.js';
import { withConstraints } from '../platform/db/db-errors.js';
import { communityScope, NOW, type ScopedFrom } from '../platform/db/community-scope.js';
import type { AppDeps } from '../deps.js';
import { escapeLike, ListQuerySchema } from '../platform/http/list-query.js';
import { atTrailingSlash, defineRoute, requireCommunity } from '../platform/http/route.js';
import { auditedUpdate, auditWho, recordAudit } from '../audit/audit.js';
import { codeSigningKey, dropPendingCode, issueCodes, mailCodes } from './resident-codes.js';
import {
  communityMailName,
  liveResidentId,
  RESIDENT_NOT_FOUND,
  residentById,
  residentsByIds,
} from './resident-rows.js';
import { assertLicencesFor, insertResidents, replacePhones, takenEmails } from './resident-writes.js';

export const STREET_NOT_FOUND = 'La calle seleccionada no existe.';
export const EMAIL_TAKEN = 'Correo ya existente.';
const constraints = { duplicate: EMAIL_TAKEN };

const ResidentListQuerySchema = v.object({ ...ListQuerySchema.entries, ...ResidentListFilterSchema.entries });
const RESIDENTS: ScopedFrom = { table: 'residents', alias: 'r' };
/** The residents offered in a select: live (not deleted) and active. */
const LIVE_AND_ACTIVE = ['r.deleted_at IS NULL', "r.status = 'ACTIVE'"];
const OPTION_ORDER = 'r.first_name, r.last_name, r.id';
const OPTION_SELECT = `r.id AS "idResident", r.uuid, r.first_name AS "firstName", r.last_name AS "lastName", r.number, r.street_id AS "idStreet"`;

/** Residents of the active community. */
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
        const where = ['r.deleted_at IS NULL'];
        const params: unknown[] = [];
        if (query.useApp) where.push('r.useapp');
        // search_text is lower-case already: LIKE on the lowered term (served by the trigram index)
        // costs a quarter of ILIKE, which lower-cases every row it tests.
        if (query.search) {
          params.push(`%${escapeLike(query.search.toLowerCase())}%`);
          where.push(`r.search_text LIKE $${params.length}`);
        }
        // The page's ids first, counted apart on the residents table alone, then the rows of those 15
        // with their street, zone, phones and code.
        const page = await communityScope(db, auth).page<{ id: number }>(
          {
            select: 'r.id',
            from: RESIDENTS,
            where,
            params,
            searchColumns: [],
            orderBy: 'r.first_name, r.last_name, r.id',
            separateCount: true,
          },
          { ...query, search: '' },
        );
        const content = await residentsByIds(
          db,
          page.content.map((r) => r.id),
        );
        return { ...page, content, data: content, pageNumber: page.page };
      },
    });
  }

  defineRoute(app, {
    operationId: 'listAllResidents',
    response: v.array(ResidentOptionSchema),
    errors: [404],
    method: 'GET',
    url: '/api/residents/all',
    summary: 'Todos los residentes activos del fraccionamiento (opciones)',
    tags,
    access: RESIDENT_READERS,
    handler: async ({ auth }): Promise<ResidentOption[]> =>
      communityScope(db, auth).select<ResidentOption>({
        select: OPTION_SELECT,
        from: RESIDENTS,
        where: LIVE_AND_ACTIVE,
        orderBy: OPTION_ORDER,
      }),
  });

  defineRoute(app, {
    operationId: 'listResidentsOfStreet',
    response: v.array(ResidentOptionSchema),
    errors: [404],
    method: 'GET',
    url: '/api/residents/streets/:streetUuid',
    summary: 'Residentes activos de una calle (opciones)',
    tags,
    access: RESIDENT_READERS,
    params: StreetUuidParamsSchema,
    handler: async ({ auth, params }): Promise<ResidentOption[]> => {
      const scope = communityScope(db, auth);
      const streetId = await scope.idOf('streets', { uuid: params.streetUuid });
      if (streetId === undefined) throw new AppError('not_found', STREET_NOT_FOUND);
      return scope.select<ResidentOption>({
        select: OPTION_SELECT,
        from: RESIDENTS,
        where: ['r.street_id = $1', ...LIVE_AND_ACTIVE],
        params: [streetId],
        orderBy: OPTION_ORDER,
      });
    },
  });

  defineRoute(app, {
    operationId: 'findResident',
    response: ResidentAnswerSchema,
    errors: [404],
    method: 'GET',
    url: '/api/residents/findOne',
    tags,
    access: [...RESIDENT_READERS, 'resident'],
    query: FindResidentQuerySchema,
    summary:
      'Un residente del fraccionamiento activo por `uuid` o por `email` (exacto, sin distinguir mayúsculas); un residente solo se encuentra a sí mismo (el asistente de eventos masivos)',
    handler: async ({ auth, query }): Promise<ResidentAnswer> => {
      // A resident is fixed to their own record; no other resident is found for them.
      const own = auth.role === 'resident';
      const row = await communityScope(db, auth).first<{ id: number }>({
        select: 'r.id',
        from: RESIDENTS,
        where: [
          'r.deleted_at IS NULL',
          query.uuid ? 'r.uuid = $1' : 'lower(r.email) = $1',
          ...(own ? ['r.user_id = $2'] : []),
        ],
        params: [query.uuid ?? query.email, ...(own ? [auth.userId] : [])],
      });
      if (!row) throw new AppError('not_found', RESIDENT_NOT_FOUND);
      return residentById(db, row.id);
    },
  });

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
          const { uuid } = (await scope.first<{ uuid: string }>({
            select: 'r.uuid',
            from: RESIDENTS,
            where: ['r.id = $1'],
            params: [newId],
          }))!;
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
          const club = (await q.one<{ club: boolean }>('SELECT club FROM communities WHERE id = $1', [communityId]))!
            .club;
          // The club's 'No. acción' is kept only by a club; elsewhere it stays as it was.
          await auditedUpdate(
            q,
            auditWho(req),
            { table: 'residents', id: current.id, uuid: params.uuid, action: 'resident.update' },
            () =>
              scope.update(
                'residents',
                { id: current.id },
                {
                  first_name: body.firstName,
                  last_name: body.lastName,
                  email: body.email,
                  street_id: body.idStreet,
                  number: body.number,
                  int_number: body.intNumber,
                  ...(club ? { action: body.action } : {}),
                  useapp: body.useapp,
                  notresident: body.notresident,
                  updated_at: NOW,
                },
              ),
          );
          await replacePhones(q, current.id, body.phones);
          if (!body.useapp) {
            await dropPendingCode(q, current.id);
            await q.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL', [
              current.user_id,
            ]);
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
            await scope.update('residents', { id: current.id }, { status: 'INACTIVE', useapp: false, updated_at: NOW });
            await dropPendingCode(q, current.id);
            if (current.user_id !== null) {
              await q.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL', [
                current.user_id,
              ]);
            }
          } else {
            // Activating restores the record, not app use (that changes by editing `useapp`).
            await scope.update('residents', { id: current.id }, { status: 'ACTIVE', updated_at: NOW });
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
        await scope.update('residents', { id: current.id }, { deleted_at: NOW, updated_at: NOW });
        await dropPendingCode(q, current.id);
        if (current.user_id !== null) {
          await q.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL', [
            current.user_id,
          ]);
        }
      });
    },
  });
}
