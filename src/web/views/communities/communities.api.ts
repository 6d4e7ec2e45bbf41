import type { Page } from '../../../shared/platform/api-types.js';
import type { AdministratorOption, Community } from '../../../shared/communities/community-types.js';
import { communityBodyOf, type CommunityForm, type LogoFile } from '../../../shared/communities/community.schema.js';
import { api, listQuery } from '../../platform/api/client.js';

const one = (uuid: string) => `/api/fracs/${encodeURIComponent(uuid)}`;

/** The integrator's communities (api/fracs, api/users/integrator). */
export const communitiesApi = {
  list: (q: { page: number; size: number; search: string }) => api.get<Page<Community>>(`/api/fracs/?${listQuery(q)}`),
  get: (uuid: string) => api.get<Community>(one(uuid)),
  create: (form: CommunityForm, file?: LogoFile | null) =>
    api.post<Community>('/api/fracs/admin', communityBodyOf(form, file)),
  update: (uuid: string, form: CommunityForm, idFile: number | null, file?: LogoFile | null) =>
    api.put<Community>(one(uuid), { ...communityBodyOf(form, file), idFile }),
  /** `PUT api/fracs/{uuid}/enable` or `/disable` (the licence state). */
  setAccess: (uuid: string, enable: boolean) => api.put<Community>(`${one(uuid)}/${enable ? 'enable' : 'disable'}`),
  administrators: () => api.get<AdministratorOption[]>('/api/users/integrator'),
  /** The logo's `publicUrl` is a signed, short-lived link of the reader's: an `<img>` loads it as it is. */
  logo: async (publicUrl: string): Promise<string | null> => publicUrl,
};
export type CommunitiesApi = typeof communitiesApi;

/** The form's fields of a loaded community. */
export const communityFormValues = (c: Community) => ({
  name: c.name,
  cp: c.cp ?? c.address?.cp ?? '',
  city: c.city ?? c.address?.city ?? '',
  state: c.state ?? c.address?.state ?? '',
  idAddress: c.idAddress === null ? '' : String(c.idAddress),
  street: c.street ?? '',
  extNumber: c.extNumber ?? '',
  intNumber: c.intNumber ?? '',
  licenseTotal: String(c.licenseTotal),
  idUser: c.idUser === null ? '' : String(c.idUser),
  club: c.club,
});

export const emptyCommunityForm = {
  name: '',
  cp: '',
  city: '',
  state: '',
  idAddress: '',
  street: '',
  extNumber: '',
  intNumber: '',
  licenseTotal: '',
  idUser: '',
  club: false,
};
