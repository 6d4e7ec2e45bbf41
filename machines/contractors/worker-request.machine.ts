import * as v from 'valibot';
import { assertEvent, assign, fromCallback, fromPromise, setup, spawnChild, stopChild } from 'xstate';
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
    /** A locked site cannot be changed; the names can. */
    fieldEditable: ({ context }, params: { name: string }) => !(params.name === 'construction' && context.lockedSite),
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
    keepSites: assign((_, params: { sites: { value: string; label: string }[] }) => ({ sites: params.sites })),
    showError: assign((_, params: { error: string }) => ({ error: params.error })),
    showFailure: assign((_, params: { error: unknown }) => ({ error: failureDescription(params.error) })),
    /** The edited worker's names, site and stored files fill the form. */
    fillFromWorker: assign((_, params: { worker: EditedWorker }) => ({
      values: {
        firstName: params.worker.firstName,
        lastName: params.worker.lastName,
        construction: params.worker.construction.uuid,
      },
      files: {
        photo: params.worker.photo,
        identification: params.worker.identification,
        proofOfAddress: params.worker.proofOfAddress,
      },
    })),
    /** A changed field clears its own error. */
    setField: assign(({ context }, params: { name: string; value: string }) => ({
      values: { ...context.values, [params.name]: params.value },
      errors: withoutKey(context.errors, params.name),
    })),
    /** A set file fills its slot and clears the slot's error. */
    setFile: assign(({ context }, params: { slot: FileSlot; file: FileValue }) => ({
      files: { ...context.files, [params.slot]: params.file },
      errors: withoutKey(context.errors, params.slot),
    })),
    keepRead: assign(({ context }, params: { slot: DocumentSlot; file: FileValue }) =>
      withRead(context, params.slot, params.file),
    ),
    removeFile: assign(({ context }, params: { slot: FileSlot }) => ({
      files: { ...context.files, [params.slot]: null },
    })),
    /** The valid form becomes the payload sent. */
    acceptForm: assign(({ context }) => ({
      payload: payloadOf(context) as WorkerRequestPayload,
      progress: 0,
      error: null,
      errors: {},
    })),
    showFormErrors: assign(({ context }) => ({ errors: errorsOf(context) })),
    acceptPayload: assign((_, params: { payload: WorkerRequestPayload }) => ({
      payload: params.payload,
      progress: 0,
      error: null,
    })),
    /** The upload's progress, as a whole percent between 0 and 100. */
    setProgress: assign((_, params: { percent: number }) => ({
      progress: Math.max(0, Math.min(100, Math.round(params.percent))),
    })),
    keepSent: assign((_, params: { workers: SentWorker[] }) => ({ sent: params.workers, progress: 100 })),
    /** Another request starts empty but for the site. */
    startAgain: assign(({ context }) => ({
      payload: null,
      progress: 0,
      sent: [],
      error: null,
      errors: {},
      reading: [],
      values: { firstName: '', lastName: '', construction: context.values.construction },
      files: { photo: null, identification: null, proofOfAddress: null },
    })),
    /** Reads the picked document; a newer pick for the same slot replaces a reading still running. */
    /** A newer pick for the same slot replaces a reading still running. */
    stopReading: stopChild((_, params: { slot: DocumentSlot }) => readingId(params.slot)),
    /** The picked document's reading child, one per slot. */
    startReading: spawnChild('readDocument', {
      id: ({ event }) => {
        assertEvent(event, 'file.pick');
        return readingId(event.slot);
      },
      input: ({ event }) => {
        assertEvent(event, 'file.pick');
        return { slot: event.slot, file: event.file };
      },
    }),
    markReading: assign(({ context }, params: { slot: DocumentSlot }) => ({
      reading: [...context.reading.filter((s) => s !== params.slot), params.slot],
    })),
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
  on: { 'sites.loaded': { actions: { type: 'keepSites', params: ({ event }) => ({ sites: event.sites }) } } },
  initial: 'boot',
  states: {
    boot: {
      always: [
        {
          guard: 'editForbidden',
          target: 'refused',
          actions: { type: 'showError', params: { error: WorkerMessages.editOnlyAdministrators } },
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
          {
            guard: 'editRefused',
            target: 'refused',
            actions: { type: 'showError', params: { error: WorkerMessages.editOnlyNonApproved } },
          },
          {
            target: 'filling',
            actions: { type: 'fillFromWorker', params: ({ event }) => ({ worker: event.output }) },
          },
        ],
        onError: {
          target: 'loadFailed',
          actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
        },
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
          guard: { type: 'fieldEditable', params: ({ event }) => ({ name: event.name }) },
          actions: { type: 'setField', params: ({ event }) => ({ name: event.name, value: event.value }) },
        },
        'file.set': {
          actions: { type: 'setFile', params: ({ event }) => ({ slot: event.slot, file: event.file }) },
        },
        'file.pick': {
          actions: [
            { type: 'stopReading', params: ({ event }) => ({ slot: event.slot }) },
            'startReading',
            { type: 'markReading', params: ({ event }) => ({ slot: event.slot }) },
          ],
        },
        'xstate.done.actor.read.identification': {
          actions: { type: 'keepRead', params: ({ event }) => ({ slot: 'identification', file: event.output }) },
        },
        'xstate.done.actor.read.proofOfAddress': {
          actions: { type: 'keepRead', params: ({ event }) => ({ slot: 'proofOfAddress', file: event.output }) },
        },
        'file.remove': {
          actions: { type: 'removeFile', params: ({ event }) => ({ slot: event.slot }) },
        },
        'form.submit': [
          {
            guard: 'formValid',
            target: 'uploading',
            actions: 'acceptForm',
          },
          { actions: 'showFormErrors' },
        ],
        submit: {
          target: 'uploading',
          actions: { type: 'acceptPayload', params: ({ event }) => ({ payload: event.payload }) },
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
          actions: { type: 'setProgress', params: ({ event }) => ({ percent: event.percent }) },
        },
        'upload.done': {
          target: 'submitted',
          actions: { type: 'keepSent', params: ({ event }) => ({ workers: event.workers }) },
        },
        'upload.failed': [
          {
            guard: 'editConflict',
            target: 'refused',
            actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'failed', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
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
          actions: 'startAgain',
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
