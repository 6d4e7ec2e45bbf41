import type { AdministrativeResidentInput } from '../../../shared/users/administrative-resident.schema.js';
import type { AdministrativeResident } from '../../../shared/users/user-management-types.js';
import { api } from '../../platform/api/client.js';

const BASE = '/api/administrativeVisitUser/administrativeResident';

/** Calls of 'Configuración visitas administrativas'. */
export const administrativeVisitApi = {
  /** The community's configuration, or null while none exists. */
  current: () => api.get<AdministrativeResident | null>(BASE),
  /** POST the first time (201), PUT /{fracId} once the community has one (200). */
  async save(body: AdministrativeResidentInput): Promise<AdministrativeResident> {
    const existing = await administrativeVisitApi.current();
    if (!existing) return api.post<AdministrativeResident>(`${BASE}/`, body);
    return api.put<AdministrativeResident>(`${BASE}/${encodeURIComponent(String(existing.idFrac))}`, body);
  },
};
export type AdministrativeVisitApi = typeof administrativeVisitApi;
