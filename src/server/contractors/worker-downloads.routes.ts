import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { AppError } from '../../shared/platform/errors.js';
import { WorkerAnswerSchema, WorkerListSchema } from '../../shared/contractors/construction-worker.answer.js';
import {
  AdminWorkerSchema,
  ConstructionQuerySchema,
  ContractorQuerySchema,
  FileTokenQuerySchema,
  WorkerIdParamsSchema,
  type AdminWorkerBody,
} from '../../shared/contractors/construction-worker.schema.js';
import {
  approveRefusal,
  CredentialMessages,
  CREDENTIALS_ZIP_NAME,
  editRefusal,
  MAX_CREDENTIAL_UUIDS,
  rejectRefusal,
  REJECT_REASON_MAX,
  WORKER_ADMINS,
  WORKER_READERS,
  WorkerMessages,
  WorkerStatus,
} from '../../shared/contractors/worker-rules.js';
import { CommunityScope, NOW } from '../platform/db/community-scope.js';
import type { Queryable } from '../platform/db/db.js';
import type { AppDeps } from '../deps.js';
import { contentDisposition } from '../content/content-disposition.js';
import { parseLargeJsonOffThread } from '../platform/http/large-json-body.js';
import { defineRoute } from '../platform/http/route.js';
import { credentialJobs } from './credential-jobs.js';
import { sendCredentials } from './credential-renderer.js';
import { passKeysFor } from '../passes/passes.js';
import { removeStored } from '../massive-events/massive-event-images.js';
import { storageFor } from '../platform/services/storage.js';
import { auditWho, recordAudit } from '../audit/audit.js';
import { FileLinkMessages, linkedWorkerFile, readFileLink, workerFileKey } from './worker-file-links.js';
import { closeUploadPool } from '../platform/services/upload-pool.js';
import {
  WORKER_BODY_LIMIT,
  checkNewFiles,
  dropWorkerFiles,
  storeAll,
  WORKER_FILE_SLOTS,
  WorkerFileMessages,
  type WorkerFileSlot,
} from './worker-files.js';
import {
  fileUuidOf,
  findConstruction,
  findWorker,
  workerAnswer,
  workerAnswers,
  workerScope,
  type WorkerRow,
} from './worker-rows.js';

const RejectReasonSchema = v.pipe(
  v.string(WorkerMessages.reasonRequired),
  v.trim(),
  v.nonEmpty(WorkerMessages.reasonRequired),
  v.maxLength(REJECT_REASON_MAX, WorkerMessages.reasonTooLong),
);

const FILE_COLUMN: Record<WorkerFileSlot, 'photo_file_id' | 'identification_file_id' | 'proof_of_address_file_id'> = {
  photo: 'photo_file_id',
  identification: 'identification_file_id',
  proofOfAddress: 'proof_of_address_file_id',
};

const WorkerUuid = v.pipe(v.string(CredentialMessages.invalidWorker), v.uuid(CredentialMessages.invalidWorker));
/** `uuid` once or repeated; at most MAX_CREDENTIAL_UUIDS. */
const WorkerLicenseQuerySchema = v.object({
  uuid: v.pipe(
    v.union([WorkerUuid, v.array(WorkerUuid, CredentialMessages.invalidWorker)], CredentialMessages.noWorkers),
    v.transform((u) => (Array.isArray(u) ? u : [u])),
    v.minLength(1, CredentialMessages.noWorkers),
    v.maxLength(MAX_CREDENTIAL_UUIDS, CredentialMessages.tooMany),
  ),
});
const CREDENTIAL_BINARY = { binary: ['image/png', 'application/zip'] } as const;
const CREDENTIAL_DESCRIPTION =
  'Un trabajador: su credencial image/png (frente y reverso lado a lado, el QR es su pase firmado). ' +
  `Varios: ${CREDENTIALS_ZIP_NAME} (application/zip, enviado por partes mientras se dibuja; X-Credential-Count dice cuántas trae).`;

/** The worker scope's community as a community scope, over `q` (the request's transaction or the database). */
const scoped = (q: Queryable, scope: { communityId: number }) => new CommunityScope(q, scope.communityId);

/** Construction workers. */
export function constructionWorkerRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, config, realtime } = deps;
  const storage = storageFor(config);
  const tags = ['trabajadores de obra'];
  app.addHook('onClose', closeUploadPool);

  defineRoute(app, {
    operationId: 'listCommunityWorkers',
    response: WorkerListSchema,
    errors: [404],
    method: 'GET',
    url: '/api/constructionWorkers/frac',
    tags,
    access: WORKER_READERS,
    summary:
      'Todos los trabajadores del fraccionamiento (un contratista: solo los de sus obras), con enlaces firmados a sus archivos',
    handler: async ({ auth }) => {
      const key = await workerFileKey(db);
      return workerAnswers(db, key, await workerScope(db, auth));
    },
  });

  defineRoute(app, {
    operationId: 'listContractorWorkers',
    response: WorkerListSchema,
    errors: [404],
    method: 'GET',
    url: '/api/constructionWorkers/contractor',
    tags,
    access: WORKER_READERS,
    query: ContractorQuerySchema,
    summary: 'Los trabajadores de las obras de un contratista (un contratista solo puede pedir los suyos)',
    handler: async ({ auth, query }) => {
      const key = await workerFileKey(db);
      const scope = await workerScope(db, auth);
      const contractor = await scoped(db, scope).first<{ id: number }>({
        select: 'k.id',
        from: { table: 'contractors', alias: 'k' },
        where: ['k.uuid = $1', '($2::int IS NULL OR k.id = $2)'],
        params: [query.contractor, scope.contractorId],
      });
      if (!contractor) throw new AppError('not_found', 'El contratista no existe.');
      return workerAnswers(db, key, scope, { contractorId: contractor.id });
    },
  });

  defineRoute(app, {
    operationId: 'listConstructionWorkers',
    response: WorkerListSchema,
    errors: [404],
    method: 'GET',
    url: '/api/constructionWorkers/construction',
    tags,
    access: WORKER_READERS,
    query: ConstructionQuerySchema,
    summary: 'Los trabajadores de una obra, con su estatus',
    handler: async ({ auth, query }) => {
      const key = await workerFileKey(db);
      const scope = await workerScope(db, auth);
      const site = await findConstruction(db, scope, query.construction);
      return workerAnswers(db, key, scope, { constructionId: site.id });
    },
  });

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
      `Credenciales de los trabajadores pedidos (uuid repetido, hasta ${MAX_CREDENTIAL_UUIDS}): png si es uno, zip si son varios; ` +
      '404 si alguno no está al alcance (otro fraccionamiento u otro contratista; nada se dibuja); 409 si alguno no está aprobado',
    handler: async ({ auth, query, reply }) => {
      const jobs = await credentialJobs(db, passKeysFor(config), await workerScope(db, auth), query.uuid);
      return sendCredentials(reply, storage, jobs);
    },
  });

  defineRoute(app, {
    operationId: 'getConstructionWorker',
    response: WorkerAnswerSchema,
    errors: [404],
    method: 'GET',
    url: '/api/constructionWorkers/:id',
    tags,
    access: WORKER_READERS,
    params: WorkerIdParamsSchema,
    summary:
      'Un trabajador (foto, identificación oficial y comprobante de domicilio como enlaces firmados de pocos minutos)',
    handler: async ({ auth, params }) => {
      const key = await workerFileKey(db);
      const scope = await workerScope(db, auth);
      return workerAnswer(db, key, scope, (await findWorker(db, scope, params.id)).id);
    },
  });

  // Their bodies carry files in base64 (megabytes): parsed off the event loop.
  app.register(async (uploads) => {
    parseLargeJsonOffThread(uploads);

    defineRoute(uploads, {
      operationId: 'createWorkerAsAdministrator',
      bodyLimit: WORKER_BODY_LIMIT,
      response: WorkerAnswerSchema,
      errors: [404],
      status: 201,
      method: 'POST',
      url: '/api/constructionWorkers/administrator',
      tags,
      access: WORKER_ADMINS,
      body: AdminWorkerSchema,
      summary:
        'Registra un trabajador directamente (queda Aprobado: quien registra es quien aprueba); foto PNG 100x100, documentos JPEG, PNG o PDF de hasta 4 MB',
      handler: async ({ auth, body }) => {
        for (const slot of WORKER_FILE_SLOTS) {
          if (!('content' in body[slot]))
            throw new AppError('not_found', WorkerFileMessages.kept(slot), { [slot]: WorkerFileMessages.kept(slot) });
        }
        const files = await checkNewFiles(body);
        const key = await workerFileKey(db);
        const written: string[] = [];
        try {
          const { id, scope } = await db.tx(async (q) => {
            const scope = await workerScope(q, auth);
            const site = await findConstruction(q, scope, body.construction.uuid);
            const ids = await storeAll(q, storage, files, written);
            const id = await scoped(q, scope).insert('construction_workers', {
              construction_id: site.id,
              first_name: body.firstName,
              last_name: body.lastName,
              status: WorkerStatus.approved,
              photo_file_id: ids.photo,
              identification_file_id: ids.identification,
              proof_of_address_file_id: ids.proofOfAddress,
              created_by_user_id: auth.userId,
              decided_by_user_id: auth.userId,
              decided_at: NOW,
            });
            return { id, scope };
          });
          return workerAnswer(db, key, scope, id);
        } catch (error) {
          await removeStored(storage, written);
          throw error;
        }
      },
    });

    defineRoute(uploads, {
      operationId: 'updateWorkerAsAdministrator',
      bodyLimit: WORKER_BODY_LIMIT,
      response: WorkerAnswerSchema,
      errors: [404, 409],
      method: 'PUT',
      url: '/api/constructionWorkers/:id/administrator',
      tags,
      access: WORKER_ADMINS,
      params: WorkerIdParamsSchema,
      body: AdminWorkerSchema,
      summary:
        'Edita un trabajador no aprobado; los archivos sin cambio se envían como {uuid}. Un rechazado editado vuelve a Pendiente',
      handler: async ({ auth, params, body }) => {
        const files = await checkNewFiles(body);
        const key = await workerFileKey(db);
        const written: string[] = [];
        try {
          const { scope, id, dropped } = await db.tx(async (q) => {
            const scope = await workerScope(q, auth);
            const worker = await findWorker(q, scope, params.id, true);
            const refusal = editRefusal(worker.status);
            if (refusal) throw new AppError('conflict', refusal);
            const site = await findConstruction(q, scope, body.construction.uuid);
            const kept = await keptFiles(q, worker, body);
            const ids = { ...kept, ...(await storeAll(q, storage, files, written)) };
            await scoped(q, scope).update(
              'construction_workers',
              { id: worker.id },
              {
                construction_id: site.id,
                first_name: body.firstName,
                last_name: body.lastName,
                photo_file_id: ids.photo,
                identification_file_id: ids.identification,
                proof_of_address_file_id: ids.proofOfAddress,
                status: WorkerStatus.pending,
                reject_reason: null,
                decided_by_user_id: null,
                decided_at: null,
                updated_at: NOW,
              },
            );
            const replaced = WORKER_FILE_SLOTS.map((slot) => worker[FILE_COLUMN[slot]]).filter(
              (old) => old !== null && !Object.values(ids).includes(old),
            );
            return { scope, id: worker.id, dropped: await dropWorkerFiles(q, replaced) };
          });
          await removeStored(storage, dropped);
          return workerAnswer(db, key, scope, id);
        } catch (error) {
          await removeStored(storage, written);
          throw error;
        }
      },
    });
  });

  defineRoute(app, {
    operationId: 'deleteWorkerAsAdministrator',
    response: null,
    errors: [404],
    status: 204,
    method: 'DELETE',
    url: '/api/constructionWorkers/:id/administrator',
    tags,
    access: WORKER_ADMINS,
    params: WorkerIdParamsSchema,
    summary: 'Elimina un trabajador: sus archivos se borran y sus enlaces dejan de servir',
    handler: async ({ auth, params }) => {
      const dropped = await db.tx(async (q) => {
        const scope = await workerScope(q, auth);
        const worker = await findWorker(q, scope, params.id, true);
        await scoped(q, scope).update(
          'construction_workers',
          { id: worker.id },
          {
            deleted_at: NOW,
            photo_file_id: null,
            identification_file_id: null,
            proof_of_address_file_id: null,
            updated_at: NOW,
          },
        );
        return dropWorkerFiles(
          q,
          WORKER_FILE_SLOTS.map((slot) => worker[FILE_COLUMN[slot]]),
        );
      });
      await removeStored(storage, dropped);
    },
  });

  /** Approve or reject one worker under the status rules (approve any worker not yet approved, reject only a pending one), then tell the contractor's open screens. */
  const decide = async (
    req: FastifyRequest,
    auth: Parameters<typeof workerScope>[1],
    uuid: string,
    status: 'Aprobado' | 'Rechazado',
    reason: string | null,
  ) => {
    const key = await workerFileKey(db);
    const { scope, worker, site } = await db.tx(async (q) => {
      const scope = await workerScope(q, auth);
      const worker = await findWorker(q, scope, uuid, true);
      const refusal = status === WorkerStatus.approved ? approveRefusal(worker.status) : rejectRefusal(worker.status);
      if (refusal) throw new AppError('conflict', refusal);
      await scoped(q, scope).update(
        'construction_workers',
        { id: worker.id },
        {
          status,
          reject_reason: reason,
          decided_by_user_id: auth.userId,
          decided_at: NOW,
          updated_at: NOW,
        },
      );
      const site = await scoped(q, scope).first<{ name: string }>({
        select: 'o.name',
        from: { table: 'constructions', alias: 'o' },
        where: ['o.id = $1'],
        params: [worker.construction_id],
      });
      await recordAudit(q, {
        ...auditWho(req),
        action: status === WorkerStatus.approved ? 'worker.approve' : 'worker.reject',
        recordUuid: worker.uuid,
        changes: {
          status: { from: worker.status, to: status },
          ...(reason ? { reject_reason: { from: null, to: reason } } : {}),
        },
      });
      return { scope, worker, site: site! };
    });
    realtime.emitWorkerDecided(worker.contractor_uuid, {
      uuid: worker.uuid,
      name: `${worker.first_name} ${worker.last_name}`,
      status,
      rejectReason: reason,
      constructionUuid: worker.construction_uuid,
      constructionName: site.name,
    });
    return workerAnswer(db, key, scope, worker.id);
  };

  defineRoute(app, {
    operationId: 'approveWorker',
    response: WorkerAnswerSchema,
    errors: [404, 409],
    method: 'PUT',
    url: '/api/constructionWorkers/:id/approve',
    tags,
    access: WORKER_ADMINS,
    params: WorkerIdParamsSchema,
    summary:
      "Aprueba a un trabajador no aprobado (cuerpo vacío); 409 'Solamente puedes aprobar solicitudes pendientes.' si ya lo está",
    handler: async ({ req, auth, params }) => decide(req, auth, params.id, WorkerStatus.approved, null),
  });

  defineRoute(app, {
    operationId: 'rejectWorker',
    response: WorkerAnswerSchema,
    errors: [404, 409],
    method: 'PUT',
    url: '/api/constructionWorkers/:id/reject',
    tags,
    access: WORKER_ADMINS,
    params: WorkerIdParamsSchema,
    body: RejectReasonSchema,
    consumes: ['text/plain'],
    summary:
      'Rechaza a un trabajador pendiente; el cuerpo (text/plain) es el motivo, obligatorio, de hasta 500 caracteres',
    handler: async ({ req, auth, params, body }) => decide(req, auth, params.id, WorkerStatus.rejected, body),
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
      const data = file && (await storage.get(file.storage_key));
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
        .send(data);
    },
  });
}

/** Files sent as `{ uuid }` must be the worker's own file of that slot (404 otherwise). */
async function keptFiles(
  q: Queryable,
  worker: WorkerRow,
  body: AdminWorkerBody,
): Promise<Partial<Record<WorkerFileSlot, number>>> {
  const ids: Partial<Record<WorkerFileSlot, number>> = {};
  for (const slot of WORKER_FILE_SLOTS) {
    const sent = body[slot];
    if ('content' in sent) continue;
    const current = worker[FILE_COLUMN[slot]];
    const fileUuid = current === null ? undefined : await fileUuidOf(q, current);
    if (!fileUuid || fileUuid !== sent.uuid)
      throw new AppError('not_found', WorkerFileMessages.kept(slot), { [slot]: WorkerFileMessages.kept(slot) });
    ids[slot] = current!;
  }
  return ids;
}
