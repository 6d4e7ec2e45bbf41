import type { FastifyInstance } from 'fastify';
import { EntriesByModeSchema, VisitAnswerSchema } from '../../shared/visits/visit.answer.js';
import * as v from 'valibot';
import { AppError } from '../../shared/platform/errors.js';
import type { VisitEvent } from '../../shared/platform/realtime.js';
import { RegisterExitSchema, RegisterVisitSchema, VisitMessages } from '../../shared/visits/visit.schema.js';
import { VISIT_REGISTRARS, VISIT_STATS_ROLES } from '../../shared/visits/visit-access.js';
import type { EntriesByMode, Visit } from '../../shared/visits/visit-types.js';
import { communityScope, communityScopeOf, type CommunityScope } from '../platform/db/community-scope.js';
import type { Db } from '../platform/db/db.js';
import type { AppDeps } from '../deps.js';
import { atTrailingSlash, defineRoute } from '../platform/http/route.js';
import type { AuthContext } from '../platform/http/auth-context.js';
import type { DeviceContext } from '../devices/device-auth.js';
import { deviceVisitRefusal } from '../../shared/devices/device-rules.js';
import { entriesByMode, statsScope } from '../dashboard/visit-stats.js';
import { storageFor } from '../platform/services/storage.js';
import { decodePhoto, providerTypeOf, storePhoto } from './visit-photos.js';
import { insertVisit, registerVisitExit } from './visit-writes.js';

const UuidParams = v.object({ uuid: v.pipe(v.string('Identificador no válido.'), v.uuid('Identificador no válido.')) });

/** A gate or resident sent must be of the caller's community; otherwise 404, as if it did not exist. */
async function gateOf(scope: CommunityScope, uuid: string | null) {
  if (uuid === null) return null;
  if ((await scope.idOf('gates', { uuid })) === undefined) {
    throw new AppError('not_found', VisitMessages.gateNotFound, { gateUuid: VisitMessages.gateNotFound });
  }
  return uuid;
}
async function residentOf(scope: CommunityScope, uuid: string | null) {
  if (uuid === null) return null;
  const id = await scope.idOf('residents', { uuid });
  if (id === undefined)
    throw new AppError('not_found', VisitMessages.residentNotFound, { residentUuid: VisitMessages.residentNotFound });
  return id;
}

const eventOf = (visit: Visit, at: string): VisitEvent => ({
  uuid: visit.uuid,
  fracUuid: visit.fracUuid,
  accessMode: visit.accessMode,
  at,
});

/**
 * Who registers: a guard or administrator of the active community, or a linked device of its own
 * community, which may register only what its type does (a booth manual entries and
 * exits, a scanner QR entries when IN or exits when OUT).
 */
function registrar(
  db: Db,
  auth: AuthContext | null,
  device: DeviceContext | null,
  action: 'entry' | 'exit',
  accessMode?: string,
) {
  if (!device) return { scope: communityScope(db, auth!), userId: auth!.userId, deviceId: null };
  const refusal = deviceVisitRefusal(device, action, accessMode);
  if (refusal) throw new AppError(refusal.kind === 'mode' ? 'invalid_request' : 'forbidden', refusal.message);
  return { scope: communityScopeOf(db, device.communityId), userId: null, deviceId: device.deviceId };
}

/**
 * Visit registration, the source of the live counters: a guard (types 5 and 6) or the
 * community's administrator registers entries and exits; each one is emitted to the community's
 * dashboards as `V_IN` / `V_OUT`.
 */
export function visitantRoutes(app: FastifyInstance, { db, realtime, config }: AppDeps) {
  const tags = ['visitas'];
  const storage = storageFor(config);

  defineRoute(app, {
    operationId: 'createVisit',
    response: VisitAnswerSchema,
    errors: [403, 404],
    method: 'POST',
    url: '/api/visitants',
    tags,
    access: VISIT_REGISTRARS,
    devices: 'also',
    body: RegisterVisitSchema,
    status: 201,
    summary:
      'Registra la entrada de una visita (vigilante o administrador del fraccionamiento activo, o un dispositivo vinculado en el suyo); responde 201 con la visita y emite V_IN',
    handler: async ({ auth, device, body }): Promise<Visit> => {
      const { scope, userId, deviceId } = registrar(db, auth, device, 'entry', body.accessMode);
      const gateUuid = await gateOf(scope, body.gateUuid);
      const residentId = await residentOf(scope, body.residentUuid);
      const providerTypeId = await providerTypeOf(scope, body.providerTypeId);
      const photo = body.file ? decodePhoto(body.file) : null;
      // One statement: the insert and the read-back (the photo first, in the same transaction).
      const visit = await scope.tx(async (tx, q) =>
        insertVisit(tx, {
          ...body,
          gateUuid,
          residentId,
          userId,
          deviceId,
          providerTypeId,
          photoFileId: photo ? await storePhoto(storage, q, photo) : null,
        }),
      );
      realtime.emitVisit(visit.fracUuid, 'V_IN', eventOf(visit, visit.timein));
      return visit;
    },
  });

  defineRoute(app, {
    operationId: 'registerVisitExit',
    response: VisitAnswerSchema,
    errors: [403, 404, 409],
    method: 'PUT',
    url: '/api/visitants/:uuid/exit',
    tags,
    access: VISIT_REGISTRARS,
    devices: 'also',
    params: UuidParams,
    body: RegisterExitSchema,
    summary:
      'Registra la salida de una visita del fraccionamiento activo (o del de un dispositivo vinculado) y emite V_OUT; 409 si la salida ya estaba registrada',
    handler: async ({ auth, device, params, body }): Promise<Visit> => {
      const { scope, userId, deviceId } = registrar(db, auth, device, 'exit');
      const gateUuid = await gateOf(scope, body.gateUuid ?? null);
      // Only an open visit of the caller's community changes, so two exits cannot both succeed.
      const visit = await registerVisitExit(scope, params.uuid, { gateUuid, userId, deviceId });
      if (!visit) {
        const exists = (await scope.idOf('visits', { uuid: params.uuid })) !== undefined;
        throw exists
          ? new AppError('conflict', VisitMessages.alreadyOut)
          : new AppError('not_found', VisitMessages.notFound);
      }
      realtime.emitVisit(visit.fracUuid, 'V_OUT', eventOf(visit, visit.timeout!));
      return visit;
    },
  });

  for (const [path, mode] of [
    ['entriesQR', 'QR'],
    ['entriesManual', 'MANUAL'],
  ] as const) {
    for (const url of [`/api/visitants/${path}/`, `/api/visitants/${path}`]) {
      defineRoute(app, {
        // The general administrator's figures span every community (logged).
        acrossCommunities: 'las entradas de los fraccionamientos que abarca',
        operationId: atTrailingSlash(mode === 'QR' ? 'getQrEntries' : 'getManualEntries', url),
        response: EntriesByModeSchema,
        errors: [404],
        method: 'GET',
        url,
        tags,
        access: VISIT_STATS_ROLES,
        summary: `Entradas del año en curso con acceso ${mode} (fraccionamiento activo; todos para el administrador general)`,
        handler: async ({ auth }): Promise<EntriesByMode> => entriesByMode(db, statsScope(auth), mode),
      });
    }
  }
}
