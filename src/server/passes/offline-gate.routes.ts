import type { FastifyInstance } from 'fastify';
import { CHECKIN_ROLES } from '../../shared/passes/checkin-rules.js';
import {
  GateSnapshotSchema,
  GateSyncAnswerSchema,
  GateSyncBodySchema,
  type GateSnapshot,
  type GateSyncAnswer,
  type GateSyncOutcome,
} from '../../shared/passes/gate.schema.js';
import type { AppDeps } from '../deps.js';
import { auditWho } from '../audit/audit.js';
import { defineRoute, requireCommunity } from '../platform/http/route.js';
import { registrarOf } from './gate-registrar.js';
import { gateSnapshot } from './gate-snapshot.js';
import { applyGateRecord } from './gate-sync.js';
import { communityUuidOf, type Registrar } from './pass-entry.js';
import { AppError } from '../../shared/platform/errors.js';
import { passKeysFor, publicKeyOf } from './passes.js';

/**
 * The offline gate (docs/features.md#offline-gate): what a guard's gate keeps to verify passes
 * with no connection, and the entries and exits it let through meanwhile, applied again by the
 * server in order, once each, emitted live with their own times.
 */
export function offlineGateRoutes(app: FastifyInstance, { db, config, realtime }: AppDeps) {
  const tags = ['invitados'];

  defineRoute(app, {
    operationId: 'getGateSnapshot',
    response: GateSnapshotSchema,
    method: 'GET',
    url: '/api/gate/snapshot',
    tags,
    access: CHECKIN_ROLES,
    devices: 'also',
    summary:
      'Lo que la caseta guarda para verificar pases sin conexión (vigilante o administrador del fraccionamiento activo, o dispositivo vinculado): la clave pública, las ventanas de eventos y obras próximos, quién puede entrar, los pases revocados y quién está dentro',
    handler: async ({ auth, device }): Promise<GateSnapshot> => {
      const keys = await passKeysFor(db, config);
      const community = device
        ? { id: device.communityId, uuid: device.communityUuid }
        : { id: requireCommunity(auth!), uuid: await communityUuidOf(db, requireCommunity(auth!)) };
      return gateSnapshot(db, community, publicKeyOf(keys));
    },
  });

  defineRoute(app, {
    operationId: 'syncGateRecords',
    response: GateSyncAnswerSchema,
    method: 'POST',
    url: '/api/gate/sync',
    tags,
    access: CHECKIN_ROLES,
    devices: 'also',
    body: GateSyncBodySchema,
    summary:
      'Envía en orden las entradas y salidas registradas sin conexión, cada una con el identificador del dispositivo y su hora; el servidor aplica sus reglas de nuevo y responde por registro: aceptado, o rechazado con su decisión. Un registro enviado otra vez responde su primera decisión',
    handler: async ({ req, auth, device, body }): Promise<GateSyncAnswer> => {
      if (!device) requireCommunity(auth!);
      const keys = await passKeysFor(db, config);
      const who = auditWho(req);
      const outcomes: GateSyncOutcome[] = [];
      for (const record of body.records) {
        let registrar: Registrar;
        try {
          registrar = await registrarOf(db, auth, device, record.direction);
        } catch (error) {
          // A scanner sending the other direction: that record is refused, the others go on.
          if (!(error instanceof AppError)) throw error;
          outcomes.push({ id: record.id, outcome: 'refused', decision: error.message, replayed: false, entry: null });
          continue;
        }
        const outcome = await applyGateRecord(db, keys, registrar, who, record);
        outcomes.push(outcome);
        if (outcome.outcome === 'accepted' && !outcome.replayed && outcome.entry) {
          realtime.emitVisit(registrar.communityUuid, outcome.entry.direction === 'IN' ? 'V_IN' : 'V_OUT', {
            uuid: outcome.entry.visitUuid,
            fracUuid: registrar.communityUuid,
            accessMode: 'QR',
            at: outcome.entry.at,
          });
        }
      }
      return { outcomes };
    },
  });
}
