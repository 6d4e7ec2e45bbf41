import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { redactUrl } from './log-redaction.js';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** A request that took longer than this is logged at `warn`, whatever it was. */
export const SLOW_REQUEST_MS = 1000;

/**
 * One log line per request, when it is answered (docs/decisions.md, "what the request
 * log keeps"): method, redacted URL, the client's address, status and time in ms, as flat fields.
 * Its level says what an operator acts on:
 * - `info`: every change (a method other than GET, HEAD, OPTIONS) and every refused or failed answer
 *   (status ≥ 400), reads included;
 * - `warn`: any request slower than `SLOW_REQUEST_MS`;
 * - `debug`: a read answered well (most of the traffic: screens, lists, live counters, heartbeats);
 *   `LOG_LEVEL=debug` shows every request, with `incoming request` when it arrives (the crash tests
 *   run at debug to see a request arrive);
 * - `error`: an answer that failed with an error (`request errored`, the request and the error).
 * Fastify calls these itself, so they cost no hook. A route not found is the completed line's 404.
 */
export class RequestLog extends LogController {
  override incomingRequest(request: FastifyRequest) {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error) {
      reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
      return;
    }
    const ms = reply.elapsedTime;
    const status = reply.statusCode;
    const level = ms >= SLOW_REQUEST_MS ? 'warn' : status >= 400 || !READS.has(request.method) ? 'info' : 'debug';
    reply.log[level](
      { method: request.method, url: redactUrl(request.url), ip: request.ip, status, ms },
      level === 'warn' ? 'request slow' : 'request completed',
    );
  }

  override routeNotFound() {}
}
