import type { FastifyInstance } from 'fastify';
import type { MassiveEvent } from '../../shared/massive-events/massive-event-types.js';
import { EventAnswerSchema } from '../../shared/massive-events/massive-event.answer.js';
import { EventIdParamsSchema, RestoreEventSchema } from '../../shared/massive-events/massive-event.schema.js';
import type { AppDeps } from '../deps.js';
import { defineRoute } from '../platform/http/route.js';
import { EVENT_WRITERS } from '../../shared/massive-events/massive-event-rules.js';
import { restoreEvent } from './massive-event-rows.js';
import { withSignedEventImages } from './event-image-links.js';

/**
 * `PUT api/massiveEvents/{id}/restore` (an addition to the contract, for the wizard's discard in
 * edit mode): the event's fields and its guest list become exactly what the wizard read when editing
 * began, in one transaction: guests added since are deleted, changed ones put back, deleted ones
 * created again with their own uuid (so invitations already sent stay valid).
 */
export function restoreEventRoute(app: FastifyInstance, { db }: AppDeps, tags: string[]) {
  defineRoute(app, {
    operationId: 'restoreMassiveEvent',
    response: EventAnswerSchema,
    errors: [404, 409],
    method: 'PUT',
    url: '/api/massiveEvents/:id/restore',
    tags,
    access: EVENT_WRITERS,
    params: EventIdParamsSchema,
    body: RestoreEventSchema,
    summary:
      'Deja el evento y su lista de invitados exactamente como estaban al empezar a editarlo (descartar cambios del asistente)',
    handler: async ({ auth, params, body }): Promise<MassiveEvent> =>
      withSignedEventImages(db, auth.userUuid, await restoreEvent(db, auth, params.id, body)),
  });
}
