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
import { CommunityScope } from '../platform/db/community-scope.js';
import type { Queryable } from '../platform/db/db.js';
import type { AppDeps } from '../deps.js';
import { atTrailingSlash, defineRoute } from '../platform/http/route.js';
import {
  type EventRow,
  type EventScope,
  eventScope,
  findEvent,
  GUEST_NOT_FOUND,
  GUEST_SELECT,
  statusOf,
} from './massive-event-rows.js';

/** Guests of a finished or cancelled event are not changed (409). */
function assertGuestsChangeable(row: EventRow) {
  if (!guestsChangeable(statusOf(row))) throw new AppError('conflict', GUESTS_LOCKED);
}

/** A guest of an event in the caller's reach, with its event locked; otherwise 404. */
async function findGuest(q: Queryable, scope: EventScope, uuid: string): Promise<{ id: number; event: EventRow }> {
  const guest = await new CommunityScope(q, scope.communityId).first<{ id: number; eventUuid: string }>({
    select: 'g.id, e.uuid::text AS "eventUuid"',
    from: { table: 'massive_events', alias: 'e', joins: 'JOIN massive_event_guests g ON g.massive_event_id = e.id' },
    where: ['g.uuid = $1'],
    params: [uuid],
  });
  if (!guest) throw new AppError('not_found', GUEST_NOT_FOUND);
  try {
    return { id: guest.id, event: await findEvent(q, scope, guest.eventUuid, true) };
  } catch {
    throw new AppError('not_found', GUEST_NOT_FOUND);
  }
}

const guestById = async (q: Queryable, id: number) =>
  (await q.one<Guest>(
    `SELECT ${GUEST_SELECT} FROM massive_event_guests g JOIN massive_events e ON e.id = g.massive_event_id WHERE g.id = $1`,
    [id],
  ))!;

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
          const row = await q.one<{ id: number }>(
            `INSERT INTO massive_event_guests (massive_event_id, first_name, last_name, phone, email) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
            [event.id, body.firstName, body.lastName, body.phone, body.email],
          );
          return guestById(q, row!.id);
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
        const col = <K extends 'firstName' | 'lastName' | 'phone' | 'email'>(k: K) => body.guests.map((g) => g[k]);
        return q.query<Guest>(
          `WITH created AS (
           INSERT INTO massive_event_guests (massive_event_id, first_name, last_name, phone, email)
           SELECT $1, f, l, p, m FROM unnest($2::text[], $3::text[], $4::text[], $5::text[]) WITH ORDINALITY AS t(f, l, p, m, n) ORDER BY n
           RETURNING id, uuid, first_name, last_name, email, phone)
         SELECT g.id, g.uuid::text AS uuid, g.first_name AS "firstName", g.last_name AS "lastName", g.email, g.phone,
                json_build_object('uuid', $6::text) AS "massiveEvent"
           FROM created g ORDER BY g.id`,
          [event.id, col('firstName'), col('lastName'), col('phone'), col('email'), event.uuid],
        );
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
        await q.query(
          'UPDATE massive_event_guests SET first_name = $2, last_name = $3, phone = $4, email = $5 WHERE id = $1',
          [id, body.firstName, body.lastName, body.phone, body.email],
        );
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
        await q.query('DELETE FROM massive_event_guests WHERE id = $1', [id]);
      });
    },
  });
}
