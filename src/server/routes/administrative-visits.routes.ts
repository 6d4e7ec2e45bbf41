import type { FastifyInstance } from 'fastify';
import { AdministrativeResidentAnswerSchema } from '../../shared/schemas/user.answer.js';
import * as v from 'valibot';
import { AppError } from '../../shared/errors.js';
import {
  AdministrativeResidentMessages, AdministrativeResidentSchema, type AdministrativeResidentInput,
} from '../../shared/schemas/administrative-resident.schema.js';
import type { AdministrativeResident } from '../../shared/user-management-types.js';
import type { Queryable } from '../db/db.js';
import type { AppDeps } from '../deps.js';
import { atTrailingSlash, defineRoute, requireCommunity } from '../http/route.js';

export const ALREADY_CONFIGURED = 'La visita administrativa ya está configurada; actualízala.';
export const NOT_CONFIGURED = 'La visita administrativa no está configurada.';
export const ZONE_MISMATCH = 'La calle no pertenece a la zona seleccionada.';

const BASE = '/api/administrativeVisitUser/administrativeResident';
const SELECT = `r.uuid, r.first_name AS "firstName", r.last_name AS "lastName", r.email, c.id AS "idFrac", c.uuid AS "fracUuid",
  s.id AS "idStreet", z.id AS "idZone", r.number, r.int_number AS "intNumber", r.useapp, r.action, r.notresident,
  json_build_object('uuid', s.uuid, 'idStreet', s.id, 'name', s.name,
    'testZone', json_build_object('uuid', z.uuid, 'idZone', z.id, 'name', z.name)) AS "testStreet"`;
const FROM = `administrative_residents r JOIN communities c ON c.id = r.community_id
  JOIN streets s ON s.id = r.street_id JOIN zones z ON z.id = s.zone_id`;

const read = (q: Queryable, communityId: number) =>
  q.one<AdministrativeResident>(`SELECT ${SELECT} FROM ${FROM} WHERE r.community_id = $1`, [communityId]);

/** The street (and the zone, when sent) must be of the caller's community; otherwise 404 like a missing one. */
async function assertStreet(q: Queryable, communityId: number, body: AdministrativeResidentInput) {
  const street = await q.one<{ zone_id: number }>('SELECT zone_id FROM streets WHERE id = $1 AND community_id = $2', [body.idStreet, communityId]);
  if (!street) throw new AppError('not_found', AdministrativeResidentMessages.street, { idStreet: AdministrativeResidentMessages.street });
  if (body.idZone !== null && body.idZone !== street.zone_id) {
    throw new AppError('invalid_request', ZONE_MISMATCH, { idStreet: ZONE_MISMATCH });
  }
}

const values = (b: AdministrativeResidentInput) =>
  [b.idStreet, b.firstName, b.lastName, b.email, b.number, b.intNumber, b.action, !!b.useapp, !!b.notresident];

/** 'Configuración visitas administrativas' (spec 1 §2 Usuarios, §3, §7; spec 3 §7): one per community. */
export function administrativeVisitRoutes(app: FastifyInstance, { db }: AppDeps) {
  const tags = ['visitas administrativas'];

  for (const url of [BASE, `${BASE}/`]) {
    defineRoute(app, {
      operationId: atTrailingSlash('getAdministrativeResident', url), response: v.nullable(AdministrativeResidentAnswerSchema), errors: [404],
      method: 'GET', url, tags, access: ['admin'],
      summary: 'Configuración de visitas administrativas del fraccionamiento activo (null si aún no existe)',
      handler: async ({ auth }): Promise<AdministrativeResident | null> => (await read(db, requireCommunity(auth))) ?? null,
    });
    defineRoute(app, {
      operationId: atTrailingSlash('createAdministrativeResident', url), response: AdministrativeResidentAnswerSchema, errors: [404, 409],
      method: 'POST', url, tags, access: ['admin'], body: AdministrativeResidentSchema, status: 201,
      summary: 'Crea la configuración de visitas administrativas del fraccionamiento activo (201); 409 si ya existe',
      handler: async ({ auth, body }): Promise<AdministrativeResident> => {
        const communityId = requireCommunity(auth);
        return db.tx(async (q) => {
          await assertStreet(q, communityId, body);
          const row = await q.one(
            `INSERT INTO administrative_residents (community_id, street_id, first_name, last_name, email, number, int_number, action, useapp, notresident)
             VALUES ($10, $1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (community_id) DO NOTHING RETURNING id`,
            [...values(body), communityId]);
          if (!row) throw new AppError('conflict', ALREADY_CONFIGURED);
          return (await read(q, communityId))!;
        });
      },
    });
  }

  defineRoute(app, {
    operationId: 'updateAdministrativeResident', response: AdministrativeResidentAnswerSchema, errors: [404, 409],
    method: 'PUT', url: `${BASE}/:fracId`, tags, access: ['admin'], body: AdministrativeResidentSchema,
    params: v.object({ fracId: v.string() }),
    summary: 'Actualiza la configuración de visitas administrativas; fracId es el id (o uuid) del fraccionamiento activo',
    handler: async ({ auth, params, body }): Promise<AdministrativeResident> => {
      const communityId = requireCommunity(auth);
      if (params.fracId !== String(communityId) && params.fracId.toLowerCase() !== auth.communityUuid?.toLowerCase()) {
        throw new AppError('not_found', NOT_CONFIGURED);
      }
      return db.tx(async (q) => {
        await assertStreet(q, communityId, body);
        const row = await q.one(
          `UPDATE administrative_residents SET street_id = $1, first_name = $2, last_name = $3, email = $4, number = $5,
             int_number = $6, action = $7, useapp = $8, notresident = $9, updated_at = now()
           WHERE community_id = $10 RETURNING id`,
          [...values(body), communityId]);
        if (!row) throw new AppError('not_found', NOT_CONFIGURED);
        return (await read(q, communityId))!;
      });
    },
  });
}
