/**
 * A form's rules as implementations, not context (issue 7): the shared valibot schema, the
 * values a form starts from and the parts it has are closed over here and given to the form
 * skeleton (machines/platform/form-screen.machine.ts) through `provide`, so the form's context stays plain
 * data that can be saved and restored.
 */
import * as v from 'valibot';
import { assign } from 'xstate';
import { isFormValid, validateForm } from '../../src/shared/platform/form-validation.js';

export type FormValues = Record<string, unknown>;

/** What the rules read and write of a form's context. */
interface RuledFormContext {
  id: string | null;
  row: Record<string, unknown> | null;
  values: FormValues;
  errors: Record<string, string>;
  submitted: unknown;
  record: Record<string, unknown>;
}

export interface FormRules {
  schema: v.GenericSchema<unknown, unknown>;
  /** The values the form opens with: empty to add, the row's to edit (before the record loads). */
  initial: (row: Record<string, unknown> | null) => FormValues;
  /** The form loads when adding too (its dropdowns); by default it loads only to edit. */
  loadsWhenAdding?: boolean;
  /** The form has an address: it spawns the postal-code lookup. */
  postalCode?: boolean;
  /** The form has the optional logo: it spawns the logo picker. */
  logo?: boolean;
  /**
   * Valid values that ask a confirmation before they are sent, read with the loaded record and the
   * record's id (e.g. a guest whose name is already on the list, spec 2 §5). None by default.
   */
  confirmWhen?: (values: FormValues, record: Record<string, unknown>, id: string | null) => boolean;
}

/**
 * The implementations the form skeleton's `provide` takes for these rules (typed `never` so
 * `provide` accepts them whatever the form's own implementations are).
 */
export function formRules({ schema, initial, loadsWhenAdding = false, postalCode = false, logo = false, confirmWhen }: FormRules): { guards: Record<string, never>; actions: Record<string, never> } {
  return {
    guards: {
      isValid: ({ context }: { context: RuledFormContext }) => isFormValid(schema, context.values),
      needsLoad: ({ context }: { context: RuledFormContext }) => loadsWhenAdding || context.id !== null,
      hasPostalCode: () => postalCode,
      hasLogo: () => logo,
      needsConfirmation: ({ context }: { context: RuledFormContext }) => confirmWhen?.(context.values, context.record, context.id) ?? false,
    },
    actions: {
      prefill: assign(({ context }: { context: RuledFormContext }) => ({ values: { ...initial(context.row), ...context.values } })),
      showFieldErrors: assign(({ context }: { context: RuledFormContext }) => ({ errors: validateForm(schema, context.values) })),
      acceptValues: assign(({ context }: { context: RuledFormContext }) => ({ errors: {}, submitted: v.parse(schema, context.values) })),
    },
  } as never;
}
