import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { AppError } from '../../../shared/platform/errors.js';
import type { CounterStore } from '../services/counter-store.js';

/** The Spanish text of the write limit's 429. */
export const WRITE_RATE_LIMITED = 'Demasiadas operaciones en poco tiempo. Espera un minuto e inténtalo de nuevo.';
/** The write limit's window: a fixed minute from the token's first write in it. */
export const WRITE_RATE_WINDOW_MS = 60_000;

/** What `defineRoute` marks on a write route that a token calls (POST, PUT, PATCH, DELETE; not public). */
export interface WriteLimitedConfig {
  writeLimited?: boolean;
}

/**
 * A general rate limit per token on write routes: every write of a session (or a
 * linked device) counts in the shared counter store (Redis or `throttle_counters`), so every
 * API process limits together; over `perMinute` writes in a minute the write answers 429 in the
 * contract's shape, before its body is read, and changes nothing. 0 turns it off.
 */
export function registerWriteRateLimit(app: FastifyInstance, counters: CounterStore, perMinute: number) {
  if (perMinute <= 0) return;
  const limit: onRequestHookHandler = (req, reply, done) => {
    const key = req.auth ? `write:s:${req.auth.sessionId}` : req.device ? `write:d:${req.device.deviceId}` : null;
    if (!key) return done(); // no valid token: the route answers 401 itself
    counters.hit(key, WRITE_RATE_WINDOW_MS).then((count) => {
      if (count <= perMinute) return done();
      reply.header('retry-after', String(WRITE_RATE_WINDOW_MS / 1000));
      done(new AppError('too_many_requests', WRITE_RATE_LIMITED));
    }, done);
  };
  // A hook of the write routes only (after the global ones, so the token is resolved): a read pays nothing for it.
  app.addHook('onRoute', (route) => {
    if ((route.config as WriteLimitedConfig | undefined)?.writeLimited)
      route.onRequest = [...[route.onRequest ?? []].flat(), limit];
  });
}
