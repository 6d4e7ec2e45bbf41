import { NamedItemSchema, ProviderTypePageSchema } from '../../shared/catalogues/catalogue.answer.js';
import { PROVIDER_TYPE_EDITORS, PROVIDER_TYPE_READERS } from '../../shared/catalogues/catalogue-access.js';
import { CatalogueNameSchema, UpdateCatalogueSchema } from '../../shared/catalogues/catalogue.schema.js';
import type { RouteModule } from '../deps.js';
import { communityCatalogue, registerCommunityCatalogue } from './community-catalogue.js';

/**
 * Provider types ('Proveedores'), kept per community: the menu gives
 * them to the community administrator, so one community's list never changes another's. The page
 * repeats its rows under `data`; a create is one row, answered alone.
 */
export const providerTypeCatalogue = communityCatalogue({
  name: { one: 'ProviderType', many: 'ProviderTypes' },
  tag: 'proveedores',
  url: '/api/providerTypes',
  from: { table: 'provider_types', alias: 'p' },
  select: 'p.uuid, p.name',
  item: NamedItemSchema,
  page: { response: ProviderTypePageSchema, answer: (page) => ({ ...page, data: page.content }) },
  access: { read: PROVIDER_TYPE_READERS, edit: PROVIDER_TYPE_EDITORS, delete: PROVIDER_TYPE_EDITORS },
  summaries: {
    list: 'Tipos de proveedor del fraccionamiento activo (lista bajo data, paginada)',
    get: 'Un tipo de proveedor del fraccionamiento activo',
    create: 'Registra un tipo de proveedor',
    update: 'Actualiza un tipo de proveedor',
    delete: 'Elimina un tipo de proveedor',
  },
  create: { body: CatalogueNameSchema, many: false, rows: ({ name }) => [{ name }] },
  update: { body: UpdateCatalogueSchema, values: ({ name }) => ({ name }) },
  messages: {
    notFound: 'El tipo de proveedor no existe.',
    duplicate: 'Ya existe un tipo de proveedor con ese nombre en el fraccionamiento.',
    inUse: 'No es posible eliminar el tipo de proveedor porque tiene registros asociados.',
  },
});

export const providerTypeRoutes: RouteModule = (app, deps) =>
  registerCommunityCatalogue(app, deps, providerTypeCatalogue);
