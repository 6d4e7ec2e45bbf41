import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { failureDescription } from '../../src/shared/platform/api-failure.js';
import {
  checkHeader,
  checkRows,
  extensionOf,
  GUEST_IMPORT_MAX_BYTES,
  GUEST_UPLOAD_CHUNK,
  GuestImportTexts,
  IMPORT_EXTENSIONS,
  SHOWN_ROW_ERRORS,
  splitRepeated,
  type HeaderCheck,
  type ImportPlace,
  type RowError,
} from '../../src/shared/massive-events/guest-import.js';
import type { Guest } from '../../src/shared/massive-events/massive-event-types.js';
import type { GuestFields } from '../../src/shared/massive-events/massive-event.schema.js';
import { invitationDownloadMachine, type InvitationDownloadOutput } from './invitation-download.machine.js';

/** What the picker tells of the file (the File itself only travels as the reader's input). */
export interface PickedFile {
  name: string;
  size: number;
}
type Name = { firstName: string; lastName: string };

/** What the reader answers: the first sheet's header and rows as texts, and (guests screen) the event's guests. */
export interface ReadSheet {
  header: string[];
  rows: string[][];
  existing?: Name[];
}
/** A reading refused with the reason shown (unreadable file, formulas, too many rows). */
export interface ReadProblem {
  problem: string;
}

/** `event`: the event the guests go to (the wizard's, once step 1 created it); the guests screen's reader and upload know theirs. */
export interface GuestImportInput {
  where: ImportPlace;
  existing?: Name[];
  event?: string | null;
}

export interface GuestImportContext {
  where: ImportPlace;
  existing: Name[];
  event: string | null;
  fileName: string | null;
  /** Why the file was refused, or 'No se seleccionó ningún archivo.'. */
  problem: string | null;
  header: HeaderCheck | null;
  /** The rows that failed: the first 4 are shown; `errorCount` is all of them. */
  rowErrors: RowError[];
  errorCount: number;
  fresh: GuestFields[];
  repeated: GuestFields[];
  /** What the upload sends (the new ones, plus the repeated ones once confirmed), how many are sent, what was created. */
  toSend: GuestFields[];
  sent: number;
  created: Guest[];
  error: string | null;
  /** Where to go once closed: '/massiveEvents' after a failed download of the new guests' invitations. */
  returnTo: string | null;
}

/** What whoever opened the import hears: the guests created, and where to go (after a failed download). */
export interface GuestImportOutput {
  created: Guest[];
  returnTo: string | null;
}

export type GuestImportEvent =
  | { type: 'file.pick'; file: PickedFile; blob?: unknown }
  | { type: 'import.submit' }
  | { type: 'import.confirm' }
  | { type: 'duplicates.accept' }
  | { type: 'duplicates.reject' }
  | { type: 'upload.retry' }
  | { type: 'invitations.download' }
  | { type: 'import.close' }
  | { type: 'xstate.done.actor.invitationDownload'; output: InvitationDownloadOutput }
  | { type: 'xstate.done.actor.uploadGuests'; output: Guest[] }
  | { type: 'xstate.error.actor.uploadGuests'; error: unknown }
  | { type: 'xstate.done.actor.readSheet'; output: ReadSheet }
  | { type: 'xstate.error.actor.readSheet'; error: unknown };

/** The sheet the reading answered (the guards and actions of the reading's end). */
const readOf = (event: GuestImportEvent) => {
  assertEvent(event, 'xstate.done.actor.readSheet');
  return event.output;
};
/** Why the reading failed: the reader's ReadProblem, or unreadable. */
const problemOf = (error: unknown) =>
  typeof error === 'object' && error !== null && 'problem' in error && typeof error.problem === 'string'
    ? error.problem
    : GuestImportTexts.unreadable;

/**
 * Guest import: no file → reading → wrong type, wrong header or row
 * errors → summary of new and repeated → confirming the repeated ones → uploading (bulk calls of
 * 1,000, with progress) → done (offers the new guests' invitations) or failed. Repeated guests are
 * not sent until confirmed. The offered download of the new guests' invitations runs as its
 * `invitationDownload` child. It ends with the created guests for whoever opened it,
 * and where to go when that download failed.
 */
export const guestImportMachine = setup({
  types: {
    context: {} as GuestImportContext,
    events: {} as GuestImportEvent,
    input: {} as GuestImportInput,
    output: {} as GuestImportOutput,
  },
  actors: {
    /** Reads the first sheet (xlsx/xls/ods with @e965/xlsx, csv with papaparse); rejects with a ReadProblem. */
    readSheet: fromPromise<ReadSheet, { file: unknown; where: ImportPlace }>(async () => {
      throw new Error('not provided');
    }),
    /** `POST api/massiveEventGuests/multiple` with one chunk. */
    uploadGuests: fromPromise<Guest[], { guests: GuestFields[]; event: string | null }>(async () => {
      throw new Error('not provided');
    }),
    /** The new guests' invitations (GET api/massiveEventGuests/invitation?uuid=..), with progress. */
    invitationDownload: invitationDownloadMachine,
  },
  guards: {
    wrongType: ({ context, event }) => {
      assertEvent(event, 'file.pick');
      return (
        !IMPORT_EXTENSIONS[context.where].includes(extensionOf(event.file.name)) ||
        event.file.size > GUEST_IMPORT_MAX_BYTES
      );
    },
    wrongHeader: ({ event }) => checkHeader(readOf(event).header) !== null,
    rowsFail: ({ event }) => checkRows(readOf(event).rows).errors.length > 0,
    noRows: ({ event }) => checkRows(readOf(event).rows).guests.length === 0,
    hasRepeated: ({ context }) => context.repeated.length > 0,
    hasFresh: ({ context }) => context.fresh.length > 0,
    moreToSend: ({ context }) => context.sent < context.toSend.length,
    downloadFailed: ({ event }) =>
      event.type === 'xstate.done.actor.invitationDownload' && event.output.returnTo !== null,
  },
  actions: {
    /** Where the failed download of the new guests' invitations sends the person. */
    keepReturnTo: assign((_, params: { returnTo: string | null }) => ({ returnTo: params.returnTo })),
    pickFile: assign(({ event }) => {
      assertEvent(event, 'file.pick');
      return {
        fileName: event.file.name,
        problem: null,
        header: null,
        rowErrors: [],
        errorCount: 0,
        fresh: [],
        repeated: [],
      };
    }),
    refuseType: assign(({ event }) => {
      assertEvent(event, 'file.pick');
      return {
        problem:
          event.file.size > GUEST_IMPORT_MAX_BYTES && IMPORT_EXTENSIONS.wizard.includes(extensionOf(event.file.name))
            ? GuestImportTexts.tooLarge
            : GuestImportTexts.wrongType,
      };
    }),
    refuseNoFile: assign({ problem: GuestImportTexts.noFile }),
    refuseRead: assign({
      problem: ({ event }) => {
        assertEvent(event, 'xstate.error.actor.readSheet');
        return problemOf(event.error);
      },
    }),
    showHeader: assign({
      header: ({ event }) => checkHeader(readOf(event).header),
      problem: GuestImportTexts.wrongHeader,
    }),
    showRowErrors: assign(({ event }) => {
      const { errors } = checkRows(readOf(event).rows);
      return {
        rowErrors: errors.slice(0, SHOWN_ROW_ERRORS),
        errorCount: errors.length,
        problem: GuestImportTexts.rowsTitle,
      };
    }),
    refuseEmpty: assign({ problem: GuestImportTexts.empty }),
    summarize: assign(({ context, event }) => {
      const read = readOf(event);
      const existing = read.existing ?? context.existing;
      return { existing, ...splitRepeated(checkRows(read.rows).guests, existing) };
    }),
    sendFresh: assign({ toSend: ({ context }) => context.fresh, sent: 0, created: [] }),
    sendAll: assign({ toSend: ({ context }) => [...context.fresh, ...context.repeated], sent: 0, created: [] }),
    keepChunk: assign(({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.uploadGuests');
      const created = event.output;
      return {
        created: [...context.created, ...created],
        sent: Math.min(context.toSend.length, context.sent + GUEST_UPLOAD_CHUNK),
      };
    }),
    failUpload: assign({
      error: ({ event }) => {
        assertEvent(event, 'xstate.error.actor.uploadGuests');
        return failureDescription(event.error);
      },
    }),
  },
}).createMachine({
  id: 'guestImport',
  context: ({ input }) => ({
    where: input.where,
    existing: input.existing ?? [],
    event: input.event ?? null,
    fileName: null,
    problem: null,
    header: null,
    rowErrors: [],
    errorCount: 0,
    fresh: [],
    repeated: [],
    toSend: [],
    sent: 0,
    created: [],
    error: null,
    returnTo: null,
  }),
  output: ({ context }) => ({ created: context.created, returnTo: context.returnTo }),
  initial: 'noFile',
  on: { 'import.close': { target: '.closed' } },
  states: {
    noFile: {
      on: {
        'file.pick': [
          { guard: 'wrongType', target: 'wrongType', actions: ['pickFile', 'refuseType'] },
          { target: 'reading', actions: 'pickFile' },
        ],
        'import.submit': { actions: 'refuseNoFile' },
      },
    },
    reading: {
      invoke: {
        id: 'readSheet',
        src: 'readSheet',
        input: ({ context, event }) => {
          assertEvent(event, 'file.pick');
          return { file: event.blob, where: context.where };
        },
        onDone: [
          { guard: 'wrongHeader', target: 'wrongHeader', actions: 'showHeader' },
          { guard: 'rowsFail', target: 'rowErrors', actions: 'showRowErrors' },
          { guard: 'noRows', target: 'unreadable', actions: 'refuseEmpty' },
          { target: 'summary', actions: 'summarize' },
        ],
        onError: { target: 'unreadable', actions: 'refuseRead' },
      },
    },
    wrongType: {
      on: {
        'file.pick': [
          { guard: 'wrongType', target: 'wrongType', actions: ['pickFile', 'refuseType'] },
          { target: 'reading', actions: 'pickFile' },
        ],
      },
    },
    unreadable: {
      on: {
        'file.pick': [
          { guard: 'wrongType', target: 'wrongType', actions: ['pickFile', 'refuseType'] },
          { target: 'reading', actions: 'pickFile' },
        ],
      },
    },
    wrongHeader: {
      on: {
        'file.pick': [
          { guard: 'wrongType', target: 'wrongType', actions: ['pickFile', 'refuseType'] },
          { target: 'reading', actions: 'pickFile' },
        ],
      },
    },
    rowErrors: {
      on: {
        'file.pick': [
          { guard: 'wrongType', target: 'wrongType', actions: ['pickFile', 'refuseType'] },
          { target: 'reading', actions: 'pickFile' },
        ],
      },
    },
    /** Counts of new and repeated guests; 'Importar' sends the new ones, after asking about the repeated ones. */
    summary: {
      on: {
        'file.pick': [
          { guard: 'wrongType', target: 'wrongType', actions: ['pickFile', 'refuseType'] },
          { target: 'reading', actions: 'pickFile' },
        ],
        'import.confirm': [
          { guard: 'hasRepeated', target: 'confirmingDuplicates' },
          { target: 'uploading', actions: 'sendFresh' },
        ],
      },
    },
    confirmingDuplicates: {
      on: {
        'duplicates.accept': { target: 'uploading', actions: 'sendAll' },
        'duplicates.reject': [{ guard: 'hasFresh', target: 'uploading', actions: 'sendFresh' }, { target: 'summary' }],
      },
    },
    uploading: {
      // Chunks already sent stay: the upload is not left half-way by closing.
      on: { 'import.close': {} },
      invoke: {
        id: 'uploadGuests',
        src: 'uploadGuests',
        input: ({ context }) => ({
          guests: context.toSend.slice(context.sent, context.sent + GUEST_UPLOAD_CHUNK),
          event: context.event,
        }),
        onDone: { target: 'uploaded', actions: 'keepChunk' },
        onError: { target: 'failed', actions: 'failUpload' },
      },
    },
    /** A chunk answered: the next one, or done. */
    uploaded: { always: [{ guard: 'moreToSend', target: 'uploading' }, { target: 'done' }] },
    done: {
      on: { 'invitations.download': { target: 'downloading' } },
    },
    /** The download child draws its progress and its dialogs; after a failure the import closes and its opener goes back to the list. */
    downloading: {
      invoke: {
        id: 'invitationDownload',
        src: 'invitationDownload',
        input: ({ context }) => ({ target: { kind: 'guests' as const, uuids: context.created.map((g) => g.uuid) } }),
        onDone: [
          {
            guard: 'downloadFailed',
            target: 'closed',
            actions: { type: 'keepReturnTo', params: ({ event }) => ({ returnTo: event.output.returnTo }) },
          },
          { target: 'done' },
        ],
      },
    },
    failed: { on: { 'upload.retry': { target: 'uploading' } } },
    closed: { type: 'final' },
  },
});
