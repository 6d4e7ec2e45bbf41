/**
 * Building blocks of the API's answers (the contract other clients generate code from): the
 * error body every failure has, the page every paged list has. Route modules declare their
 * answers with these and the resource schemas; the web infers its types from the same schemas.
 */
import * as v from 'valibot';
import { defaultDescriptions, type ErrorCode } from './errors.js';

/** `{ error, error_description, fields? }`: every 4xx and 5xx answer. */
export const ErrorBodySchema = v.object({
  error: v.string(),
  error_description: v.string(),
  /** Field-level messages for forms (an addition to the contract; never renames it). */
  fields: v.optional(v.record(v.string(), v.string())),
});

/** The error statuses a route may declare (besides those its definition implies). */
export const ERROR_STATUSES = [400, 401, 403, 404, 409, 410, 413, 415, 422, 429] as const;
export type ErrorStatus = (typeof ERROR_STATUSES)[number];

/** The `error` code each status carries in the examples (the most common of each). */
const codeOf: Record<ErrorStatus, ErrorCode> = {
  400: 'invalid_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  410: 'gone',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'invalid_request',
  429: 'too_many_requests',
};

/** What each error status means, in Spanish, for the reference. */
export const errorMeaning: Record<ErrorStatus, string> = {
  400: 'Solicitud no válida: algún campo falta o no cumple las reglas (los mensajes por campo vienen en `fields`).',
  401: 'Sin sesión válida: falta el token, expiró o se cerró.',
  403: 'El rol de la sesión no puede realizar esta acción.',
  404: 'No existe, o pertenece a otro fraccionamiento.',
  409: 'Conflicto con el estado actual: ya existe, o tiene registros asociados.',
  410: 'El registro ya no está disponible.',
  413: 'El archivo o el cuerpo es demasiado grande.',
  415: 'El tipo de archivo o de contenido no está permitido.',
  422: 'La solicitud es válida pero no se puede procesar.',
  429: 'Demasiados intentos: espera y vuelve a intentarlo.',
};

/** A Spanish example body for an error status. */
export function errorExample(status: ErrorStatus) {
  const code = codeOf[status];
  return status === 400
    ? { error: code, error_description: 'El nombre es obligatorio.', fields: { name: 'El nombre es obligatorio.' } }
    : { error: code, error_description: defaultDescriptions[code] };
}

/** `{ content, totalElements, totalPages, page, size }` of `item`: every paged list. */
export const pageOf = <T extends v.GenericSchema>(item: T) =>
  v.object({
    content: v.array(item),
    totalElements: v.number(),
    totalPages: v.number(),
    page: v.number(),
    size: v.number(),
  });

/** A list read whole (no `page` asked for) or one page of it (`page` given): both shapes, declared. */
export const listOrPageOf = <T extends v.GenericSchema>(item: T) => v.union([v.array(item), pageOf(item)]);
