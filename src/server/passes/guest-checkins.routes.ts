import type { FastifyInstance } from 'fastify';
import { CHECKIN_ROLES } from '../../shared/passes/checkin-rules.js';
import { CheckinAnswerSchema, CheckinBodySchema, type CheckinAnswer } from '../../shared/passes/checkin.schema.js';
import type { AppDeps } from '../deps.js';
import { defineRoute } from '../platform/http/route.js';
import { passEntry, passExit } from './pass-entry.js';
import { kindOf, registrarOf } from './gate-registrar.js';
import { passKeysFor } from './passes.js';
import { auditWho, recordAudit } from '../audit/audit.js';

/**
 * Guests of massive events at the gate with their signed passes (docs/features.md#passes): the
 * entry is a visit of type MASSIVE_EVENT, mode QR, emitted as V_IN; the exit as V_OUT.
 */
export function guestCheckinRoutes(app: FastifyInstance, { db, config, realtime }: AppDeps) {
  const tags = ['invitados'];
  const refusals =
    '400 pase ilegible o falsificado; 404 de otro fraccionamiento, invitado o trabajador eliminado; 409 ';

  defineRoute(app, {
    operationId: 'checkInMassiveEventGuest',
    response: CheckinAnswerSchema,
    errors: [404, 409],
    status: 201,
    method: 'POST',
    url: '/api/massiveEventGuests/checkin',
    tags,
    access: CHECKIN_ROLES,
    devices: 'also',
    body: CheckinBodySchema,
    summary:
      `Registra la entrada de un invitado con su pase firmado, o de un trabajador de obra con su credencial (vigilante, administrador o dispositivo vinculado) y emite V_IN; ${refusals}` +
      'fuera de la ventana de la invitación o de las fechas de la obra, evento cancelado, trabajador rechazado o ya ingresó',
    handler: async ({ req, auth, device, body }): Promise<CheckinAnswer> => {
      const registrar = await registrarOf(db, auth, device, 'IN');
      const kind = kindOf(body.pass);
      const worker = kind === 'workerCredential';
      const keys = await passKeysFor(db, config);
      const entry = await db.tx(async (q) => {
        const done = await passEntry(q, kind, keys, registrar, body.pass);
        await recordAudit(q, {
          ...auditWho(req),
          communityId: registrar.communityId,
          action: worker ? 'visit.checkIn' : 'guest.checkIn',
          recordUuid: worker ? done.visitUuid : done.guest.uuid,
        });
        return done;
      });
      realtime.emitVisit(registrar.communityUuid, 'V_IN', {
        uuid: entry.visitUuid,
        fracUuid: registrar.communityUuid,
        accessMode: 'QR',
        at: entry.at,
      });
      return entry;
    },
  });

  defineRoute(app, {
    operationId: 'checkOutMassiveEventGuest',
    response: CheckinAnswerSchema,
    errors: [404, 409],
    method: 'POST',
    url: '/api/massiveEventGuests/checkout',
    tags,
    access: CHECKIN_ROLES,
    devices: 'also',
    body: CheckinBodySchema,
    summary: `Registra la salida de un invitado con su pase firmado y emite V_OUT; ${refusals}si no ha ingresado`,
    handler: async ({ req, auth, device, body }): Promise<CheckinAnswer> => {
      const registrar = await registrarOf(db, auth, device, 'OUT');
      const kind = kindOf(body.pass);
      const worker = kind === 'workerCredential';
      const keys = await passKeysFor(db, config);
      const exit = await db.tx(async (q) => {
        const done = await passExit(q, kind, keys, registrar, body.pass);
        await recordAudit(q, {
          ...auditWho(req),
          communityId: registrar.communityId,
          action: worker ? 'visit.checkOut' : 'guest.checkOut',
          recordUuid: worker ? done.visitUuid : done.guest.uuid,
        });
        return done;
      });
      realtime.emitVisit(registrar.communityUuid, 'V_OUT', {
        uuid: exit.visitUuid,
        fracUuid: registrar.communityUuid,
        accessMode: 'QR',
        at: exit.at,
      });
      return exit;
    },
  });
}
