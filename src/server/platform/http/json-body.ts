/**
 * A request's JSON body: a malformed body, and one that carries a `__proto__` key or a
 * `constructor.prototype` (prototype poisoning), are refused with the same Spanish 400. An empty
 * body is no body: a client that sets `Content-Type: application/json` on every call, also on a
 * call that sends nothing (a DELETE, enabling a record, resending a code), is answered as if it
 * had sent no content type. The same parser reads every route's body, on the event loop
 * (registerJsonBody) or in a thread for large uploads (large-json-body.ts), so the answer does
 * not depend on where the body was parsed.
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../shared/platform/errors.js';

export const INVALID_JSON = 'El cuerpo de la solicitud no es un JSON válido.';

// The keys as they may be written in JSON, escapes included (as secure-json-parse looks for them).
const PROTO_KEY =
  /"(?:_|\\u005[Ff])(?:_|\\u005[Ff])(?:p|\\u0070)(?:r|\\u0072)(?:o|\\u006[Ff])(?:t|\\u0074)(?:o|\\u006[Ff])(?:_|\\u005[Ff])(?:_|\\u005[Ff])"\s*:/;
const CONSTRUCTOR_KEY =
  /"(?:c|\\u0063)(?:o|\\u006[Ff])(?:n|\\u006[Ee])(?:s|\\u0073)(?:t|\\u0074)(?:r|\\u0072)(?:u|\\u0075)(?:c|\\u0063)(?:t|\\u0074)(?:o|\\u006[Ff])(?:r|\\u0072)"\s*:/;

const has = (value: object, key: string) => Object.hasOwn(value, key);

function poisoned(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (has(value, '__proto__')) return true;
  const ctor = (value as Record<string, unknown>).constructor;
  if (has(value, 'constructor') && ctor !== null && typeof ctor === 'object' && has(ctor, 'prototype')) return true;
  return Object.values(value).some(poisoned);
}

export type JsonBody = { ok: true; value: unknown } | { ok: false };

/** The body's value, or `{ ok: false }` when it is not JSON we accept. */
export function parseJsonBody(text: string): JsonBody {
  // Whitespace only is an empty body too (JSON.parse refuses it): no body, as without a content type.
  if (text.trim().length === 0) return { ok: true, value: undefined };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false };
  }
  // The walk happens only when the text names one of the keys at all (as in secure-json-parse).
  if ((PROTO_KEY.test(text) || CONSTRUCTOR_KEY.test(text)) && poisoned(value)) return { ok: false };
  return { ok: true, value };
}

/** Replaces Fastify's JSON parser of the whole app with parseJsonBody (an empty body is no body). */
export function registerJsonBody(app: FastifyInstance) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req: unknown, text: string | Buffer, done) => {
    const parsed = parseJsonBody(typeof text === 'string' ? text : text.toString('utf8'));
    if (parsed.ok) done(null, parsed.value);
    else done(new AppError('invalid_request', INVALID_JSON), undefined);
  });
}
