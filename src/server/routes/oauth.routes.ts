import type { FastifyInstance } from 'fastify';
import { TokenResponseSchema } from '../../shared/schemas/account.answer.js';
import * as v from 'valibot';
import { ACCOUNT_EXPIRED, AppError } from '../../shared/errors.js';
import type { Db } from '../db/db.js';
import { requireClient } from '../http/client-credentials.js';
import { defineRoute } from '../http/route.js';
import { ACCOUNT_BLOCKED_SQL, openSession, revokeSession } from '../http/sessions.js';
import type { SignInThrottle } from '../services/login-throttle.js';
import { verifyPassword } from '../services/passwords.js';

const TokenRequestSchema = v.object({
  grant_type: v.string('Tipo de autorización no soportado.'),
  username: v.pipe(v.string('El campo es obligatorio.'), v.trim(), v.nonEmpty('El campo es obligatorio.'), v.maxLength(128, 'Usuario o contraseña incorrectos.')),
  password: v.pipe(v.string('El campo es obligatorio.'), v.nonEmpty('El campo es obligatorio.'), v.maxLength(128, 'Usuario o contraseña incorrectos.')),
});

interface Deps { db: Db; throttles: { signIn: SignInThrottle }; client: { id: string; secret: string } }

export function oauthRoutes(app: FastifyInstance, { db, throttles: { signIn: throttle }, client }: Deps) {
  defineRoute(app, {
    operationId: 'signIn', response: TokenResponseSchema, errors: [429], clientCredentials: true,
    method: 'POST',
    url: '/oauth/token',
    summary: 'Inicia sesión (password grant, credencial básica del cliente); responde access_token',
    tags: ['sesión'],
    access: 'public',
    consumes: ['application/x-www-form-urlencoded'],
    body: TokenRequestSchema,
    handler: async ({ req, body }) => {
      requireClient(req, client);
      if (body.grant_type !== 'password') throw new AppError('unsupported_grant_type');
      const account = body.username.toLowerCase();
      if (await throttle.isBlocked(account, req.ip)) {
        throw new AppError('too_many_requests', 'Demasiados intentos fallidos. Espera unos minutos e inténtalo de nuevo.');
      }
      const user = await db.one<{ id: number; password_hash: string | null; active_community_id: number | null; blocked: boolean }>(
        `SELECT u.id, u.password_hash, u.active_community_id, ${ACCOUNT_BLOCKED_SQL} AS blocked
           FROM users u WHERE lower(u.email) = $1 AND u.deleted_at IS NULL`,
        [account],
      );
      if (!(await verifyPassword(user?.password_hash, body.password)) || !user) {
        await throttle.fail(account, req.ip);
        throw new AppError('invalid_grant', 'Usuario o contraseña incorrectos.');
      }
      if (user.blocked) throw new AppError('invalid_grant', ACCOUNT_EXPIRED);
      await throttle.succeed(account, req.ip);
      const session = await openSession(db, user.id, user.active_community_id);
      return { access_token: session.token, token_type: 'bearer' as const, expires_in: session.expiresIn, scope: 'read write' };
    },
  });

  defineRoute(app, {
    operationId: 'signOut', response: null,
    method: 'POST',
    url: '/api/users/logout',
    summary: 'Cierra la sesión: revoca el token actual',
    tags: ['sesión'],
    access: 'signedIn',
    status: 204,
    handler: async ({ auth }) => { await revokeSession(db, auth.sessionId); },
  });
}
