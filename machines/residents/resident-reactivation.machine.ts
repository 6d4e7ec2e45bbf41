import { assign, fromPromise, sendParent, setup } from 'xstate';
import { failureDescription, isApiFailure } from '../../src/shared/platform/api-failure.js';
import type { ResidentAnswer } from '../../src/shared/residents/resident-types.js';
import type { PartNews } from '../platform/form-screen-context.js';
import { residentFailureTitle, residentFormValues } from './resident-form-rules.js';

export type ReactivationEvent =
  | { type: 'reactivation.confirm' }
  | { type: 'reactivation.cancel' }
  | { type: 'dialog.close' };

interface ReactivationContext {
  /** The deleted resident's email whose reactivation is offered. */
  email: string;
  /** The failure dialog's title and the server's text. */
  failureTitle: string;
  serverError: string | null;
}

/**
 * The offer to reactivate a deleted resident ('Correo de un residente eliminado'), a part the
 * resident form opens over itself when the email check finds a deleted owner while adding:
 * 'Reactivar' sends `POST api/residents/reactivateEmail/`; the resident brought back is edited from
 * then on (`showEditMode`, and the form takes its values and uuid); a refusal shows its dialog.
 * It ends by telling the form (`part.release`: reactivated, cancelled or failed).
 */
export const residentReactivationMachine = setup({
  types: {
    context: {} as ReactivationContext,
    events: {} as ReactivationEvent,
    input: {} as { email: string },
  },
  actors: {
    /** POST api/residents/reactivateEmail/: the resident brought back. */
    reactivateResident: fromPromise<ResidentAnswer, { email: string }>(async () => {
      throw new Error('not provided');
    }),
  },
  actions: {
    /** Tells the form that opened it (replaced by a recorder in its model). */
    report: sendParent((_, params: PartNews) => ({ type: 'part.release' as const, ...params })),
    /** Provided by the page: the reactivated resident is now edited (`/newResidents?uuid=…`, replacing the entry). */
    showEditMode: (_, _params: { uuid: string }) => {},
    /** The failure dialog's title by the refusal, and the server's text. */
    showFailure: assign((_, params: { error: unknown }) => ({
      serverError: failureDescription(params.error),
      failureTitle: residentFailureTitle(isApiFailure(params.error) ? params.error : null, false),
    })),
  },
}).createMachine({
  id: 'residentReactivation',
  context: ({ input }) => ({ email: input.email, failureTitle: '', serverError: null }),
  initial: 'offered',
  states: {
    offered: {
      on: {
        'reactivation.confirm': { target: 'reactivating' },
        'reactivation.cancel': {
          target: 'done',
          actions: { type: 'report', params: { part: 'reactivation', outcome: 'cancelled' } },
        },
      },
    },
    reactivating: {
      invoke: {
        id: 'reactivate',
        src: 'reactivateResident',
        input: ({ context }) => ({ email: context.email }),
        onDone: {
          target: 'done',
          actions: [
            { type: 'showEditMode', params: ({ event }) => ({ uuid: event.output.uuid }) },
            {
              type: 'report',
              params: ({ event }) => ({
                part: 'reactivation',
                outcome: 'reactivated',
                id: event.output.uuid,
                values: residentFormValues(event.output),
              }),
            },
          ],
        },
        onError: {
          target: 'failed',
          actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    /** The failure dialog (its title by the refusal, the server's text); closing it returns to the form. */
    failed: {
      on: {
        'dialog.close': {
          target: 'done',
          actions: { type: 'report', params: { part: 'reactivation', outcome: 'failed' } },
        },
      },
    },
    done: { type: 'final' },
  },
});
