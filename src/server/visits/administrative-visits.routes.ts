import type { FastifyInstance } from 'fastify';
import { AdministrativeResidentAnswerSchema } from '../../shared/users/user.answer.js';
import * as v from 'valibot';
import { AppError } from '../../shared/platform/errors.js';
import {
  AdministrativeResidentMessages, AdministrativeResidentSchema, type AdministrativeResidentInput,
} from '../../shared/users/administrative-resident.schema.js';
import type { AdministrativeResident } from '../../shared/users/user-management-types.js';
import { communityScope, NOW, type CommunityScope, type ScopedFrom } from '../platform/db/community-scope.js';
import { withConstraints } from '../platform/db/db-errors.js';
import type { AppDeps } from '../deps.js';
import { atTrailingSlash, defineRoute } from '../platform/http/route.js';

export const ALREADY_CONFIGURED = 'La visita administrativa ya está configurada; actualízala.';
export const NOT_CONFIGURED = 'La visita administrativa no está configurada.';
export const ZONE_MISMATCH = 'La calle no pertenece a la zona seleccionada.';

const BASE = '/api/administrativeVisitUser/administrativeResident';
const SELECT = `r.uuid, r.first_name AS "firstName", r.last_name AS "lastName", r.email, c.id AS "idFrac", c.uuid AS "fracUuid",
  s.id AS "idStreet", z.id AS "idZone", r.number, r.int_number AS "intNumber", r.useapp, r.action, r.notresident,
  json_build_object('uuid', s.uuid, 'idStreet', s.id, 'name', s.name,
    'testZone', json_build_object('uuid', z.uuid, 'idZone', z.id, 'name', z.name)) AS "testStreet"`;
const FROM: ScopedFrom = {
  table: 'administrative_residents', alias: 'r',
  joins: 'JOIN communities c ON c.id = r.community_id JOIN streets s ON s.id = r.street_id JOIN zones z ON z.id = s.zone_id',
};

/** The community's one configuration (a unique index on its community). */
const read = (scope: CommunityScope) => scope.first<AdministrativeResident>({ select: SELECT, from: FROM });

/** The street (and the zone, when sent) must be of the caller's community; otherwise 404 like a missing one. */
async function assertStreet(scope: CommunityScope, body: AdministrativeResidentInput) {
  const street = await scope.first<{ zone_id: number }>({ select: 's.zone_id', from: { table: 'streets', alias: 's' }, where: ['s.id = $1'], params: [body.idStreet] });
  if (!street) throw new AppError('not_found', AdministrativeResidentMessages.street, { idStreet: AdministrativeResidentMessages.street });
  if (body.idZone !== null && body.idZone !== street.zone_id) {
    throw new AppError('invalid_request', ZONE_MISMATCH, { idStreet: ZONE_MISMATCH });
  }
}

const values = (b: AdministrativeResidentInput) => ({
  street_id: b.idStreet, first_name: b.firstName, last_name: b.lastName, email: b.email, number: b.number, int_number: b.intNumber,
  action: b.action, useapp: !!b.useapp, notresident: !!b.notresident,
});

/** 'Configuración visitas administrativas': one per community. */
export function administrativeVisitRoutes(app: FastifyInstance, { db }: AppDeps) {
  const tags = ['visitas administrativas'];

  for (const url of [BASE, `${BASE}/`]) {
    defineRoute(app, {
      operationId: atTrailingSlash('getAdministrativeResident', url), response: v.nullable(AdministrativeResidentAnswerSchema), errors: [404],
      method: 'GET', url, tags, access: ['admin'],
      summary: 'Configuración de visitas administrativas del fraccionamiento activo (null si aún no existe)',
      handler: async ({ auth }): Promise<AdministrativeResident | null> => (await read(communityScope(db, auth))) ?? null,
    });
    defineRoute(app, {
      operationId: atTrailingSlash('createAdministrativeResident', url), response: AdministrativeResidentAnswerSchema, errors: [404, 409],
      method: 'POST', url, tags, access: ['admin'], body: AdministrativeResidentSchema, status: 201,
      summary: 'Crea la configuración de visitas administrativas del fraccionamiento activo (201); 409 si ya existe',
      handler: async ({ auth, body }): Promise<AdministrativeResident> => {
        // One per community: its unique index refuses a second (409), also between two requests at once.
        return withConstraints({ duplicate: ALREADY_CONFIGURED }, () => communityScope(db, auth).tx(async (scope) => {
          await assertStreet(scope, body);
          await scope.insert('administrative_residents', values(body));
          return (await read(scope))!;
        }));
      },
    });
  }

  defineRoute(app, {
    operationId: 'updateAdministrativeResident', response: AdministrativeResidentAnswerSchema, errors: [404, 409],
    method: 'PUT', url: `${BASE}/:fracId`, tags, access: ['admin'], body: AdministrativeResidentSchema,
    params: v.object({ fracId: v.string() }),
    summary: 'Actualiza la configuración de visitas administrativas; fracId es el id (o uuid) del fraccionamiento activo',
    handler: async ({ auth, params, body }): Promise<AdministrativeResident> => {
      const community = communityScope(db, auth);
      if (params.fracId !== String(community.communityId) && params.fracId.toLowerCase() !== auth.communityUuid?.toLowerCase()) {
        throw new AppError('not_found', NOT_CONFIGURED);
      }
      return community.tx(async (scope) => {
        await assertStreet(scope, body);
        const row = await scope.first<{ id: number }>({ select: 'r.id', from: { table: 'administrative_residents', alias: 'r' }, forUpdate: true });
        if (!row) throw new AppError('not_found', NOT_CONFIGURED);
        await scope.update('administrative_residents', { id: row.id }, { ...values(body), updated_at: NOW });
        return (await read(scope))!;
      });
    },
  });
}
