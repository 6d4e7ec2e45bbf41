import type { Page } from '../../../shared/platform/api-types.js';
import type {
  ResidentAnswer,
  ResidentPage,
  ReactivateEmailAnswer,
  ValidateEmailAnswer,
} from '../../../shared/residents/resident-types.js';
import type { ResidentInput } from '../../../shared/residents/resident.schema.js';
import { api } from '../../platform/api/client.js';

/** A listed resident (the shared list reads `content`, `page`, and `name` for the delete confirmation). */
export type ResidentRow = ResidentAnswer & { [key: string]: unknown };

/** What the list asks: the page, the search, and 'Residentes activados' (app use only). */
export interface ResidentListQuery {
  page: number;
  size: number;
  search: string;
  useApp: boolean;
}

const base = '/api/residents';
const at = (path: string, uuid: string) => `${base}/${path}${encodeURIComponent(uuid)}`;

/** The body of PUT api/residents/{uuid}: the form's fields with `idZone` and phone uuids. */
export type ResidentUpdate = ResidentInput & { idZone: number };

/** Calls of the residents screens . */
export const residentsApi = {
  async list(q: ResidentListQuery): Promise<Page<ResidentRow>> {
    const query = new URLSearchParams({ page: String(q.page), size: String(q.size) });
    if (q.search) query.set('search', q.search);
    if (q.useApp) query.set('useApp', 'true');
    const page = await api.get<ResidentPage>(`${base}/?${query.toString()}`);
    return {
      content: page.data,
      totalElements: page.totalElements,
      totalPages: page.totalPages,
      page: page.pageNumber,
      size: page.size,
    };
  },
  get: (uuid: string) => api.get<ResidentAnswer>(at('', uuid)),
  /** POST api/residents takes a list of one. */
  create: (resident: ResidentInput) => api.post<ResidentAnswer[]>(base, [resident]),
  update: (uuid: string, resident: ResidentUpdate) => api.put<ResidentAnswer>(at('', uuid), resident),
  enable: (uuid: string) => api.put<ResidentAnswer>(at('enable/', uuid)),
  disable: (uuid: string) => api.put<ResidentAnswer>(at('disable/', uuid)),
  resendCode: (uuid: string) =>
    api.put<{ description: string; resident: ResidentAnswer }>(at('resendRegistrationEmail/', uuid)),
  remove: (uuid: string) => api.del<void>(at('', uuid)),
  removePhone: (uuid: string) => api.del<void>(`/api/phones/${encodeURIComponent(uuid)}`),
  /** The email check on blur; `residentUuid` in edit mode. */
  validateEmail: (email: string, residentUuid: string | null) =>
    api.post<ValidateEmailAnswer>(`${base}/validateEmail/`, residentUuid ? { email, residentUuid } : { email }),
  reactivateEmail: (email: string) => api.post<ReactivateEmailAnswer>(`${base}/reactivateEmail/`, { email }),
};
export type ResidentsApi = typeof residentsApi;
