import type { FastifyInstance } from 'fastify';
import { TokenResponseSchema } from '../../shared/session/account.answer.js';
import * as v from 'valibot';
import { ACCOUNT_EXPIRED, AppError, LICENCE_EXPIRED } from '../../shared/platform/errors.js';
import type { Db } from '../platform/db/db.js';
import { requireClient } from './client-credentials.js';
import { defineRoute } from '../platform/http/route.js';
import { asPlatform } from '../platform/db/row-scope.js';
import { openSession, revokeSession } from '../platform/http/sessions.js';
import { signInAccount } from './account-rows.js';
import type { SignInThrottle } from './login-throttle.js';
import { auditWho, recordAudit } from '../audit/audit.js';
import { verifyPassword } from './passwords.js';

const TokenRequestSchema = v.object({
  grant_type: v.string('Tipo de autorización no soportado.'),
  username: v.pipe(
    v.string('El campo es obligatorio.'),
    v.trim(),
    v.nonEmpty('El campo es obligatorio.'),
    v.maxLength(128, 'Usuario o contraseña incorrectos.'),
  ),
  password: v.pipe(
    v.string('El campo es obligatorio.'),
    v.nonEmpty('El campo es obligatorio.'),
    v.maxLength(128, 'Usuario o contraseña incorrectos.'),
  ),
});

interface Deps {
  db: Db;
  throttles: { signIn: SignInThrottle };
  client: { id: string; secret: string };
}

export function oauthRoutes(app: FastifyInstance, { db, throttles: { signIn: throttle }, client }: Deps) {
  defineRoute(app, {
    operationId: 'signIn',
    response: TokenResponseSchema,
    errors: [429],
    clientCredentials: true,
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
      // Counted before the password is checked: a burst sent at once is cut at the limits.
      if (await throttle.attempt(account, req.ip)) {
        throw new AppError(
          'too_many_requests',
          'Demasiados intentos fallidos. Espera unos minutos e inténtalo de nuevo.',
        );
      }
      const user = await signInAccount(db, account);
      const who = {
        ...auditWho(req),
        actorUserId: user?.id ?? null,
        actorKind: user ? ('user' as const) : ('anonymous' as const),
        actorLabel: user || account.includes('@') ? account.slice(0, 160) : null,
      };
      // An unknown name that is not an email may be a password typed in the wrong field: not kept.
      if (!(await verifyPassword(user?.password_hash, body.password)) || !user) {
        await throttle.fail(account, req.ip);
        await recordAudit(db, {
          ...who,
          communityId: user?.active_community_id ?? null,
          action: 'session.signInFailed',
        });
        throw new AppError('invalid_grant', 'Usuario o contraseña incorrectos.');
      }
      // The password was right: the attempt is given back, whether the account may sign in or not.
      await throttle.succeed(account, req.ip);
      if (user.blocked) {
        await recordAudit(db, { ...who, communityId: user.active_community_id, action: 'session.signInRefused' });
        throw new AppError('invalid_grant', user.licence_expired ? LICENCE_EXPIRED : ACCOUNT_EXPIRED);
      }
      const session = await asPlatform('iniciar sesión: abrirla en un fraccionamiento de la cuenta', () =>
        db.tx(async (q) => {
          const opened = await openSession(q, user.id, user.active_community_id);
          await recordAudit(q, { ...who, communityId: opened.communityId, action: 'session.signIn' });
          return opened;
        }),
      );
      return {
        access_token: session.token,
        token_type: 'bearer' as const,
        expires_in: session.expiresIn,
        scope: 'read write',
      };
    },
  });

  defineRoute(app, {
    operationId: 'signOut',
    response: null,
    method: 'POST',
    url: '/api/users/logout',
    summary: 'Cierra la sesión: revoca el token actual',
    tags: ['sesión'],
    access: 'signedIn',
    status: 204,
    handler: async ({ req, auth }) => {
      await db.tx(async (q) => {
        await revokeSession(q, auth.sessionId);
        await recordAudit(q, { ...auditWho(req), action: 'session.signOut' });
      });
    },
  });
}
