import type { AddressOption } from '../../shared/api-types.js';
import { api } from './client.js';

/** `GET api/addresses/{cp}` (spec 1 §3, §7): colonies, city and state of a postal code. */
export const addressesApi = {
  lookup: (cp: string) => api.get<AddressOption[]>(`/api/addresses/${encodeURIComponent(cp)}`),
};
