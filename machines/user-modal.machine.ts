import { assign, fromPromise, setup } from 'xstate';
import type { AddressOption } from '../src/shared/api-types.js';
import { withoutError } from '../src/shared/form-validation.js';
import { isPostalCodeComplete, postalCodeOf } from '../src/shared/postal-code.js';
import type { RuledFormContext } from './form-rules.js';

export type UserModalValues = Record<string, unknown>;

export interface UserModalContext extends RuledFormContext {
  /** uuid of the user being edited; null when adding. */
  id: string | null;
  /** Colonies of the postal code (spec 1 §5); the first one fills city and state. */
  addresses: AddressOption[];
  /** The raw failure of the last save; the view turns it into the dialog's text. */
  failure: unknown;
  result: unknown;
}

export type UserModalEvent =
  | { type: 'field.change'; name: string; value: unknown }
  | { type: 'form.submit' }
  | { type: 'form.cancel' }
  | { type: 'dialog.close' };

/** What the users list gives the modal it opens: the row to edit, or none to add. */
export interface UserModalInput {
  id: string | null;
  row?: Record<string, unknown> | null;
}

/** City, state and colony after a lookup: the first result fills the place, a colony not offered is cleared. */
const placeOf = (values: UserModalValues, addresses: AddressOption[]): UserModalValues => ({
  ...values,
  city: addresses[0]?.location ?? '',
  state: addresses[0]?.state ?? '',
  idAddress: addresses.some((a) => String(a.idAddress) === String(values.idAddress ?? '')) ? values.idAddress : '',
});

/**
 * The users modal (spec 1 §2 Usuarios, §5): formScreen's shape (load for edit, validate by
 * the shared schema, submit, success or error dialog keeping what was typed) plus the
 * postal-code lookup of the integrator's address fields, which runs beside the editing.
 */
export const userModalMachine = setup({
  types: {
    context: {} as UserModalContext,
    events: {} as UserModalEvent,
    input: {} as UserModalInput,
    output: {} as { saved: boolean },
  },
  actors: {
    loadRecord: fromPromise<UserModalValues, { id: string; row: Record<string, unknown> | null }>(async () => { throw new Error('not provided'); }),
    lookupAddresses: fromPromise<AddressOption[], { cp: string }>(async () => { throw new Error('not provided'); }),
    saveRecord: fromPromise<unknown, { id: string | null; values: unknown }>(async () => { throw new Error('not provided'); }),
  },
  guards: {
    isEdit: ({ context }) => context.id !== null,
    /** Provided by the form's rules (machines/form-rules.ts: the schema of the caller's role). */
    isValid: () => false,
    isPostalCodeComplete: ({ event }) => event.type === 'field.change' && event.name === 'cp' && isPostalCodeComplete(event.value),
    isPostalCodeEdit: ({ event }) => event.type === 'field.change' && event.name === 'cp',
  },
  actions: {
    assignField: assign(({ context, event }) => {
      if (event.type !== 'field.change') return {};
      return { values: { ...context.values, [event.name]: event.value }, errors: withoutError(context.errors, event.name) };
    }),
    clearAddresses: assign(({ context }) => ({ addresses: [], values: placeOf(context.values, []) })),
    /** Provided by the form's rules: the values the modal opens with. */
    prefill: () => {},
    /** Provided by the form's rules: each invalid field's message. */
    showFieldErrors: () => {},
    /** Provided by the form's rules: the schema's output of the values, to send. */
    acceptValues: () => {},
  },
}).createMachine({
  id: 'userModal',
  context: ({ input }) => ({
    id: input.id, row: input.row ?? null, values: {}, errors: {}, submitted: null, addresses: [], failure: null, result: null,
  }),
  initial: 'boot',
  output: ({ context }) => ({ saved: context.result !== null }),
  states: {
    boot: { entry: 'prefill', always: [{ guard: 'isEdit', target: 'loading' }, { target: 'editing' }] },
    loading: {
      invoke: {
        id: 'load', src: 'loadRecord',
        input: ({ context }) => ({ id: context.id!, row: context.row }),
        onDone: [
          // An address already stored: its colonies are looked up again so the dropdown can show it.
          { guard: ({ event }) => isPostalCodeComplete(event.output.cp), target: 'editing.lookingUp', actions: assign({ values: ({ context, event }) => ({ ...context.values, ...event.output }) }) },
          { target: 'editing', actions: assign({ values: ({ context, event }) => ({ ...context.values, ...event.output }) }) },
        ],
        onError: { target: 'loadFailed', actions: assign({ failure: ({ event }) => event.error }) },
      },
    },
    loadFailed: { on: { 'dialog.close': { target: 'closed' } } },
    editing: {
      initial: 'idle',
      on: {
        'field.change': [
          { guard: 'isPostalCodeComplete', target: '.lookingUp', reenter: true, actions: 'assignField' },
          { guard: 'isPostalCodeEdit', target: '.idle', actions: ['assignField', 'clearAddresses'] },
          { actions: 'assignField' },
        ],
        'form.submit': [
          { guard: 'isValid', target: 'submitting', actions: 'acceptValues' },
          { target: 'invalid', actions: 'showFieldErrors' },
        ],
        'form.cancel': { target: 'closed' },
      },
      states: {
        idle: {},
        /** GET api/addresses/{cp}; a failure is only logged (spec 1 §8): no colonies offered. */
        lookingUp: {
          invoke: {
            id: 'lookup', src: 'lookupAddresses',
            input: ({ context }) => ({ cp: postalCodeOf(context.values.cp) }),
            onDone: { target: 'idle', actions: assign(({ context, event }) => ({ addresses: event.output, values: placeOf(context.values, event.output) })) },
            onError: { target: 'idle', actions: 'clearAddresses' },
          },
        },
      },
    },
    /** The invalid-submit dialog over the form, fields marked. */
    invalid: { on: { 'dialog.close': { target: 'editing' } } },
    submitting: {
      invoke: {
        id: 'save', src: 'saveRecord',
        input: ({ context }) => ({ id: context.id, values: context.submitted }),
        onDone: { target: 'succeeded', actions: assign({ result: ({ event }) => event.output ?? true }) },
        onError: { target: 'failed', actions: assign({ failure: ({ event }) => event.error }) },
      },
    },
    succeeded: { on: { 'dialog.close': { target: 'closed' } } },
    /** The error dialog; closing it returns to the form with everything the user typed. */
    failed: { on: { 'dialog.close': { target: 'editing', actions: assign({ failure: null }) } } },
    closed: { type: 'final' },
  },
});
