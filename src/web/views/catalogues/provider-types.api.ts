import type { Page } from '../../../shared/platform/api-types.js';
import type { NamedItem, ProviderTypePage } from '../../../shared/catalogues/catalogue-types.js';
import { api, listQuery } from '../../platform/api/client.js';
import type { CatalogueApi } from './named-catalogue.api.js';

const base = '/api/providerTypes';
const at = (uuid: string) => `${base}/${encodeURIComponent(uuid)}`;

/** Proveedores: `api/providerTypes`; the list comes under `data` and create takes one `{ name }`. */
export const providerTypesApi: CatalogueApi<NamedItem, { name: string }> = {
  list: async (q) => {
    const { data, ...page } = await api.get<ProviderTypePage>(`${base}?${listQuery(q)}`);
    return { ...page, content: data } satisfies Page<NamedItem>;
  },
  get: (uuid) => api.get<NamedItem>(at(uuid)),
  create: (values) => api.post<NamedItem>(base, { name: values.name }),
  update: (uuid, values) => api.put<NamedItem>(at(uuid), { uuid, name: values.name }),
  remove: (uuid) => api.del<void>(at(uuid)),
};
