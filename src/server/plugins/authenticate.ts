import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/db.js';
import { isDeviceToken, resolveDevice } from '../http/device-auth.js';
import { resolveSession } from '../http/sessions.js';

/**
 * Resolves the bearer token of every request: a session into `req.auth`, a device token (issue 9)
 * into `req.device`; both null when absent or invalid. A device token is never a session, so every
 * route that does not accept devices answers it 401.
 */
export function registerAuthentication(app: FastifyInstance, db: Db) {
  app.decorateRequest('auth', null);
  app.decorateRequest('device', null);
  app.addHook('onRequest', async (req) => {
    const header = req.headers.authorization;
    if (!header?.startsWith('Bearer ')) return;
    const token = header.slice(7).trim();
    if (isDeviceToken(token)) req.device = await resolveDevice(db, token);
    else req.auth = await resolveSession(db, token);
  });
}
