import type { FastifyInstance } from 'fastify';
import { pageOf } from '../../shared/platform/answer.schema.js';
import { ManagedUserSchema } from '../../shared/users/user.answer.js';
import * as v from 'valibot';
import type { Page } from '../../shared/platform/api-types.js';
import { AppError } from '../../shared/platform/errors.js';
import { CreateUsersSchema, UserPayloadSchema } from '../../shared/users/user.schema.js';
import type { ManagedUser } from '../../shared/users/user-management-types.js';
import {
  canManageUserType,
  isGuardType,
  TYPE_NOT_MANAGEABLE,
  USER_MANAGERS,
} from '../../shared/users/user-types-allowed.js';
import type { AppDeps } from '../deps.js';
import { ListQuerySchema } from '../platform/http/list-query.js';
import { atTrailingSlash, defineRoute } from '../platform/http/route.js';
import { auditedUpdate, auditWho, recordAudit } from '../audit/audit.js';
import { mailInvitation, registrationLink } from '../session/registration-tickets.js';
import { assertAddress, assertCodeFree, duplicateError } from './user-checks.js';
import { deleteUser } from './user-delete.js';
import { codeCommunityOf, findScopedUser, userIdPage, usersByIds } from './user-rows.js';
import { assertChatbot, createUser, parseForRole, writeUserEdit } from './user-writes.js';

/** The general administrator and integrators reach the communities they span here (logged). */
const ACROSS = 'los usuarios de los fraccionamientos que administra';

export const TYPE_UNCHANGEABLE = 'No es posible cambiar el tipo de usuario.';
export const EMAIL_UNCHANGEABLE = 'No es posible cambiar el correo del usuario.';

const UuidParams = v.object({ uuid: v.pipe(v.string('Identificador no válido.'), v.uuid('Identificador no válido.')) });
const sameText = (a: string | null, b: string | null) =>
  (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();

/** Runs a write; a unique index lost to a concurrent request answers 409 like the checks. */
async function guarded<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    throw duplicateError(error) ?? error;
  }
}

/** Users management. */
export function userRoutes(app: FastifyInstance, { db, mailer, publicUrl }: AppDeps) {
  const tags = ['usuarios'];

  for (const url of ['/api/users/', '/api/users']) {
    defineRoute(app, {
      acrossCommunities: ACROSS,
      operationId: atTrailingSlash('listUsers', url),
      response: pageOf(ManagedUserSchema),
      errors: [404],
      method: 'GET',
      url,
      tags,
      access: USER_MANAGERS,
      query: ListQuerySchema,
      summary:
        'Usuarios que administra quien llama (paginado; búsqueda por nombre, correo, código o tipo de usuario; sin contratistas)',
      handler: async ({ auth, query }): Promise<Page<ManagedUser>> => {
        const page = await userIdPage(db, auth, query);
        const preferred = auth.role === 'admin' ? auth.communityId : null;
        return {
          ...page,
          content: await usersByIds(
            db,
            page.content.map((r) => r.id),
            preferred,
          ),
        };
      },
    });
  }

  defineRoute(app, {
    acrossCommunities: ACROSS,
    operationId: 'createUsers',
    response: v.array(ManagedUserSchema),
    errors: [404, 409, 410],
    method: 'POST',
    url: '/api/users',
    tags,
    access: USER_MANAGERS,
    body: CreateUsersSchema,
    status: 201,
    summary:
      'Da de alta usuarios (lista) como PENDING y les envía el enlace para elegir contraseña; 409 duplicado, 410 de un usuario eliminado',
    handler: async ({ auth, body, req }): Promise<ManagedUser[]> => {
      const users = parseForRole(auth, body, (i) => `${i}.`);
      const created = await guarded(() =>
        db.tx(async (q) => {
          const out: Awaited<ReturnType<typeof createUser>>[] = [];
          for (const [i, user] of users.entries()) out.push(await createUser(q, auth, user, `${i}.`));
          for (const user of out)
            await recordAudit(q, { ...auditWho(req), action: 'user.create', recordUuid: user.uuid });
          return out;
        }),
      );
      for (const user of created) {
        if (!user.email || !user.ticket) continue;
        // The users exist once committed; a mail failure is logged and the link can be re-sent by a reset.
        await mailInvitation(mailer, user.email, registrationLink(publicUrl, user.ticket)).catch((err) =>
          req.log.error({ err }, 'invitation mail failed'),
        );
      }
      return usersByIds(
        db,
        created.map((u) => u.id),
        auth.role === 'admin' ? auth.communityId : null,
      );
    },
  });

  defineRoute(app, {
    acrossCommunities: ACROSS,
    operationId: 'updateUser',
    response: ManagedUserSchema,
    errors: [404, 409, 410],
    method: 'PUT',
    url: '/api/users/:uuid',
    tags,
    access: USER_MANAGERS,
    params: UuidParams,
    body: UserPayloadSchema,
    summary: 'Edita un usuario; el tipo y el correo no cambian (400 si se envían distintos)',
    handler: async ({ req, auth, params, body }): Promise<ManagedUser> => {
      const id = await guarded(() =>
        db.tx(async (q) => {
          const existing = await findScopedUser(q, auth, params.uuid);
          if (!canManageUserType(auth.role, existing.user_type_id))
            throw new AppError('forbidden', TYPE_NOT_MANAGEABLE);
          const [user] = parseForRole(auth, [body], () => '');
          if (user.idUsersTypes !== existing.user_type_id) {
            throw new AppError('invalid_request', TYPE_UNCHANGEABLE, { idUsersTypes: TYPE_UNCHANGEABLE });
          }
          if (!sameText(user.email, existing.email))
            throw new AppError('invalid_request', EMAIL_UNCHANGEABLE, { email: EMAIL_UNCHANGEABLE });
          await assertChatbot(q, auth, user, existing.id === auth.userId, '');
          const guard = isGuardType(existing.user_type_id);
          const codeCommunity = await codeCommunityOf(q, existing, auth.communityId);
          if (guard && !sameText(user.vigilantCode, existing.vigilant_code)) {
            if (codeCommunity === null) throw new AppError('forbidden', TYPE_NOT_MANAGEABLE);
            await assertCodeFree(q, codeCommunity, user.vigilantCode!, existing.id);
          }
          if (user.idAddress !== null) await assertAddress(q, user.idAddress, user.cp);
          await auditedUpdate(
            q,
            auditWho(req),
            { table: 'users', id: existing.id, uuid: params.uuid, action: 'user.update' },
            () => writeUserEdit(q, existing.id, user, guard, codeCommunity),
          );
          return existing.id;
        }),
      );
      return (await usersByIds(db, [id], auth.role === 'admin' ? auth.communityId : null))[0];
    },
  });

  defineRoute(app, {
    acrossCommunities: ACROSS,
    operationId: 'deleteUser',
    response: null,
    errors: [404, 409],
    method: 'DELETE',
    url: '/api/users/:uuid',
    tags,
    access: USER_MANAGERS,
    params: UuidParams,
    status: 204,
    summary:
      'Elimina un usuario: lo retira de los fraccionamientos de quien llama y, si no le queda ninguno, lo da de baja (borrado lógico) y revoca sus sesiones',
    handler: async ({ req, auth, params }) => {
      await db.tx(async (q) => {
        await deleteUser(q, auth, params.uuid);
        await recordAudit(q, { ...auditWho(req), action: 'user.delete', recordUuid: params.uuid });
      });
    },
  });
}
