import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';

const YEAR_SECONDS = 365 * 24 * 3600;

/**
 * The standard security headers and caching:
 * - CSP with `connect-src 'self'` only (CSP 3 'self' covers the socket.io WebSocket of the same host);
 * - `upgrade-insecure-requests` and HSTS only when the request came over HTTPS (directly, or
 *   through a proxy trusted by TRUST_PROXY that says so in X-Forwarded-Proto): over plain
 *   `http://<address>:3000` they made Chromium rewrite every asset to https and show a blank page;
 * - `Cache-Control: no-store` on every API and sign-in answer that sets none of its own;
 * - the API's answers (`/api/…` but its reference page, `/oauth/…`) are data, never a page: they take
 *   the short set OWASP's REST cheat sheet names (`default-src 'none'; frame-ancestors 'none'`,
 *   nosniff, no referrer, no framing, same-origin resources only), not the shell's twelve headers
 *   (writing and checking 700 bytes of headers was a tenth of a cached whoami).
 * The SPA's own caching (index.html no-cache, hashed assets immutable) is in plugins/spa.ts.
 * Helmet's middleware is built once here and its headers taken once (`@fastify/helmet`
 * builds it again per request, parsing the CSP directives each time, a measurable share of a
 * cached whoami).
 */
export async function registerSecurityHeaders(app: FastifyInstance) {
  const headers = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  // Helmet's headers do not depend on the request (no nonce): they are taken once from its middleware
  // and set on each reply in one call (running the twelve middlewares per request, each
  // validating its header on the raw response, was a tenth of a cached whoami).
  const fixed: Record<string, string> = {};
  const capture = {
    setHeader: (name: string, value: unknown) => {
      fixed[name.toLowerCase()] = String(value);
    },
    removeHeader: () => undefined,
  };
  await new Promise<void>((resolve, reject) => {
    // Helmet's middleware only calls setHeader and removeHeader on the response: a stand-in with those two is enough.
    headers({} as IncomingMessage, capture as unknown as ServerResponse, (err?: unknown) =>
      err ? reject(err as Error) : resolve(),
    );
  });
  const overHttps = (set: Record<string, string>) => ({
    ...set,
    'strict-transport-security': `max-age=${YEAR_SECONDS}; includeSubDomains`,
    'content-security-policy': `${set['content-security-policy']};upgrade-insecure-requests`,
  });
  const sets = { api: API_HEADERS, shell: fixed, apiHttps: overHttps(API_HEADERS), shellHttps: overHttps(fixed) };
  // Set when the request arrives, so that a route's own (a file's CSP, a download's caching) replaces
  // them; no hook runs when the answer is sent.
  app.addHook('onRequest', (req, reply, done) => {
    const api = isApiAnswer(req.url);
    reply.headers(req.protocol === 'https' ? (api ? sets.apiHttps : sets.shellHttps) : api ? sets.api : sets.shell);
    done();
  });
}

/**
 * The API's answers (data, never a page): the short set of OWASP's REST cheat sheet. Also set on
 * the answers Fastify gives before any route or hook runs (plugins/errors.ts `frameworkErrorHandler`).
 */
export const API_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none';frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cross-origin-resource-policy': 'same-origin',
  'cache-control': 'no-store',
};

/** An answer of the API (data), as opposed to the shell, its assets and the API's reference page. */
const isApiAnswer = (url: string) =>
  url.startsWith('/oauth/') || (url.startsWith('/api/') && !url.startsWith('/api/docs'));
