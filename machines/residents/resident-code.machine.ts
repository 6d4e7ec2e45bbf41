import { assign, fromPromise, setup } from 'xstate';
import { failureDescription } from '../../src/shared/platform/api-failure.js';
import { codeExpiresAt, type ResidentCodeFacts } from '../../src/shared/residents/resident-rules.js';

/** The resident a code cell is about: the list gives its row . */
export interface ResidentCodeRow extends ResidentCodeFacts {
  uuid: string;
}

export interface ResidentCodeContext {
  uuid: string;
  useapp: boolean;
  /** Whether a code is pending (mailed, not yet used); false once used ('Código activado'). */
  pending: boolean;
  /** When the pending code expires (ms since the epoch); null without one. */
  expiresAt: number | null;
  /** The server's text after a resend ('¡Correcto!' detail) or its error_description. */
  description: string | null;
  error: string | null;
}

export type ResidentCodeEvent = { type: 'code.resend' } | { type: 'dialog.close' };

/** What `PUT api/residents/resendRegistrationEmail/{id}` answers: its text and the resident, whose new code is pending. */
export interface ResendAnswer {
  description: string;
  resident: ResidentCodeRow;
}

const factsOf = (row: ResidentCodeRow) => ({
  uuid: row.uuid,
  useapp: row.useapp,
  pending: row.testResidentRegistration !== null,
  expiresAt: codeExpiresAt(row.testResidentRegistration),
});

/**
 * A resident's registration code cell: without app use 'Residente no activado'; with app use and
 * a pending code, 'Código enviado' and its expiry until it expires, when the resend button appears
 * (a delayed transition, no reload); without a pending code 'Código activado'. The code itself is
 * never shown: it goes only to the resident's mail. Resending shows the server's answer
 * ('¡Correcto!' / 'No es posible reenviar el código') and then the new code's expiry.
 * One per shown row, spawned by the residents list.
 */
export const residentCodeMachine = setup({
  types: {
    context: {} as ResidentCodeContext,
    events: {} as ResidentCodeEvent,
    input: {} as { row: ResidentCodeRow },
  },
  actors: {
    /** `PUT api/residents/resendRegistrationEmail/{uuid}`. */
    resendCode: fromPromise<ResendAnswer, { uuid: string }>(async () => {
      throw new Error('not provided');
    }),
  },
  guards: {
    usesNoApp: ({ context }) => !context.useapp,
    hasNoCode: ({ context }) => !context.pending,
    isExpired: ({ context }) => context.expiresAt === null || context.expiresAt <= Date.now(),
  },
  actions: {
    /** The resent code's facts replace the row's; the server's description shows. */
    takeResent: assign((_, params: { answer: ResendAnswer }) => ({
      ...factsOf(params.answer.resident),
      description: params.answer.description,
    })),
    showFailure: assign((_, params: { error: unknown }) => ({ error: failureDescription(params.error) })),
    forgetDescription: assign({ description: null }),
    clearError: assign({ error: null }),
  },
  delays: {
    /** The moment the pending code expires, from now. */
    untilExpiry: ({ context }) => Math.max(0, (context.expiresAt ?? 0) - Date.now()),
  },
}).createMachine({
  id: 'residentCode',
  context: ({ input }) => ({ ...factsOf(input.row), description: null, error: null }),
  initial: 'checking',
  states: {
    /** Which of the spec's four faces the row shows now. */
    checking: {
      always: [
        { guard: 'usesNoApp', target: 'notActivated' },
        { guard: 'hasNoCode', target: 'activated' },
        { guard: 'isExpired', target: 'codeExpired' },
        { target: 'codeValid' },
      ],
    },
    notActivated: {},
    activated: {},
    codeValid: { after: { untilExpiry: { target: 'codeExpired' } } },
    codeExpired: { on: { 'code.resend': { target: 'resending' } } },
    resending: {
      invoke: {
        id: 'resend',
        src: 'resendCode',
        input: ({ context }) => ({ uuid: context.uuid }),
        onDone: {
          target: 'resent',
          actions: { type: 'takeResent', params: ({ event }) => ({ answer: event.output }) },
        },
        onError: {
          target: 'resendFailed',
          actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    /** '¡Correcto!' with the server's description; closing it shows the new code's expiry. */
    resent: { on: { 'dialog.close': { target: 'checking', actions: 'forgetDescription' } } },
    /** 'No es posible reenviar el código' with the server's error_description; the button stays. */
    resendFailed: { on: { 'dialog.close': { target: 'codeExpired', actions: 'clearError' } } },
  },
});
