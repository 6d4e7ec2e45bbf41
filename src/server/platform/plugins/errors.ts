import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, defaultDescriptions, type ErrorCode } from '../../../shared/platform/errors.js';
import { isRowSecurityViolation } from '../db/db-errors.js';
import { API_HEADERS } from './security-headers.js';

const byStatus: Record<number, ErrorCode> = {
  400: 'invalid_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  410: 'gone',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'too_many_requests',
};

/** Every failure leaves as `{ error, error_description }` in Spanish; 5xx details stay in the log. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, req, reply) => {
    if (error instanceof AppError) return reply.code(error.status).send(error.toBody());
    if (isRowSecurityViolation(error)) {
      // A write reached another community's row past the route's checks: answered as any record
      // of another community (404), never a 500 that tells the row exists; logged to be fixed.
      req.log.warn({ err: error }, 'row-level security refused a write');
      return reply.code(404).send({ error: 'not_found', error_description: defaultDescriptions.not_found });
    }
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      req.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ error: 'server_error', error_description: defaultDescriptions.server_error });
    }
    const code = byStatus[status] ?? 'invalid_request';
    const description =
      error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
        ? 'El tipo de contenido no está permitido.'
        : error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
            error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
            (error as { name?: string }).name === 'SyntaxError'
          ? 'El cuerpo de la solicitud no es un JSON válido.'
          : defaultDescriptions[code];
    return reply.code(status).send({ error: code, error_description: description });
  });
}

/**
 * Errors Fastify answers before any route runs: a bad percent-encoding and a path
 * parameter over 100 characters, in the contract's shape and in Spanish.
 */
export function frameworkErrorHandler(error: FastifyError, _req: FastifyRequest, reply: FastifyReply) {
  // Before any hook: the API's security headers are set here.
  reply.headers(API_HEADERS);
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return reply
      .code(414)
      .send({ error: 'invalid_request', error_description: 'La dirección solicitada es demasiado larga.' });
  }
  if (error.code === 'FST_ERR_BAD_URL') {
    return reply
      .code(400)
      .send({ error: 'invalid_request', error_description: 'La dirección solicitada no es válida.' });
  }
  return reply.code(400).send({ error: 'invalid_request', error_description: defaultDescriptions.invalid_request });
}

export const SHUTTING_DOWN = 'El servidor se está reiniciando. Inténtalo de nuevo en unos segundos.';

/**
 * From the moment `app.close()` is called, a new request answers 503 in the contract's shape and
 * closes its connection. (Fastify's own flag is set only when its close hook gets its turn, after
 * other plugins' hooks; the call itself is the moment the server stops taking work.)
 */
export function registerClosingAnswer(app: FastifyInstance) {
  let closing = false;
  const close = app.close;
  // `close` is declared as two overloads (a promise, or a callback); the wrapper declares the same two and hands
  // its arguments, whichever they are, to Fastify's own close on the instance.
  function closeAndRefuse(): Promise<undefined>;
  function closeAndRefuse(closeListener: () => void): undefined;
  function closeAndRefuse(...args: [] | [closeListener: () => void]): Promise<undefined> | undefined {
    closing = true;
    return Reflect.apply(close, app, args);
  }
  app.close = closeAndRefuse;
  app.addHook('onRequest', (_req, reply, done) => {
    if (!closing) return done();
    reply
      .code(503)
      .header('connection', 'close')
      .header('retry-after', '5')
      .send({ error: 'service_unavailable', error_description: SHUTTING_DOWN });
  });
}
