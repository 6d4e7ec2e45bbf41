import type { NamedItem } from '../../../shared/catalogues/catalogue-types.js';
import { namedCatalogueApi } from './named-catalogue.api.js';

/** Colores: `api/colors`. */
export const colorsApi = namedCatalogueApi<NamedItem>('/api/colors');
