/**
 * A form's rules as implementations, not context (issue 7): the shared valibot schema and the
 * values a form starts from are closed over here and given to a form machine through
 * `provide`, so the machine's context stays plain data that can be saved and restored.
 * Every form machine (formScreen, userModal) names the same four implementations.
 */
import * as v from 'valibot';
import { assign } from 'xstate';
import { isFormValid, validateForm } from '../src/shared/form-validation.js';

export type FormValues = Record<string, unknown>;

/** What a form machine's context holds that the rules read and write. */
export interface RuledFormContext {
  row: Record<string, unknown> | null;
  values: FormValues;
  errors: Record<string, string>;
  /** The schema's output of the values, set when they are valid: what is sent. */
  submitted: unknown;
}

export interface FormRules {
  schema: v.GenericSchema<unknown, unknown>;
  /** The values the form opens with: empty to add, the row's to edit (before the record loads). */
  initial: (row: Record<string, unknown> | null) => FormValues;
}

/**
 * The implementations a form machine's `provide` takes for these rules. They read only the
 * RuledFormContext part of the form's context, so any form machine that declares the four names
 * takes them (typed `never` here so TypeScript lets each machine's `provide` accept them).
 */
export function formRules({ schema, initial }: FormRules): { guards: Record<string, never>; actions: Record<string, never> } {
  return {
    guards: {
      isValid: ({ context }: { context: RuledFormContext }) => isFormValid(schema, context.values),
    },
    actions: {
      prefill: assign(({ context }: { context: RuledFormContext }) => ({ values: { ...initial(context.row), ...context.values } })),
      showFieldErrors: assign(({ context }: { context: RuledFormContext }) => ({ errors: validateForm(schema, context.values) })),
      acceptValues: assign(({ context }: { context: RuledFormContext }) => ({ errors: {}, submitted: v.parse(schema, context.values) })),
    },
  } as never;
}
