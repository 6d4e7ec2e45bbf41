import type { FastifyInstance } from 'fastify';
import { AppError } from '../../shared/platform/errors.js';
import { eventEnd } from '../../shared/massive-events/massive-event-rules.js';
import type { MassiveEvent } from '../../shared/massive-events/massive-event-types.js';
import { EventAnswerSchema } from '../../shared/massive-events/massive-event.answer.js';
import { EventIdParamsSchema, RestoreEventSchema } from '../../shared/massive-events/massive-event.schema.js';
import { NOW } from '../platform/db/community-scope.js';
import { withConstraints } from '../platform/db/db-errors.js';
import type { AppDeps } from '../deps.js';
import { defineRoute } from '../platform/http/route.js';
import { EVENT_WRITERS } from '../../shared/massive-events/massive-event-rules.js';
import { assertFresh, assertStatusAllows, eventById, eventFields, eventScope, eventsOf, findEvent, NEXT_VERSION } from './massive-event-rows.js';

const GUEST_TAKEN = 'Uno de los invitados a restaurar pertenece a otro evento.';

/**
 * `PUT api/massiveEvents/{id}/restore` (an addition to the contract, for the wizard's discard in
 * edit mode): the event's fields and its guest list become exactly what the wizard read when editing
 * began, in one transaction: guests added since are deleted, changed ones put back, deleted ones
 * created again with their own uuid (so invitations already sent stay valid).
 */
export function restoreEventRoute(app: FastifyInstance, { db }: AppDeps, tags: string[]) {
  defineRoute(app, {
    operationId: 'restoreMassiveEvent', response: EventAnswerSchema, errors: [404, 409],
    method: 'PUT', url: '/api/massiveEvents/:id/restore', tags, access: EVENT_WRITERS, params: EventIdParamsSchema, body: RestoreEventSchema,
    summary: 'Deja el evento y su lista de invitados exactamente como estaban al empezar a editarlo (descartar cambios del asistente)',
    handler: async ({ auth, params, body }): Promise<MassiveEvent> => withConstraints({ duplicate: GUEST_TAKEN, otherCommunity: GUEST_TAKEN }, () => db.tx(async (q) => {
      const scope = await eventScope(q, auth);
      const row = await findEvent(q, scope, params.id, true);
      assertStatusAllows(row, 'edit');
      assertFresh(row, body.version);
      const { residentId, areaId } = await eventFields(q, scope, body);
      await eventsOf(q, scope).update('massive_events', { id: row.id }, {
        title: body.title, additional_information: body.additionalInformation, start_date: body.startDate, end_date: eventEnd(body.startDate),
        resident_id: residentId, common_area_id: areaId, version: NEXT_VERSION, updated_at: NOW,
      });
      const uuids = body.guests.map((g) => g.uuid);
      await q.query('DELETE FROM massive_event_guests WHERE massive_event_id = $1 AND NOT (uuid::text = ANY($2::text[]))', [row.id, uuids]);
      // A guest of another event of this community is seen here; one of another community is not
      // (row-level security), and its upsert below is refused: both answer 409 GUEST_TAKEN.
      const foreign = await q.one<{ n: number }>(
        'SELECT count(*)::int AS n FROM massive_event_guests WHERE uuid::text = ANY($2::text[]) AND massive_event_id <> $1', [row.id, uuids]);
      if (foreign!.n) throw new AppError('conflict', GUEST_TAKEN);
      const col = <K extends keyof (typeof body.guests)[number]>(k: K) => body.guests.map((g) => g[k]);
      await q.query(
        `INSERT INTO massive_event_guests (massive_event_id, uuid, first_name, last_name, phone, email)
         SELECT $1, u::uuid, f, l, p, e FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[]) AS t(u, f, l, p, e)
         ON CONFLICT (uuid) DO UPDATE SET first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name,
                phone = EXCLUDED.phone, email = EXCLUDED.email`,
        [row.id, uuids, col('firstName'), col('lastName'), col('phone'), col('email')]);
      return eventById(q, row.id);
    })),
  });
}
