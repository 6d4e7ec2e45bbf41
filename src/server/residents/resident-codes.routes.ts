import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../shared/platform/errors.js';
import { RESIDENT_EDITORS } from '../../shared/residents/resident-rules.js';
import type { ResidentAnswer } from '../../shared/residents/resident-types.js';
import { ResendCodeAnswerSchema, ResidentRegisteredSchema } from '../../shared/residents/resident.answer.js';
import { ResidentIdParamsSchema, ResidentRegistrationSchema } from '../../shared/residents/resident.schema.js';
import { UserType } from '../../shared/platform/roles.js';
import { communityScope, communityScopeOf, NOW } from '../platform/db/community-scope.js';
import type { AppDeps } from '../deps.js';
import { defineRoute } from '../platform/http/route.js';
import { hashPassword } from '../session/passwords.js';
import { codeSigningKey, issueCodes, mailCodes, redeemingResident } from './resident-codes.js';
import { communityMailName, liveResidentId, RESIDENT_NOT_FOUND, residentById } from './resident-rows.js';

export const CodeMessages = {
  noApp: 'El residente no usa la app: activa el uso de la app al editarlo para enviarle un código.',
  inactive: 'El residente está desactivado: actívalo antes de enviarle un código.',
  alreadyActivated: 'El residente ya activó su código.',
  resent: 'Se envió un nuevo código de registro al correo del residente.',
  invalid: 'El código o el correo no son válidos.',
  expired: 'El código expiró. Pide a la administración que te envíe uno nuevo.',
  used: 'El código ya se usó. Inicia sesión con tu correo y contraseña.',
  throttled: 'Demasiados intentos. Espera 15 minutos y vuelve a intentarlo.',
  registered: 'Registro completado. Ya puedes iniciar sesión.',
} as const;

const sameCode = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * The registration code's two halves: the administration resends it, and
 * the resident app sends it back with the email and a password, which makes the account.
 */
export function residentCodeRoutes(app: FastifyInstance, { db, mailer, throttles }: AppDeps) {
  const tags = ['residentes'];
  const throttle = throttles.residentCode;

  defineRoute(app, {
    operationId: 'resendResidentCode',
    response: ResendCodeAnswerSchema,
    errors: [404, 409],
    method: 'PUT',
    url: '/api/residents/resendRegistrationEmail/:id',
    tags,
    access: RESIDENT_EDITORS,
    params: ResidentIdParamsSchema,
    summary:
      'Emite un código de registro nuevo (15 minutos, un solo uso) y lo envía por correo; el anterior deja de valer',
    handler: async ({ auth, params }) => {
      const community = communityScope(db, auth);
      const key = await codeSigningKey(db);
      const { id, codes } = await community.tx(async (scope, q) => {
        const current = await liveResidentId(q, scope.communityId, params.id, true);
        if (!current) throw new AppError('not_found', RESIDENT_NOT_FOUND);
        if (current.status !== 'ACTIVE') throw new AppError('conflict', CodeMessages.inactive);
        if (!current.useapp || !current.email) throw new AppError('conflict', CodeMessages.noApp);
        const pending = await q.one('SELECT 1 FROM resident_codes WHERE resident_id = $1 AND used_at IS NULL', [
          current.id,
        ]);
        if (!pending && current.user_id !== null) throw new AppError('conflict', CodeMessages.alreadyActivated);
        const r = (await scope.first<{ first_name: string }>({
          select: 'r.first_name',
          from: { table: 'residents', alias: 'r' },
          where: ['r.id = $1'],
          params: [current.id],
        }))!;
        return {
          id: current.id,
          codes: await issueCodes(key, q, [
            { id: current.id, uuid: params.id, email: current.email, firstName: r.first_name },
          ]),
        };
      });
      await mailCodes(mailer, codes, await communityMailName(db, community.communityId), (error) =>
        app.log.error({ err: error }, 'No fue posible enviar el código'),
      );
      const resident: ResidentAnswer = await residentById(db, id);
      return { description: CodeMessages.resent, resident };
    },
  });

  defineRoute(app, {
    operationId: 'registerResident',
    response: ResidentRegisteredSchema,
    errors: [409, 410, 429],
    status: 201,
    method: 'POST',
    url: '/api/residents/register',
    tags,
    access: 'public',
    platform: 'registrar a un residente por su código',
    body: ResidentRegistrationSchema,
    summary:
      'La app del residente: con su correo, el código recibido y una contraseña crea su cuenta (rol Residente) y consume el código. Luego inicia sesión en /oauth/token',
    responseDescription: 'La cuenta quedó lista.',
    handler: async ({ req, body }) => {
      // Counted before the code is looked at: a burst of guesses sent at once is cut at the limit.
      if (await throttle.attempt(body.email, req.ip)) throw new AppError('too_many_requests', CodeMessages.throttled);
      const passwordHash = await hashPassword(body.password);
      const outcome = await db.tx(async (q) => {
        const resident = await redeemingResident(q, body.email);
        if (resident?.status !== 'ACTIVE' || !resident.useapp) return 'invalid' as const;
        const code = await q.one<{ id: number; code: string; expired: boolean }>(
          'SELECT id, code, expires_at <= now() AS expired FROM resident_codes WHERE resident_id = $1 AND used_at IS NULL',
          [resident.id],
        );
        if (!code || !sameCode(code.code, body.code)) {
          const used = await q.one(
            'SELECT 1 FROM resident_codes WHERE resident_id = $1 AND used_at IS NOT NULL AND code = $2',
            [resident.id, body.code],
          );
          return used ? ('used' as const) : ('invalid' as const);
        }
        if (code.expired) return 'expired' as const;
        const account = await q.one<{ id: number; user_type_id: number }>(
          'SELECT id, user_type_id FROM users WHERE lower(email) = $1 AND deleted_at IS NULL',
          [body.email],
        );
        if (account && account.user_type_id !== UserType.resident)
          throw new AppError('conflict', 'Correo ya existente.');
        const userId = account
          ? (await q.one<{ id: number }>(
              `UPDATE users SET password_hash = $2, status = 'ACTIVE', first_name = $3, last_name = $4, active_community_id = $5
              WHERE id = $1 RETURNING id`,
              [account.id, passwordHash, resident.first_name, resident.last_name, resident.community_id],
            ))!.id
          : (await q.one<{ id: number }>(
              `INSERT INTO users (email, first_name, last_name, password_hash, user_type_id, status, active_community_id)
             VALUES ($1, $2, $3, $4, $5, 'ACTIVE', $6) RETURNING id`,
              [
                body.email,
                resident.first_name,
                resident.last_name,
                passwordHash,
                UserType.resident,
                resident.community_id,
              ],
            ))!.id;
        // The resident's community, named by the email and its code: the membership and the link are written there.
        const community = communityScopeOf(q, resident.community_id);
        await community.insertRow('user_communities', { user_id: userId }, { ifAbsent: true });
        await community.update('residents', { id: resident.id }, { user_id: userId, updated_at: NOW });
        await q.query('UPDATE resident_codes SET used_at = now() WHERE id = $1', [code.id]);
        await q.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL', [userId]);
        return 'registered' as const;
      });
      if (outcome !== 'registered') {
        if (outcome === 'expired') throw new AppError('gone', CodeMessages.expired);
        if (outcome === 'used') throw new AppError('gone', CodeMessages.used);
        throw new AppError('invalid_request', CodeMessages.invalid);
      }
      await throttle.succeed(body.email, req.ip);
      return { email: body.email, description: CodeMessages.registered };
    },
  });
}
