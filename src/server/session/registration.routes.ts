import type { FastifyInstance } from 'fastify';
import {
  MessageSchema,
  NewPasswordAnswerSchema,
  RegistrationLookupAnswerSchema,
} from '../../shared/session/account.answer.js';
import * as v from 'valibot';
import type { RegistrationLookup } from '../../shared/platform/api-types.js';
import { AppError } from '../../shared/platform/errors.js';
import { FORBIDDEN_CHARACTERS_MESSAGE, forbiddenCharacterPath } from '../../shared/platform/form-validation.js';
import { INVALID_EMAIL, NewPasswordSchema, ResetEmailSchema } from '../../shared/session/auth.schema.js';
import type { Db } from '../platform/db/db.js';
import { requireClient } from './client-credentials.js';
import { defineRoute } from '../platform/http/route.js';
import type { CounterStore } from '../platform/services/counter-store.js';
import type { Mailer } from '../platform/services/mail.js';
import { hashPassword } from './passwords.js';
import {
  issueTicket,
  mailResetLink,
  redeemTicket,
  registrationLink,
  resettableAccount,
  ticketAccount,
} from './registration-tickets.js';

interface Deps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  client: { id: string; secret: string };
  counters: CounterStore;
}

/** Reset requests: 3 per email and 10 per address in an hour, shared by every process. */
export const RESET_LIMITS = { windowMs: 60 * 60_000, perAccount: 3, perAddress: 10 } as const;

export function registrationRoutes(app: FastifyInstance, { db, mailer, publicUrl, client, counters }: Deps) {
  defineRoute(app, {
    operationId: 'findRegistration',
    response: RegistrationLookupAnswerSchema,
    method: 'GET',
    url: '/api/users/findUser/:uuid',
    tags: ['registro'],
    access: 'public',
    summary: 'Busca el registro pendiente de un enlace; respuesta vacía si no existe',
    params: v.object({ uuid: v.string() }),
    handler: async ({ params }): Promise<RegistrationLookup | ''> => {
      if (!v.is(v.pipe(v.string(), v.uuid()), params.uuid)) return ''; // an empty text body, as the contract answers
      const row = await ticketAccount(db, params.uuid);
      if (!row) return '';
      return { uuid: params.uuid, email: row.email, firstName: row.first_name, idUsersTypes: row.user_type_id };
    },
  });

  defineRoute(app, {
    operationId: 'completeRegistration',
    response: NewPasswordAnswerSchema,
    errors: [404],
    method: 'POST',
    url: '/api/users/newPassword',
    tags: ['registro'],
    access: 'public',
    summary: 'Completa el registro (o el restablecimiento) con la contraseña elegida',
    body: NewPasswordSchema,
    handler: async ({ body }) => {
      const passwordHash = await hashPassword(body.password);
      const done = await redeemTicket(db, body.uuid, passwordHash);
      if (!done) throw new AppError('not_found', 'No existe el usuario solicitado, por favor contacte a soporte');
      return { idUsersTypes: done.user_type_id };
    },
  });

  async function sendResetLink(email: string) {
    const user = await resettableAccount(db, email);
    if (user) await mailResetLink(mailer, user.email, registrationLink(publicUrl, await issueTicket(db, user.id)));
  }

  /** The reset call's body as documented: the account's email, as plain text (its format is checked in the handler). */
  const ResetPasswordBodySchema = v.optional(
    v.pipe(v.string(INVALID_EMAIL), v.description('El correo de la cuenta (texto plano, hasta 64 caracteres)')),
  );

  defineRoute(app, {
    operationId: 'requestPasswordReset',
    response: MessageSchema,
    errors: [400, 413, 415, 429],
    clientCredentials: true,
    method: 'POST',
    url: '/api/users/resetPassword',
    tags: ['registro'],
    access: 'public',
    summary: 'Envía por correo las instrucciones para restablecer la contraseña (cuerpo: el correo en texto plano)',
    consumes: ['text/plain'],
    // Documents the body (the email as text); read and checked below, after the client credential.
    body: ResetPasswordBodySchema,
    handler: async ({ req }) => {
      requireClient(req, client);
      const text = typeof req.body === 'string' ? req.body : '';
      if (forbiddenCharacterPath(text)) throw new AppError('invalid_request', FORBIDDEN_CHARACTERS_MESSAGE);
      const parsed = v.safeParse(ResetEmailSchema, text);
      if (!parsed.success) throw new AppError('invalid_request', parsed.issues[0].message);
      const email = parsed.output.toLowerCase();
      // Counted for known and unknown emails alike, so the 429 tells nothing about accounts.
      const [perAccount, perAddress] = await Promise.all([
        counters.hit(`reset:a:${email}`, RESET_LIMITS.windowMs),
        counters.hit(`reset:ip:${req.ip}`, RESET_LIMITS.windowMs),
      ]);
      if (perAccount > RESET_LIMITS.perAccount || perAddress > RESET_LIMITS.perAddress) {
        throw new AppError(
          'too_many_requests',
          'Ya enviamos varias solicitudes. Espera una hora e inténtalo de nuevo.',
        );
      }
      // The answer does not wait for the lookup nor the mail: known and unknown emails take the same time.
      setImmediate(() => {
        void sendResetLink(email).catch((err: unknown) =>
          req.log.error({ err }, 'No fue posible enviar el enlace de restablecimiento'),
        );
      });
      return { message: 'Te enviamos un correo con las instrucciones.' };
    },
  });
}
