import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';

const YEAR_SECONDS = 365 * 24 * 3600;

/**
 * The standard security headers (QUALITY.md) and caching (issue 16 §8):
 * - CSP with `connect-src 'self'` only (CSP 3 'self' covers the socket.io WebSocket of the same host);
 * - `upgrade-insecure-requests` and HSTS only when the request came over HTTPS (directly, or
 *   through a proxy trusted by TRUST_PROXY that says so in X-Forwarded-Proto): over plain
 *   `http://<address>:3000` they made Chromium rewrite every asset to https and show a blank page;
 * - `Cache-Control: no-store` on every API and sign-in answer that sets none of its own.
 * The SPA's own caching (index.html no-cache, hashed assets immutable) is in plugins/spa.ts.
 * Helmet's middleware is built once here and run on every request (issue 16 §1: `@fastify/helmet`
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
  app.addHook('onRequest', (req, reply, done) => { headers(req.raw, reply.raw, (err?: unknown) => done(err as Error | undefined)); });
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.protocol === 'https') {
      reply.header('strict-transport-security', `max-age=${YEAR_SECONDS}; includeSubDomains`);
      const csp = reply.getHeader('content-security-policy');
      if (typeof csp === 'string') reply.header('content-security-policy', `${csp};upgrade-insecure-requests`);
    }
    const path = req.url.split('?')[0]!;
    if ((path.startsWith('/api/') || path.startsWith('/oauth/')) && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}
