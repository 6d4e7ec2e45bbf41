import { canConfigureAdministrativeVisits } from '../../../shared/users/administrative-visit-rules.js';
import type { AddressOption, Page } from '../../../shared/platform/api-types.js';
import type { Role } from '../../../shared/platform/roles.js';
import type { UserPayload } from '../../../shared/users/user.schema.js';
import { userFormFromRow, type UserFormValues } from '../../../shared/users/user-form.js';
import type { ManagedUser } from '../../../shared/users/user-management-types.js';
import { administrativeVisitApi } from '../visits/administrative-visit.api.js';
import { api, listQuery } from '../../platform/api/client.js';

/** A listed user with the name the list's confirmation shows ('¿Seguro que deseas eliminar {name}?'). */
export type UserRow = ManagedUser & { name: string; [key: string]: unknown };

const withName = (user: ManagedUser): UserRow => ({ ...user, name: `${user.firstName} ${user.lastName}`.trim() });

/** Calls of the users screen. */
export const usersApi = {
  async list(q: { page: number; size: number; search: string }): Promise<Page<UserRow>> {
    const page = await api.get<Page<ManagedUser>>(`/api/users?${listQuery(q)}`);
    return { ...page, content: page.content.map(withName) };
  },
  /** POST api/users takes a list; the modal sends one user. */
  create: (user: UserPayload) => api.post<ManagedUser[]>('/api/users', [user]),
  update: (uuid: string, user: UserPayload) => api.put<ManagedUser>(`/api/users/${encodeURIComponent(uuid)}`, user),
  remove: (uuid: string) => api.del<void>(`/api/users/${encodeURIComponent(uuid)}`),
  addresses: (cp: string) => api.get<AddressOption[]>(`/api/addresses/${encodeURIComponent(cp)}`),
  /**
   * The edit modal's values: the listed row, plus, when administrators edit themselves,
   * whether the administrative resident is configured (chatbot use depends on it).
   */
  async editValues(row: ManagedUser, caller: { role: Role; uuid: string | null }): Promise<UserFormValues> {
    const values = userFormFromRow(row, caller.uuid);
    if (!values.isSelf || !canConfigureAdministrativeVisits(caller.role)) return values;
    return { ...values, administrativeResidentConfigured: (await administrativeVisitApi.current()) !== null };
  },
};
export type UsersApi = typeof usersApi;
