import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError, defaultDescriptions, type ErrorCode } from '../../shared/errors.js';

const byStatus: Record<number, ErrorCode> = {
  400: 'invalid_request', 401: 'unauthorized', 403: 'forbidden', 404: 'not_found', 409: 'conflict',
  410: 'gone', 413: 'payload_too_large', 415: 'unsupported_media_type', 429: 'too_many_requests',
};

/** Every failure leaves as `{ error, error_description }` in Spanish; 5xx details stay in the log. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, req, reply) => {
    if (error instanceof AppError) return reply.code(error.status).send(error.toBody());
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      req.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ error: 'server_error', error_description: defaultDescriptions.server_error });
    }
    const code = byStatus[status] ?? 'invalid_request';
    const description = error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
      ? 'El tipo de contenido no está permitido.'
      : error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (error as { name?: string }).name === 'SyntaxError'
        ? 'El cuerpo de la solicitud no es un JSON válido.'
        : defaultDescriptions[code];
    return reply.code(status).send({ error: code, error_description: description });
  });
}
