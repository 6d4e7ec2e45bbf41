/**
 * A form's rules as implementations, not context: the shared valibot schema, the
 * values a form starts from and the parts it has are closed over here and given to the form
 * skeleton (machines/platform/form-screen.machine.ts) through `provide`, so the form's context stays plain
 * data that can be saved and restored.
 */
import * as v from 'valibot';
import { assign } from 'xstate';
import { isFormValid, validateForm } from '../../src/shared/platform/form-validation.js';
import { type FormContext, formScreenSetup } from './form-screen.machine.js';

export type FormValues = Record<string, unknown>;

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
   * record's id (e.g. a guest whose name is already on the list). None by default.
   */
  confirmWhen?: (values: FormValues, record: Record<string, unknown>, id: string | null) => boolean;
}

type RuleArgs = { context: FormContext };

/** The implementations the form skeleton's `provide` takes for these rules. */
export function formRules({
  schema,
  initial,
  loadsWhenAdding = false,
  postalCode = false,
  logo = false,
  confirmWhen,
}: FormRules) {
  return {
    guards: {
      isValid: ({ context }: RuleArgs) => isFormValid(schema, context.values),
      needsLoad: ({ context }: RuleArgs) => loadsWhenAdding || context.id !== null,
      hasPostalCode: () => postalCode,
      hasLogo: () => logo,
      needsConfirmation: ({ context }: RuleArgs) => confirmWhen?.(context.values, context.record, context.id) ?? false,
    },
    actions: {
      prefill: formScreenSetup.createAction(
        assign(({ context }) => ({ values: { ...initial(context.row), ...context.values } })),
      ),
      showFieldErrors: formScreenSetup.createAction(
        assign(({ context }) => ({ errors: validateForm(schema, context.values) })),
      ),
      acceptValues: formScreenSetup.createAction(
        assign(({ context }) => ({ errors: {}, submitted: v.parse(schema, context.values) })),
      ),
    },
  };
}
