import type { FastifyInstance } from 'fastify';
import { ActiveCommunitySchema, CurrentUserSchema, WhoAmISchema } from '../../shared/session/account.answer.js';
import * as v from 'valibot';
import type { CurrentUser, WhoAmI } from '../../shared/platform/api-types.js';
import { AppError } from '../../shared/platform/errors.js';
import { roleNameOf } from '../../shared/platform/roles.js';
import { signedLogoUrl } from '../communities/image-links.js';
import type { Db } from '../platform/db/db.js';
import { defineRoute } from '../platform/http/route.js';
import { accountCommunities } from '../platform/http/sessions.js';
import { communitySettings } from '../settings/community-settings.js';
import { accountById, communityLogoAndClub, setActiveCommunity } from './account-rows.js';

export function accountRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const loadUser = async (userId: number) => {
    const row = await accountById(db, userId);
    if (!row) throw new AppError('unauthorized');
    return row;
  };

  defineRoute(app, {
    operationId: 'whoAmI',
    response: WhoAmISchema,
    method: 'GET',
    url: '/api/users/whoami',
    summary: 'Usuario y rol de la sesión',
    tags: ['sesión'],
    access: 'signedIn',
    // From the resolved session alone: its email and type are kept current by the auth events.
    handler: ({ auth }): WhoAmI => ({
      uuid: auth.userUuid,
      email: auth.email,
      username: auth.email,
      role: roleNameOf(auth.role, auth.typeId),
      idUsersTypes: auth.typeId,
    }),
  });

  defineRoute(app, {
    operationId: 'getCurrentUser',
    response: CurrentUserSchema,
    method: 'GET',
    url: '/api/users/me',
    summary: 'Datos del usuario actual y sus fraccionamientos',
    tags: ['sesión'],
    access: 'signedIn',
    handler: async ({ auth }): Promise<CurrentUser> => {
      const user = await loadUser(auth.userId);
      const communities = await accountCommunities(db, auth.userId);
      const active = communities.find((c) => c.id === auth.communityId) ?? null;
      const settings = active ? await communitySettings(db, active.id) : undefined;
      const logo = active ? await communityLogoAndClub(db, active.id) : undefined;
      return {
        uuid: user.uuid,
        email: user.email,
        username: user.email,
        role: roleNameOf(auth.role, auth.typeId),
        roleKey: auth.role,
        frac: active?.name ?? null,
        product: communities.map((c) => ({ name: c.name, uuid: c.uuid })),
        // A signed, short-lived link: the top bar's <img> loads it without a Bearer header.
        logoURL: logo?.logo_path ? await signedLogoUrl(db, active!.uuid, user.uuid) : null,
        idUsersTypes: user.user_type_id,
        testFrac: active && settings ? { uuid: active.uuid, name: active.name, settings } : null,
        firstName: user.first_name,
        lastName: user.last_name,
        club: logo?.club ?? false,
      };
    },
  });

  defineRoute(app, {
    operationId: 'setActiveCommunity',
    response: ActiveCommunitySchema,
    errors: [404],
    method: 'PUT',
    url: '/api/users/setUpdateFrac/:fracUuid',
    summary: 'Cambia el fraccionamiento activo de la sesión',
    tags: ['sesión'],
    access: 'signedIn',
    params: v.object({ fracUuid: v.pipe(v.string(), v.uuid('Fraccionamiento no válido.')) }),
    handler: async ({ auth, params }) => {
      const community = (await accountCommunities(db, auth.userId)).find((c) => c.uuid === params.fracUuid);
      if (!community) throw new AppError('not_found', 'El fraccionamiento no existe.');
      await setActiveCommunity(db, auth.sessionId, auth.userId, community.id);
      return { uuid: community.uuid, name: community.name };
    },
  });
}
