import { assign, fromCallback, fromPromise, setup } from 'xstate';
import { failureDescription } from '../../src/shared/platform/api-failure.js';
import type { WorkerRef } from './worker-approval.machine.js';
import { workerApprovalMachine, type WorkerApprovalInput } from './worker-approval.machine.js';

export interface RequestRow {
  constructionId: string;
  construction: { uuid: string; name: string; number: string; streetNumber: string };
  workers: number;
  approved: number;
  rejected: number;
  pending: number;
}

export interface RequestsScreenContext {
  rows: RequestRow[];
  page: number;
  error: string | null;
  /** The site and action of a running approve all / reject all. */
  bulk: { construction: string; action: 'approve' | 'reject' } | null;
  deciding: WorkerApprovalInput | null;
}

export type RequestsScreenEvent =
  | { type: 'page.go'; page: number }
  | { type: 'approveAll'; construction: string }
  | { type: 'rejectAll'; construction: string }
  | { type: 'live.changed' }
  | { type: 'retry' }
  | { type: 'dialog.close' };

/**
 * /workersRequest 'Solicitudes': the requests per site with their counts; approve
 * all and reject all read the site's workers and run the `workerApproval` child over them (it
 * keeps only the pending ones, shows progress and a partial-failure summary); a new request
 * pushed live reloads the table.
 */
export const workerRequestsScreenMachine = setup({
  types: {
    context: {} as RequestsScreenContext,
    events: {} as RequestsScreenEvent,
    /** The child the screen draws, by id. */
    children: {} as { approval: 'approval' },
  },
  actors: {
    loadRequests: fromPromise<RequestRow[]>(async () => {
      throw new Error('not provided');
    }),
    loadSiteWorkers: fromPromise<WorkerRef[], { construction: string }>(async () => {
      throw new Error('not provided');
    }),
    approval: workerApprovalMachine,
    live: fromCallback<RequestsScreenEvent>(() => () => {}),
  },
  actions: {
    keepRows: assign((_, params: { rows: RequestRow[] }) => ({ rows: params.rows, error: null })),
    showFailure: assign((_, params: { error: unknown }) => ({ error: failureDescription(params.error) })),
    goToPage: assign((_, params: { page: number }) => ({ page: params.page })),
    /** Approve all / reject all of a site: its workers are read first. */
    startBulk: assign((_, params: { construction: string; action: 'approve' | 'reject' }) => ({
      bulk: { construction: params.construction, action: params.action },
    })),
    /** The approval child runs the site's action over the site's workers. */
    decideSiteWorkers: assign(({ context }, params: { workers: WorkerRef[] }) => ({
      deciding: { bulk: true, action: context.bulk!.action, workers: params.workers },
    })),
    endBulkFailure: assign({ bulk: null, error: null }),
    endBulk: assign({ bulk: null, deciding: null }),
  },
  guards: {
    decisionChanged: (_, params: { changed: boolean }) => params.changed,
  },
}).createMachine({
  id: 'workerRequestsScreen',
  context: { rows: [], page: 0, error: null, bulk: null, deciding: null },
  invoke: { id: 'live', src: 'live' },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadRequests',
        src: 'loadRequests',
        onDone: { target: 'ready', actions: { type: 'keepRows', params: ({ event }) => ({ rows: event.output }) } },
        onError: {
          target: 'loadFailed',
          actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadFailed: { on: { retry: 'loading' } },
    ready: {
      on: {
        'page.go': { actions: { type: 'goToPage', params: ({ event }) => ({ page: event.page }) } },
        approveAll: {
          target: 'readingSite',
          actions: {
            type: 'startBulk',
            params: ({ event }) => ({ construction: event.construction, action: 'approve' }),
          },
        },
        rejectAll: {
          target: 'readingSite',
          actions: {
            type: 'startBulk',
            params: ({ event }) => ({ construction: event.construction, action: 'reject' }),
          },
        },
        'live.changed': 'loading',
      },
    },
    readingSite: {
      invoke: {
        id: 'loadSiteWorkers',
        src: 'loadSiteWorkers',
        input: ({ context }) => ({ construction: context.bulk!.construction }),
        onDone: {
          target: 'deciding',
          actions: { type: 'decideSiteWorkers', params: ({ event }) => ({ workers: event.output }) },
        },
        onError: {
          target: 'siteFailed',
          actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    /** 'Ha ocurrido un error' with the server's text. */
    siteFailed: { on: { 'dialog.close': { target: 'ready', actions: 'endBulkFailure' } } },
    deciding: {
      invoke: {
        id: 'approval',
        src: 'approval',
        input: ({ context }) => context.deciding!,
        onDone: [
          {
            guard: { type: 'decisionChanged', params: ({ event }) => ({ changed: event.output.changed }) },
            target: 'loading',
            actions: 'endBulk',
          },
          { target: 'ready', actions: 'endBulk' },
        ],
      },
    },
  },
});
