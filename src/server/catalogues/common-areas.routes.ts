import { CommonAreaAnswerSchema } from '../../shared/catalogues/catalogue.answer.js';
import {
  COMMON_AREA_OPTION_READERS,
  LOCATION_DELETERS,
  LOCATION_EDITORS,
  LOCATION_READERS,
} from '../../shared/catalogues/catalogue-access.js';
import { CommonAreaSchema, CreateCommonAreaSchema } from '../../shared/catalogues/common-area.schema.js';
import type { RouteModule } from '../deps.js';
import { communityCatalogue, registerCommunityCatalogue } from './community-catalogue.js';
import { COMMON_AREA_ROWS } from './location-rows.js';

/** Common areas of the active community; each on a street of the same community. */
export const commonAreaCatalogue = communityCatalogue({
  name: { one: 'CommonArea', many: 'CommonAreas' },
  tag: 'áreas comunes',
  url: '/api/commonareas',
  listUrl: '/api/commonareas/complete',
  ...COMMON_AREA_ROWS,
  item: CommonAreaAnswerSchema,
  access: { read: LOCATION_READERS, edit: LOCATION_EDITORS, delete: LOCATION_DELETERS },
  summaries: {
    list: 'Áreas comunes con calle y zona (paginado, búsqueda por nombre)',
    get: 'Un área común del fraccionamiento activo',
    create: 'Registra áreas comunes (lista) en calles del fraccionamiento activo',
    update: 'Actualiza nombre, número o calle de un área común',
    delete: 'Elimina un área común',
  },
  options: [
    {
      operationId: 'listCommonAreaOptions',
      url: '/api/commonareas/byfrac',
      summary: 'Todas las áreas comunes del fraccionamiento activo (opciones)',
      access: COMMON_AREA_OPTION_READERS,
    },
  ],
  create: {
    body: CreateCommonAreaSchema,
    many: true,
    rows: (areas) => areas.map(({ idStreet, name, number }) => ({ street_id: idStreet, name, number })),
  },
  update: { body: CommonAreaSchema, values: ({ idStreet, name, number }) => ({ street_id: idStreet, name, number }) },
  ref: { column: 'street_id', table: 'streets', notFound: 'La calle seleccionada no existe.' },
  messages: {
    notFound: 'El área común no existe.',
    duplicate: 'Ya existe un área común con ese nombre en el fraccionamiento.',
    inUse: 'No es posible eliminar el área común porque tiene registros asociados.',
  },
});

export const commonAreaRoutes: RouteModule = (app, deps) => registerCommunityCatalogue(app, deps, commonAreaCatalogue);
