import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { AppError } from '../../shared/platform/errors.js';
import { FileTokenQuerySchema } from '../../shared/contractors/construction-worker.schema.js';
import {
  CREDENTIAL_FORMATS,
  CredentialMessages,
  CREDENTIALS_PDF_NAME,
  CREDENTIALS_ZIP_NAME,
  MAX_CREDENTIAL_UUIDS,
  WORKER_READERS,
} from '../../shared/contractors/worker-rules.js';
import type { AppDeps } from '../deps.js';
import { contentDisposition } from '../content/content-disposition.js';
import { defineRoute } from '../platform/http/route.js';
import { credentialJobs } from './credential-jobs.js';
import { sendCredentials } from './credential-renderer.js';
import { sendCredentialSheets } from './credential-sheets.js';
import { passKeysFor } from '../passes/passes.js';
import { storageFor } from '../platform/services/storage.js';
import { FileLinkMessages, linkedWorkerFile, readFileLink, workerFileKey } from './worker-file-links.js';
import { workerScope } from './worker-rows.js';

const WorkerUuid = v.pipe(v.string(CredentialMessages.invalidWorker), v.uuid(CredentialMessages.invalidWorker));
/** `uuid` once or repeated; at most MAX_CREDENTIAL_UUIDS. */
const WorkerLicenseQuerySchema = v.object({
  uuid: v.pipe(
    v.union([WorkerUuid, v.array(WorkerUuid, CredentialMessages.invalidWorker)], CredentialMessages.noWorkers),
    v.transform((u) => (Array.isArray(u) ? u : [u])),
    v.minLength(1, CredentialMessages.noWorkers),
    v.maxLength(MAX_CREDENTIAL_UUIDS, CredentialMessages.tooMany),
  ),
  /** zip (the default): PNG images; pdf: A4 sheets to print. */
  format: v.optional(v.picklist(CREDENTIAL_FORMATS, CredentialMessages.invalidFormat), 'zip'),
});
const CREDENTIAL_BINARY = { binary: ['application/zip', 'application/pdf'] } as const;
const CREDENTIAL_DESCRIPTION =
  `format=zip (o sin format): ${CREDENTIALS_ZIP_NAME} (application/zip, enviado por partes mientras se dibuja; X-Credential-Count dice cuántas trae): ` +
  'una credencial PNG por trabajador (frente y reverso lado a lado, el QR es su pase firmado), también si es uno solo. ' +
  `format=pdf: ${CREDENTIALS_PDF_NAME} (application/pdf) para imprimir: hojas A4 de 9 credenciales con marcas de corte, ` +
  'los frentes en una página y sus reversos en la siguiente con las columnas en espejo (impresión a doble cara, giro por el borde largo); ' +
  'cada QR mide al menos 25 mm.';

/** What a construction worker's readers download: its credentials (with its signed pass) and its files by their signed links. */
export function workerDownloadRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, config } = deps;
  const storage = storageFor(config);
  const tags = ['trabajadores de obra'];

  defineRoute(app, {
    operationId: 'downloadWorkerCredentials',
    response: CREDENTIAL_BINARY,
    responseDescription: CREDENTIAL_DESCRIPTION,
    errors: [404, 409],
    method: 'GET',
    url: '/api/constructionWorkers/workerLicense',
    tags,
    access: WORKER_READERS,
    query: WorkerLicenseQuerySchema,
    summary:
      `Credenciales de los trabajadores pedidos (uuid repetido, hasta ${MAX_CREDENTIAL_UUIDS}): un zip de credenciales, también para uno, o un PDF para imprimir (format=pdf); ` +
      '404 si alguno no está al alcance (otro fraccionamiento u otro contratista; nada se dibuja); 409 si alguno no está aprobado',
    handler: async ({ auth, query, reply }) => {
      const jobs = await credentialJobs(db, await passKeysFor(db, config), await workerScope(db, auth), query.uuid);
      return query.format === 'pdf'
        ? sendCredentialSheets(reply, storage, jobs)
        : sendCredentials(reply, storage, jobs);
    },
  });

  defineRoute(app, {
    operationId: 'readWorkerFile',
    response: { binary: ['image/png', 'image/jpeg', 'application/pdf'] },
    errors: [404, 410],
    method: 'GET',
    url: '/api/constructionWorkers/file',
    tags,
    access: 'public',
    platform: 'un archivo de un trabajador por su enlace firmado',
    query: FileTokenQuerySchema,
    summary:
      'Un archivo de un trabajador por su enlace firmado (unos minutos; solo para quien lo recibió y mientras pueda ver al trabajador, si no 404); ' +
      'nunca se ejecuta: con su tipo real y nosniff, las imágenes en línea y los PDF como descarga',
    handler: async ({ query, reply }) => {
      const file = await linkedWorkerFile(db, await readFileLink(await workerFileKey(db), query.token));
      const data = file && (await storage.open(file.storage_key));
      if (!file || !data) throw new AppError('not_found', FileLinkMessages.notFound);
      // A PDF is downloaded, never opened by the browser's viewer (its scripts and forms would run there); images are shown.
      const disposition = file.mime_type === 'application/pdf' ? 'attachment' : 'inline';
      return reply
        .header('content-type', file.mime_type)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', contentDisposition(disposition, file.name))
        .header(
          'content-security-policy',
          "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; script-src 'none'",
        )
        .header('cache-control', 'private, no-store')
        .header('referrer-policy', 'no-referrer')
        .header('content-length', data.size)
        .send(data.body);
    },
  });
}
