import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { AppError } from '../../shared/platform/errors.js';
import { EVENT_READERS, EVENT_WRITERS } from '../../shared/massive-events/massive-event-rules.js';
import type { MassiveEvent } from '../../shared/massive-events/massive-event-types.js';
import { EventAnswerSchema } from '../../shared/massive-events/massive-event.answer.js';
import { ConfigureEventSchema, EventIdParamsSchema } from '../../shared/massive-events/massive-event.schema.js';
import type { AppDeps } from '../deps.js';
import { defineRoute } from '../platform/http/route.js';
import { storageFor } from '../platform/services/storage.js';
import {
  checkEventImage,
  dropFiles,
  EventImageMessages,
  eventImageKey,
  keptImage,
  linkedEventImageKey,
  removeStored,
  storeEventImage,
  type CheckedImage,
  type EventImageSlot,
} from './massive-event-images.js';
import { assertFresh, assertStatusAllows, eventById, eventScope, findEvent } from './massive-event-rows.js';
import { guestCount } from './massive-event-guest-rows.js';
import { finishEventDesign } from './massive-event-writes.js';
import { ImageLinkQuerySchema, imageLinkKey, linkedUser } from '../communities/image-links.js';
import { liveUserId } from '../communities/community-rows.js';
import { eventImagePath, withSignedEventImages } from './event-image-links.js';

const NO_GUESTS = 'Debes agregar por lo menos a un invitado antes de finalizar.';

/** A massive event's invitation design: saving it (colours and images) finishes the wizard; its images are read here. */
export function massiveEventDesignRoutes(app: FastifyInstance, { db, config }: AppDeps) {
  const storage = storageFor(config);
  const tags = ['eventos masivos'];

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
          if (!(await guestCount(q, row.id))) throw new AppError('conflict', NO_GUESTS);
          const ids: Record<EventImageSlot, number | null> = {
            backgroundImage: await keptImage(q, row.backgroundImageId, body.backgroundImage),
            profile: await keptImage(q, row.profileImageId, body.profile),
          };
          for (const image of uploads) {
            const stored = await storeEventImage(q, storage, image);
            written.push(stored.key);
            ids[image.slot] = stored.id;
          }
          await finishEventDesign(q, scope, row.id, {
            backgroundColor: body.backgroundColor,
            foregroundColor: body.foregroundColor,
            images: ids,
          });
          const replaced = [row.backgroundImageId, row.profileImageId].filter(
            (old) => old !== ids.backgroundImage && old !== ids.profile,
          );
          return { id: row.id, dropped: await dropFiles(q, replaced) };
        });
        await removeStored(storage, dropped);
        return withSignedEventImages(db, auth.userUuid, await eventById(db, id));
      } catch (error) {
        await removeStored(storage, written); // a refused save leaves no stray file
        throw error;
      }
    },
  });

  defineRoute(app, {
    operationId: 'getMassiveEventImage',
    response: { binary: ['image/png'] },
    errors: [401, 403, 404],
    method: 'GET',
    url: '/api/massiveEvents/:id/images/:file',
    tags,
    // Public as a route: the caller is the session's (a reader) or the user a signed link names, checked below.
    access: 'public',
    params: v.object({ id: EventIdParamsSchema.entries.id, file: EventIdParamsSchema.entries.id }),
    query: ImageLinkQuerySchema,
    summary:
      'Una imagen de la invitación del evento (portada o anfitrión), para quien puede leer el evento: con la sesión, o por el enlace firmado y breve de `publicUrl` (exp, u, sig) que un <img> carga sin cabecera',
    handler: async ({ req, params, query, reply }) => {
      const key = await (async () => {
        if (query.sig) {
          const path = eventImagePath(params.id, params.file);
          const linked = linkedUser(await imageLinkKey(db), path, query);
          // A link is its user's: presented with another user's session, it opens nothing.
          const mine = linked !== null && (!req.auth || req.auth.userUuid === linked);
          const userId = mine ? await liveUserId(db, linked) : undefined;
          return userId === undefined ? undefined : linkedEventImageKey(db, params.id, params.file, userId);
        }
        const auth = req.auth;
        if (!auth) throw new AppError('unauthorized');
        if (!EVENT_READERS.includes(auth.role)) throw new AppError('forbidden');
        return eventImageKey(db, params.file, await findEvent(db, await eventScope(db, auth), params.id));
      })();
      const data = key && (await storage.get(key));
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
