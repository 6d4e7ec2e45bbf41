/** One error vocabulary for server and web. The wire body is `{ error, error_description }`. */
export const errorStatus = {
  invalid_request: 400,
  invalid_grant: 400,
  unsupported_grant_type: 400,
  invalid_client: 401,
  unauthorized: 401,
  access_denied: 403,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  too_many_requests: 429,
  server_error: 500,
} as const;
export type ErrorCode = keyof typeof errorStatus;

export interface ErrorBody {
  error: ErrorCode | string;
  error_description: string;
  /** Field-level messages for forms (an addition to the contract; never renames it). */
  fields?: Record<string, string>;
}

/** The server's description of a disabled account: clients match on it. */
export const ACCOUNT_EXPIRED = 'User account has expired';

/** Sign-in of a member whose only communities have an expired licence. */
export const LICENCE_EXPIRED =
  'No es posible iniciar sesión: la licencia de tu fraccionamiento está vencida. Para renovarla comunícate con tu administrador o integrador.';

export const defaultDescriptions: Record<ErrorCode, string> = {
  invalid_request: 'La solicitud no es válida.',
  invalid_grant: 'Usuario o contraseña incorrectos.',
  unsupported_grant_type: 'Tipo de autorización no soportado.',
  invalid_client: 'Cliente no autorizado.',
  unauthorized: 'Tu sesión ha expirado, inicia sesión de nuevo.',
  access_denied: 'Asegurate que este usuario tenga permisos de administrador o integrador.',
  forbidden: 'No tienes permiso para realizar esta acción.',
  not_found: 'No se encontró el recurso solicitado.',
  conflict: 'El registro ya existe.',
  gone: 'El registro ya no está disponible.',
  payload_too_large: 'El archivo es demasiado grande.',
  unsupported_media_type: 'El tipo de archivo no está permitido.',
  too_many_requests: 'Demasiados intentos. Espera unos minutos e inténtalo de nuevo.',
  server_error: 'Error interno del servidor',
};

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    description?: string,
    readonly fields?: Record<string, string>,
  ) {
    super(description ?? defaultDescriptions[code]);
    this.status = errorStatus[code];
  }
  toBody(): ErrorBody {
    return this.fields
      ? { error: this.code, error_description: this.message, fields: this.fields }
      : { error: this.code, error_description: this.message };
  }
}

export function isErrorBody(value: unknown): value is ErrorBody {
  return typeof value === 'object' && value !== null && 'error' in value && 'error_description' in value;
}
