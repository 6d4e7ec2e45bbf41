import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/db.js';
import { resolveSession } from '../http/sessions.js';

/** Resolves the bearer token of every request into `req.auth` (null when absent or invalid). */
export function registerAuthentication(app: FastifyInstance, db: Db) {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (req) => {
    const header = req.headers.authorization;
    if (!header?.startsWith('Bearer ')) return;
    req.auth = await resolveSession(db, header.slice(7).trim());
  });
}
