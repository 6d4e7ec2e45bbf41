import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { redactUrl } from './log-redaction.js';

/**
 * One log line per request, when it is answered (issue 16 §1): `request completed` with the method,
 * the redacted URL, the client's address, the status and the time in ms, as flat fields (pino writes
 * a flat line of strings and numbers without a serializer or a nested object: a third of the line's
 * cost); `incoming request` only at `debug` (the crash tests run the server at debug to see a request
 * arrive). Fastify calls these itself, so they cost no hook. A route not found is the completed
 * line's 404. An error's line keeps the whole request and the error (`requestLogSerializer`).
 */
export class RequestLog extends LogController {
  override incomingRequest(request: FastifyRequest) {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else {
      reply.log.info({ method: request.method, url: redactUrl(request.url), ip: request.ip, status: reply.statusCode, ms: reply.elapsedTime }, 'request completed');
    }
  }

  override routeNotFound() {}
}
