import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { AppError } from '../../shared/platform/errors.js';
import { WorkerAnswerSchema } from '../../shared/contractors/construction-worker.answer.js';
import { WorkerIdParamsSchema } from '../../shared/contractors/construction-worker.schema.js';
import {
  approveRefusal,
  rejectRefusal,
  REJECT_REASON_MAX,
  WORKER_ADMINS,
  WorkerMessages,
  WorkerStatus,
} from '../../shared/contractors/worker-rules.js';
import type { AppDeps } from '../deps.js';
import { defineRoute } from '../platform/http/route.js';
import { auditWho, recordAudit } from '../audit/audit.js';
import { workerFileKey } from './worker-file-links.js';
import { findWorker, workerAnswer, workerScope } from './worker-rows.js';
import { constructionName, decideWorker } from './worker-writes.js';

const RejectReasonSchema = v.pipe(
  v.string(WorkerMessages.reasonRequired),
  v.trim(),
  v.nonEmpty(WorkerMessages.reasonRequired),
  v.maxLength(REJECT_REASON_MAX, WorkerMessages.reasonTooLong),
);

/** An administrator's decision on a construction worker: approve or reject (with a reason). */
export function workerDecisionRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, realtime } = deps;
  const tags = ['trabajadores de obra'];

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
      await decideWorker(q, scope, worker.id, status, reason, auth.userId);
      const site = await constructionName(q, scope, worker.construction_id);
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
}
