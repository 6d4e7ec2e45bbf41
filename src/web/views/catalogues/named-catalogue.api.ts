import type { Page } from '../../../shared/platform/api-types.js';
import { api, listQuery } from '../../platform/api/client.js';

export interface ListParams {
  page: number;
  size: number;
  search: string;
}

/** The calls every name-only catalogue answers (list, one, create, update, delete). */
export interface CatalogueApi<Row, Values> {
  list: (q: ListParams) => Promise<Page<Row>>;
  get: (uuid: string) => Promise<Row>;
  create: (values: Values) => Promise<unknown>;
  update: (uuid: string, values: Values) => Promise<unknown>;
  remove: (uuid: string) => Promise<unknown>;
}

const at = (base: string, uuid: string) => `${base}/${encodeURIComponent(uuid)}`;

/**
 * The global catalogues' contract: create sends a list of one `{ name }`, update
 * `{ uuid, name }`. `listPath` and `deleteBase` hold the contract's other spellings.
 */
export function namedCatalogueApi<Row>(
  base: string,
  spellings: { listPath?: string; deleteBase?: string } = {},
): CatalogueApi<Row, { name: string }> {
  return {
    list: (q) => api.get<Page<Row>>(`${spellings.listPath ?? base}?${listQuery(q)}`),
    get: (uuid) => api.get<Row>(at(base, uuid)),
    create: (values) => api.post<Row[]>(base, [{ name: values.name }]),
    update: (uuid, values) => api.put<Row>(at(base, uuid), { uuid, name: values.name }),
    remove: (uuid) => api.del<void>(at(spellings.deleteBase ?? base, uuid)),
  };
}
