import type { FastifyInstance, FastifyReply } from 'fastify';
import * as v from 'valibot';
import { AppError } from '../../shared/platform/errors.js';
import { EVENT_READERS, EVENT_WRITERS, eventEnd } from '../../shared/massive-events/massive-event-rules.js';
import type { MassiveEvent, MassiveEventList } from '../../shared/massive-events/massive-event-types.js';
import {
  EventAnswerSchema,
  EventListSchema,
  EventSummarySchema,
  EventUuidSchema,
} from '../../shared/massive-events/massive-event.answer.js';
import {
  ConfigureEventSchema,
  EventIdParamsSchema,
  EventSchema,
} from '../../shared/massive-events/massive-event.schema.js';
import { NOW, SqlValue, type CommunityScope } from '../platform/db/community-scope.js';
import type { Queryable } from '../platform/db/db.js';
import type { AppDeps } from '../deps.js';
import { atTrailingSlash, defineRoute } from '../platform/http/route.js';
import {
  checkEventImage,
  dropFiles,
  EventImageMessages,
  removeStored,
  storeEventImage,
  type CheckedImage,
  type EventImageSlot,
} from './massive-event-images.js';
import {
  assertFresh,
  assertNotPast,
  assertStatusAllows,
  eventById,
  eventFields,
  eventScope,
  eventsOf,
  type EventRow,
  findEvent,
  listEvents,
  NEXT_VERSION,
} from './massive-event-rows.js';
import { restoreEventRoute } from './massive-event-restore.route.js';
import { storageFor } from '../platform/services/storage.js';

const NO_GUESTS = 'Debes agregar por lo menos a un invitado antes de finalizar.';
/** Finishing the wizard makes an incomplete event upcoming; an event already upcoming keeps its status. */
const FINISHED_WIZARD = new SqlValue("CASE WHEN status = 'Incompleto' THEN 'Próximo' ELSE status END");

/** The uuid of an event of the scope. */
const uuidOf = async (events: CommunityScope, id: number) =>
  (await events.first<{ uuid: string }>({
    select: 'e.uuid::text AS uuid',
    from: { table: 'massive_events', alias: 'e' },
    where: ['e.id = $1'],
    params: [id],
  }))!.uuid;

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
      eventById(db, (await findEvent(db, await eventScope(db, auth), params.id)).id),
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
          const events = eventsOf(q, scope);
          const id = await events.insert('massive_events', {
            resident_id: residentId,
            common_area_id: areaId,
            title: body.title,
            additional_information: body.additionalInformation,
            start_date: body.startDate,
            end_date: eventEnd(body.startDate),
          });
          return uuidOf(events, id);
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
        await eventsOf(q, scope).update(
          'massive_events',
          { id: row.id },
          {
            title: body.title,
            additional_information: body.additionalInformation,
            start_date: body.startDate,
            end_date: eventEnd(body.startDate),
            resident_id: residentId,
            common_area_id: areaId,
            version: NEXT_VERSION,
            updated_at: NOW,
          },
        );
        return eventById(q, row.id);
      }),
  });

  defineRoute(app, {
    operationId: 'configureMassiveEvent',
    response: EventAnswerSchema,
    errors: [404, 409],
    method: 'PUT',
    url: '/api/massiveEvents/:id/configure',
    tags,
    access: EVENT_WRITERS,
    params: EventIdParamsSchema,
    body: ConfigureEventSchema,
    summary:
      'Guarda el diseño de la invitación (colores, imagen del anfitrión 100x100, portada 700x300 o 500x300, PNG) y finaliza el evento (Próximo)',
    handler: async ({ auth, params, body }): Promise<MassiveEvent> => {
      // Checked before anything is stored: a bad image changes nothing.
      const uploads: CheckedImage[] = [];
      for (const slot of ['backgroundImage', 'profile'] as const) {
        const image = body[slot];
        if (image?.content) uploads.push(checkEventImage(slot, { ...image, content: image.content }));
      }
      const written: string[] = [];
      try {
        const { id, dropped } = await db.tx(async (q) => {
          const scope = await eventScope(q, auth);
          const row = await findEvent(q, scope, params.id, true);
          assertStatusAllows(row, 'edit');
          assertFresh(row, body.version);
          const guests = await q.one<{ n: number }>(
            'SELECT count(*)::int AS n FROM massive_event_guests WHERE massive_event_id = $1',
            [row.id],
          );
          if (!guests!.n) throw new AppError('conflict', NO_GUESTS);
          const ids: Record<EventImageSlot, number | null> = {
            backgroundImage: await keptImage(q, row, 'backgroundImage', body.backgroundImage),
            profile: await keptImage(q, row, 'profile', body.profile),
          };
          for (const image of uploads) {
            const stored = await storeEventImage(q, storage, image);
            written.push(stored.key);
            ids[image.slot] = stored.id;
          }
          await eventsOf(q, scope).update(
            'massive_events',
            { id: row.id },
            {
              background_color: body.backgroundColor ?? null,
              foreground_color: body.foregroundColor ?? null,
              background_image_id: ids.backgroundImage,
              profile_image_id: ids.profile,
              status: FINISHED_WIZARD,
              version: NEXT_VERSION,
              updated_at: NOW,
            },
          );
          const replaced = [row.backgroundImageId, row.profileImageId].filter(
            (old) => old !== ids.backgroundImage && old !== ids.profile,
          );
          return { id: row.id, dropped: await dropFiles(q, replaced) };
        });
        await removeStored(storage, dropped);
        return eventById(db, id);
      } catch (error) {
        await removeStored(storage, written); // a refused save leaves no stray file
        throw error;
      }
    },
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
        await eventsOf(q, scope).delete('massive_events', { id: row.id });
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
            const events = eventsOf(q, scope);
            const row = await findEvent(q, scope, params.id, true);
            assertStatusAllows(row, 'clone');
            const copyImage = async (fileId: number | null) => {
              if (fileId === null) return null;
              const file = await q.one<{ storage_key: string; name: string }>(
                'SELECT storage_key, name FROM files WHERE id = $1',
                [fileId],
              );
              const data = file && (await storage.get(file.storage_key));
              if (!file || !data) return null;
              const stored = await storeEventImage(q, storage, { data, name: file.name });
              written.push(stored.key);
              return stored.id;
            };
            // The copy's fields as the database holds them (dates as text, so they come back exactly).
            const source = (await events.first<Record<string, unknown>>({
              select: `e.resident_id, e.common_area_id, e.title, e.additional_information, e.start_date::text AS start_date,
              e.end_date::text AS end_date, e.background_color, e.foreground_color`,
              from: { table: 'massive_events', alias: 'e' },
              where: ['e.id = $1'],
              params: [row.id],
            }))!;
            const createdId = await events.insert('massive_events', {
              ...source,
              background_image_id: await copyImage(row.backgroundImageId),
              profile_image_id: await copyImage(row.profileImageId),
            });
            await q.query(
              `INSERT INTO massive_event_guests (massive_event_id, first_name, last_name, phone, email)
             SELECT $2, first_name, last_name, phone, email FROM massive_event_guests WHERE massive_event_id = $1 ORDER BY id`,
              [row.id, createdId],
            );
            return uuidOf(events, createdId);
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
        await eventsOf(q, scope).update(
          'massive_events',
          { id: row.id },
          { status: 'Cancelado', version: NEXT_VERSION, updated_at: NOW },
        );
        return eventById(q, row.id);
      }),
  });

  restoreEventRoute(app, deps, tags);

  defineRoute(app, {
    operationId: 'getMassiveEventImage',
    response: { binary: ['image/png'] },
    errors: [404],
    method: 'GET',
    url: '/api/massiveEvents/:id/images/:file',
    tags,
    access: EVENT_READERS,
    params: v.object({ id: EventIdParamsSchema.entries.id, file: EventIdParamsSchema.entries.id }),
    summary: 'Una imagen de la invitación del evento (portada o anfitrión), para quien puede leer el evento',
    handler: async ({ auth, params, reply }) => {
      const row = await findEvent(db, await eventScope(db, auth), params.id);
      const file = await db.one<{ storage_key: string }>(
        'SELECT storage_key FROM files WHERE uuid = $1 AND id IN ($2, $3)',
        [params.file, row.backgroundImageId ?? 0, row.profileImageId ?? 0],
      );
      const data = file && (await storage.get(file.storage_key));
      if (!data) throw new AppError('not_found', EventImageMessages.notFound);
      return reply
        .header('content-type', 'image/png')
        .header('cache-control', 'private, max-age=86400')
        .header('content-disposition', 'inline')
        .header('x-content-type-options', 'nosniff')
        .send(data);
    },
  });
}

/** The new event's uuid as a JSON string (Fastify would send a bare string as text). */
const answerUuid = (reply: FastifyReply, uuid: string) =>
  reply.code(201).header('content-type', 'application/json; charset=utf-8').send(JSON.stringify(uuid));

/** An image sent as `{ uuid }` keeps the slot's current file (404 for any other); a new one is stored by the caller; none clears it. */
async function keptImage(
  q: Queryable,
  row: EventRow,
  slot: EventImageSlot,
  sent: { uuid?: string | null; content?: string } | null | undefined,
) {
  if (!sent || sent.content) return null;
  const current = slot === 'profile' ? row.profileImageId : row.backgroundImageId;
  const file =
    current === null
      ? undefined
      : await q.one<{ uuid: string }>('SELECT uuid::text AS uuid FROM files WHERE id = $1', [current]);
  if (!file || file.uuid !== sent.uuid) throw new AppError('not_found', EventImageMessages.notFound);
  return current;
}
