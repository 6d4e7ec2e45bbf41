import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import {
  INVITATION_ROLES,
  InvitationTexts,
  MAX_INVITATION_UUIDS,
  uniqueFileNames,
  ZIP_FILE_NAME,
} from '../../shared/massive-events/invitation-rules.js';
import { EventIdParamsSchema } from '../../shared/massive-events/massive-event.schema.js';
import type { AppDeps } from '../deps.js';
import { defineRoute } from '../platform/http/route.js';
import { eventInvitationJobs, guestInvitationJobs, type InvitationJobs } from './invitation-jobs.js';
import { closeRenderPool, invitationRenderer, sendInvitationPng, streamInvitationZip } from './invitation-renderer.js';
import { assertStatusAllows, eventScope, findEvent } from './massive-event-rows.js';
import { passKeysFor } from '../passes/passes.js';
import { storageFor } from '../platform/services/storage.js';
import type { FastifyReply } from 'fastify';

const INVALID_GUEST = 'Identificador de invitado no válido.';
const GuestUuid = v.pipe(v.string(INVALID_GUEST), v.uuid(INVALID_GUEST));
/** `uuid` once or repeated (the query parser gives a string or a list); at most MAX_INVITATION_UUIDS. */
const InvitationQuerySchema = v.object({
  uuid: v.pipe(
    v.union([GuestUuid, v.array(GuestUuid, INVALID_GUEST)], InvitationTexts.noGuests),
    v.transform((u) => (Array.isArray(u) ? u : [u])),
    v.minLength(1, InvitationTexts.noGuests),
    v.maxLength(MAX_INVITATION_UUIDS, InvitationTexts.tooMany),
  ),
});

const BINARY = { binary: ['image/png', 'application/zip'] } as const;
const DESCRIPTION =
  `Un invitado: su invitación image/png. Varios: ${ZIP_FILE_NAME} (application/zip, enviado por partes mientras se dibuja; ` +
  'X-Invitation-Count dice cuántas trae), un archivo por invitado con su nombre sin acentos, los repetidos numerados.';

/** Guests' invitations: each a PNG with the guest's signed pass as its QR. */
export function invitationRoutes(app: FastifyInstance, { db, config }: AppDeps) {
  const storage = storageFor(config);
  // The drawing threads end with the server.
  app.addHook('onClose', closeRenderPool);
  const send = async (reply: FastifyReply, jobs: InvitationJobs) => {
    const names = uniqueFileNames(jobs.guests);
    if (jobs.guests.length === 1)
      return sendInvitationPng(reply, await invitationRenderer(storage, jobs), jobs.guests[0], names[0]);
    return streamInvitationZip(reply, jobs, names, (signal) => invitationRenderer(storage, jobs, signal));
  };

  defineRoute(app, {
    operationId: 'downloadGuestInvitations',
    response: BINARY,
    responseDescription: DESCRIPTION,
    errors: [404, 409],
    method: 'GET',
    url: '/api/massiveEventGuests/invitation',
    tags: ['invitados'],
    access: INVITATION_ROLES,
    query: InvitationQuerySchema,
    summary:
      `Invitaciones de los invitados pedidos (uuid repetido, hasta ${MAX_INVITATION_UUIDS}); 404 si alguno no está al alcance (nada se dibuja); ` +
      '409 si su evento está Terminado, Incompleto o Cancelado',
    handler: async ({ auth, query, reply }) => {
      const jobs = await guestInvitationJobs(db, await passKeysFor(db, config), await eventScope(db, auth), query.uuid);
      return send(reply, jobs);
    },
  });

  defineRoute(app, {
    operationId: 'downloadEventInvitations',
    response: BINARY,
    responseDescription: DESCRIPTION,
    errors: [404, 409],
    method: 'GET',
    url: '/api/massiveEvents/:id/invitation',
    tags: ['eventos masivos'],
    access: INVITATION_ROLES,
    params: EventIdParamsSchema,
    summary:
      'Invitaciones de todos los invitados del evento: png si tiene uno, zip si más; 409 si está Terminado, Incompleto o Cancelado, o sin invitados',
    handler: async ({ auth, params, reply }) => {
      const row = await findEvent(db, await eventScope(db, auth), params.id);
      assertStatusAllows(row, 'download');
      return send(reply, await eventInvitationJobs(db, await passKeysFor(db, config), row.id));
    },
  });
}
