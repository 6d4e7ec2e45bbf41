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

export const isFormValid = (schema: AnySchema, values: unknown) =>
  Object.keys(validateForm(schema, values)).length === 0;

/** The errors without one field's message (the person is correcting it). */
export function withoutError(errors: Record<string, string>, name: string): Record<string, string> {
  const { [name]: _gone, ...rest } = errors;
  return rest;
}

/**
 * Characters no text of the app may hold: U+0000 (PostgreSQL refuses it) and the
 * bidirectional overrides and isolates (U+202A–U+202E, U+2066–U+2069), which make a name read
 * differently from what it is ('Ana\u202Eetnediserp').
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing U+0000 is what this pattern is for.
export const FORBIDDEN_CHARACTERS = /[\u0000\u202A-\u202E\u2066-\u2069]/;

/** The dot path of the first text holding a forbidden character (keys included), else null. */
export function forbiddenCharacterPath(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return FORBIDDEN_CHARACTERS.test(value) ? path || '_' : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = forbiddenCharacterPath(value[i], path ? `${path}.${i}` : String(i));
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (FORBIDDEN_CHARACTERS.test(key)) return path || '_';
      const found = forbiddenCharacterPath(item, path ? `${path}.${key}` : key);
      if (found) return found;
    }
  }
  return null;
}

export const FORBIDDEN_CHARACTERS_MESSAGE = 'El texto contiene caracteres no permitidos.';
