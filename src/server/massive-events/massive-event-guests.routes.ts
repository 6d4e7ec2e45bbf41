import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { AppError } from '../../shared/platform/errors.js';
import { EVENT_WRITERS, GUESTS_LOCKED, guestsChangeable } from '../../shared/massive-events/massive-event-rules.js';
import type { Guest } from '../../shared/massive-events/massive-event-types.js';
import { GuestAnswerSchema } from '../../shared/massive-events/massive-event.answer.js';
import {
  EventIdParamsSchema,
  GuestSchema,
  MultipleGuestsSchema,
  UpdateGuestSchema,
} from '../../shared/massive-events/massive-event.schema.js';
import type { AppDeps } from '../deps.js';
import { atTrailingSlash, defineRoute } from '../platform/http/route.js';
import { type EventRow, eventScope, findEvent, GUEST_NOT_FOUND, statusOf } from './massive-event-rows.js';
import {
  deleteGuest,
  findGuest,
  guestById,
  insertGuest,
  insertGuests,
  updateGuest,
} from './massive-event-guest-rows.js';

/** Guests of a finished or cancelled event are not changed (409). */
function assertGuestsChangeable(row: EventRow) {
  if (!guestsChangeable(statusOf(row))) throw new AppError('conflict', GUESTS_LOCKED);
}

/** Guests of massive events. */
export function massiveEventGuestRoutes(app: FastifyInstance, { db }: AppDeps) {
  const tags = ['invitados'];

  for (const url of ['/api/massiveEventGuests/', '/api/massiveEventGuests']) {
    defineRoute(app, {
      operationId: atTrailingSlash('createMassiveEventGuest', url),
      response: GuestAnswerSchema,
      errors: [404, 409],
      status: 201,
      method: 'POST',
      url,
      tags,
      access: EVENT_WRITERS,
      body: GuestSchema,
      summary: 'Agrega un invitado a un evento (no terminado ni cancelado)',
      handler: async ({ auth, body }): Promise<Guest> =>
        db.tx(async (q) => {
          const event = await findEvent(q, await eventScope(q, auth), body.massiveEvent.uuid, true);
          assertGuestsChangeable(event);
          return guestById(q, await insertGuest(q, event.id, body));
        }),
    });
  }

  defineRoute(app, {
    operationId: 'createMassiveEventGuests',
    response: v.array(GuestAnswerSchema),
    errors: [404, 409],
    status: 201,
    method: 'POST',
    url: '/api/massiveEventGuests/multiple',
    tags,
    access: EVENT_WRITERS,
    body: MultipleGuestsSchema,
    summary: 'Agrega invitados en bloque (una sola sentencia; hasta 10,000), por ejemplo los de una importación',
    responseDescription: 'Los invitados creados, en el orden enviado.',
    handler: async ({ auth, body }): Promise<Guest[]> =>
      db.tx(async (q) => {
        const event = await findEvent(q, await eventScope(q, auth), body.massiveEvent.uuid, true);
        assertGuestsChangeable(event);
        return insertGuests(q, event, body.guests);
      }),
  });

  defineRoute(app, {
    operationId: 'updateMassiveEventGuest',
    response: GuestAnswerSchema,
    errors: [404, 409],
    method: 'PUT',
    url: '/api/massiveEventGuests/:id',
    tags,
    access: EVENT_WRITERS,
    params: EventIdParamsSchema,
    body: UpdateGuestSchema,
    summary: 'Actualiza un invitado',
    handler: async ({ auth, params, body }): Promise<Guest> =>
      db.tx(async (q) => {
        const { id, event } = await findGuest(q, await eventScope(q, auth), params.id);
        if (body.massiveEvent && body.massiveEvent.uuid !== event.uuid)
          throw new AppError('not_found', GUEST_NOT_FOUND);
        assertGuestsChangeable(event);
        await updateGuest(q, id, body);
        return guestById(q, id);
      }),
  });

  defineRoute(app, {
    operationId: 'deleteMassiveEventGuest',
    response: null,
    errors: [404, 409],
    status: 204,
    method: 'DELETE',
    url: '/api/massiveEventGuests/:id',
    tags,
    access: EVENT_WRITERS,
    params: EventIdParamsSchema,
    summary: 'Elimina un invitado',
    handler: async ({ auth, params }) => {
      await db.tx(async (q) => {
        const { id, event } = await findGuest(q, await eventScope(q, auth), params.id);
        assertGuestsChangeable(event);
        await deleteGuest(q, id);
      });
    },
  });
}
