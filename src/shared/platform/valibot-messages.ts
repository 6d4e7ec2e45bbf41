import * as v from 'valibot';

/**
 * Spanish defaults for every valibot check that has no message of its own ('Invalid
 * key: Expected …' reached clients). Schemas still give their own messages where the spec words
 * them; this only replaces valibot's English fallback. Imported by the shared form validation,
 * so the server and the web both set it before any schema runs.
 */
export function spanishMessage(issue: v.BaseIssue<unknown>): string {
  if (issue.input === undefined && issue.kind === 'schema') return 'El campo es obligatorio.';
  switch (issue.type) {
    case 'min_length':
    case 'non_empty':
      return 'El campo es obligatorio.';
    case 'max_length':
      return 'El texto es demasiado largo.';
    case 'min_value':
    case 'max_value':
      return 'El número está fuera del rango permitido.';
    case 'integer':
      return 'Debe ser un número entero.';
    case 'email':
      return 'El correo no es válido.';
    case 'uuid':
      return 'El identificador no es válido.';
    default:
      return issue.kind === 'schema' ? 'El tipo de dato no es válido.' : 'El valor no es válido.';
  }
}

v.setGlobalMessage(spanishMessage);
