import { ZoneAnswerSchema } from '../../shared/catalogues/catalogue.answer.js';
import { LOCATION_DELETERS, LOCATION_EDITORS, LOCATION_READERS } from '../../shared/catalogues/catalogue-access.js';
import { CreateZoneSchema, ZoneSchema } from '../../shared/catalogues/zone.schema.js';
import type { RouteModule } from '../deps.js';
import { communityCatalogue, registerCommunityCatalogue } from './community-catalogue.js';
import { ZONE_ROWS } from './location-rows.js';

/** Zones of the active community. */
export const zoneCatalogue = communityCatalogue({
  name: { one: 'Zone', many: 'Zones' },
  tag: 'zonas',
  url: '/api/zones',
  ...ZONE_ROWS,
  item: ZoneAnswerSchema,
  access: { read: LOCATION_READERS, edit: LOCATION_EDITORS, delete: LOCATION_DELETERS },
  summaries: {
    list: 'Zonas del fraccionamiento activo (paginado, búsqueda por nombre)',
    get: 'Una zona del fraccionamiento activo',
    create: 'Registra zonas (lista de una) en el fraccionamiento activo',
    update: 'Actualiza una zona',
    delete: 'Elimina una zona sin calles',
  },
  create: { body: CreateZoneSchema, many: true, rows: (zones) => zones.map(({ name, color }) => ({ name, color })) },
  update: { body: ZoneSchema, values: ({ name, color }) => ({ name, color }) },
  messages: {
    notFound: 'La zona no existe.',
    duplicate: 'Ya existe una zona con ese nombre en el fraccionamiento.',
    inUse: 'No es posible eliminar la zona porque tiene calles u otros registros asociados.',
  },
});

export const zoneRoutes: RouteModule = (app, deps) => registerCommunityCatalogue(app, deps, zoneCatalogue);
