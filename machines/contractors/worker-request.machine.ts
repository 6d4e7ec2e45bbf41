import * as v from 'valibot';
import { assertEvent, assign, fromCallback, fromPromise, setup, spawnChild, stopChild } from 'xstate';
import { failureDescription } from '../../src/shared/platform/api-failure.js';
import { WorkerRequestSchema } from '../../src/shared/contractors/construction-worker.schema.js';
import { editRefusal, WorkerMessages, WorkerStatus } from '../../src/shared/contractors/worker-rules.js';
import {
  errorsOf,
  payloadOf,
  readingId,
  withoutKey,
  withRead,
  type DocumentSlot,
  type EditedWorker,
  type FileSlot,
  type FileValue,
  type ReadDocumentInput,
  type SendInput,
  type SentWorker,
  type WorkerRequestContext,
  type WorkerRequestEvent,
  type WorkerRequestInput,
  type WorkerRequestPayload,
} from './worker-request-rules.js';

// What the views and tests import with the machine.
export {
  isStoredFile,
  type DocumentSlot,
  type EditedWorker,
  type FileSlot,
  type FileValue,
  type ReadDocumentInput,
  type RequestedWorker,
  type SendInput,
  type SentWorker,
  type SlotValue,
  type StoredFile,
  type WorkerRequestContext,
  type WorkerRequestEvent,
  type WorkerRequestInput,
  type WorkerRequestPayload,
} from './worker-request-rules.js';

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
