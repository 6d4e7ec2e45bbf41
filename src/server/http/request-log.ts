import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One log line per request, when it is answered (issue 16 §1): `request completed` with the request
 * (method, redacted URL, address: `requestLogSerializer`), the status and the time; `incoming
 * request` only at `debug` (the crash tests run the server at debug to see a request arrive). Fastify
 * calls these itself, so they cost no hook. A route not found is the completed line's 404.
 */
export class RequestLog extends LogController {
  override incomingRequest(request: FastifyRequest) {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }

  override routeNotFound() {}
}
