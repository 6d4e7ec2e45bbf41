import type { FastifyInstance } from 'fastify';
import {
  WorkerListSchema,
  WorkerRequestSummaryListSchema,
} from '../../shared/contractors/construction-worker.answer.js';
import { WorkerRequestSchema } from '../../shared/contractors/construction-worker.schema.js';
import { WORKER_ADMINS, WORKER_REQUESTERS } from '../../shared/contractors/worker-rules.js';
import type { AppDeps } from '../deps.js';
import { parseLargeJsonOffThread } from '../platform/http/large-json-body.js';
import { defineRoute } from '../platform/http/route.js';
import { removeStored } from '../massive-events/massive-event-images.js';
import { storageFor } from '../platform/services/storage.js';
import { workerFileKey } from './worker-file-links.js';
import { findConstruction, workerAnswers, workerRequestSummaries, workerScope } from './worker-rows.js';
import { insertWorker } from './worker-writes.js';
import { AppError } from '../../shared/platform/errors.js';
import {
  checkRequestFiles,
  storeAll,
  WORKER_BODY_LIMIT,
  WORKER_FILE_SLOTS,
  WorkerFileMessages,
} from './worker-files.js';

/** Worker requests. */
export function workerRequestRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, config, realtime } = deps;
  const storage = storageFor(config);
  const tags = ['trabajadores de obra'];

  // Their bodies carry files in base64 (megabytes): parsed off the event loop.
  app.register(async (uploads) => {
    parseLargeJsonOffThread(uploads);

    defineRoute(uploads, {
      operationId: 'requestWorkers',
      bodyLimit: WORKER_BODY_LIMIT,
      response: WorkerListSchema,
      errors: [404],
      status: 201,
      method: 'POST',
      url: '/api/constructionWorkerRequests',
      tags,
      access: WORKER_REQUESTERS,
      body: WorkerRequestSchema,
      summary:
        'Un contratista solicita trabajadores para una de sus obras: quedan Pendientes y los administradores del fraccionamiento lo ven al momento',
      responseDescription: 'Los trabajadores solicitados.',
      handler: async ({ auth, body }) => {
        for (const worker of body.workers) {
          for (const slot of WORKER_FILE_SLOTS) {
            if (!('content' in worker[slot]))
              throw new AppError('invalid_request', WorkerFileMessages.content(slot), {
                [slot]: WorkerFileMessages.content(slot),
              });
          }
        }
        const files = await checkRequestFiles(body.workers);
        const key = await workerFileKey(db);
        const written: string[] = [];
        try {
          const { scope, ids, site } = await db.tx(async (q) => {
            const scope = await workerScope(q, auth);
            const site = await findConstruction(q, scope, body.construction.uuid);
            const ids: number[] = [];
            for (const [i, worker] of body.workers.entries()) {
              const fileIds = await storeAll(q, storage, files[i]!, written);
              ids.push(
                await insertWorker(
                  q,
                  scope,
                  { constructionId: site.id, firstName: worker.firstName, lastName: worker.lastName, files: fileIds },
                  auth.userId,
                ),
              );
            }
            return { scope, ids, site };
          });
          const answers = await workerAnswers(db, key, scope, { workerIds: ids });
          realtime.emitWorkerRequested({
            fracUuid: scope.communityUuid,
            constructionUuid: site.uuid,
            constructionName: site.name,
            workers: answers.map((w) => ({ uuid: w.uuid, name: `${w.firstName} ${w.lastName}` })),
          });
          return answers;
        } catch (error) {
          await removeStored(storage, written);
          throw error;
        }
      },
    });
  });

  defineRoute(app, {
    operationId: 'listWorkerRequestsByAdministrator',
    response: WorkerRequestSummaryListSchema,
    errors: [404],
    method: 'GET',
    url: '/api/constructionWorkerRequests/byAdministrator',
    tags,
    access: WORKER_ADMINS,
    summary: 'Las solicitudes agrupadas por obra, con cuántos trabajadores están aprobados, rechazados y pendientes',
    handler: async ({ auth }) => {
      const scope = await workerScope(db, auth);
      const rows = await workerRequestSummaries(db, scope.communityId);
      return rows.map((r) => ({
        constructionId: r.uuid,
        construction: { uuid: r.uuid, name: r.name, number: r.number, streetNumber: r.street_number },
        workers: r.workers,
        approved: r.approved,
        rejected: r.rejected,
        pending: r.pending,
      }));
    },
  });
}
