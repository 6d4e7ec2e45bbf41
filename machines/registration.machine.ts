import { assign, fromPromise, setup } from 'xstate';
import type { RegistrationLookup } from '../src/shared/api-types.js';
import { failureDescription } from '../src/shared/api-failure.js';
import { afterRegistrationPath, hasRegistrationLink } from '../src/shared/registration-rules.js';
import { validateForm, withoutError } from '../src/shared/form-validation.js';
import { RegistrationFormSchema } from '../src/shared/schemas/auth.schema.js';

export interface RegistrationContext {
  uuid: string | null;
  type: string | null;
  user: RegistrationLookup | null;
  values: { password: string; confirmation: string };
  errors: Record<string, string>;
  serverError: string | null;
}
export type RegistrationEvent =
  | { type: 'field.change'; name: 'password' | 'confirmation'; value: string }
  | { type: 'form.submit' }
  | { type: 'dialog.close' };

const validate = (values: RegistrationContext['values']) => validateForm(RegistrationFormSchema, values);

/** Completing a registration from a link: look the user up, choose a password, confirm. */
export const registrationMachine = setup({
  types: {
    context: {} as RegistrationContext,
    events: {} as RegistrationEvent,
    input: {} as { type: string | null; uuid: string | null },
  },
  actors: {
    findUser: fromPromise<RegistrationLookup | null, { uuid: string }>(async () => { throw new Error('not provided'); }),
    savePassword: fromPromise<void, { uuid: string; password: string }>(async () => { throw new Error('not provided'); }),
  },
  actions: {
    navigate: (_, _params: { to: string }) => {},
  },
  guards: {
    hasLink: ({ context }) => hasRegistrationLink(context.type, context.uuid),
    isFound: (_, params: { user: RegistrationLookup | null }) => params.user !== null,
    isValid: ({ context }) => Object.keys(validate(context.values)).length === 0,
  },
}).createMachine({
  id: 'registration',
  context: ({ input }) => ({
    uuid: input.uuid, type: input.type, user: null,
    values: { password: '', confirmation: '' }, errors: {}, serverError: null,
  }),
  initial: 'boot',
  states: {
    boot: { always: [{ guard: 'hasLink', target: 'lookingUp' }, { target: 'invalidLink' }] },
    invalidLink: {
      on: { 'dialog.close': { target: 'left', actions: { type: 'navigate', params: { to: '/home' } } } },
    },
    lookingUp: {
      invoke: {
        id: 'findUser',
        src: 'findUser',
        input: ({ context }) => ({ uuid: context.uuid! }),
        onDone: [
          { guard: { type: 'isFound', params: ({ event }) => ({ user: event.output }) }, target: 'editing', actions: assign({ user: ({ event }) => event.output }) },
          { target: 'notFound' },
        ],
        onError: { target: 'notFound' },
      },
    },
    notFound: {
      on: { 'dialog.close': { target: 'left', actions: { type: 'navigate', params: { to: '/' } } } },
    },
    editing: {
      on: {
        'field.change': {
          actions: assign({
            values: ({ context, event }) => ({ ...context.values, [event.name]: event.value }),
            errors: ({ context, event }) => withoutError(context.errors, event.name),
          }),
        },
        'form.submit': [
          { guard: 'isValid', target: 'submitting', actions: assign({ errors: {} }) },
          { actions: assign({ errors: ({ context }) => validate(context.values) }) },
        ],
      },
    },
    submitting: {
      invoke: {
        id: 'savePassword',
        src: 'savePassword',
        input: ({ context }) => ({ uuid: context.uuid!, password: context.values.password }),
        onDone: { target: 'completed' },
        onError: { target: 'failed', actions: assign({ serverError: ({ event }) => failureDescription(event.error) }) },
      },
    },
    completed: {
      on: {
        'dialog.close': {
          target: 'left',
          actions: { type: 'navigate', params: ({ context }) => ({ to: afterRegistrationPath(context.user?.idUsersTypes ?? 0) }) },
        },
      },
    },
    failed: { on: { 'dialog.close': { target: 'editing', actions: assign({ serverError: null }) } } },
    left: { type: 'final' },
  },
});
