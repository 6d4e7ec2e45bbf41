import type { Page } from '../../../shared/platform/api-types.js';
import type { Zone } from '../../../shared/catalogues/catalogue-types.js';
import { ZONE_COLOR } from '../../../shared/catalogues/zone.schema.js';
import { api, listQuery } from '../../platform/api/client.js';
import type { CatalogueApi } from './named-catalogue.api.js';

const base = '/api/zones';
const at = (uuid: string) => `${base}/${encodeURIComponent(uuid)}`;

/** Zonas: the colour is always sent black; the community is the session's. */
export const zonesApi: CatalogueApi<Zone, { name: string }> & { all: () => Promise<Zone[]> } = {
  list: (q) => api.get<Page<Zone>>(`${base}?${listQuery(q)}`),
  get: (uuid) => api.get<Zone>(at(uuid)),
  /** Every zone of the community, for the zone selectors (the list without `page`). */
  all: () => api.get<Zone[]>(base),
  create: (values) => api.post<Zone[]>(base, [{ name: values.name, color: ZONE_COLOR }]),
  update: (uuid, values) => api.put<Zone>(at(uuid), { name: values.name, color: ZONE_COLOR }),
  remove: (uuid) => api.del<void>(at(uuid)),
};
