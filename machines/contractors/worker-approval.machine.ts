import { assign, fromPromise, setup } from 'xstate';
import { failureDescription } from '../../src/shared/platform/api-failure.js';
import {
  approveRefusal,
  pendingOf,
  rejectRefusal,
  REJECT_REASON_MAX,
  WorkerMessages,
} from '../../src/shared/contractors/worker-rules.js';

export interface WorkerRef {
  uuid: string;
  name: string;
  status: string;
}

/**
 * One worker (a card's Aprobar / Rechazar) or a site's workers (approve all / reject all of the
 * requests table). `action` is what was pressed.
 */
export interface WorkerApprovalInput {
  workers: WorkerRef[];
  bulk: boolean;
  action: 'approve' | 'reject';
}

export interface WorkerFailure {
  name: string;
  error: string;
}

export interface WorkerApprovalContext {
  bulk: boolean;
  action: 'approve' | 'reject';
  /** The workers the decision is on: the one worker, or the site's pending ones. */
  targets: WorkerRef[];
  /** Next target to send. */
  index: number;
  succeeded: number;
  failures: WorkerFailure[];
  reason: string;
  reasonError: string | null;
  /** Why the approval rule (only a worker not approved may be changed) refuses the action (shown in 'No se puede realizar la siguiente acción'). */
  refusal: string | null;
}

export type WorkerApprovalEvent =
  | { type: 'reason.change'; value: string }
  | { type: 'reason.submit' }
  | { type: 'cancel' }
  | { type: 'dialog.close' };

const blank = (s: string) => s.trim() === '';

/** After each call: the next target, or the outcome once all were sent (all decided, none, or some). */
const afterEachCall = [
  { guard: 'moreToSend', target: 'sending', reenter: true },
  { guard: 'noneFailed', target: '#workerApproval.decided' },
  { guard: 'noneSucceeded', target: '#workerApproval.failed' },
  { target: '#workerApproval.partial' },
] as const;

/**
 * Approving and rejecting construction workers: the rules as states (refused
 * with the spec's message; 'No hay solicitudes pendientes'), the reason asked before a rejection,
 * and the calls one worker at a time with progress; a bulk run ends with a summary of what
 * failed. Ends with `{ changed }` (something was decided: the list reloads).
 */
export const workerApprovalMachine = setup({
  types: {
    context: {} as WorkerApprovalContext,
    events: {} as WorkerApprovalEvent,
    input: {} as WorkerApprovalInput,
    output: {} as { changed: boolean },
  },
  actors: {
    /** `PUT api/constructionWorkers/{id}/approve` (empty body). */
    approveWorker: fromPromise<unknown, { uuid: string }>(async () => {
      throw new Error('not provided');
    }),
    /** `PUT api/constructionWorkers/{id}/reject` (text/plain reason). */
    rejectWorker: fromPromise<unknown, { uuid: string; reason: string }>(async () => {
      throw new Error('not provided');
    }),
  },
  guards: {
    noneToDecide: ({ context }) => context.targets.length === 0,
    refused: ({ context }) => context.refusal !== null,
    rejecting: ({ context }) => context.action === 'reject',
    reasonBlank: ({ context }) => blank(context.reason),
    reasonTooLong: ({ context }) => context.reason.trim().length > REJECT_REASON_MAX,
    moreToSend: ({ context }) => context.index < context.targets.length,
    noneFailed: ({ context }) => context.failures.length === 0,
    noneSucceeded: ({ context }) => context.succeeded === 0,
  },
  actions: {
    /** A changed reason clears its message. */
    setReason: assign((_, params: { value: string }) => ({ reason: params.value, reasonError: null })),
    showReasonError: assign((_, params: { message: string }) => ({ reasonError: params.message })),
    countSuccess: assign({
      succeeded: ({ context }) => context.succeeded + 1,
      index: ({ context }) => context.index + 1,
    }),
    /** A decision the server refused: the worker's name and why (the call's error event's error). */
    countFailure: assign(({ context }, { error }: { error: unknown }) => ({
      failures: [...context.failures, { name: context.targets[context.index]!.name, error: failureDescription(error) }],
      index: context.index + 1,
    })),
  },
}).createMachine({
  id: 'workerApproval',
  context: ({ input }) => {
    const targets = input.bulk ? pendingOf(input.workers) : input.workers.slice(0, 1);
    const status = input.workers[0]?.status ?? '';
    const refusal = input.bulk ? null : input.action === 'approve' ? approveRefusal(status) : rejectRefusal(status);
    return {
      bulk: input.bulk,
      action: input.action,
      targets,
      index: 0,
      succeeded: 0,
      failures: [],
      reason: '',
      reasonError: null,
      refusal,
    };
  },
  output: ({ context }) => ({ changed: context.succeeded > 0 }),
  initial: 'checking',
  states: {
    checking: {
      always: [
        { guard: 'refused', target: 'refused' },
        { guard: 'noneToDecide', target: 'noPending' },
        { guard: 'rejecting', target: 'askingReason' },
        { target: 'approving' },
      ],
    },
    /** The approval rule forbids the action on this worker: 'No se puede realizar la siguiente acción' with the rule's message. */
    refused: { on: { 'dialog.close': 'closed' } },
    /** Approve all / reject all with no pending worker: the info 'No hay solicitudes pendientes'. */
    noPending: { on: { 'dialog.close': 'closed' } },
    askingReason: {
      on: {
        'reason.change': { actions: { type: 'setReason', params: ({ event }) => ({ value: event.value }) } },
        'reason.submit': [
          {
            guard: 'reasonBlank',
            actions: { type: 'showReasonError', params: { message: WorkerMessages.reasonRequired } },
          },
          {
            guard: 'reasonTooLong',
            actions: { type: 'showReasonError', params: { message: WorkerMessages.reasonTooLong } },
          },
          { target: 'rejecting' },
        ],
        cancel: 'closed',
      },
    },
    approving: {
      initial: 'sending',
      states: {
        sending: {
          invoke: {
            src: 'approveWorker',
            id: 'approveWorker',
            input: ({ context }) => ({ uuid: context.targets[context.index]!.uuid }),
            onDone: { target: 'next', actions: 'countSuccess' },
            onError: {
              target: 'next',
              actions: { type: 'countFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        next: { always: afterEachCall },
      },
    },
    rejecting: {
      initial: 'sending',
      states: {
        sending: {
          invoke: {
            src: 'rejectWorker',
            id: 'rejectWorker',
            input: ({ context }) => ({ uuid: context.targets[context.index]!.uuid, reason: context.reason.trim() }),
            onDone: { target: 'next', actions: 'countSuccess' },
            onError: {
              target: 'next',
              actions: { type: 'countFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        next: { always: afterEachCall },
      },
    },
    /** Every call succeeded: '¡Solicitud Aprobada!' / '¡Solicitud rechazada!' (bulk: '¡Solicitudes … correctamente!'). */
    decided: { on: { 'dialog.close': 'closed' } },
    /** Nothing was decided: 'Solicitud no completada' with the server's message. */
    failed: { on: { 'dialog.close': 'closed' } },
    /** Bulk only: some were decided; the summary names those that failed and why. */
    partial: { on: { 'dialog.close': 'closed' } },
    closed: { type: 'final' },
  },
});

/** The dialog of an ending state, in the spec's words. */
export function approvalDialog(state: string, context: WorkerApprovalContext): { title: string; text: string } | null {
  const verb = context.action === 'approve' ? 'aprobadas' : 'rechazadas';
  switch (state) {
    case 'refused':
      return { title: WorkerMessages.forbiddenTitle, text: context.refusal ?? '' };
    case 'noPending':
      return { title: 'Aviso', text: WorkerMessages.noPending };
    case 'decided':
      if (context.bulk)
        return {
          title: context.action === 'approve' ? WorkerMessages.allApproved : WorkerMessages.allRejected,
          text: '',
        };
      return { title: context.action === 'approve' ? WorkerMessages.approved : WorkerMessages.rejected, text: '' };
    case 'failed':
      return {
        title: WorkerMessages.failureTitle,
        text: context.failures.map((f) => (context.bulk ? `${f.name}: ${f.error}` : f.error)).join('\n'),
      };
    case 'partial':
      return {
        title: WorkerMessages.failureTitle,
        text: `${context.succeeded} de ${context.targets.length} solicitudes ${verb}. No se completaron:\n${context.failures.map((f) => `${f.name}: ${f.error}`).join('\n')}`,
      };
    default:
      return null;
  }
}
