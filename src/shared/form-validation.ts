import * as v from 'valibot';

type AnySchema = v.GenericSchema<unknown, unknown>;

/** Field messages of a failed parse, first message per field (dot path as the key). */
export function fieldErrors(issues: readonly v.BaseIssue<unknown>[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const key = v.getDotPath(issue) ?? '_';
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

/** Validates form values with the shared schema: the field messages, empty when valid. */
export function validateForm(schema: AnySchema, values: unknown): Record<string, string> {
  const result = v.safeParse(schema, values);
  return result.success ? {} : fieldErrors(result.issues);
}

export const isFormValid = (schema: AnySchema, values: unknown) => Object.keys(validateForm(schema, values)).length === 0;

/** The errors without one field's message (the person is correcting it). */
export function withoutError(errors: Record<string, string>, name: string): Record<string, string> {
  const { [name]: _gone, ...rest } = errors;
  return rest;
}
