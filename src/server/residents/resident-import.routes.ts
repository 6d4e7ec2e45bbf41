import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../shared/platform/errors.js';
import {
  IMPORT_MAX_BYTES,
  ImportDoneSchema,
  ImportPartialSchema,
  ImportTexts,
  type ImportDone,
} from '../../shared/residents/resident-import.js';
import { RESIDENT_EDITORS } from '../../shared/residents/resident-rules.js';
import type { AppDeps } from '../deps.js';
import { atTrailingSlash, defineRoute, OtherAnswer, requireCommunity } from '../platform/http/route.js';
import { mailCodes, type IssuedCode } from './resident-codes.js';
import { importResidents } from './resident-import.js';
import { communityMailName } from './resident-rows.js';

export const IMPORT_FILE_MISSING = 'Adjunta el archivo de Excel (.xlsx) en el campo "file".';

/** The one file of the multipart body (field `file`), at most IMPORT_MAX_BYTES (413). */
async function uploadedFile(req: FastifyRequest): Promise<Buffer> {
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    part = await req.file({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 10, parts: 12, fieldSize: 1024 } });
  } catch {
    throw new AppError('invalid_request', IMPORT_FILE_MISSING, { file: IMPORT_FILE_MISSING });
  }
  if (part?.fieldname !== 'file')
    throw new AppError('invalid_request', IMPORT_FILE_MISSING, { file: IMPORT_FILE_MISSING });
  try {
    return await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('payload_too_large', ImportTexts.tooLarge, { file: ImportTexts.tooLarge });
    throw new AppError('invalid_request', IMPORT_FILE_MISSING, { file: IMPORT_FILE_MISSING });
  }
}

/** The residents' Excel import. Multipart is parsed only on these routes. */
export function residentImportRoutes(app: FastifyInstance, { db, mailer }: AppDeps) {
  const communityName = (communityId: number) => communityMailName(db, communityId);
  const logMailFailure = (error: unknown) =>
    app.log.error({ err: error }, 'No fue posible enviar el código de registro');

  app.register(async (scope) => {
    await scope.register(multipart);
    for (const url of ['/api/residents/importResidents/', '/api/residents/importResidents']) {
      defineRoute(scope, {
        operationId: atTrailingSlash('importResidents', url),
        response: ImportDoneSchema,
        alsoAnswers: { 206: ImportPartialSchema },
        errors: [400, 404, 409, 413, 415],
        consumes: ['multipart/form-data'],
        method: 'POST',
        url,
        tags: ['residentes'],
        access: RESIDENT_EDITORS,
        summary:
          'Importa residentes desde un .xlsx (multipart, campo `file`, columnas de la plantilla /plantilla_residentes.xlsx). ' +
          '200: todos registrados; 206: algunos fallaron y `file` es Errores.xlsx en base64 (las filas como se enviaron y el motivo)',
        responseDescription: 'Todos los residentes del archivo se registraron.',
        handler: async ({ auth, req }): Promise<ImportDone | OtherAnswer> => {
          const communityId = requireCommunity(auth);
          const data = await uploadedFile(req);
          // Mails go out after each batch's commit, one after another, without holding the answer.
          let mailing = Promise.resolve();
          const onCodes = (codes: IssuedCode[]) => {
            mailing = mailing
              .then(async () => mailCodes(mailer, codes, await communityName(communityId), logMailFailure))
              .catch(logMailFailure);
          };
          const result = await importResidents(db, communityId, data, onCodes);
          return result.kind === 'done' ? result.answer : new OtherAnswer(206, result.answer);
        },
      });
    }
  });
}
