import type { Page } from '../../../shared/platform/api-types.js';
import { parseFullAddress } from '../../../shared/contractors/contractor-address.js';
import type { Construction, Contractor } from '../../../shared/contractors/contractor-types.js';
import { contractorBodyOf, type ContractorForm } from '../../../shared/contractors/contractor.schema.js';
import { api, listQuery } from '../../platform/api/client.js';
import { sessionApi } from '../session/session.api.js';

const base = '/api/contractors';
const one = (uuid: string) => `${base}/${encodeURIComponent(uuid)}`;
type ListQuery = { page: number; size: number; search: string };

/** Contractors ; resending the access is `POST api/users/resetPassword` with the email as text. */
export const contractorsApi = {
  list: (q: ListQuery) => api.get<Page<Contractor>>(`${base}/?${listQuery(q)}`),
  /** Every contractor of the community, for the site form's selector (the list without `page`). */
  all: () => api.get<Contractor[]>(`${base}/`),
  get: (uuid: string) => api.get<Contractor>(one(uuid)),
  current: () => api.get<Contractor>(`${base}/user`),
  create: (form: ContractorForm) => api.post<Contractor>(base, contractorBodyOf(form, false)),
  update: (uuid: string, form: ContractorForm) => api.put<Contractor>(one(uuid), contractorBodyOf(form, true)),
  remove: (uuid: string) => api.del<void>(one(uuid)),
  resendAccess: (email: string) => sessionApi.resetPassword(email),
};
export type ContractorsApi = typeof contractorsApi;

/** The form's fields of a loaded contractor: its `fullAddress` read back into parts (either format). */
export function contractorFormValues(c: Contractor) {
  const parts = parseFullAddress(c.fullAddress) ?? { street: c.fullAddress, number: '', postalCode: '', city: '' };
  return {
    firstName: c.firstName,
    lastName: c.lastName,
    enterprise: c.enterprise,
    phone: c.phone,
    email: c.user.email,
    street: parts.street,
    number: parts.number,
    cp: parts.postalCode,
    city: parts.city,
  };
}

export const emptyContractorForm = {
  firstName: '',
  lastName: '',
  enterprise: '',
  phone: '',
  email: '',
  street: '',
  number: '',
  cp: '',
  city: '',
};

const sites = '/api/constructions';
const site = (uuid: string) => `${sites}/${encodeURIComponent(uuid)}`;

/** Construction sites . */
export const constructionsApi = {
  list: (q: ListQuery) => api.get<Page<Construction>>(`${sites}?${listQuery(q)}`),
  get: (uuid: string) => api.get<Construction>(site(uuid)),
  ofContractor: (contractor: string, q: ListQuery) =>
    api.get<Page<Construction>>(`${sites}/contractor/?contractor=${encodeURIComponent(contractor)}&${listQuery(q)}`),
  /** The signed-in contractor's own sites (its record first: `GET api/contractors/user`). */
  async mine(q: ListQuery) {
    const me = await contractorsApi.current();
    return constructionsApi.ofContractor(me.uuid, q);
  },
  create: (body: unknown) => api.post<Construction>(sites, body),
  update: (uuid: string, body: unknown) => api.put<Construction>(site(uuid), body),
  remove: (uuid: string) => api.del<void>(site(uuid)),
};
export type ConstructionsApi = typeof constructionsApi;
