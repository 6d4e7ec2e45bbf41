import type { ErrorBody } from './errors.js';

/** What a failed call looks like to machines: no response at all, or an HTTP error body. */
export type ApiFailure = { kind: 'network' } | { kind: 'http'; status: number; body: ErrorBody };

export function isApiFailure(value: unknown): value is ApiFailure {
  return (
    typeof value === 'object' &&
    value !== null &&
    'kind' in value &&
    ((value as ApiFailure).kind === 'network' || (value as ApiFailure).kind === 'http')
  );
}

/** The server's description of a failure, or a fallback for the dialog. */
export function failureDescription(error: unknown, fallback = 'Error interno del servidor'): string {
  if (isApiFailure(error)) {
    if (error.kind === 'network') return 'No fue posible conectar con el servidor. Revisa tu conexión.';
    return error.body.error_description || fallback;
  }
  return fallback;
}
