import type { FastifyInstance } from 'fastify';
import { NamedItemSchema } from '../../shared/catalogues/catalogue.answer.js';
import type { AppDeps } from '../deps.js';
import { registerGlobalCatalogue } from './global-catalogue.js';

/** Vehicle colours ('Colores'). */
export function colorRoutes(app: FastifyInstance, { db }: AppDeps) {
  registerGlobalCatalogue(app, db, {
    item: NamedItemSchema,
    name: { one: 'Color', many: 'Colors' },
    table: 'colors',
    url: '/api/colors',
    tag: 'colores',
    select: 'uuid, name',
    messages: {
      notFound: 'El color no existe.',
      duplicate: 'Ya existe un color con ese nombre.',
      inUse: 'No es posible eliminar el color porque tiene registros asociados.',
    },
  });
}
