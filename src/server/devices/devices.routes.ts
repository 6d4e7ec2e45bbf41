import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { AppError } from '../../shared/platform/errors.js';
import { DEVICE_ADMINS, DeviceTexts as M } from '../../shared/devices/device-rules.js';
import type { DeviceAnswer, DevicePage, LinkCodeAnswer, ParentOption } from '../../shared/devices/device-types.js';
import {
  DeviceAnswerSchema,
  DevicePageSchema,
  LinkCodeAnswerSchema,
  ParentOptionSchema,
} from '../../shared/devices/device.answer.js';
import {
  DeviceIdParamsSchema,
  DeviceListFilterSchema,
  DeviceSchema,
  UnlinkDeviceSchema,
} from '../../shared/devices/device.schema.js';
import { communityScope } from '../platform/db/community-scope.js';
import type { AppDeps } from '../deps.js';
import { ListQuerySchema } from '../platform/http/list-query.js';
import { atTrailingSlash, defineRoute, requireCommunity } from '../platform/http/route.js';
import { auditedUpdate, auditWho, recordAudit } from '../audit/audit.js';
import { deviceById, deviceOf, devicesAfter, deviceNameOf, devicePage, parentDeviceOptions } from './device-rows.js';
import { issueLinkCode, liveLinkUuid, unlinkDevice } from './device-link.js';
import { deleteDevice, saveDevice } from './device-writes.js';

const DeviceListQuerySchema = v.object({ ...ListQuerySchema.entries, ...DeviceListFilterSchema.entries });

/**
 * Devices of the active community, for its
 * administrator only: list, create, read, edit, delete (INACTIVE only), the parents a device may
 * have, a fresh link code for the QR, and unlink (the token revoked at once).
 */
export function deviceRoutes(app: FastifyInstance, { db, realtime }: AppDeps) {
  const tags = ['dispositivos'];
  const access = DEVICE_ADMINS;

  for (const url of ['/api/devices/', '/api/devices']) {
    defineRoute(app, {
      operationId: atTrailingSlash('listDevices', url),
      response: DevicePageSchema,
      errors: [404],
      method: 'GET',
      url,
      tags,
      access,
      query: DeviceListQuerySchema,
      summary:
        'Dispositivos del fraccionamiento activo (paginado; `search` en nombre, zona, dirección o no. de acción según `searchBy`; filtros `status` y `deviceType`)',
      handler: async ({ auth, query }): Promise<DevicePage> => {
        const page = await devicePage(communityScope(db, auth), query);
        return { ...page, data: page.content, pageNumber: page.page };
      },
    });
    defineRoute(app, {
      operationId: atTrailingSlash('createDevice', url),
      response: DeviceAnswerSchema,
      errors: [404],
      status: 201,
      method: 'POST',
      url,
      tags,
      access,
      body: DeviceSchema,
      summary:
        'Registra un dispositivo (por omisión caseta, INACTIVE, lectura IN). Un escáner lleva tipo de ubicación, zona, calle (salvo ZONE) y número (HOUSE); solo un lector de entrada tiene padres',
      handler: async ({ req, auth, body }): Promise<DeviceAnswer> => {
        const id = await communityScope(db, auth).tx(async (scope, q) => {
          const created = await saveDevice(q, scope.communityId, null, body);
          const { uuid } = await deviceNameOf(scope, created);
          await recordAudit(q, { ...auditWho(req), action: 'device.create', recordUuid: uuid });
          return created;
        });
        return deviceById(db, id);
      },
    });
  }

  defineRoute(app, {
    operationId: 'searchParentDevice',
    response: v.array(ParentOptionSchema),
    errors: [404],
    method: 'GET',
    url: '/api/devices/searchParentDevice/:id',
    tags,
    access,
    params: DeviceIdParamsSchema,
    summary:
      'Dispositivos que pueden ser padres del dispositivo `{id}` (los del fraccionamiento menos él, los que van después de él en la ruta y los lectores de salida). Con el uuid del fraccionamiento activo, los de un dispositivo nuevo',
    handler: async ({ auth, params }): Promise<ParentOption[]> => {
      const scope = communityScope(db, auth);
      const self =
        params.id.toLowerCase() === auth.communityUuid?.toLowerCase()
          ? null
          : (await deviceOf(db, scope.communityId, params.id)).id;
      const after = self === null ? [] : await devicesAfter(db, self);
      return parentDeviceOptions(scope, self, after);
    },
  });

  defineRoute(app, {
    operationId: 'getDevice',
    response: DeviceAnswerSchema,
    errors: [404],
    method: 'GET',
    url: '/api/devices/:id',
    tags,
    access,
    params: DeviceIdParamsSchema,
    summary:
      'Un dispositivo del fraccionamiento activo (con `deviceToken`, el identificador de su vinculación, mientras esté activo)',
    handler: async ({ auth, params }): Promise<DeviceAnswer> =>
      deviceById(db, (await deviceOf(db, requireCommunity(auth), params.id)).id),
  });

  defineRoute(app, {
    operationId: 'updateDevice',
    response: DeviceAnswerSchema,
    errors: [404],
    method: 'PUT',
    url: '/api/devices/:id',
    tags,
    access,
    params: DeviceIdParamsSchema,
    body: DeviceSchema,
    summary: 'Actualiza un dispositivo; sus padres deben ser del fraccionamiento y no formar un ciclo',
    handler: async ({ req, auth, params, body }): Promise<DeviceAnswer> => {
      const communityId = requireCommunity(auth);
      const id = await db.tx(async (q) => {
        const { id: deviceId } = await deviceOf(q, communityId, params.id, true);
        return auditedUpdate(
          q,
          auditWho(req),
          { table: 'devices', id: deviceId, uuid: params.id, action: 'device.update' },
          () => saveDevice(q, communityId, deviceId, body),
        );
      });
      return deviceById(db, id);
    },
  });

  defineRoute(app, {
    operationId: 'deleteDevice',
    response: null,
    errors: [404, 409],
    status: 204,
    method: 'DELETE',
    url: '/api/devices/:id',
    tags,
    access,
    params: DeviceIdParamsSchema,
    summary:
      'Elimina un dispositivo INACTIVE (409 si está vinculado: primero se desvincula). Sus visitas conservan el dispositivo como puerta',
    handler: async ({ req, auth, params }) => {
      await communityScope(db, auth).tx(async (scope, q) => {
        const device = await deviceOf(q, scope.communityId, params.id, true);
        if (device.status !== 'INACTIVE') throw new AppError('conflict', M.deleteActive);
        await recordAudit(q, { ...auditWho(req), action: 'device.delete', recordUuid: params.id });
        await deleteDevice(scope, q, device.id);
      });
    },
  });

  defineRoute(app, {
    operationId: 'renewDeviceLinkCode',
    response: LinkCodeAnswerSchema,
    errors: [404, 409],
    method: 'PUT',
    url: '/api/devices/linkCode/:id',
    tags,
    access,
    params: DeviceIdParamsSchema,
    summary:
      'Genera el código de vinculación de un dispositivo INACTIVE (un solo uso, 10 minutos; reemplaza el anterior). El QR lo contiene; solo se muestra esta vez',
    handler: async ({ auth, params }): Promise<LinkCodeAnswer> => {
      const device = await deviceOf(db, requireCommunity(auth), params.id);
      if (device.status !== 'INACTIVE') throw new AppError('conflict', M.alreadyLinked);
      return { uuid: params.id, ...(await issueLinkCode(db, device.id)) };
    },
  });

  defineRoute(app, {
    operationId: 'unlinkDevice',
    response: DeviceAnswerSchema,
    errors: [404, 409],
    method: 'PUT',
    url: '/api/devices/unlinkDevice/:id',
    tags,
    access,
    params: DeviceIdParamsSchema,
    body: UnlinkDeviceSchema,
    consumes: ['application/json', 'text/plain'],
    summary:
      'Desvincula un dispositivo: el cuerpo es su `deviceToken` (el identificador de la vinculación que da el registro). Queda INACTIVE y su token responde 401 desde ya en todos los procesos',
    handler: async ({ req, auth, params, body }): Promise<DeviceAnswer> => {
      const communityId = requireCommunity(auth);
      const id = await db.tx(async (q) => {
        const device = await deviceOf(q, communityId, params.id, true);
        const live = await liveLinkUuid(q, device.id);
        if (device.status !== 'ACTIVE' || !live) throw new AppError('conflict', M.notLinked);
        if (live !== body.toLowerCase())
          throw new AppError('invalid_request', M.wrongToken, { deviceToken: M.wrongToken });
        await unlinkDevice(q, device.id);
        await recordAudit(q, { ...auditWho(req), action: 'device.unlink', recordUuid: params.id });
        return device.id;
      });
      const device = await deviceById(db, id);
      realtime.emitDeviceStatus({
        uuid: device.uuid,
        fracUuid: auth.communityUuid!,
        status: 'INACTIVE',
        online: false,
        lastSeenAt: device.lastSeenAt,
      });
      return device;
    },
  });
}
