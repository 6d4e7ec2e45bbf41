import type { FastifyInstance } from 'fastify';
import { NamedItemSchema } from '../../shared/catalogues/catalogue.answer.js';
import type { AppDeps } from '../deps.js';
import { registerGlobalCatalogue } from './global-catalogue.js';

/** Car brands ('Marcas de vehículos'). The delete also answers on the 'cardbrands' spelling one client uses. */
export function carBrandRoutes(app: FastifyInstance, { db }: AppDeps) {
  registerGlobalCatalogue(app, db, {
    item: NamedItemSchema,
    name: { one: 'CarBrand', many: 'CarBrands' },
    table: 'car_brands',
    url: '/api/carbrands',
    deleteAliases: ['/api/cardbrands'],
    tag: 'marcas de vehículos',
    select: 'uuid, name',
    messages: {
      notFound: 'La marca de vehículo no existe.',
      duplicate: 'Ya existe una marca de vehículo con ese nombre.',
      inUse: 'No es posible eliminar la marca porque tiene registros asociados.',
    },
  });
}
