import type { FastifyInstance, FastifyReply } from 'fastify';
import * as v from 'valibot';
import { EVENT_READERS, EVENT_WRITERS } from '../../shared/massive-events/massive-event-rules.js';
import type { MassiveEvent, MassiveEventList } from '../../shared/massive-events/massive-event-types.js';
import {
  EventAnswerSchema,
  EventListSchema,
  EventSummarySchema,
  EventUuidSchema,
} from '../../shared/massive-events/massive-event.answer.js';
import { EventIdParamsSchema, EventSchema } from '../../shared/massive-events/massive-event.schema.js';
import { withSignedEventImages } from './event-image-links.js';
import type { AppDeps } from '../deps.js';
import { atTrailingSlash, defineRoute } from '../platform/http/route.js';
import { dropFiles, removeStored, storedFile, storeEventImage } from './massive-event-images.js';
import {
  assertFresh,
  assertNotPast,
  assertStatusAllows,
  eventById,
  eventFields,
  eventScope,
  findEvent,
  listEvents,
} from './massive-event-rows.js';
import { copyGuests } from './massive-event-guest-rows.js';
import { cancelEvent, deleteEvent, insertEvent, insertEventCopy, updateEvent } from './massive-event-writes.js';
import { restoreEventRoute } from './massive-event-restore.route.js';
import { storageFor } from '../platform/services/storage.js';

/** Massive events. */
export function massiveEventRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, config } = deps;
  const storage = storageFor(config);
  const tags = ['eventos masivos'];

  for (const url of ['/api/massiveEvents/', '/api/massiveEvents']) {
    defineRoute(app, {
      operationId: atTrailingSlash('listMassiveEvents', url),
      response: EventListSchema,
      errors: [404],
      method: 'GET',
      url,
      tags,
      access: EVENT_READERS,
      summary:
        'Eventos masivos del fraccionamiento activo (un residente, solo los suyos) como pares [evento, número de invitados]',
      // Tuples are written by the schema serializer item by item without their schema, so each event is cut to its declared fields here.
      handler: async ({ auth }): Promise<MassiveEventList> =>
        (await listEvents(db, await eventScope(db, auth))).map(([event, count]) => [
          v.parse(EventSummarySchema, event),
          count,
        ]),
    });
  }

  defineRoute(app, {
    operationId: 'getMassiveEvent',
    response: EventAnswerSchema,
    errors: [404],
    method: 'GET',
    url: '/api/massiveEvents/:id',
    tags,
    access: EVENT_READERS,
    params: EventIdParamsSchema,
    summary: 'Un evento masivo con sus invitados (`massiveEventGuests`)',
    handler: async ({ auth, params }): Promise<MassiveEvent> =>
      withSignedEventImages(
        db,
        auth.userUuid,
        await eventById(db, (await findEvent(db, await eventScope(db, auth), params.id)).id),
      ),
  });

  defineRoute(app, {
    operationId: 'createMassiveEvent',
    response: EventUuidSchema,
    errors: [404],
    status: 201,
    method: 'POST',
    url: '/api/massiveEvents',
    tags,
    access: EVENT_WRITERS,
    body: EventSchema,
    summary: 'Crea un evento masivo (queda Incompleto hasta finalizar el asistente); el fin es el inicio más 12 horas',
    responseDescription: 'El uuid del evento creado.',
    handler: async ({ auth, body, reply }) => {
      assertNotPast(body.startDate);
      return answerUuid(
        reply,
        await db.tx(async (q) => {
          const scope = await eventScope(q, auth);
          const { residentId, areaId } = await eventFields(q, scope, body);
          return insertEvent(q, scope, { ...body, residentId, areaId });
        }),
      );
    },
  });

  defineRoute(app, {
    operationId: 'updateMassiveEvent',
    response: EventAnswerSchema,
    errors: [404, 409],
    method: 'PUT',
    url: '/api/massiveEvents/:id',
    tags,
    access: EVENT_WRITERS,
    params: EventIdParamsSchema,
    body: EventSchema,
    summary: 'Actualiza los datos de un evento Próximo o Incompleto; con `version`, 409 si otra sesión lo cambió',
    handler: async ({ auth, params, body }): Promise<MassiveEvent> =>
      db.tx(async (q) => {
        const scope = await eventScope(q, auth);
        const row = await findEvent(q, scope, params.id, true);
        assertStatusAllows(row, 'edit');
        assertFresh(row, body.version);
        assertNotPast(body.startDate, row.startDate);
        const { residentId, areaId } = await eventFields(q, scope, body);
        await updateEvent(q, scope, row.id, { ...body, residentId, areaId });
        return withSignedEventImages(q, auth.userUuid, await eventById(q, row.id));
      }),
  });

  defineRoute(app, {
    operationId: 'deleteMassiveEvent',
    response: null,
    errors: [404, 409],
    status: 204,
    method: 'DELETE',
    url: '/api/massiveEvents/:id',
    tags,
    access: EVENT_WRITERS,
    params: EventIdParamsSchema,
    summary: 'Elimina un evento Terminado, Cancelado o Incompleto con sus invitados',
    handler: async ({ auth, params }) => {
      const dropped = await db.tx(async (q) => {
        const scope = await eventScope(q, auth);
        const row = await findEvent(q, scope, params.id, true);
        assertStatusAllows(row, 'delete');
        await deleteEvent(q, scope, row.id);
        return dropFiles(q, [row.backgroundImageId, row.profileImageId]);
      });
      await removeStored(storage, dropped);
    },
  });

  defineRoute(app, {
    operationId: 'cloneMassiveEvent',
    response: EventUuidSchema,
    errors: [404, 409],
    status: 201,
    method: 'POST',
    url: '/api/massiveEvents/:id/clone',
    tags,
    access: EVENT_WRITERS,
    params: EventIdParamsSchema,
    summary: 'Clona un evento Terminado con sus invitados y su diseño; la copia queda Incompleta para ponerle fecha',
    responseDescription: 'El uuid del evento nuevo.',
    handler: async ({ auth, params, reply }) => {
      const written: string[] = [];
      try {
        return answerUuid(
          reply,
          await db.tx(async (q) => {
            const scope = await eventScope(q, auth);
            const row = await findEvent(q, scope, params.id, true);
            assertStatusAllows(row, 'clone');
            const copyImage = async (fileId: number | null) => {
              if (fileId === null) return null;
              const file = await storedFile(q, fileId);
              const data = file && (await storage.get(file.storage_key));
              if (!file || !data) return null;
              const stored = await storeEventImage(q, storage, { data, name: file.name });
              written.push(stored.key);
              return stored.id;
            };
            const created = await insertEventCopy(q, scope, row.id, {
              backgroundImage: await copyImage(row.backgroundImageId),
              profile: await copyImage(row.profileImageId),
            });
            await copyGuests(q, row.id, created.id);
            return created.uuid;
          }),
        );
      } catch (error) {
        await removeStored(storage, written);
        throw error;
      }
    },
  });

  defineRoute(app, {
    operationId: 'cancelMassiveEvent',
    response: EventAnswerSchema,
    errors: [404, 409],
    method: 'PUT',
    url: '/api/massiveEvents/:id/cancel',
    tags,
    access: EVENT_WRITERS,
    params: EventIdParamsSchema,
    summary: 'Cancela un evento (no uno cancelado, terminado o en curso)',
    handler: async ({ auth, params }): Promise<MassiveEvent> =>
      db.tx(async (q) => {
        const scope = await eventScope(q, auth);
        const row = await findEvent(q, scope, params.id, true);
        assertStatusAllows(row, 'cancel');
        await cancelEvent(q, scope, row.id);
        return withSignedEventImages(q, auth.userUuid, await eventById(q, row.id));
      }),
  });

  restoreEventRoute(app, deps, tags);
}

/** The new event's uuid as a JSON string (Fastify would send a bare string as text). */
const answerUuid = (reply: FastifyReply, uuid: string) =>
  reply.code(201).header('content-type', 'application/json; charset=utf-8').send(JSON.stringify(uuid));
