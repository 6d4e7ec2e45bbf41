import type { FastifyInstance } from 'fastify';
import { AppError } from '../../shared/platform/errors.js';
import type { HeartbeatAnswer, LinkAnswer } from '../../shared/devices/device-types.js';
import { HeartbeatAnswerSchema, LinkAnswerSchema } from '../../shared/devices/device.answer.js';
import { LinkDeviceSchema } from '../../shared/devices/device.schema.js';
import { communityScopeOf } from '../platform/db/community-scope.js';
import type { AppDeps } from '../deps.js';
import { defineRoute } from '../platform/http/route.js';
import { auditWho, recordAudit } from '../audit/audit.js';
import { deviceById, deviceCommunity, deviceNameOf } from './device-rows.js';
import { consumeLinkCode } from './device-link.js';

/**
 * The device's side: it links with the code of the QR (public, throttled per address
 * and per code) and gets its token, its record and its community; then it sends heartbeats with
 * that token. Registering visits is `POST /api/visitants` and `PUT /api/visitants/{uuid}/exit`.
 */
export function deviceLinkRoutes(app: FastifyInstance, { db, realtime, devicePresence, throttles }: AppDeps) {
  const tags = ['dispositivos'];
  const throttle = throttles.deviceLink;

  defineRoute(app, {
    operationId: 'linkDevice',
    response: LinkAnswerSchema,
    errors: [410, 429],
    method: 'POST',
    url: '/api/devices/link',
    tags,
    access: 'public',
    platform: 'vincular un dispositivo por su código',
    body: LinkDeviceSchema,
    summary:
      'Vincula un dispositivo con el código de su QR: responde su token (única vez que se muestra), su registro y su fraccionamiento, y avisa al administrador. Código desconocido 400; usado, reemplazado o expirado 410; demasiados intentos 429',
    handler: async ({ req, body }): Promise<LinkAnswer> => {
      // Counted before the code is looked at: a burst of guesses sent at once is cut at the limit.
      if (await throttle.attempt(body.code, req.ip)) throw new AppError('too_many_requests');
      let linked: { deviceId: number; token: string };
      try {
        linked = await db.tx(async (q) => {
          const done = await consumeLinkCode(q, body.code);
          // The code named the device and its community; the device is read in that community's scope.
          const d = await deviceNameOf(communityScopeOf(q, done.communityId), done.deviceId);
          // The device names itself: the link is its own act, with the code it was shown.
          await recordAudit(q, {
            ...auditWho(req),
            actorKind: 'device',
            actorDeviceId: done.deviceId,
            actorLabel: d.name.slice(0, 160),
            communityId: done.communityId,
            action: 'device.link',
            recordUuid: d.uuid,
          });
          return done;
        });
      } catch (error) {
        // A refused code keeps its attempt; anything else (the database failing) gives it back.
        if (!(error instanceof AppError)) await throttle.succeed(body.code, req.ip);
        throw error;
      }
      await throttle.succeed(body.code, req.ip);
      const device = await deviceById(db, linked.deviceId);
      const community = await deviceCommunity(db, linked.deviceId);
      realtime.emitDeviceLinked({ uuid: device.uuid, fracUuid: community.uuid, name: device.name });
      realtime.emitDeviceStatus({
        uuid: device.uuid,
        fracUuid: community.uuid,
        status: 'ACTIVE',
        online: true,
        lastSeenAt: device.lastSeenAt,
      });
      return { deviceToken: linked.token, device, frac: community };
    },
  });

  defineRoute(app, {
    operationId: 'deviceHeartbeat',
    response: HeartbeatAnswerSchema,
    method: 'POST',
    url: '/api/devices/heartbeat',
    tags,
    access: 'public',
    devices: 'only',
    summary:
      'Latido de un dispositivo vinculado (cada 30 s): queda en línea y la lista lo muestra al momento; sin latidos por 2 minutos queda fuera de línea',
    handler: async ({ device }): Promise<HeartbeatAnswer> => {
      const event = await devicePresence.beat(device);
      return { uuid: event.uuid, status: event.status, online: event.online, serverTime: new Date().toISOString() };
    },
  });
}
