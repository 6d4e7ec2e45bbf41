import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/db.js';
import type { AuthCache } from '../http/auth-cache.js';
import { isDeviceToken, loadDevice } from '../http/device-auth.js';
import { loadSession } from '../http/sessions.js';
import { asPlatform } from '../db/row-scope.js';
import type { AuthEvents } from '../services/auth-events.js';
import { tokenHash } from '../services/tokens.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Resolves the bearer token of every request: a session into `req.auth`, a device token (issue 9)
 * into `req.device`; both null when absent or invalid. A device token is never a session, so every
 * route that does not accept devices answers it 401. Tokens resolve through the session cache
 * (issue 16 §1). A write's answer waits until this process has heard the auth events its own
 * transaction emitted (`events.barrier()`), so a log-out answered here is refused here on the very
 * next request, whatever the order of the answer and the notification.
 */
export function registerAuthentication(app: FastifyInstance, db: Db, cache: AuthCache, events: AuthEvents) {
  app.decorateRequest('auth', null);
  app.decorateRequest('device', null);
  app.addHook('onRequest', async (req) => {
    const header = req.headers.authorization;
    if (!header?.startsWith('Bearer ')) return;
    const token = header.slice(7).trim();
    const hash = tokenHash(token);
    if (isDeviceToken(token)) {
      // The token names its community: resolving it reads across communities (the platform's work).
      const found = await cache.resolve(hash, () => asPlatform('resolver el token de un dispositivo', () => loadDevice(db, hash)));
      req.device = found?.kind === 'device' ? found.device : null;
    } else {
      // An account's memberships and resident records span communities (whether it is blocked).
      const found = await cache.resolve(hash, () => asPlatform('resolver una sesión', () => loadSession(db, hash)));
      req.auth = found?.kind === 'session' ? found.auth : null;
    }
  });
  app.addHook('onSend', async (req) => {
    if (!SAFE_METHODS.has(req.method)) await events.barrier();
  });
}
