import { assign, fromCallback, setup } from 'xstate';
import { WorkerStatus } from '../src/shared/worker-rules.js';

/** A worker of the request as it is sent (spec 2 §7: POST api/constructionWorkerRequests). */
export interface RequestedWorker {
  firstName: string;
  lastName: string;
  photo: { name: string; extension: string; mimeType: string; content: string };
  identification: { name: string; extension: string; mimeType: string; content: string };
  proofOfAddress: { name: string; extension: string; mimeType: string; content: string };
}
export interface WorkerRequestPayload { construction: { uuid: string }; workers: RequestedWorker[] }

/** What the server answered for each requested worker. */
export interface SentWorker { uuid: string; name: string; status: string; rejectReason: string | null }

export interface WorkerRequestContext {
  payload: WorkerRequestPayload | null;
  /** Percent of the request body sent (0–100). */
  progress: number;
  sent: SentWorker[];
  error: string | null;
}

export type WorkerRequestEvent =
  | { type: 'submit'; payload: WorkerRequestPayload }
  | { type: 'upload.progress'; percent: number }
  | { type: 'upload.done'; workers: SentWorker[] }
  | { type: 'upload.failed'; error: string }
  | { type: 'dialog.close' }
  /** The administrator decided (pushed over the contractor's room). */
  | { type: 'worker.decided'; uuid: string; status: string; rejectReason: string | null }
  | { type: 'request.again' };

/**
 * A contractor requesting a worker (spec 2 §4.3: a contractor's new worker becomes a pending
 * request): filling → uploading the files with progress → submitted ('Solicitud de trabajador
 * enviada') → the live status of the request, changed by the administrator's decision as it is
 * pushed. The upload is a child that reports its progress and its end as events.
 */
export const workerRequestMachine = setup({
  types: {
    context: {} as WorkerRequestContext,
    events: {} as WorkerRequestEvent,
  },
  actors: {
    /** Sends the request with upload progress: reports 'upload.progress', then 'upload.done' or 'upload.failed'. */
    sendRequest: fromCallback<WorkerRequestEvent, WorkerRequestPayload>(() => { throw new Error('not provided'); }),
  },
  guards: {
    ours: ({ context, event }) => event.type === 'worker.decided' && context.sent.some((w) => w.uuid === event.uuid),
    allApproved: ({ context }) => context.sent.length > 0 && context.sent.every((w) => w.status === WorkerStatus.approved),
    anyRejected: ({ context }) => context.sent.some((w) => w.status === WorkerStatus.rejected),
  },
  actions: {
    applyDecision: assign({
      sent: ({ context, event }) => {
        if (event.type !== 'worker.decided') return context.sent;
        return context.sent.map((w) => (w.uuid === event.uuid ? { ...w, status: event.status, rejectReason: event.rejectReason } : w));
      },
    }),
  },
}).createMachine({
  id: 'workerRequest',
  context: { payload: null, progress: 0, sent: [], error: null },
  initial: 'filling',
  states: {
    filling: {
      on: { submit: { target: 'uploading', actions: assign({ payload: ({ event }) => event.payload, progress: 0, error: null }) } },
    },
    uploading: {
      invoke: { id: 'sendRequest', src: 'sendRequest', input: ({ context }) => context.payload! },
      on: {
        'upload.progress': { actions: assign({ progress: ({ event }) => Math.max(0, Math.min(100, Math.round(event.percent))) }) },
        'upload.done': { target: 'submitted', actions: assign({ sent: ({ event }) => event.workers, progress: 100 }) },
        'upload.failed': { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    /** 'Ha ocurrido un error' with the server's text; the form keeps what was filled. */
    failed: { on: { 'dialog.close': 'filling' } },
    /** 'Solicitud de trabajador enviada'. */
    submitted: { on: { 'dialog.close': '#workerRequest.watching.judging' } },
    watching: {
      initial: 'judging',
      on: {
        'worker.decided': { guard: 'ours', target: '.judging', actions: 'applyDecision' },
        'request.again': { target: 'filling', actions: assign({ payload: null, progress: 0, sent: [], error: null }) },
      },
      states: {
        judging: { always: [{ guard: 'anyRejected', target: 'rejected' }, { guard: 'allApproved', target: 'approved' }, { target: 'pending' }] },
        /** 'Solicitud pendiente'. */
        pending: {},
        /** 'Solicitud aprobada'. */
        approved: {},
        /** 'Solicitud rechazada' with the worker's name and the reason. */
        rejected: {},
      },
    },
  },
});
