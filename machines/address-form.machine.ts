import { assign, fromPromise, setup } from 'xstate';
import * as v from 'valibot';
import { failureDescription, isApiFailure } from '../src/shared/api-failure.js';
import type { AddressOption } from '../src/shared/api-types.js';
import { logoProblem } from '../src/shared/logo-rules.js';
import type { LogoFile } from '../src/shared/schemas/community.schema.js';
import { validateForm as validate } from '../src/shared/form-validation.js';
import { isPostalCodeComplete, postalCodeOf } from '../src/shared/postal-code.js';

export type FormValues = Record<string, unknown>;
export interface Option { value: string; label: string }
/** What the file picker gives (a File in the browser). */
export interface PickedFile { name: string; type: string; size: number }

/** The optional logo: what is shown and what the save sends (new file, removal, or nothing). */
export interface LogoState { preview: string | null; change: 'none' | 'new' | 'remove'; file: LogoFile | null; original: boolean }

export interface AddressFormContext {
  /** uuid of the record being edited; null when adding. */
  id: string | null;
  values: FormValues;
  errors: Record<string, string>;
  /** The shared valibot schema of the form (the same one the route uses). */
  schema: v.GenericSchema<unknown, unknown>;
  /** Colonies of the typed postal code (spec 1 §5). */
  colonies: AddressOption[];
  /** Other dropdowns (the community's administrators). */
  options: Record<string, Option[]>;
  logo: LogoState;
  /** What the loaded record carries back unchanged on save (the contract's echoed fields, e.g. idFile). */
  record: Record<string, unknown>;
  serverError: string | null;
  result: unknown;
}

/**
 * What `loadForm` answers: the record's values on edit, its own colony (shown until the
 * postal-code lookup answers, and if it fails), dropdown options, the current logo.
 */
export interface LoadedForm {
  values?: FormValues; colonies?: AddressOption[]; options?: Record<string, Option[]>; logoPreview?: string | null;
  /** Fields of the stored record the save sends back as they were (not edited in the form). */
  record?: Record<string, unknown>;
}

export type AddressFormEvent =
  | { type: 'field.change'; name: string; value: unknown }
  | { type: 'logo.pick'; file: PickedFile }
  | { type: 'logo.remove' }
  | { type: 'form.submit' }
  | { type: 'form.cancel' }
  | { type: 'dialog.close' };

export interface AddressFormInput { id: string | null; initial: FormValues; schema: v.GenericSchema<unknown, unknown> }
export interface SaveInput { id: string | null; values: unknown; logo: LogoFile | null | undefined; record: Record<string, unknown> }

/** The server's field messages ('user.email') on the form's fields ('email'). */
const serverFieldErrors = (error: unknown, values: FormValues) => {
  if (!isApiFailure(error) || error.kind !== 'http' || !error.body.fields) return {};
  return Object.fromEntries(Object.entries(error.body.fields)
    .map(([key, message]) => [key.split('.').at(-1)!, message] as const)
    .filter(([key]) => key in values));
};
/** A new postal code makes the old colony, city and state meaningless. */
const withField = (context: AddressFormContext, name: string, value: unknown) => {
  const values = { ...context.values, [name]: value };
  const { [name]: _gone, ...errors } = context.errors;
  if (name !== 'cp' || postalCodeOf(value) === postalCodeOf(context.values.cp)) return { values, errors };
  return { values: { ...values, city: '', state: '', idAddress: '' }, errors, colonies: [] };
};
/** Spec 1 §5: the first result fills state and city; all results are the colony options. */
const withAddresses = (context: AddressFormContext, found: AddressOption[]) => {
  const first = found[0];
  const keep = found.some((a) => String(a.idAddress) === String(context.values.idAddress ?? ''));
  return {
    colonies: found,
    values: { ...context.values, city: first?.location ?? '', state: first?.state ?? '', idAddress: keep ? context.values.idAddress : '' },
  };
};
const logoToSend = (logo: LogoState) => (logo.change === 'new' ? logo.file : logo.change === 'remove' ? null : undefined);

/**
 * An add/edit page with an address (integrator and community forms, spec 1 §2, §5): load the
 * record and dropdowns, look the postal code up once it has 5 digits while the user keeps
 * typing, pick or remove a logo, validate by the shared schema, submit, result dialogs.
 */
export const addressFormMachine = setup({
  types: {
    context: {} as AddressFormContext,
    events: {} as AddressFormEvent,
    input: {} as AddressFormInput,
    output: {} as { saved: boolean },
  },
  actors: {
    loadForm: fromPromise<LoadedForm, { id: string | null }>(async () => { throw new Error('not provided'); }),
    lookupAddresses: fromPromise<AddressOption[], { cp: string }>(async () => { throw new Error('not provided'); }),
    readLogo: fromPromise<{ preview: string; file: LogoFile }, { file: PickedFile }>(async () => { throw new Error('not provided'); }),
    saveRecord: fromPromise<unknown, SaveInput>(async () => { throw new Error('not provided'); }),
  },
  actions: {
    /** Back to the list (spec 1 §8: after these the user returns to the list). */
    leave: () => {},
    /** Spec 1 §8: an address lookup failure is only logged. */
    logLookupFailure: (_, _params: { error: unknown }) => {},
    assignLoaded: assign(({ context, event }) => {
      const loaded = (event as unknown as { output: LoadedForm }).output;
      const preview = loaded.logoPreview ?? null;
      return {
        values: { ...context.values, ...loaded.values },
        colonies: loaded.colonies ?? [],
        options: loaded.options ?? {},
        logo: { preview, change: 'none' as const, file: null, original: preview !== null },
        record: loaded.record ?? {},
      };
    }),
    assignField: assign(({ context, event }) => {
      const e = event as Extract<AddressFormEvent, { type: 'field.change' }>;
      return withField(context, e.name, e.value);
    }),
  },
  guards: {
    completesPostalCode: ({ event }) => event.type === 'field.change' && event.name === 'cp' && isPostalCodeComplete(event.value),
    isPostalCodeChange: ({ event }) => event.type === 'field.change' && event.name === 'cp',
    isValid: ({ context }) => Object.keys(validate(context.schema, context.values)).length === 0,
    isAcceptableLogo: ({ event }) => event.type === 'logo.pick' && logoProblem(event.file) === null,
  },
}).createMachine({
  id: 'addressForm',
  context: ({ input }) => ({
    id: input.id, values: input.initial, errors: {}, schema: input.schema, colonies: [], options: {},
    logo: { preview: null, change: 'none', file: null, original: false }, record: {}, serverError: null, result: null,
  }),
  initial: 'loading',
  output: ({ context }) => ({ saved: context.result !== null }),
  states: {
    loading: {
      invoke: {
        id: 'load', src: 'loadForm',
        input: ({ context }) => ({ id: context.id }),
        onDone: [
          {
            guard: ({ event }) => isPostalCodeComplete(event.output.values?.cp),
            target: 'editing.postalCode.lookingUp',
            actions: 'assignLoaded',
          },
          { target: 'editing', actions: 'assignLoaded' },
        ],
        onError: { target: 'loadFailed', actions: assign({ serverError: ({ event }) => failureDescription(event.error) }) },
      },
    },
    loadFailed: { on: { 'dialog.close': { target: 'closed' } } },
    editing: {
      type: 'parallel',
      on: {
        'form.submit': [
          { guard: 'isValid', target: 'submitting', actions: assign({ errors: {} }) },
          { target: 'invalid', actions: assign({ errors: ({ context }) => validate(context.schema, context.values) }) },
        ],
        'form.cancel': { target: 'closed' },
      },
      states: {
        postalCode: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'field.change': [
                  { guard: 'completesPostalCode', target: 'lookingUp', actions: 'assignField' },
                  { actions: 'assignField' },
                ],
              },
            },
            lookingUp: {
              invoke: {
                id: 'lookup', src: 'lookupAddresses',
                input: ({ context }) => ({ cp: postalCodeOf(context.values.cp) }),
                onDone: { target: 'idle', actions: assign(({ context, event }) => withAddresses(context, event.output)) },
                onError: { target: 'idle', actions: { type: 'logLookupFailure', params: ({ event }) => ({ error: event.error }) } },
              },
              on: {
                'field.change': [
                  { guard: 'completesPostalCode', target: 'lookingUp', reenter: true, actions: 'assignField' },
                  { guard: 'isPostalCodeChange', target: 'idle', actions: 'assignField' },
                  { actions: 'assignField' },
                ],
              },
            },
          },
        },
        logo: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'logo.pick': [
                  { guard: 'isAcceptableLogo', target: 'reading' },
                  { actions: assign({ errors: ({ context, event }) => ({ ...context.errors, logo: logoProblem(event.file)! }) }) },
                ],
                'logo.remove': {
                  actions: assign({ logo: ({ context }) => ({ ...context.logo, preview: null, file: null, change: context.logo.original ? 'remove' as const : 'none' as const }) }),
                },
              },
            },
            reading: {
              invoke: {
                id: 'readLogo', src: 'readLogo',
                input: ({ event }) => ({ file: (event as Extract<AddressFormEvent, { type: 'logo.pick' }>).file }),
                onDone: {
                  target: 'idle',
                  actions: assign(({ context, event }) => {
                    const { logo: _gone, ...errors } = context.errors;
                    return { errors, logo: { ...context.logo, preview: event.output.preview, file: event.output.file, change: 'new' as const } };
                  }),
                },
                onError: { target: 'idle', actions: assign({ errors: ({ context, event }) => ({ ...context.errors, logo: failureDescription(event.error, 'No fue posible leer el archivo.') }) }) },
              },
            },
          },
        },
      },
    },
    /** 'Error' / 'Por favor, corrige los campos indicados.' over the form, fields marked. */
    invalid: { on: { 'dialog.close': { target: 'editing' } } },
    submitting: {
      invoke: {
        id: 'save', src: 'saveRecord',
        input: ({ context }) => ({ id: context.id, values: v.parse(context.schema, context.values), logo: logoToSend(context.logo), record: context.record }),
        onDone: { target: 'succeeded', actions: assign({ result: ({ event }) => event.output ?? true }) },
        onError: {
          target: 'failed',
          actions: assign({
            serverError: ({ event }) => failureDescription(event.error),
            errors: ({ context, event }) => serverFieldErrors(event.error, context.values),
          }),
        },
      },
    },
    succeeded: { on: { 'dialog.close': { target: 'closed' } } },
    /** The error dialog; closing it returns to the form with everything the user typed. */
    failed: { on: { 'dialog.close': { target: 'editing', actions: assign({ serverError: null }) } } },
    closed: { type: 'final', entry: 'leave' },
  },
});
