import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { failureDescription } from '../src/shared/api-failure.js';
import { withoutError } from '../src/shared/form-validation.js';
import type { FormValues, RuledFormContext } from './form-rules.js';

export type { FormValues } from './form-rules.js';

export interface FormScreenContext extends RuledFormContext {
  /** uuid of the record being edited; null when adding. */
  id: string | null;
  serverError: string | null;
  result: unknown;
}

export type FormScreenEvent =
  | { type: 'field.change'; name: string; value: unknown }
  | { type: 'form.submit' }
  | { type: 'form.cancel' }
  | { type: 'dialog.close' };

/** What a list gives the form it opens: the row to edit, or none to add. */
export interface FormScreenInput {
  id: string | null;
  row?: Record<string, unknown> | null;
}

/**
 * The form pattern every add/edit screen reuses: load for edit, edit with field validation,
 * submit, success dialog, or error dialog that keeps what the user typed. It ends (final
 * state) with `{ saved }`, which the list that invoked it hears. The rules (the shared schema,
 * the starting values) come as implementations: `formScreenMachine.provide(formRules(...))`.
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
    /** Provided by the form's rules (machines/form-rules.ts). */
    isValid: () => false,
  },
  actions: {
    /** Provided by the form's rules: the values the form opens with. */
    prefill: () => {},
    /** Provided by the form's rules: each invalid field's message. */
    showFieldErrors: () => {},
    /** Provided by the form's rules: the schema's output of the values, to send. */
    acceptValues: () => {},
    editField: assign(({ context, event }) => {
      assertEvent(event, 'field.change');
      return { values: { ...context.values, [event.name]: event.value }, errors: withoutError(context.errors, event.name) };
    }),
  },
}).createMachine({
  id: 'formScreen',
  context: ({ input }) => ({
    id: input.id, row: input.row ?? null, values: {}, errors: {}, submitted: null, serverError: null, result: null,
  }),
  initial: 'boot',
  output: ({ context }) => ({ saved: context.result !== null }),
  states: {
    boot: { entry: 'prefill', always: [{ guard: 'isEdit', target: 'loading' }, { target: 'editing' }] },
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
        'field.change': { actions: 'editField' },
        'form.submit': [
          { guard: 'isValid', target: 'submitting', actions: 'acceptValues' },
          { target: 'invalid', actions: 'showFieldErrors' },
        ],
        'form.cancel': { target: 'closed' },
      },
    },
    /** 'Error' / 'Por favor, corrige los campos indicados.' over the form, fields marked. */
    invalid: { on: { 'dialog.close': { target: 'editing' } } },
    submitting: {
      invoke: {
        id: 'save', src: 'saveRecord',
        input: ({ context }) => ({ id: context.id, values: context.submitted }),
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
