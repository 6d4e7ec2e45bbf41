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
import { communityUuidOf } from './pass-entry.js';
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
    summary:
      'Lo que la caseta guarda para verificar pases sin conexión (vigilante o administrador del fraccionamiento activo): la clave pública, las ventanas de eventos y obras próximos, quién puede entrar, los pases revocados y quién está dentro',
    handler: async ({ auth }): Promise<GateSnapshot> => {
      const communityId = requireCommunity(auth);
      const keys = await passKeysFor(db, config);
      const uuid = await communityUuidOf(db, communityId);
      return gateSnapshot(db, { id: communityId, uuid }, publicKeyOf(keys));
    },
  });

  defineRoute(app, {
    operationId: 'syncGateRecords',
    response: GateSyncAnswerSchema,
    method: 'POST',
    url: '/api/gate/sync',
    tags,
    access: CHECKIN_ROLES,
    body: GateSyncBodySchema,
    summary:
      'Envía en orden las entradas y salidas registradas sin conexión, cada una con el identificador del dispositivo y su hora; el servidor aplica sus reglas de nuevo y responde por registro: aceptado, o rechazado con su decisión. Un registro enviado otra vez responde su primera decisión',
    handler: async ({ req, auth, body }): Promise<GateSyncAnswer> => {
      requireCommunity(auth);
      const keys = await passKeysFor(db, config);
      const who = auditWho(req);
      const outcomes: GateSyncOutcome[] = [];
      for (const record of body.records) {
        const registrar = await registrarOf(db, auth, null, record.direction);
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
