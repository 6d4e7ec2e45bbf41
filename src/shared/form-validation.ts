import * as v from 'valibot';
import './valibot-messages.js';

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

/** A U+0000 anywhere in a value (PostgreSQL refuses it in text): answers the dot path of the first one, else null. */
export function nullBytePath(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? (path || '_') : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) { const found = nullBytePath(value[i], path ? `${path}.${i}` : String(i)); if (found) return found; }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\u0000')) return path || '_';
      const found = nullBytePath(item, path ? `${path}.${key}` : key);
      if (found) return found;
    }
  }
  return null;
}

export const NULL_BYTE_MESSAGE = 'El texto contiene caracteres no permitidos.';
