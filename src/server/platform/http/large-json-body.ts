/**
 * JSON bodies of upload routes parsed off the event loop: a body of several megabytes (base64
 * files) takes tens of milliseconds to decode and parse, and every other request of the process
 * would wait that long. In the scope given, a body over OFF_THREAD_BYTES is handed (moved, not
 * copied) to the upload pool's threads and its value comes back; a smaller one is parsed here.
 * Same answers as Fastify's parser (json-body.ts).
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../shared/platform/errors.js';
import { parseInPool } from '../services/upload-pool.js';
import { INVALID_JSON, parseJsonBody, type JsonBody } from './json-body.js';

/** Bodies up to this size are parsed on the event loop (well under a millisecond). */
export const OFF_THREAD_BYTES = 256 * 1024;

/** Bytes the pool may take: the body's own memory when it owns it whole, else a copy. */
const movable = (body: Buffer) =>
  body.byteOffset === 0 && body.buffer.byteLength === body.length && body.buffer instanceof ArrayBuffer
    ? new Uint8Array(body.buffer)
    : new Uint8Array(body);

/** Replaces the JSON parser of `scope` (an encapsulated plugin: the routes it defines) with the off-thread one. */
export function parseLargeJsonOffThread(scope: FastifyInstance) {
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, async (_req: unknown, body: Buffer) => {
    const parsed: JsonBody =
      body.length <= OFF_THREAD_BYTES ? parseJsonBody(body.toString('utf8')) : await parseInPool(movable(body));
    if (!parsed.ok) throw new AppError('invalid_request', INVALID_JSON);
    return parsed.value;
  });
}
