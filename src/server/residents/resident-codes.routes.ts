import type { FastifyInstance } from 'fastify';
import { AppError } from '../../shared/platform/errors.js';
import { RESIDENT_EDITORS } from '../../shared/residents/resident-rules.js';
import type { ResidentAnswer } from '../../shared/residents/resident-types.js';
import { ResendCodeAnswerSchema, ResidentRegisteredSchema } from '../../shared/residents/resident.answer.js';
import { ResidentIdParamsSchema, ResidentRegistrationSchema } from '../../shared/residents/resident.schema.js';
import { communityScope } from '../platform/db/community-scope.js';
import type { AppDeps } from '../deps.js';
import { defineRoute } from '../platform/http/route.js';
import { hashPassword } from '../session/passwords.js';
import { codeSigningKey, hasPendingCode, issueCodes, mailCodes, redeemCode } from './resident-codes.js';
import {
  communityMailName,
  liveResidentId,
  RESIDENT_NOT_FOUND,
  residentById,
  residentFirstName,
} from './resident-rows.js';

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
        if (!(await hasPendingCode(q, current.id)) && current.user_id !== null)
          throw new AppError('conflict', CodeMessages.alreadyActivated);
        const firstName = await residentFirstName(scope, current.id);
        return {
          id: current.id,
          codes: await issueCodes(key, q, [{ id: current.id, uuid: params.id, email: current.email, firstName }]),
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
      const outcome = await db.tx((q) => redeemCode(q, body, passwordHash));
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
