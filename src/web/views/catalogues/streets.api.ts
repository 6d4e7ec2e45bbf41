import type { Page } from '../../../shared/platform/api-types.js';
import type { Street } from '../../../shared/catalogues/catalogue-types.js';
import { api, listQuery } from '../../platform/api/client.js';
import type { CatalogueApi } from './named-catalogue.api.js';

const base = '/api/streets';
const at = (uuid: string) => `${base}/${encodeURIComponent(uuid)}`;

export interface StreetValues {
  name: string;
  idZone: number;
}

/** Calles: create sends a list of one `{ name, idZone }`. */
export const streetsApi: CatalogueApi<Street, StreetValues> & {
  byZone: (zoneUuid: string) => Promise<Street[]>;
  all: () => Promise<Street[]>;
} = {
  list: (q) => api.get<Page<Street>>(`${base}?${listQuery(q)}`),
  /** Every street of the community, for selectors (the list without `page`). */
  all: () => api.get<Street[]>(base),
  get: (uuid) => api.get<Street>(at(uuid)),
  /** `GET api/streets/zones/{zoneUuid}`: the street selector after a zone is chosen. */
  byZone: (zoneUuid) => api.get<Street[]>(`${base}/zones/${encodeURIComponent(zoneUuid)}`),
  create: (values) => api.post<Street[]>(base, [{ name: values.name, idZone: values.idZone }]),
  update: (uuid, values) => api.put<Street>(at(uuid), { name: values.name, idZone: values.idZone }),
  remove: (uuid) => api.del<void>(at(uuid)),
};
