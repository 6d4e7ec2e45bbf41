import type { Page } from '../../../shared/platform/api-types.js';
import type {
  CreatedIntegrator,
  Integrator,
  IntegratorDashboard,
} from '../../../shared/integrators/integrator-types.js';
import { integratorBodyOf, type IntegratorForm } from '../../../shared/integrators/integrator.schema.js';
import { api, listQuery } from '../../platform/api/client.js';

const base = '/api/integrator';
const one = (uuid: string) => `${base}/${encodeURIComponent(uuid)}`;

/** The general administrator's integrators (api/integrator) and the integrator's licences. */
export const integratorsApi = {
  list: (q: { page: number; size: number; search: string }) => api.get<Page<Integrator>>(`${base}/?${listQuery(q)}`),
  get: (uuid: string) => api.get<Integrator>(one(uuid)),
  create: (form: IntegratorForm) => api.post<CreatedIntegrator>(base, integratorBodyOf(form)),
  update: (uuid: string, form: IntegratorForm) => api.put<Integrator>(one(uuid), integratorBodyOf(form)),
  remove: (uuid: string) => api.del<void>(one(uuid)),
  setAccess: (uuid: string, enable: boolean) => api.put<Integrator>(`${one(uuid)}/${enable ? 'enable' : 'disable'}`),
  dashboard: () => api.get<IntegratorDashboard>(`${base}/dashboard`),
};
export type IntegratorsApi = typeof integratorsApi;

/** The form's fields of a loaded integrator (its account's email, its address' postal code). */
export const integratorFormValues = (i: Integrator) => ({
  name: i.name,
  lastName: i.lastName,
  email: i.testUser.email,
  phone: i.phone ?? '',
  cp: i.address?.cp ?? '',
  city: i.address?.city ?? '',
  state: i.address?.state ?? '',
  idAddress: i.address ? String(i.address.idAddress) : '',
  street: i.street,
  number: i.number ?? '',
  intNumber: i.intNumber ?? '',
  licenses: String(i.licenses),
});

export const emptyIntegratorForm = {
  name: '',
  lastName: '',
  email: '',
  phone: '',
  cp: '',
  city: '',
  state: '',
  idAddress: '',
  street: '',
  number: '',
  intNumber: '',
  licenses: '',
};
