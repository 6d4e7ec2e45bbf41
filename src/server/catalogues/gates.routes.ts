import { GateAnswerSchema } from '../../shared/catalogues/catalogue.answer.js';
import { LOCATION_DELETERS, LOCATION_EDITORS, LOCATION_READERS } from '../../shared/catalogues/catalogue-access.js';
import { CreateGateSchema, GateSchema } from '../../shared/catalogues/catalogue.schema.js';
import type { RouteModule } from '../deps.js';
import { communityCatalogue, registerCommunityCatalogue } from './community-catalogue.js';
import { GATE_ROWS } from './location-rows.js';

/** Access gates of the active community. */
export const gateCatalogue = communityCatalogue({
  name: { one: 'Gate', many: 'Gates' },
  tag: 'puertas de acceso',
  url: '/api/gates',
  ...GATE_ROWS,
  item: GateAnswerSchema,
  access: { read: LOCATION_READERS, edit: LOCATION_EDITORS, delete: LOCATION_DELETERS },
  summaries: {
    list: 'Puertas de acceso (paginado, búsqueda por nombre)',
    get: 'Una puerta de acceso del fraccionamiento activo',
    create: 'Registra puertas de acceso (lista) en el fraccionamiento activo',
    update: 'Actualiza una puerta de acceso',
    delete: 'Elimina una puerta de acceso',
  },
  options: [
    {
      operationId: 'listGateOptions',
      url: '/api/gates/complete',
      summary: 'Todas las puertas de acceso del fraccionamiento activo (opciones)',
      access: LOCATION_READERS,
    },
  ],
  create: { body: CreateGateSchema, many: true, rows: (gates) => gates.map(({ name }) => ({ name })) },
  update: { body: GateSchema, values: ({ name }) => ({ name }) },
  messages: {
    notFound: 'La puerta de acceso no existe.',
    duplicate: 'Ya existe una puerta de acceso con ese nombre en el fraccionamiento.',
    inUse: 'No es posible eliminar la puerta de acceso porque tiene registros asociados.',
  },
});

export const gateRoutes: RouteModule = (app, deps) => registerCommunityCatalogue(app, deps, gateCatalogue);
