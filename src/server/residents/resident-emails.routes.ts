import type { FastifyInstance } from 'fastify';
import { AppError } from '../../shared/platform/errors.js';
import { RESIDENT_EDITORS, ResidentTexts } from '../../shared/residents/resident-rules.js';
import type { ReactivateEmailAnswer, ValidateEmailAnswer } from '../../shared/residents/resident-types.js';
import { ReactivateEmailAnswerSchema, ValidateEmailAnswerSchema } from '../../shared/residents/resident.answer.js';
import { ReactivateEmailSchema, ValidateEmailSchema } from '../../shared/residents/resident.schema.js';
import { communityScope } from '../platform/db/community-scope.js';
import type { AppDeps } from '../deps.js';
import { atTrailingSlash, defineRoute } from '../platform/http/route.js';
import {
  hasDeletedResidentWithEmail,
  lastDeletedResidentWithEmail,
  liveResidentEmail,
  RESIDENT_NOT_FOUND,
  residentById,
} from './resident-rows.js';
import { assertLicencesFor, reactivateResident, takenEmails } from './resident-writes.js';
import { EMAIL_TAKEN } from './residents.routes.js';

/**
 * The email check of the resident form and the reactivation of a deleted
 * resident. An email is free, taken by a live resident (or a staff account), or the
 * email of a resident of this community who was deleted: that one can be brought back.
 */
export function residentEmailRoutes(app: FastifyInstance, { db }: AppDeps) {
  const tags = ['residentes'];

  for (const url of ['/api/residents/validateEmail/', '/api/residents/validateEmail']) {
    defineRoute(app, {
      operationId: atTrailingSlash('validateResidentEmail', url),
      response: ValidateEmailAnswerSchema,
      method: 'POST',
      url,
      tags,
      access: RESIDENT_EDITORS,
      body: ValidateEmailSchema,
      summary:
        'Dice si un correo puede usarse para un residente: libre (AVAILABLE), de un residente vivo (TAKEN) o de un residente eliminado de este fraccionamiento (DELETED, se puede reactivar)',
      handler: async ({ auth, body }): Promise<ValidateEmailAnswer> => {
        const scope = communityScope(db, auth);
        const own = body.residentUuid ? await liveResidentEmail(scope, body.residentUuid) : undefined;
        if (own && (own.email ?? '').toLowerCase() === body.email)
          return { Success: true, Message: '', Data: { residentStatus: 'AVAILABLE' } };
        if ((await takenEmails(db, [body.email])).size)
          return { Success: false, Message: EMAIL_TAKEN, Data: { residentStatus: 'TAKEN' } };
        const deleted = await hasDeletedResidentWithEmail(scope, body.email);
        if (deleted) return { Success: true, Message: ResidentTexts.deletedOwner, Data: { residentStatus: 'DELETED' } };
        return { Success: true, Message: '', Data: { residentStatus: 'AVAILABLE' } };
      },
    });
  }

  for (const url of ['/api/residents/reactivateEmail/', '/api/residents/reactivateEmail']) {
    defineRoute(app, {
      operationId: atTrailingSlash('reactivateResidentEmail', url),
      response: ReactivateEmailAnswerSchema,
      errors: [404, 409],
      method: 'POST',
      url,
      tags,
      access: RESIDENT_EDITORS,
      body: ReactivateEmailSchema,
      summary:
        'Reactiva el residente eliminado más reciente de este fraccionamiento con ese correo (ocupa una licencia); sin acceso a la app hasta editar `useapp`',
      handler: async ({ auth, body }): Promise<ReactivateEmailAnswer> => {
        const id = await communityScope(db, auth).tx(async (scope, q) => {
          const row = await lastDeletedResidentWithEmail(scope, body.email);
          if (!row) throw new AppError('not_found', RESIDENT_NOT_FOUND);
          if ((await takenEmails(q, [body.email])).size) throw new AppError('conflict', EMAIL_TAKEN);
          await assertLicencesFor(q, scope.communityId, 1);
          await reactivateResident(scope, row.id);
          return row.id;
        });
        return { Success: true, Message: ResidentTexts.reactivated, Data: { resident: await residentById(db, id) } };
      },
    });
  }
}
