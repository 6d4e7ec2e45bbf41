import type { NamedItem } from '../../../shared/catalogues/catalogue-types.js';
import { namedCatalogueApi } from './named-catalogue.api.js';

/** Marcas de vehículos: `api/carbrands` (the server also answers the delete on `api/cardbrands`). */
export const carBrandsApi = namedCatalogueApi<NamedItem>('/api/carbrands');
