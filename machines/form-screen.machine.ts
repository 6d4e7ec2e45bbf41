import { assign, fromPromise, setup } from 'xstate';
import * as v from 'valibot';
import { failureDescription } from '../src/shared/api-failure.js';
import { isFormValid, validateForm as validate, withoutError } from '../src/shared/form-validation.js';

export type FormValues = Record<string, unknown>;

export interface FormScreenContext {
  /** uuid of the record being edited; null when adding. */
  id: string | null;
  values: FormValues;
  errors: Record<string, string>;
  /** The shared valibot schema of the form (the same one the route uses). */
  schema: v.GenericSchema<unknown, unknown>;
  serverError: string | null;
  result: unknown;
}

export type FormScreenEvent =
  | { type: 'field.change'; name: string; value: unknown }
  | { type: 'form.submit' }
  | { type: 'form.cancel' }
  | { type: 'dialog.close' };

export interface FormScreenInput {
  id: string | null;
  initial: FormValues;
  schema: v.GenericSchema<unknown, unknown>;
}

/**
 * The form pattern every add/edit screen reuses: load for edit, edit with field validation by
 * the shared schema, submit, success dialog, or error dialog that keeps what the user typed.
 */
export const formScreenMachine = setup({
  types: {
    context: {} as FormScreenContext,
    events: {} as FormScreenEvent,
    input: {} as FormScreenInput,
    output: {} as { saved: boolean },
  },
  actors: {
    loadRecord: fromPromise<FormValues, { id: string }>(async () => { throw new Error('not provided'); }),
    saveRecord: fromPromise<unknown, { id: string | null; values: unknown }>(async () => { throw new Error('not provided'); }),
  },
  guards: {
    isEdit: ({ context }) => context.id !== null,
    isValid: ({ context }) => isFormValid(context.schema, context.values),
  },
}).createMachine({
  id: 'formScreen',
  context: ({ input }) => ({
    id: input.id, values: input.initial, errors: {}, schema: input.schema, serverError: null, result: null,
  }),
  initial: 'boot',
  output: ({ context }) => ({ saved: context.result !== null }),
  states: {
    boot: { always: [{ guard: 'isEdit', target: 'loading' }, { target: 'editing' }] },
    loading: {
      invoke: {
        id: 'load', src: 'loadRecord',
        input: ({ context }) => ({ id: context.id! }),
        onDone: { target: 'editing', actions: assign({ values: ({ context, event }) => ({ ...context.values, ...event.output }) }) },
        onError: { target: 'loadFailed', actions: assign({ serverError: ({ event }) => failureDescription(event.error) }) },
      },
    },
    loadFailed: { on: { 'dialog.close': { target: 'closed' } } },
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
          { target: 'invalid', actions: assign({ errors: ({ context }) => validate(context.schema, context.values) }) },
        ],
        'form.cancel': { target: 'closed' },
      },
    },
    /** 'Error' / 'Por favor, corrige los campos indicados.' over the form, fields marked. */
    invalid: { on: { 'dialog.close': { target: 'editing' } } },
    submitting: {
      invoke: {
        id: 'save', src: 'saveRecord',
        input: ({ context }) => ({ id: context.id, values: v.parse(context.schema, context.values) }),
        onDone: { target: 'succeeded', actions: assign({ result: ({ event }) => event.output ?? true }) },
        onError: { target: 'failed', actions: assign({ serverError: ({ event }) => failureDescription(event.error) }) },
      },
    },
    succeeded: { on: { 'dialog.close': { target: 'closed' } } },
    /** The error dialog; closing it returns to the form with everything the user typed. */
    failed: { on: { 'dialog.close': { target: 'editing', actions: assign({ serverError: null }) } } },
    closed: { type: 'final' },
  },
});
