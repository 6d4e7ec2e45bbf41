import type { Page } from '../../../shared/platform/api-types.js';
import type { Gate } from '../../../shared/catalogues/catalogue-types.js';
import { api, listQuery } from '../../platform/api/client.js';
import type { CatalogueApi } from './named-catalogue.api.js';

const base = '/api/gates';
const at = (uuid: string) => `${base}/${encodeURIComponent(uuid)}`;

/**
 * Puertas de acceso. The contract's bodies carry `idFrac`; the session's community
 * always wins on the server, and `api/users/me` gives no numeric community id, so it is left out.
 */
export const gatesApi: CatalogueApi<Gate, { name: string }> & { complete: () => Promise<Gate[]> } = {
  list: (q) => api.get<Page<Gate>>(`${base}?${listQuery(q)}`),
  get: (uuid) => api.get<Gate>(at(uuid)),
  complete: () => api.get<Gate[]>(`${base}/complete`),
  create: (values) => api.post<Gate[]>(base, [{ name: values.name }]),
  update: (uuid, values) => api.put<Gate>(at(uuid), { uuid, name: values.name }),
  remove: (uuid) => api.del<void>(at(uuid)),
};
