import type { FastifyInstance } from 'fastify';
import { pageOf } from '../../shared/platform/answer.schema.js';
import { CreatedIntegratorSchema, IntegratorAnswerSchema } from '../../shared/communities/community.answer.js';
import type { Page } from '../../shared/platform/api-types.js';
import { AppError } from '../../shared/platform/errors.js';
import type { CreatedIntegrator, Integrator } from '../../shared/integrators/integrator-types.js';
import { UuidParamsSchema } from '../../shared/catalogues/catalogue.schema.js';
import { INTEGRATOR_USER_TYPE, IntegratorBodySchema } from '../../shared/integrators/integrator.schema.js';
import type { Queryable } from '../platform/db/db.js';
import { withConstraints } from '../platform/db/db-errors.js';
import type { AppDeps } from '../deps.js';
import { ListQuerySchema } from '../platform/http/list-query.js';
import { atTrailingSlash, defineRoute } from '../platform/http/route.js';
import { checkAddress } from '../platform/services/address-check.js';
import {
  integratorOf,
  integratorPage,
  integratorRowById,
  integratorRowByUuid,
  type IntegratorRow,
} from './integrator-rows.js';
import {
  deleteIntegrator,
  emailTaken,
  insertIntegrator,
  lockIntegratorWithCommunities,
  setIntegratorEnabled,
  updateIntegrator,
  updateIntegratorAccount,
} from './integrator-writes.js';
import { auditedUpdate, auditWho, recordAudit } from '../audit/audit.js';
import { assertIntegratorCovers } from '../communities/licences.js';
import { generateAccessCode, hashPassword } from '../session/passwords.js';

/** The general administrator and integrators reach the communities they span here (logged). */
const ACROSS = 'los integradores y sus fraccionamientos';

export const EMAIL_TAKEN = 'El correo ya existe';
const NOT_FOUND = 'El integrador no existe.';
export const HAS_COMMUNITIES =
  'No es posible eliminar al integrador porque tiene fraccionamientos registrados. Desactívalo o elimina antes sus fraccionamientos.';

async function found(q: Queryable, uuid: string): Promise<IntegratorRow> {
  const row = await integratorRowByUuid(q, uuid);
  if (!row) throw new AppError('not_found', NOT_FOUND);
  return row;
}

/** Integrators: the general administrator's. */
export function integratorRoutes(app: FastifyInstance, { db }: AppDeps) {
  const tags = ['integradores'];
  const access = ['generalAdmin'] as const;

  for (const url of ['/api/integrator/', '/api/integrator']) {
    defineRoute(app, {
      acrossCommunities: ACROSS,
      operationId: atTrailingSlash('listIntegrators', url),
      response: pageOf(IntegratorAnswerSchema),
      method: 'GET',
      url,
      tags,
      access,
      query: ListQuerySchema,
      summary: 'Integradores registrados (paginado; `search` filtra por nombre, contiene, sin distinguir mayúsculas)',
      handler: async ({ query }): Promise<Page<Integrator>> => {
        const page = await integratorPage(db, query);
        return { ...page, content: page.content.map(integratorOf) };
      },
    });
  }

  defineRoute(app, {
    acrossCommunities: ACROSS,
    operationId: 'getIntegrator',
    response: IntegratorAnswerSchema,
    errors: [404],
    method: 'GET',
    url: '/api/integrator/:uuid',
    summary: 'Un integrador',
    tags,
    access,
    params: UuidParamsSchema,
    handler: async ({ params }): Promise<Integrator> => integratorOf(await found(db, params.uuid)),
  });

  defineRoute(app, {
    acrossCommunities: ACROSS,
    operationId: 'createIntegrator',
    response: CreatedIntegratorSchema,
    errors: [409],
    method: 'POST',
    url: '/api/integrator',
    tags,
    access,
    body: IntegratorBodySchema,
    summary:
      'Registra un integrador y su cuenta (tipo 14, ACTIVE); responde user.oldPassword: el código de acceso para iniciar sesión',
    handler: async ({ req, body }): Promise<CreatedIntegrator> => {
      const code = generateAccessCode();
      const passwordHash = await hashPassword(code);
      const email = body.user.email;
      const { integratorId, user } = await withConstraints({ duplicate: EMAIL_TAKEN }, () =>
        db.tx(async (q) => {
          const addressId = await checkAddress(q, body.idAddress, body.cp);
          if (await emailTaken(q, email, null))
            throw new AppError('conflict', EMAIL_TAKEN, { 'user.email': EMAIL_TAKEN });
          const { integrator, user } = await insertIntegrator(q, body, addressId, passwordHash);
          await recordAudit(q, { ...auditWho(req), action: 'integrator.create', recordUuid: integrator.uuid });
          return { integratorId: integrator.id, user };
        }),
      );
      const integrator = integratorOf((await integratorRowById(db, integratorId))!);
      return {
        ...integrator,
        user: {
          idUser: user.id,
          uuid: user.uuid,
          email,
          firstName: body.name,
          lastName: body.lastName,
          status: 'ACTIVE',
          idUsersTypes: INTEGRATOR_USER_TYPE,
          oldPassword: code,
        },
      };
    },
  });

  defineRoute(app, {
    acrossCommunities: ACROSS,
    operationId: 'updateIntegrator',
    response: IntegratorAnswerSchema,
    errors: [404, 409],
    method: 'PUT',
    url: '/api/integrator/:uuid',
    tags,
    access,
    params: UuidParamsSchema,
    body: IntegratorBodySchema,
    summary: 'Actualiza un integrador (datos, correo de su cuenta y licencias; nunca menos de las ya asignadas)',
    handler: async ({ req, params, body }): Promise<Integrator> => {
      const id = await withConstraints({ duplicate: EMAIL_TAKEN }, () =>
        db.tx(async (q) => {
          const current = await found(q, params.uuid);
          const addressId = await checkAddress(q, body.idAddress, body.cp);
          if (await emailTaken(q, body.user.email, current.user_id)) {
            throw new AppError('conflict', EMAIL_TAKEN, { 'user.email': EMAIL_TAKEN });
          }
          await assertIntegratorCovers(q, current.id, body.licenses);
          await auditedUpdate(
            q,
            auditWho(req),
            { table: 'integrators', id: current.id, uuid: params.uuid, action: 'integrator.update' },
            () => updateIntegrator(q, current.id, body, addressId),
          );
          await auditedUpdate(
            q,
            auditWho(req),
            { table: 'users', id: current.user_id, uuid: current.user_uuid, action: 'user.update' },
            () => updateIntegratorAccount(q, current.user_id, body),
          );
          return current.id;
        }),
      );
      return integratorOf((await integratorRowById(db, id))!);
    },
  });

  defineRoute(app, {
    acrossCommunities: ACROSS,
    operationId: 'deleteIntegrator',
    response: null,
    errors: [404, 409],
    method: 'DELETE',
    url: '/api/integrator/:uuid',
    tags,
    access,
    params: UuidParamsSchema,
    status: 204,
    summary:
      'Elimina un integrador sin fraccionamientos (409 si tiene); su cuenta queda dada de baja y sus sesiones revocadas',
    handler: async ({ req, params }) => {
      await db.tx(async (q) => {
        const current = await found(q, params.uuid);
        if (await lockIntegratorWithCommunities(q, current.id)) {
          throw new AppError('conflict', HAS_COMMUNITIES);
        }
        await deleteIntegrator(q, current);
        await recordAudit(q, { ...auditWho(req), action: 'integrator.delete', recordUuid: params.uuid });
      });
    },
  });

  for (const [action, enabled] of [
    ['disable', false],
    ['enable', true],
  ] as const) {
    defineRoute(app, {
      acrossCommunities: ACROSS,
      operationId: `${action}Integrator`,
      response: IntegratorAnswerSchema,
      errors: [404],
      method: 'PUT',
      url: `/api/integrator/:uuid/${action}`,
      tags,
      access,
      params: UuidParamsSchema,
      summary: enabled
        ? 'Habilita un integrador: su cuenta y los usuarios de sus fraccionamientos vuelven a tener acceso'
        : 'Deshabilita un integrador: su cuenta y los usuarios de sus fraccionamientos pierden el acceso al instante (inicio de sesión: User account has expired; tokens abiertos: 401)',
      handler: async ({ req, params }): Promise<Integrator> => {
        const row = await db.tx(async (q) => {
          const changed = await setIntegratorEnabled(q, params.uuid, enabled);
          if (changed)
            await recordAudit(q, { ...auditWho(req), action: `integrator.${action}`, recordUuid: params.uuid });
          return changed;
        });
        if (!row) throw new AppError('not_found', NOT_FOUND);
        return integratorOf((await integratorRowById(db, row.id))!);
      },
    });
  }
}
