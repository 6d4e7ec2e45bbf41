import type { UserTypeItem } from '../../../shared/catalogues/catalogue-types.js';
import { namedCatalogueApi } from '../catalogues/named-catalogue.api.js';

/** Tipos de usuario: the list is `GET api/userstypes/` with its trailing slash. */
export const userTypesApi = namedCatalogueApi<UserTypeItem>('/api/userstypes', { listPath: '/api/userstypes/' });
