import { assertEvent, assign, fromPromise, sendParent, setup } from 'xstate';
import type { ValidateEmailAnswer } from '../../src/shared/residents/resident-types.js';

/** What the resident form tells its check: the email left the field (normalised), and the resident being edited. */
export type EmailCheckEvent = { type: 'email.check'; email: string; residentUuid: string | null };

/** What the check tells the form that spawned it (checked with the server on blur). */
export type EmailCheckReport =
  | { type: 'email.free'; email: string }
  | { type: 'email.taken'; email: string }
  | { type: 'email.deleted'; email: string }
  | { type: 'email.failed'; email: string; error: unknown };

interface EmailCheckContext {
  email: string | null;
  residentUuid: string | null;
}

/**
 * The resident email check (`POST api/residents/validateEmail/`): each email the
 * form tells it is asked of the server; a newer email replaces a check still running, so only the
 * last one is reported. A live owner is 'taken'; a deleted owner is 'deleted' outside edit mode
 * (reactivation is offered) and 'free' in edit mode; a failed call is 'failed'.
 */
export const residentEmailCheckMachine = setup({
  types: {
    context: {} as EmailCheckContext,
    events: {} as EmailCheckEvent,
  },
  actors: {
    validateEmail: fromPromise<ValidateEmailAnswer, { email: string; residentUuid: string | null }>(async () => {
      throw new Error('not provided');
    }),
  },
  actions: {
    /** Tells the form that spawned it, as a part's report (the form's model records the child; its own model, this action). */
    report: sendParent((_, params: EmailCheckReport) => ({
      type: 'part.report' as const,
      part: 'emailCheck',
      outcome: params.type.slice('email.'.length),
      value: params.email,
    })),
    remember: assign(({ event }) => {
      assertEvent(event, 'email.check');
      return { email: event.email, residentUuid: event.residentUuid };
    }),
  },
  guards: {
    /** The email belongs to a resident of the community. */
    isTaken: (_, params: { status: string }) => params.status === 'TAKEN',
    /** A new resident's email that belonged to a deleted resident: the form offers to bring that one back. */
    isDeletedForNewResident: ({ context }, params: { status: string }) =>
      params.status === 'DELETED' && context.residentUuid === null,
  },
}).createMachine({
  id: 'residentEmailCheck',
  context: { email: null, residentUuid: null },
  initial: 'idle',
  on: {
    'email.check': { target: '.checking', reenter: true, actions: 'remember' },
  },
  states: {
    idle: {},
    checking: {
      invoke: {
        id: 'validate',
        src: 'validateEmail',
        input: ({ context }) => ({ email: context.email!, residentUuid: context.residentUuid }),
        onDone: [
          {
            guard: { type: 'isTaken', params: ({ event }) => ({ status: event.output.Data.residentStatus }) },
            target: 'idle',
            actions: {
              type: 'report',
              params: ({ context }): EmailCheckReport => ({ type: 'email.taken', email: context.email! }),
            },
          },
          {
            guard: {
              type: 'isDeletedForNewResident',
              params: ({ event }) => ({ status: event.output.Data.residentStatus }),
            },
            target: 'idle',
            actions: {
              type: 'report',
              params: ({ context }): EmailCheckReport => ({ type: 'email.deleted', email: context.email! }),
            },
          },
          {
            target: 'idle',
            actions: {
              type: 'report',
              params: ({ context }): EmailCheckReport => ({ type: 'email.free', email: context.email! }),
            },
          },
        ],
        onError: {
          target: 'idle',
          actions: {
            type: 'report',
            params: ({ context, event }): EmailCheckReport => ({
              type: 'email.failed',
              email: context.email!,
              error: event.error,
            }),
          },
        },
      },
    },
  },
});
