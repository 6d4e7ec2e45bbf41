import { assign, fromPromise, setup } from 'xstate';
import * as v from 'valibot';
import { ResetEmailSchema } from '../../src/shared/session/auth.schema.js';

export interface PasswordResetContext {
  email: string;
  error: string | null;
}
export type PasswordResetEvent =
  | { type: 'field.change'; value: string }
  | { type: 'form.submit' }
  | { type: 'form.retry' };

const emailError = (email: string) => {
  const result = v.safeParse(ResetEmailSchema, email);
  return result.success ? null : result.issues[0].message;
};

/** Asking for a password-reset email (/resetPassword). */
export const passwordResetMachine = setup({
  types: { context: {} as PasswordResetContext, events: {} as PasswordResetEvent },
  actors: {
    requestReset: fromPromise<void, { email: string }>(async () => {
      throw new Error('not provided');
    }),
  },
  guards: { isValidEmail: ({ context }) => emailError(context.email) === null },
  actions: {
    /** A changed email clears its message. */
    setEmail: assign((_, params: { value: string }) => ({ email: params.value, error: null })),
    showEmailError: assign(({ context }) => ({ error: emailError(context.email) })),
  },
}).createMachine({
  id: 'passwordReset',
  context: { email: '', error: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'field.change': { actions: { type: 'setEmail', params: ({ event }) => ({ value: event.value }) } },
        'form.submit': [{ guard: 'isValidEmail', target: 'submitting' }, { actions: 'showEmailError' }],
      },
    },
    submitting: {
      invoke: {
        id: 'requestReset',
        src: 'requestReset',
        input: ({ context }) => ({ email: context.email.trim() }),
        onDone: { target: 'sent' },
        onError: { target: 'failed' },
      },
    },
    sent: { type: 'final' },
    failed: { on: { 'form.retry': { target: 'editing' } } },
  },
});
