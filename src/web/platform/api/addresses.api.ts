import type { AddressOption } from '../../../shared/platform/api-types.js';
import type { AddressRef } from '../../../shared/integrators/integrator-types.js';
import { api } from './client.js';

/** `GET api/addresses/{cp}`: colonies, city and state of a postal code. */
export const addressesApi = {
  lookup: (cp: string) => api.get<AddressOption[]>(`/api/addresses/${encodeURIComponent(cp)}`),
};

/** A loaded record's own colony, as the postal-code lookup would list it. */
export const ownColony = (a: AddressRef | null): AddressOption[] =>
  a ? [{ idAddress: a.idAddress, uuid: a.uuid, colony: a.colony, state: a.state, location: a.city }] : [];
