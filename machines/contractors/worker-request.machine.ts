import * as v from 'valibot';
import { assign, enqueueActions, fromCallback, fromPromise, setup } from 'xstate';
import { failureDescription } from '../../src/shared/platform/api-failure.js';
import { fieldErrors } from '../../src/shared/platform/form-validation.js';
import { WorkerRequestSchema } from '../../src/shared/contractors/construction-worker.schema.js';
import { editRefusal, WorkerMessages, WorkerStatus } from '../../src/shared/contractors/worker-rules.js';

/** A file as it is sent (the file payload). */
export interface FileValue {
  name: string;
  extension: string;
  mimeType: string;
  content: string;
}
/** A worker of the request as it is sent (POST api/constructionWorkerRequests); an edit sends unchanged files as `{ uuid }`. */
export interface RequestedWorker {
  firstName: string;
  lastName: string;
  photo: FileValue | { uuid: string };
  identification: FileValue | { uuid: string };
  proofOfAddress: FileValue | { uuid: string };
}
export interface WorkerRequestPayload {
  construction: { uuid: string };
  workers: RequestedWorker[];
}

/** What the server answered for each requested worker. */
export interface SentWorker {
  uuid: string;
  name: string;
  status: string;
  rejectReason: string | null;
}

export type FileSlot = 'photo' | 'identification' | 'proofOfAddress';
/** The slots filled by a picked document (the photo comes from the cropper, already read). */
export type DocumentSlot = 'identification' | 'proofOfAddress';
/** What the document reader is given: the picked file (a File in the browser) and its slot. */
export interface ReadDocumentInput {
  slot: DocumentSlot;
  file: File;
}
/** The id of a document slot's reading child (one at a time per slot). */
const readingId = (slot: DocumentSlot) => `read.${slot}` as const;
/** A file the worker already has (editing): shown by its link, sent back unchanged as `{ uuid }`. */
export interface StoredFile {
  uuid: string;
  name: string;
  mimeType: string;
  publicUrl: string;
}
export type SlotValue = FileValue | StoredFile;
export const isStoredFile = (file: SlotValue | null): file is StoredFile =>
  file !== null && 'uuid' in file && !('content' in file);

/** The worker being edited as the form loads it (GET api/constructionWorkers/{id}). */
export interface EditedWorker {
  uuid: string;
  firstName: string;
  lastName: string;
  status: string;
  construction: { uuid: string };
  photo: StoredFile | null;
  identification: StoredFile | null;
  proofOfAddress: StoredFile | null;
}

export interface WorkerRequestInput {
  construction?: string | null;
  /** `token` of /createWorker: the worker to edit ('Editar trabajador'). */
  token?: string | null;
  /** The user may create and edit workers directly (administrators; a contractor cannot edit). */
  administrator?: boolean;
}
/** What the send child is given: the payload, and the worker when it is an edit (PUT .../{id}/administrator). */
export interface SendInput {
  payload: WorkerRequestPayload;
  editing: string | null;
}

export interface WorkerRequestContext {
  /** The form: names and the site; the site is locked when the screen was given one. */
  values: { firstName: string; lastName: string; construction: string };
  files: Record<FileSlot, SlotValue | null>;
  /** Document slots whose picked file is being read. */
  reading: DocumentSlot[];
  /** The worker being edited (its uuid), or null when registering. */
  editing: string | null;
  administrator: boolean;
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
  /** A picked document, read by the `readDocument` child (a phone's photo is made smaller first). */
  | { type: 'file.pick'; slot: DocumentSlot; file: File }
  | { type: 'xstate.done.actor.read.identification'; output: FileValue }
  | { type: 'xstate.done.actor.read.proofOfAddress'; output: FileValue }
  | { type: 'file.remove'; slot: FileSlot }
  | { type: 'form.submit' }
  | { type: 'sites.loaded'; sites: { value: string; label: string }[] }
  | { type: 'submit'; payload: WorkerRequestPayload }
  | { type: 'upload.progress'; percent: number }
  | { type: 'upload.done'; workers: SentWorker[] }
  /** `status` is the HTTP status of the refusal (409: the worker is approved, so it cannot be edited). */
  | { type: 'upload.failed'; error: string; status?: number }
  | { type: 'dialog.close' }
  /** The administrator decided (pushed over the contractor's room). */
  | { type: 'worker.decided'; uuid: string; status: string; rejectReason: string | null }
  | { type: 'request.again' }
  | { type: 'xstate.done.actor.loadWorker'; output: EditedWorker };

/**
 * A contractor requesting a worker (a contractor's new worker becomes a pending
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
    sendRequest: fromCallback<WorkerRequestEvent, SendInput>(() => {
      throw new Error('not provided');
    }),
    /** Reads the worker to edit. */
    loadWorker: fromPromise<EditedWorker, { uuid: string }>(async () => {
      throw new Error('not provided');
    }),
    /**
     * Reads a picked document as the payload it is sent as (base64 without the data: prefix); an image
     * larger than the document size is made smaller first. Provided by the page.
     */
    readDocument: fromPromise<FileValue, ReadDocumentInput>(async () => {
      throw new Error('not provided');
    }),
    /** The contractor's live room while watching: reports 'worker.decided'. */
    live: fromCallback<WorkerRequestEvent>(() => () => {}),
    /** Reads the sites of the select; reports 'sites.loaded'. */
    loadSites: fromCallback<WorkerRequestEvent>(() => () => {}),
  },
  guards: {
    formValid: ({ context }) => v.safeParse(WorkerRequestSchema, payloadOf(context)).success,
    ours: ({ context, event }) => event.type === 'worker.decided' && context.sent.some((w) => w.uuid === event.uuid),
    allApproved: ({ context }) =>
      context.sent.length > 0 && context.sent.every((w) => w.status === WorkerStatus.approved),
    anyRejected: ({ context }) => context.sent.some((w) => w.status === WorkerStatus.rejected),
    isEditing: ({ context }) => context.editing !== null,
    /** A contractor cannot edit workers. */
    editForbidden: ({ context }) => context.editing !== null && !context.administrator,
    /** Only a worker that is not approved may be edited. */
    editRefused: ({ event }) =>
      event.type === 'xstate.done.actor.loadWorker' && editRefusal(event.output.status) !== null,
    /** The server refused the edit: the worker is approved (it was approved meanwhile). */
    editConflict: ({ context, event }) =>
      context.editing !== null && event.type === 'upload.failed' && event.status === 409,
  },
  actions: {
    applyDecision: assign({
      sent: ({ context, event }) => {
        if (event.type !== 'worker.decided') return context.sent;
        return context.sent.map((w) =>
          w.uuid === event.uuid ? { ...w, status: event.status, rejectReason: event.rejectReason } : w,
        );
      },
    }),
    /** Leaves the form for /workers (the page navigates). */
    leave: () => {},
    /** Reads the picked document; a newer pick for the same slot replaces a reading still running. */
    readPicked: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'file.pick') return;
      const { slot, file } = event;
      enqueue.stopChild(readingId(slot));
      enqueue.spawnChild('readDocument', { id: readingId(slot), input: { slot, file } });
      enqueue.assign({ reading: [...context.reading.filter((s) => s !== slot), slot] });
    }),
  },
}).createMachine({
  id: 'workerRequest',
  context: ({ input }) => ({
    values: { firstName: '', lastName: '', construction: input?.construction ?? '' },
    files: { photo: null, identification: null, proofOfAddress: null },
    reading: [],
    editing: input?.token || null,
    administrator: input?.administrator ?? false,
    lockedSite: Boolean(input?.construction),
    sites: [],
    errors: {},
    payload: null,
    progress: 0,
    sent: [],
    error: null,
  }),
  invoke: { id: 'loadSites', src: 'loadSites' },
  on: { 'sites.loaded': { actions: assign({ sites: ({ event }) => event.sites }) } },
  initial: 'boot',
  states: {
    boot: {
      always: [
        {
          guard: 'editForbidden',
          target: 'refused',
          actions: assign({ error: WorkerMessages.editOnlyAdministrators }),
        },
        { guard: 'isEditing', target: 'loading' },
        { target: 'filling' },
      ],
    },
    /** 'Editar trabajador': the worker is read, its stored files kept as they are until replaced. */
    loading: {
      invoke: {
        id: 'loadWorker',
        src: 'loadWorker',
        input: ({ context }) => ({ uuid: context.editing! }),
        onDone: [
          { guard: 'editRefused', target: 'refused', actions: assign({ error: WorkerMessages.editOnlyNonApproved }) },
          {
            target: 'filling',
            actions: assign(({ event }) => ({
              values: {
                firstName: event.output.firstName,
                lastName: event.output.lastName,
                construction: event.output.construction.uuid,
              },
              files: {
                photo: event.output.photo,
                identification: event.output.identification,
                proofOfAddress: event.output.proofOfAddress,
              },
            })),
          },
        ],
        onError: { target: 'loadFailed', actions: assign({ error: ({ event }) => failureDescription(event.error) }) },
      },
    },
    /** 'Ha ocurrido un error' with the server's text; closing it returns to /workers. */
    loadFailed: { on: { 'dialog.close': 'closed' } },
    /** 'No se puede realizar la siguiente acción': this worker cannot be edited here; closing returns to /workers. */
    refused: { on: { 'dialog.close': 'closed' } },
    closed: { type: 'final', entry: 'leave' },
    filling: {
      on: {
        'field.change': {
          guard: ({ context, event }) => !(event.name === 'construction' && context.lockedSite),
          actions: assign({
            values: ({ context, event }) => ({ ...context.values, [event.name]: event.value }),
            errors: ({ context, event }) => withoutKey(context.errors, event.name),
          }),
        },
        'file.set': {
          actions: assign({
            files: ({ context, event }) => ({ ...context.files, [event.slot]: event.file }),
            errors: ({ context, event }) => withoutKey(context.errors, event.slot),
          }),
        },
        'file.pick': { actions: 'readPicked' },
        'xstate.done.actor.read.identification': {
          actions: assign(({ context, event }) => withRead(context, 'identification', event.output)),
        },
        'xstate.done.actor.read.proofOfAddress': {
          actions: assign(({ context, event }) => withRead(context, 'proofOfAddress', event.output)),
        },
        'file.remove': {
          actions: assign({ files: ({ context, event }) => ({ ...context.files, [event.slot]: null }) }),
        },
        'form.submit': [
          {
            guard: 'formValid',
            target: 'uploading',
            actions: assign({
              payload: ({ context }) => payloadOf(context) as WorkerRequestPayload,
              progress: 0,
              error: null,
              errors: {},
            }),
          },
          { actions: assign({ errors: ({ context }) => errorsOf(context) }) },
        ],
        submit: {
          target: 'uploading',
          actions: assign({ payload: ({ event }) => event.payload, progress: 0, error: null }),
        },
      },
    },
    uploading: {
      invoke: {
        id: 'sendRequest',
        src: 'sendRequest',
        input: ({ context }) => ({ payload: context.payload!, editing: context.editing }),
      },
      on: {
        'upload.progress': {
          actions: assign({ progress: ({ event }) => Math.max(0, Math.min(100, Math.round(event.percent))) }),
        },
        'upload.done': { target: 'submitted', actions: assign({ sent: ({ event }) => event.workers, progress: 100 }) },
        'upload.failed': [
          { guard: 'editConflict', target: 'refused', actions: assign({ error: ({ event }) => event.error }) },
          { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
        ],
      },
    },
    /** 'Ha ocurrido un error' with the server's text; the form keeps what was filled. */
    failed: { on: { 'dialog.close': 'filling' } },
    /** 'Solicitud de trabajador enviada' (an edit: '¡Trabajador actualizado exitosamente!', then back to /workers). */
    submitted: {
      on: { 'dialog.close': [{ guard: 'isEditing', target: 'closed' }, { target: '#workerRequest.watching.judging' }] },
    },
    watching: {
      invoke: { id: 'live', src: 'live' },
      initial: 'judging',
      on: {
        'worker.decided': { guard: 'ours', target: '.judging', actions: 'applyDecision' },
        'request.again': {
          target: 'filling',
          actions: assign({
            payload: null,
            progress: 0,
            sent: [],
            error: null,
            errors: {},
            reading: [],
            values: ({ context }) => ({ firstName: '', lastName: '', construction: context.values.construction }),
            files: { photo: null, identification: null, proofOfAddress: null },
          }),
        },
      },
      states: {
        judging: {
          always: [
            { guard: 'anyRejected', target: 'rejected' },
            { guard: 'allApproved', target: 'approved' },
            { target: 'pending' },
          ],
        },
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

const withoutKey = (errors: Record<string, string>, key: string) =>
  Object.fromEntries(Object.entries(errors).filter(([k]) => k !== key));

/** The read document fills its slot, as a set file does. */
const withRead = (context: WorkerRequestContext, slot: DocumentSlot, file: FileValue) => ({
  files: { ...context.files, [slot]: file },
  errors: withoutKey(context.errors, slot),
  reading: context.reading.filter((s) => s !== slot),
});

/** A new file is sent whole; a stored one unchanged as `{ uuid }`. */
const sent = (file: SlotValue | null) => (file === null ? undefined : isStoredFile(file) ? { uuid: file.uuid } : file);

/** What the form sends: the site and one worker with its three files. */
function payloadOf(context: WorkerRequestContext): unknown {
  const { firstName, lastName, construction } = context.values;
  return {
    construction: construction ? { uuid: construction } : undefined,
    workers: [
      {
        firstName,
        lastName,
        photo: sent(context.files.photo),
        identification: sent(context.files.identification),
        proofOfAddress: sent(context.files.proofOfAddress),
      },
    ],
  };
}

/** The schema's messages on the form's fields ('workers.0.firstName' → 'firstName'). */
function errorsOf(context: WorkerRequestContext): Record<string, string> {
  const result = v.safeParse(WorkerRequestSchema, payloadOf(context));
  if (result.success) return {};
  return Object.fromEntries(
    Object.entries(fieldErrors(result.issues)).map(([key, message]) => [key.split('.').at(-1)!, message]),
  );
}
