import * as v from 'valibot';
import { assertEvent, assign, fromCallback, fromPromise, sendParent, setup, spawnChild, stopChild } from 'xstate';
import { isErrorBody } from '../../src/shared/platform/errors.js';
import {
  IMPORT_MAX_BYTES,
  ImportDoneSchema,
  ImportPartialSchema,
  ImportTexts,
} from '../../src/shared/residents/resident-import.js';

/** What the picker gives: the file's facts (the File itself never enters the context). */
export interface PickedSheet {
  name: string;
  type: string;
  size: number;
}

/** What the upload child reports (a callback actor: XMLHttpRequest with its progress events). */
export type UploadReport =
  | { type: 'upload.progress'; percent: number }
  | { type: 'upload.sent' }
  | { type: 'upload.answered'; status: number; body: unknown }
  | { type: 'upload.failed' };

export type ResidentImportEvent =
  | { type: 'file.pick'; file: PickedSheet }
  /** 'Importar': the chosen file goes to the upload as its input only. */
  | { type: 'upload.start'; file: unknown }
  | { type: 'errors.download' }
  | { type: 'dialog.close' }
  | { type: 'import.close' }
  | UploadReport;

export interface ResidentImportContext {
  file: PickedSheet | null;
  /** Why the picked file was refused (shown on the modal). */
  problem: string | null;
  /** Upload progress, 0 to 100. */
  progress: number;
  /** The server's description of the result. */
  description: string | null;
  /** Base64 of Errores.xlsx after a partial failure; null when the answer brought none. */
  errorFile: string | null;
  /** The text of the failure dialog. */
  error: string | null;
}

/** Only .xlsx; the shared contract's size limit. */
export function sheetProblem(file: PickedSheet): string | null {
  if (!file.name.toLowerCase().endsWith('.xlsx')) return ImportTexts.wrongType;
  if (file.size > IMPORT_MAX_BYTES) return ImportTexts.tooLarge;
  return null;
}

/** A refusal of the server (4xx with its text) shows that text; anything else is unexpected. */
const failureText = (status: number, body: unknown) =>
  status >= 400 && status < 500 && isErrorBody(body) && body.error_description
    ? body.error_description
    : ImportTexts.unexpected;

/** The server's `description`, when its answer has one. */
const descriptionOf = (body: unknown) =>
  typeof body === 'object' && body !== null && 'description' in body && typeof body.description === 'string'
    ? body.description
    : null;

/**
 * The residents' Excel import modal (the contract src/shared/residents/resident-import.ts):
 * pick a .xlsx, upload it with progress, then the answer: all created (200), some failed (206:
 * 'Error Parcial' and Errores.xlsx to download) or refused ('Error'). The form page spawns it
 * when the modal opens; closing the modal reports `part.release` and the form stops it.
 */
export const residentImportMachine = setup({
  types: {
    context: {} as ResidentImportContext,
    events: {} as ResidentImportEvent,
  },
  actors: {
    /** POST api/residents/importResidents/ (multipart `file`); reports progress, then the answer. */
    uploadFile: fromCallback<UploadReport, { file: unknown }>(() => {
      throw new Error('not provided');
    }),
    /** Decodes the base64 workbook and saves it as Errores.xlsx. */
    saveErrorFile: fromPromise<void, { base64: string }>(async () => {
      throw new Error('not provided');
    }),
  },
  guards: {
    isAcceptable: ({ event }) => event.type === 'file.pick' && sheetProblem(event.file) === null,
    allCreated: ({ event }) =>
      event.type === 'upload.answered' && event.status === 200 && v.is(ImportDoneSchema, event.body),
    someFailed: ({ event }) => event.type === 'upload.answered' && event.status === 206,
    hasErrorFile: ({ context }) => context.errorFile !== null,
  },
  actions: {
    /** Tells the form it was opened over that it closed (a part's release; the form stops it). */
    report: sendParent({ type: 'part.release', part: 'import', outcome: 'closed' }),
    choose: assign(({ event }) => {
      assertEvent(event, 'file.pick');
      return { file: event.file, problem: null };
    }),
    refuse: assign(({ event }) => {
      assertEvent(event, 'file.pick');
      return { file: null, problem: sheetProblem(event.file) };
    }),
    takeDone: assign(({ event }) => {
      assertEvent(event, 'upload.answered');
      // `allCreated` checked the body against the 200 answer's schema.
      return { description: v.parse(ImportDoneSchema, event.body).description };
    }),
    takePartial: assign(({ event }) => {
      assertEvent(event, 'upload.answered');
      const parsed = v.safeParse(ImportPartialSchema, event.body);
      return {
        description: parsed.success ? parsed.output.description : descriptionOf(event.body),
        errorFile: parsed.success && parsed.output.file !== '' ? parsed.output.file : null,
      };
    }),
    /** A new upload starts with nothing sent, answered or failed. */
    startUpload: assign({ progress: 0, description: null, errorFile: null, error: null }),
    /** The upload's progress, as a whole percent between 0 and 100. */
    setProgress: assign((_, params: { percent: number }) => ({
      progress: Math.max(0, Math.min(100, Math.round(params.percent))),
    })),
    markSent: assign({ progress: 100 }),
    showUnexpected: assign({ error: ImportTexts.unexpected }),
    /** After a failure the person picks a file again. */
    forgetFile: assign({ file: null, progress: 0 }),
    takeFailure: assign(({ event }) => {
      assertEvent(event, 'upload.answered');
      return { error: failureText(event.status, event.body) };
    }),
  },
}).createMachine({
  id: 'residentImport',
  context: { file: null, problem: null, progress: 0, description: null, errorFile: null, error: null },
  initial: 'noFile',
  states: {
    noFile: {
      on: {
        'file.pick': [
          { guard: 'isAcceptable', target: 'fileChosen', actions: 'choose' },
          { target: 'wrongType', actions: 'refuse' },
        ],
        'import.close': { target: 'closed' },
      },
    },
    /** The picked file is not a .xlsx (or too large): the text shows on the modal. */
    wrongType: {
      on: {
        'file.pick': [{ guard: 'isAcceptable', target: 'fileChosen', actions: 'choose' }, { actions: 'refuse' }],
        'import.close': { target: 'closed' },
      },
    },
    fileChosen: {
      on: {
        'file.pick': [
          { guard: 'isAcceptable', actions: 'choose' },
          { target: 'wrongType', actions: 'refuse' },
        ],
        // The upload is a spawned child, not an invocation of 'uploading': it must live on through
        // 'processing' (the file is sent, the answer is awaited); the result states stop it.
        'upload.start': {
          target: 'uploading',
          actions: spawnChild('uploadFile', {
            id: 'upload',
            input: ({ event }) => {
              assertEvent(event, 'upload.start');
              return { file: event.file };
            },
          }),
        },
        'import.close': { target: 'closed' },
      },
    },
    uploading: {
      entry: 'startUpload',
      on: {
        'upload.progress': {
          actions: { type: 'setProgress', params: ({ event }) => ({ percent: event.percent }) },
        },
        'upload.sent': { target: 'processing', actions: 'markSent' },
        'upload.answered': [
          { guard: 'allCreated', target: 'allCreated', actions: 'takeDone' },
          { guard: 'someFailed', target: 'partial', actions: 'takePartial' },
          { target: 'failed', actions: 'takeFailure' },
        ],
        'upload.failed': { target: 'failed', actions: 'showUnexpected' },
      },
    },
    /** The file is sent; the server reads and creates the rows. */
    processing: {
      on: {
        'upload.answered': [
          { guard: 'allCreated', target: 'allCreated', actions: 'takeDone' },
          { guard: 'someFailed', target: 'partial', actions: 'takePartial' },
          { target: 'failed', actions: 'takeFailure' },
        ],
        'upload.failed': { target: 'failed', actions: 'showUnexpected' },
      },
    },
    allCreated: { entry: stopChild('upload'), on: { 'dialog.close': { target: 'closed' } } },
    /** 'Error Parcial': the error workbook is offered. */
    partial: {
      entry: stopChild('upload'),
      on: {
        'errors.download': [{ guard: 'hasErrorFile', target: 'downloading' }, { target: 'downloadFailed' }],
        'dialog.close': { target: 'closed' },
      },
    },
    downloading: {
      invoke: {
        id: 'download',
        src: 'saveErrorFile',
        input: ({ context }) => ({ base64: context.errorFile! }),
        onDone: { target: 'partial' },
        onError: { target: 'downloadFailed' },
      },
    },
    /** 'No se pudo generar el archivo de errores.' */
    downloadFailed: { on: { 'dialog.close': { target: 'closed' } } },
    /** 'Error' with the server's text or 'Ocurrió un error inesperado.'; closing lets the person pick again. */
    failed: {
      entry: stopChild('upload'),
      on: { 'dialog.close': { target: 'noFile', actions: 'forgetFile' } },
    },
    closed: { type: 'final', entry: 'report' },
  },
});
