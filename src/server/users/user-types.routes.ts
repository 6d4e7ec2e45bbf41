import type { FastifyInstance } from 'fastify';
import { UserTypeItemSchema } from '../../shared/catalogues/catalogue.answer.js';
import type { AppDeps } from '../deps.js';
import { registerGlobalCatalogue } from '../catalogues/global-catalogue.js';
import { SYSTEM_USER_TYPE_IDS, USER_TYPE_SELECT } from './user-rows.js';

/**
 * User types. The types the roles are built on can be
 * renamed but never deleted; a type still held by users cannot be deleted either.
 */
export function userTypeRoutes(app: FastifyInstance, { db }: AppDeps) {
  registerGlobalCatalogue(app, db, {
    item: UserTypeItemSchema,
    name: { one: 'UserType', many: 'UserTypes' },
    table: 'user_types',
    url: '/api/userstypes',
    listAliases: ['/api/userstypes/'],
    tag: 'tipos de usuario',
    select: USER_TYPE_SELECT,
    messages: {
      notFound: 'El tipo de usuario no existe.',
      duplicate: 'Ya existe un tipo de usuario con ese nombre.',
      inUse: 'No es posible eliminar el tipo de usuario porque hay usuarios que lo tienen asignado.',
    },
    refuseDelete: (row) =>
      SYSTEM_USER_TYPE_IDS.includes(row.id) ? 'No es posible eliminar un tipo de usuario del sistema.' : null,
  });
}
