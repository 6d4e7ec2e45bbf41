import { assertEvent, assign, fromCallback, fromPromise, sendTo, setup, type AnyActorLogic } from 'xstate';
import { failureDescription } from '../../src/shared/platform/api-failure.js';
import { reportDateProblems, ReportMessages } from '../../src/shared/reports/report-rules.js';

/** The filters of a report as the form holds them: text by name (dates yyyy-mm-dd). */
export type ReportFilters = Record<string, string>;

/** A choice of a filter's select (an entry gate, a common area). */
export interface ReportOption {
  value: string;
  label: string;
}

/** What the download child tells its parent (src/web/views/reports/report-export.api.ts). */
export type DownloadReport =
  | { type: 'export.headers' }
  | { type: 'export.progress'; received: number }
  | { type: 'export.saved'; fileName: string }
  | { type: 'export.failed'; error: unknown };

export type ReportFilterEvent =
  | { type: 'filter.edit'; name: string; value: string }
  | { type: 'filters.apply' }
  | { type: 'filters.clear' }
  | { type: 'alert.close' }
  | { type: 'export.start' }
  | { type: 'dialog.close' }
  | DownloadReport;

export interface ReportFilterInput {
  /** The community's date today (yyyy-mm-dd): no filter date may be after it. */
  today: string;
  /** The report's filters, all empty at first. */
  fields: readonly string[];
  /** The date ranges among them, [from, to]; a one-date filter is a range of itself. */
  ranges: readonly (readonly [string, string])[];
}

export interface ReportFilterContext {
  today: string;
  ranges: readonly (readonly [string, string])[];
  /** What the filter form holds. */
  draft: ReportFilters;
  /** The filters of the rows shown (and of the export): the last draft that passed the checks. */
  applied: ReportFilters;
  /** Field messages of the last failed check. */
  problems: Record<string, string>;
  /** The alert of a failed check ('Falta una fecha'). */
  alert: string | null;
  options: Record<string, ReportOption[]>;
  /** Bytes of the workbook received so far while downloading. */
  received: number;
  savedFile: string | null;
  exportError: string | null;
}

const trimmed = (filters: ReportFilters) => Object.fromEntries(Object.entries(filters).map(([k, v]) => [k, v.trim()]));
const empty = (fields: readonly string[]) => Object.fromEntries(fields.map((f) => [f, '']));
/** Until the screen provides it, the results child: the screen gives the list machine, the model a recorder. */
const anyList: AnyActorLogic = fromCallback(() => undefined);

/**
 * A report screen ('Reportes' and 'Reporte áreas comunes'): the filter form is
 * edited, its date ranges checked (both ends, none in the future, not inverted: the shared rule
 * the server applies too) and only then applied to the results, which are a child list
 * (`list`: the list pattern, `machines/platform/list-screen.machine.ts`, told `filters.set`) that queries,
 * shows and pages. The export runs as a child too (`downloadReport`: exporting until the answer
 * starts, then downloading with the bytes received) with the applied filters, and ends saved or
 * failed with the spec's dialog. The selects' choices (gates, common areas) load once.
 */
export const reportFilterMachine = setup({
  types: {
    context: {} as ReportFilterContext,
    events: {} as ReportFilterEvent,
    input: {} as ReportFilterInput,
  },
  actors: {
    /** The results: the list machine, given `{ filters, size }` as its input. */
    list: anyList,
    /** The workbook's download: takes the applied filters, reports DownloadReport events, stops (aborts) when stopped. */
    downloadReport: fromCallback<DownloadReport, { filters: ReportFilters }>(() => undefined),
    /** The selects' choices by filter name. */
    loadOptions: fromPromise<Record<string, ReportOption[]>>(async () => ({})),
  },
  guards: {
    hasProblems: ({ context }) =>
      Object.keys(reportDateProblems(context.draft, context.today, context.ranges)).length > 0,
  },
  actions: {
    assignEdit: assign(({ context, event }) => {
      assertEvent(event, 'filter.edit');
      const { [event.name]: _fixed, ...problems } = context.problems;
      return { draft: { ...context.draft, [event.name]: event.value }, problems };
    }),
    clearDraft: assign(({ context }) => ({ draft: empty(Object.keys(context.draft)), problems: {} })),
    /** A half range alerts 'Falta una fecha'; otherwise the first problem's message. */
    showProblems: assign(({ context }) => {
      const problems = reportDateProblems(context.draft, context.today, context.ranges);
      const messages = Object.values(problems);
      return {
        problems,
        alert: messages.includes(ReportMessages.missingDate) ? ReportMessages.missingDate : (messages[0] ?? null),
      };
    }),
    apply: assign(({ context }) => ({ applied: trimmed(context.draft), problems: {}, alert: null })),
    keepOptions: assign((_, params: { options: Record<string, ReportOption[]> }) => ({ options: params.options })),
    closeAlert: assign({ alert: null }),
    /** A new export starts with nothing received, saved or failed. */
    startExport: assign({ received: 0, savedFile: null, exportError: null }),
    countReceived: assign((_, params: { received: number }) => ({ received: params.received })),
    keepSavedFile: assign((_, params: { fileName: string }) => ({ savedFile: params.fileName })),
    showExportFailure: assign((_, params: { error: unknown }) => ({ exportError: failureDescription(params.error) })),
    forgetSavedFile: assign({ savedFile: null }),
    forgetExportFailure: assign({ exportError: null }),
    tellList: sendTo('list', ({ context }) => ({ type: 'filters.set', filters: context.applied })),
  },
}).createMachine({
  id: 'reportFilter',
  context: ({ input }) => ({
    today: input.today,
    ranges: input.ranges,
    draft: empty(input.fields),
    applied: empty(input.fields),
    problems: {},
    alert: null,
    options: {},
    received: 0,
    savedFile: null,
    exportError: null,
  }),
  invoke: {
    id: 'list',
    src: 'list',
    input: ({ context }: { context: ReportFilterContext }) => ({ filters: context.applied }),
  },
  type: 'parallel',
  states: {
    options: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'options',
            src: 'loadOptions',
            onDone: {
              target: 'ready',
              actions: { type: 'keepOptions', params: ({ event }) => ({ options: event.output }) },
            },
            // Without choices the selects stay empty; the report still works with the other filters.
            onError: { target: 'unavailable' },
          },
        },
        ready: {},
        unavailable: {},
      },
    },
    filters: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'filter.edit': { actions: 'assignEdit' },
            'filters.apply': { target: 'validating' },
            'filters.clear': { target: 'validating', actions: 'clearDraft' },
          },
        },
        /** The ranges are checked before any query: a bad range never reaches the server. */
        validating: {
          always: [
            { guard: 'hasProblems', target: 'invalid', actions: 'showProblems' },
            { target: 'editing', actions: ['apply', 'tellList'] },
          ],
        },
        invalid: {
          on: { 'alert.close': { target: 'editing', actions: 'closeAlert' } },
        },
      },
    },
    export: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'export.start': { target: 'running', actions: 'startExport' },
          },
        },
        running: {
          invoke: { id: 'download', src: 'downloadReport', input: ({ context }) => ({ filters: context.applied }) },
          initial: 'exporting',
          states: {
            /** Asked; the server has not started answering. */
            exporting: { on: { 'export.headers': { target: 'downloading' } } },
            /** The workbook arrives; the page stays usable meanwhile. */
            downloading: {
              on: {
                'export.progress': {
                  actions: { type: 'countReceived', params: ({ event }) => ({ received: event.received }) },
                },
              },
            },
          },
          on: {
            'export.saved': {
              target: 'done',
              actions: { type: 'keepSavedFile', params: ({ event }) => ({ fileName: event.fileName }) },
            },
            'export.failed': {
              target: 'failed',
              actions: { type: 'showExportFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        done: { on: { 'dialog.close': { target: 'idle', actions: 'forgetSavedFile' } } },
        failed: { on: { 'dialog.close': { target: 'idle', actions: 'forgetExportFailure' } } },
      },
    },
  },
});
