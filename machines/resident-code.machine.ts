import { assign, fromPromise, setup } from 'xstate';
import { failureDescription } from '../src/shared/api-failure.js';
import { codeExpiresAt, type ResidentCodeFacts } from '../src/shared/resident-rules.js';

/** The resident a code cell is about: the list gives its row (spec 3 §3 Resident). */
export interface ResidentCodeRow extends ResidentCodeFacts { uuid: string }

export interface ResidentCodeContext {
  uuid: string;
  useapp: boolean;
  /** The pending code shown while valid; null once used ('Código activado'). */
  code: string | null;
  /** When the code's token expires (ms since the epoch, from its `exp`); null without a readable token. */
  expiresAt: number | null;
  /** The server's text after a resend ('¡Correcto!' detail) or its error_description. */
  description: string | null;
  error: string | null;
}

export type ResidentCodeEvent = { type: 'code.resend' } | { type: 'dialog.close' };

/** What `PUT api/residents/resendRegistrationEmail/{id}` answers: its text and the resident with the new code. */
export interface ResendAnswer { description: string; resident: ResidentCodeRow }

const factsOf = (row: ResidentCodeRow) => ({
  uuid: row.uuid,
  useapp: row.useapp,
  code: row.testResidentRegistration?.code ?? null,
  expiresAt: codeExpiresAt(row.testResidentRegistration),
});

/**
 * A resident's registration code cell (spec 3 §4): without app use 'Residente no activado'; with
 * app use and a valid code the code, until its token's `exp`, when the resend button appears
 * (a delayed transition, no reload); without a code 'Código activado'. Resending shows the
 * server's answer ('¡Correcto!' / 'No es posible reenviar el código') and then the new code.
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
    resendCode: fromPromise<ResendAnswer, { uuid: string }>(async () => { throw new Error('not provided'); }),
  },
  guards: {
    usesNoApp: ({ context }) => !context.useapp,
    hasNoCode: ({ context }) => context.code === null,
    isExpired: ({ context }) => context.expiresAt === null || context.expiresAt <= Date.now(),
  },
  delays: {
    /** The moment the code's token expires, from now. */
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
        id: 'resend', src: 'resendCode',
        input: ({ context }) => ({ uuid: context.uuid }),
        onDone: { target: 'resent', actions: assign(({ event }) => ({ ...factsOf(event.output.resident), description: event.output.description })) },
        onError: { target: 'resendFailed', actions: assign({ error: ({ event }) => failureDescription(event.error) }) },
      },
    },
    /** '¡Correcto!' with the server's description; closing it shows the new code. */
    resent: { on: { 'dialog.close': { target: 'checking', actions: assign({ description: null }) } } },
    /** 'No es posible reenviar el código' with the server's error_description; the button stays. */
    resendFailed: { on: { 'dialog.close': { target: 'codeExpired', actions: assign({ error: null }) } } },
  },
});
