import { assign, fromPromise, setup } from 'xstate';
import * as v from 'valibot';
import type { AddressOption } from '../src/shared/api-types.js';
import { validateForm as validate, withoutError } from '../src/shared/form-validation.js';
import { isPostalCodeComplete } from '../src/shared/user-form.js';

export type UserModalValues = Record<string, unknown>;

export interface UserModalContext {
  /** uuid of the user being edited; null when adding. */
  id: string | null;
  values: UserModalValues;
  errors: Record<string, string>;
  schema: v.GenericSchema<unknown, unknown>;
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

export interface UserModalInput {
  id: string | null;
  initial: UserModalValues;
  schema: v.GenericSchema<unknown, unknown>;
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
    loadRecord: fromPromise<UserModalValues, { id: string }>(async () => { throw new Error('not provided'); }),
    lookupAddresses: fromPromise<AddressOption[], { cp: string }>(async () => { throw new Error('not provided'); }),
    saveRecord: fromPromise<unknown, { id: string | null; values: unknown }>(async () => { throw new Error('not provided'); }),
  },
  guards: {
    isEdit: ({ context }) => context.id !== null,
    isValid: ({ context }) => Object.keys(validate(context.schema, context.values)).length === 0,
    hasPostalCode: ({ context }) => isPostalCodeComplete(context.values.cp),
    isPostalCodeComplete: ({ event }) => event.type === 'field.change' && event.name === 'cp' && isPostalCodeComplete(event.value),
    isPostalCodeEdit: ({ event }) => event.type === 'field.change' && event.name === 'cp',
  },
  actions: {
    assignField: assign(({ context, event }) => {
      if (event.type !== 'field.change') return {};
      return { values: { ...context.values, [event.name]: event.value }, errors: withoutError(context.errors, event.name) };
    }),
    clearAddresses: assign(({ context }) => ({ addresses: [], values: placeOf(context.values, []) })),
  },
}).createMachine({
  id: 'userModal',
  context: ({ input }) => ({
    id: input.id, values: input.initial, errors: {}, schema: input.schema, addresses: [], failure: null, result: null,
  }),
  initial: 'boot',
  output: ({ context }) => ({ saved: context.result !== null }),
  states: {
    boot: { always: [{ guard: 'isEdit', target: 'loading' }, { target: 'editing' }] },
    loading: {
      invoke: {
        id: 'load', src: 'loadRecord',
        input: ({ context }) => ({ id: context.id! }),
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
          { guard: 'isValid', target: 'submitting', actions: assign({ errors: {} }) },
          { target: 'invalid', actions: assign({ errors: ({ context }) => validate(context.schema, context.values) }) },
        ],
        'form.cancel': { target: 'closed' },
      },
      states: {
        idle: {},
        /** GET api/addresses/{cp}; a failure is only logged (spec 1 §8): no colonies offered. */
        lookingUp: {
          invoke: {
            id: 'lookup', src: 'lookupAddresses',
            input: ({ context }) => ({ cp: String(context.values.cp) }),
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
        input: ({ context }) => ({ id: context.id, values: v.parse(context.schema, context.values) }),
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
