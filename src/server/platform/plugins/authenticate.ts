import type { FastifyInstance, FastifyRequest, onSendHookHandler } from 'fastify';
import type { Db } from '../db/db.js';
import type { AuthCache, CachedPrincipal } from '../http/auth-cache.js';
import { isDeviceToken, loadDevice } from '../../devices/device-auth.js';
import { findSession } from '../http/sessions.js';
import { asPlatform } from '../db/row-scope.js';
import type { AuthEvents } from '../services/auth-events.js';
import { tokenHash } from '../services/tokens.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Resolves the bearer token of every request: a session into `req.auth`, a device token
 * into `req.device`; both null when absent or invalid. A device token is never a session, so every
 * route that does not accept devices answers it 401. Tokens resolve through the session cache.
 * A write's answer waits until this process has heard the auth events its own
 * transaction emitted (`events.barrier()`), so a log-out answered here is refused here on the very
 * next request, whatever the order of the answer and the notification.
 */
export function registerAuthentication(app: FastifyInstance, db: Db, cache: AuthCache, events: AuthEvents) {
  app.decorateRequest('auth', null);
  app.decorateRequest('device', null);
  // Callback hooks with a synchronous hit: a cached token costs no promise and no
  // extra turn of the event loop; only a miss waits for the database.
  app.addHook('onRequest', (req, _reply, done) => {
    const header = req.headers.authorization;
    if (!header?.startsWith('Bearer ')) return done();
    const token = header.slice(7).trim();
    const hash = tokenHash(token);
    const device = isDeviceToken(token);
    const hit = cache.peek(hash);
    if (hit) {
      settle(req, device, hit);
      return done();
    }
    // A device token names its community, and an account's memberships and resident records span
    // communities (whether it is blocked): resolving either reads across communities (the platform's work).
    const load = device
      ? () => asPlatform('resolver el token de un dispositivo', () => loadDevice(db, hash))
      : () => findSession(db, hash);
    cache.resolve(hash, load).then((found) => {
      settle(req, device, found);
      done();
    }, done);
  });
  // A write's answer waits for its own events; a hook of the routes that may write only (a read pays nothing for it).
  const barrier: onSendHookHandler = (_req, _reply, payload, done) => {
    events.barrier().then(() => done(null, payload), done);
  };
  app.addHook('onRoute', (route) => {
    if ([route.method].flat().some((m) => !SAFE_METHODS.has(m.toUpperCase())))
      route.onSend = [...[route.onSend ?? []].flat(), barrier];
  });
}

function settle(req: FastifyRequest, device: boolean, found: CachedPrincipal | null) {
  if (device) req.device = found?.kind === 'device' ? found.device : null;
  else req.auth = found?.kind === 'session' ? found.auth : null;
}
