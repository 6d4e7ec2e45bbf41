import type { FastifyInstance } from 'fastify';
import { EntriesByModeSchema, VisitAnswerSchema } from '../../shared/schemas/visit.answer.js';
import * as v from 'valibot';
import { AppError } from '../../shared/errors.js';
import type { VisitEvent } from '../../shared/realtime.js';
import { RegisterExitSchema, RegisterVisitSchema, VisitMessages } from '../../shared/schemas/visit.schema.js';
import { VISIT_REGISTRARS, VISIT_STATS_ROLES } from '../../shared/visit-access.js';
import type { EntriesByMode, Visit } from '../../shared/visit-types.js';
import type { Queryable } from '../db/db.js';
import type { AppDeps } from '../deps.js';
import { atTrailingSlash, defineRoute, requireCommunity } from '../http/route.js';
import type { AuthContext } from '../http/auth-context.js';
import type { DeviceContext } from '../http/device-auth.js';
import { deviceVisitRefusal } from '../../shared/device-rules.js';
import { entriesByMode, statsScope } from '../services/visit-stats.js';
import { storageFor } from '../services/storage.js';
import { decodePhoto, providerTypeOf, storePhoto } from '../services/visit-photos.js';

const UuidParams = v.object({ uuid: v.pipe(v.string('Identificador no válido.'), v.uuid('Identificador no válido.')) });

const person = (alias: string) =>
  `CASE WHEN ${alias}.id IS NULL THEN NULL ELSE json_build_object('uuid', ${alias}.uuid, 'name', trim(${alias}.first_name || ' ' || ${alias}.last_name)) END`;
/** The gate of an entry or exit; a visit registered by a device carries the device as its gate (issue 9). */
const gate = (column: string, alias: string, device: string) =>
  `CASE WHEN v.${column} IS NOT NULL THEN json_build_object('uuid', v.${column}, 'name', ${alias}.name)
        WHEN ${device}.id IS NOT NULL THEN json_build_object('uuid', ${device}.uuid, 'name', ${device}.name) END`;

const SELECT = `v.uuid, c.uuid AS "fracUuid", v.first_name AS "firstName", v.last_name AS "lastName", v.accredited,
  v.visitant_type AS "visitantType", v.access_mode AS "accessMode",
  to_json(v.entered_at) #>> '{}' AS timein, to_json(v.exited_at) #>> '{}' AS timeout,
  CASE WHEN r.id IS NULL THEN NULL ELSE json_build_object('uuid', r.uuid, 'firstName', r.first_name, 'lastName', r.last_name, 'number', r.number) END AS "testResident",
  ${gate('gate_arrival_uuid', 'ga', 'de')} AS "testGateArrival", ${gate('gate_departure_uuid', 'gd', 'dx')} AS "testGateDeparture",
  ${person('ua')} AS "userArrival", ${person('ud')} AS "userDeparture",
  v.car_brand AS carbrand, v.color, v.plate, v.comments`;
/** `source` is the visits table, or a CTE of rows just written, under the alias v. */
const from = (source: string) => `${source} v JOIN communities c ON c.id = v.community_id
  LEFT JOIN residents r ON r.id = v.resident_id
  LEFT JOIN gates ga ON ga.uuid = v.gate_arrival_uuid AND ga.community_id = v.community_id
  LEFT JOIN gates gd ON gd.uuid = v.gate_departure_uuid AND gd.community_id = v.community_id
  LEFT JOIN users ua ON ua.id = v.registered_by LEFT JOIN users ud ON ud.id = v.exit_registered_by
  LEFT JOIN devices de ON de.id = v.entry_device_id LEFT JOIN devices dx ON dx.id = v.exit_device_id`;

/** Runs a write that answers visit rows (`RETURNING *`) and reads the written visit back in one statement. */
const writeAndRead = (q: Queryable, write: string, params: unknown[]) =>
  q.one<Visit>(`WITH w AS (${write} RETURNING *) SELECT ${SELECT} FROM ${from('w')}`, params);

/** A gate or resident sent must be of the caller's community; otherwise 404, as if it did not exist. */
async function gateOf(q: Queryable, communityId: number, uuid: string | null) {
  if (uuid === null) return null;
  if (!(await q.one('SELECT 1 FROM gates WHERE community_id = $1 AND uuid = $2', [communityId, uuid]))) {
    throw new AppError('not_found', VisitMessages.gateNotFound, { gateUuid: VisitMessages.gateNotFound });
  }
  return uuid;
}
async function residentOf(q: Queryable, communityId: number, uuid: string | null) {
  if (uuid === null) return null;
  const row = await q.one<{ id: number }>('SELECT id FROM residents WHERE community_id = $1 AND uuid = $2', [communityId, uuid]);
  if (!row) throw new AppError('not_found', VisitMessages.residentNotFound, { residentUuid: VisitMessages.residentNotFound });
  return row.id;
}

const eventOf = (visit: Visit, at: string): VisitEvent => ({ uuid: visit.uuid, fracUuid: visit.fracUuid, accessMode: visit.accessMode, at });

/**
 * Who registers: a guard or administrator of the active community, or a linked device of its own
 * community (issue 9), which may register only what its type does (a booth manual entries and
 * exits, a scanner QR entries when IN or exits when OUT).
 */
function registrar(auth: AuthContext | null, device: DeviceContext | null, action: 'entry' | 'exit', accessMode?: string) {
  if (!device) return { communityId: requireCommunity(auth!), userId: auth!.userId, deviceId: null };
  const refusal = deviceVisitRefusal(device, action, accessMode);
  if (refusal) throw new AppError(refusal.kind === 'mode' ? 'invalid_request' : 'forbidden', refusal.message);
  return { communityId: device.communityId, userId: null, deviceId: device.deviceId };
}

/**
 * Visit registration, the source of the live counters (issue 4): a guard (types 5 and 6) or the
 * community's administrator registers entries and exits; each one is emitted to the community's
 * dashboards as `V_IN` / `V_OUT`.
 */
export function visitantRoutes(app: FastifyInstance, { db, realtime, config }: AppDeps) {
  const tags = ['visitas'];
  const storage = storageFor(config);

  defineRoute(app, {
    operationId: 'createVisit', response: VisitAnswerSchema, errors: [403, 404],
    method: 'POST', url: '/api/visitants', tags, access: VISIT_REGISTRARS, devices: 'also', body: RegisterVisitSchema, status: 201,
    summary: 'Registra la entrada de una visita (vigilante o administrador del fraccionamiento activo, o un dispositivo vinculado en el suyo); responde 201 con la visita y emite V_IN',
    handler: async ({ auth, device, body }): Promise<Visit> => {
      const { communityId, userId, deviceId } = registrar(auth, device, 'entry', body.accessMode);
      const gateUuid = await gateOf(db, communityId, body.gateUuid);
      const residentId = await residentOf(db, communityId, body.residentUuid);
      const providerTypeId = await providerTypeOf(db, communityId, body.providerTypeId);
      const photo = body.file ? decodePhoto(body.file) : null;
      // One statement: the insert and the read-back (the visit is emitted as soon as it is stored).
      const visit = (await db.tx(async (q) => writeAndRead(q,
        `INSERT INTO visits (community_id, first_name, last_name, accredited, visitant_type, access_mode, gate_arrival_uuid,
           resident_id, car_brand, color, plate, comments, registered_by, entry_device_id, provider_type_id, photo_file_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`,
        [communityId, body.firstName, body.lastName, body.accredited, body.visitantType, body.accessMode, gateUuid,
          residentId, body.carbrand, body.color, body.plate, body.comments, userId, deviceId, providerTypeId,
          photo ? await storePhoto(storage, q, photo) : null])))!;
      realtime.emitVisit(visit.fracUuid, 'V_IN', eventOf(visit, visit.timein));
      return visit;
    },
  });

  defineRoute(app, {
    operationId: 'registerVisitExit', response: VisitAnswerSchema, errors: [403, 404, 409],
    method: 'PUT', url: '/api/visitants/:uuid/exit', tags, access: VISIT_REGISTRARS, devices: 'also', params: UuidParams, body: RegisterExitSchema,
    summary: 'Registra la salida de una visita del fraccionamiento activo (o del de un dispositivo vinculado) y emite V_OUT; 409 si la salida ya estaba registrada',
    handler: async ({ auth, device, params, body }): Promise<Visit> => {
      const { communityId, userId, deviceId } = registrar(auth, device, 'exit');
      const gateUuid = await gateOf(db, communityId, body.gateUuid ?? null);
      // Only an open visit of the caller's community changes, so two exits cannot both succeed.
      const visit = await writeAndRead(db,
        `UPDATE visits SET exited_at = greatest(now(), entered_at), gate_departure_uuid = $3, exit_registered_by = $4, exit_device_id = $5
          WHERE community_id = $1 AND uuid = $2 AND exited_at IS NULL`,
        [communityId, params.uuid, gateUuid, userId, deviceId]);
      if (!visit) {
        const exists = await db.one('SELECT 1 FROM visits WHERE community_id = $1 AND uuid = $2', [communityId, params.uuid]);
        throw exists ? new AppError('conflict', VisitMessages.alreadyOut) : new AppError('not_found', VisitMessages.notFound);
      }
      realtime.emitVisit(visit.fracUuid, 'V_OUT', eventOf(visit, visit.timeout!));
      return visit;
    },
  });

  for (const [path, mode] of [['entriesQR', 'QR'], ['entriesManual', 'MANUAL']] as const) {
    for (const url of [`/api/visitants/${path}/`, `/api/visitants/${path}`]) {
      defineRoute(app, {
        // Issue 16 §2: the general administrator's figures span every community (logged).
        acrossCommunities: 'las entradas de los fraccionamientos que abarca',
        operationId: atTrailingSlash(mode === 'QR' ? 'getQrEntries' : 'getManualEntries', url), response: EntriesByModeSchema, errors: [404],
        method: 'GET', url, tags, access: VISIT_STATS_ROLES,
        summary: `Entradas del año en curso con acceso ${mode} (fraccionamiento activo; todos para el administrador general)`,
        handler: async ({ auth }): Promise<EntriesByMode> => entriesByMode(db, statsScope(auth), mode),
      });
    }
  }
}
