import { StreetAnswerSchema } from '../../shared/catalogues/catalogue.answer.js';
import { LOCATION_DELETERS, LOCATION_EDITORS, LOCATION_READERS } from '../../shared/catalogues/catalogue-access.js';
import { CreateStreetSchema, StreetSchema, ZoneUuidParamsSchema } from '../../shared/catalogues/street.schema.js';
import type { RouteModule } from '../deps.js';
import { communityCatalogue, registerCommunityCatalogue } from './community-catalogue.js';
import { STREET_ROWS } from './location-rows.js';

const ZONE_NOT_FOUND = 'La zona seleccionada no existe.';

/** Streets of the active community; each hangs on a zone of the same community. */
export const streetCatalogue = communityCatalogue({
  name: { one: 'Street', many: 'Streets' },
  tag: 'calles',
  url: '/api/streets',
  ...STREET_ROWS,
  item: StreetAnswerSchema,
  access: { read: LOCATION_READERS, edit: LOCATION_EDITORS, delete: LOCATION_DELETERS },
  summaries: {
    list: 'Calles del fraccionamiento activo (paginado, búsqueda por nombre)',
    get: 'Una calle del fraccionamiento activo',
    create: 'Registra calles (lista) en zonas del fraccionamiento activo',
    update: 'Actualiza el nombre o la zona de una calle',
    delete: 'Elimina una calle sin registros asociados',
  },
  options: [
    {
      operationId: 'listStreetsOfZone',
      url: '/api/streets/zones/:zoneUuid',
      summary: 'Todas las calles de una zona (opciones)',
      access: LOCATION_READERS,
      parent: {
        params: ZoneUuidParamsSchema,
        param: 'zoneUuid',
        table: 'zones',
        column: 'zone_id',
        notFound: ZONE_NOT_FOUND,
      },
    },
  ],
  create: {
    body: CreateStreetSchema,
    many: true,
    rows: (streets) => streets.map(({ idZone, name }) => ({ zone_id: idZone, name })),
  },
  update: { body: StreetSchema, values: ({ idZone, name }) => ({ zone_id: idZone, name }) },
  ref: { column: 'zone_id', table: 'zones', notFound: ZONE_NOT_FOUND },
  messages: {
    notFound: 'La calle no existe.',
    duplicate: 'Ya existe una calle con ese nombre en la zona.',
    inUse: 'No es posible eliminar la calle porque tiene residentes, áreas comunes u otros registros asociados.',
  },
});

export const streetRoutes: RouteModule = (app, deps) => registerCommunityCatalogue(app, deps, streetCatalogue);
