import type { FastifyRequest } from 'fastify';

const HIDDEN = '[oculto]';
const FIND_USER = /^(\/api\/users\/findUser\/)[^/]+/i;

/**
 * A URL as it may be logged: the registration/reset ticket of `findUser/{ticket}`
 * and of the SPA's `?type=register&uuid={ticket}` link is a secret like a token, so it is hidden.
 */
export function redactUrl(url: string): string {
  // Most URLs carry neither (one log line per request: the common case costs one scan).
  if (!url.includes('?') && !FIND_USER.test(url)) return url;
  const [path, query] = url.split('?', 2) as [string, string | undefined];
  const safePath = path.replace(FIND_USER, `$1${HIDDEN}`);
  if (query === undefined) return safePath;
  const params = new URLSearchParams(query);
  for (const name of ['uuid', 'code', 'token', 'access_token']) if (params.has(name)) params.set(name, HIDDEN);
  return `${safePath}?${params.toString()}`;
}

/** Fastify's request serializer with the URL redacted. */
export function requestLogSerializer(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
