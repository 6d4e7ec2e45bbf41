import * as v from 'valibot';
import { assign, fromCallback, setup } from 'xstate';
import { fieldErrors } from '../src/shared/form-validation.js';
import { WorkerRequestSchema } from '../src/shared/schemas/construction-worker.schema.js';
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

export type FileSlot = 'photo' | 'identification' | 'proofOfAddress';
export type FileValue = RequestedWorker['photo'];
export interface WorkerRequestInput { construction?: string | null }

export interface WorkerRequestContext {
  /** The form (spec 2 §2.7): names and the site; the site is locked when the screen was given one. */
  values: { firstName: string; lastName: string; construction: string };
  files: Record<FileSlot, FileValue | null>;
  lockedSite: boolean;
  /** The sites the select offers (the contractor's own). */
  sites: { value: string; label: string }[];
  errors: Record<string, string>;
  payload: WorkerRequestPayload | null;
  /** Percent of the request body sent (0–100). */
  progress: number;
  sent: SentWorker[];
  error: string | null;
}

export type WorkerRequestEvent =
  | { type: 'field.change'; name: 'firstName' | 'lastName' | 'construction'; value: string }
  /** A picked document, or the cropped 100x100 photo, read as base64. */
  | { type: 'file.set'; slot: FileSlot; file: FileValue }
  | { type: 'file.remove'; slot: FileSlot }
  | { type: 'form.submit' }
  | { type: 'sites.loaded'; sites: { value: string; label: string }[] }
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
    input: {} as WorkerRequestInput | undefined,
  },
  actors: {
    /** Sends the request with upload progress: reports 'upload.progress', then 'upload.done' or 'upload.failed'. */
    sendRequest: fromCallback<WorkerRequestEvent, WorkerRequestPayload>(() => { throw new Error('not provided'); }),
    /** The contractor's live room while watching: reports 'worker.decided'. */
    live: fromCallback<WorkerRequestEvent>(() => () => {}),
    /** Reads the sites of the select; reports 'sites.loaded'. */
    loadSites: fromCallback<WorkerRequestEvent>(() => () => {}),
  },
  guards: {
    formValid: ({ context }) => v.safeParse(WorkerRequestSchema, payloadOf(context)).success,
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
  context: ({ input }) => ({
    values: { firstName: '', lastName: '', construction: input?.construction ?? '' },
    files: { photo: null, identification: null, proofOfAddress: null },
    lockedSite: Boolean(input?.construction), sites: [], errors: {},
    payload: null, progress: 0, sent: [], error: null,
  }),
  invoke: { id: 'loadSites', src: 'loadSites' },
  on: { 'sites.loaded': { actions: assign({ sites: ({ event }) => event.sites }) } },
  initial: 'filling',
  states: {
    filling: {
      on: {
        'field.change': {
          guard: ({ context, event }) => !(event.name === 'construction' && context.lockedSite),
          actions: assign({
            values: ({ context, event }) => ({ ...context.values, [event.name]: event.value }),
            errors: ({ context, event }) => withoutKey(context.errors, event.name),
          }),
        },
        'file.set': { actions: assign({
          files: ({ context, event }) => ({ ...context.files, [event.slot]: event.file }),
          errors: ({ context, event }) => withoutKey(context.errors, event.slot),
        }) },
        'file.remove': { actions: assign({ files: ({ context, event }) => ({ ...context.files, [event.slot]: null }) }) },
        'form.submit': [
          { guard: 'formValid', target: 'uploading', actions: assign({ payload: ({ context }) => payloadOf(context) as WorkerRequestPayload, progress: 0, error: null, errors: {} }) },
          { actions: assign({ errors: ({ context }) => errorsOf(context) }) },
        ],
        submit: { target: 'uploading', actions: assign({ payload: ({ event }) => event.payload, progress: 0, error: null }) },
      },
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
      invoke: { id: 'live', src: 'live' },
      initial: 'judging',
      on: {
        'worker.decided': { guard: 'ours', target: '.judging', actions: 'applyDecision' },
        'request.again': {
          target: 'filling',
          actions: assign({
            payload: null, progress: 0, sent: [], error: null, errors: {},
            values: ({ context }) => ({ firstName: '', lastName: '', construction: context.values.construction }),
            files: { photo: null, identification: null, proofOfAddress: null },
          }),
        },
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

const withoutKey = (errors: Record<string, string>, key: string) => Object.fromEntries(Object.entries(errors).filter(([k]) => k !== key));

/** What the form sends: the site and one worker with its three files. */
function payloadOf(context: WorkerRequestContext): unknown {
  const { firstName, lastName, construction } = context.values;
  return {
    construction: construction ? { uuid: construction } : undefined,
    workers: [{ firstName, lastName, photo: context.files.photo ?? undefined, identification: context.files.identification ?? undefined,
      proofOfAddress: context.files.proofOfAddress ?? undefined }],
  };
}

/** The schema's messages on the form's fields ('workers.0.firstName' → 'firstName'). */
function errorsOf(context: WorkerRequestContext): Record<string, string> {
  const result = v.safeParse(WorkerRequestSchema, payloadOf(context));
  if (result.success) return {};
  return Object.fromEntries(Object.entries(fieldErrors(result.issues)).map(([key, message]) => [key.split('.').at(-1)!, message]));
}
