import type { FastifyInstance } from 'fastify';
import { AppError } from '../../shared/platform/errors.js';
import { WorkerAnswerSchema, WorkerListSchema } from '../../shared/contractors/construction-worker.answer.js';
import {
  AdminWorkerSchema,
  ConstructionQuerySchema,
  ContractorQuerySchema,
  WorkerIdParamsSchema,
} from '../../shared/contractors/construction-worker.schema.js';
import { editRefusal, WORKER_ADMINS, WORKER_READERS } from '../../shared/contractors/worker-rules.js';
import type { AppDeps } from '../deps.js';
import { parseLargeJsonOffThread } from '../platform/http/large-json-body.js';
import { defineRoute } from '../platform/http/route.js';
import { removeStored } from '../massive-events/massive-event-images.js';
import { storageFor } from '../platform/services/storage.js';
import { workerFileKey } from './worker-file-links.js';
import { closeUploadPool } from '../platform/services/upload-pool.js';
import {
  WORKER_BODY_LIMIT,
  checkNewFiles,
  dropWorkerFiles,
  storeAll,
  WORKER_FILE_SLOTS,
  WorkerFileMessages,
} from './worker-files.js';
import { findConstruction, findWorker, workerAnswer, workerAnswers, workerScope } from './worker-rows.js';
import { contractorIdInReach } from './contractor-rows.js';
import { CommunityScope } from '../platform/db/community-scope.js';
import { deleteWorker, FILE_COLUMN, insertWorker, keptFiles, updateWorker } from './worker-writes.js';

/**
 * Construction workers: the lists (of the community, of a contractor, of a site), one worker, and
 * an administrator's registration, edit and delete. Decisions are in worker-decisions.routes.ts,
 * credentials and files in worker-downloads.routes.ts, contractors' requests in worker-requests.routes.ts.
 */
export function constructionWorkerRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, config } = deps;
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
      const contractor = await contractorIdInReach(
        new CommunityScope(db, scope.communityId),
        query.contractor,
        scope.contractorId,
      );
      if (contractor === undefined) throw new AppError('not_found', 'El contratista no existe.');
      return workerAnswers(db, key, scope, { contractorId: contractor });
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
            const id = await insertWorker(
              q,
              scope,
              { constructionId: site.id, firstName: body.firstName, lastName: body.lastName, files: ids },
              auth.userId,
              auth.userId,
            );
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
            await updateWorker(q, scope, worker.id, {
              constructionId: site.id,
              firstName: body.firstName,
              lastName: body.lastName,
              files: ids,
            });
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
        await deleteWorker(q, scope, worker.id);
        return dropWorkerFiles(
          q,
          WORKER_FILE_SLOTS.map((slot) => worker[FILE_COLUMN[slot]]),
        );
      });
      await removeStored(storage, dropped);
    },
  });
}
