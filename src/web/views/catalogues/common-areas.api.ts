import type { Page } from '../../../shared/platform/api-types.js';
import type { CommonArea } from '../../../shared/catalogues/catalogue-types.js';
import { api, listQuery } from '../../platform/api/client.js';
import type { CatalogueApi } from './named-catalogue.api.js';

const base = '/api/commonareas';
const at = (uuid: string) => `${base}/${encodeURIComponent(uuid)}`;

export interface CommonAreaValues {
  name: string;
  number: string;
  idStreet: number;
}

/** Áreas comunes: the list is `GET api/commonareas/complete`; create sends a list of one. */
export const commonAreasApi: CatalogueApi<CommonArea, CommonAreaValues> = {
  list: (q) => api.get<Page<CommonArea>>(`${base}/complete?${listQuery(q)}`),
  get: (uuid) => api.get<CommonArea>(at(uuid)),
  create: (values) =>
    api.post<CommonArea[]>(base, [{ name: values.name, number: values.number, idStreet: values.idStreet }]),
  update: (uuid, values) =>
    api.put<CommonArea>(at(uuid), { name: values.name, idStreet: values.idStreet, number: values.number }),
  remove: (uuid) => api.del<void>(at(uuid)),
};
