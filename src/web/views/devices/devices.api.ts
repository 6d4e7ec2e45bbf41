import type { Page } from '../../../shared/platform/api-types.js';
import type { DeviceAnswer, DevicePage, LinkCodeAnswer, ParentOption } from '../../../shared/devices/device-types.js';
import type { DeviceInput } from '../../../shared/devices/device.schema.js';
import { api } from '../../platform/api/client.js';

/** A listed device (the shared list reads `content`, `page`, and `name` for the delete confirmation). */
export type DeviceRow = DeviceAnswer & { [key: string]: unknown };

/** What the list asks: the page, the search and what it looks in, the status and the type. */
export interface DeviceListQuery {
  page: number;
  size: number;
  search: string;
  searchBy: string;
  status: string;
  deviceType: string;
}

const base = '/api/devices';
const at = (path: string, uuid: string) => `${base}/${path}${encodeURIComponent(uuid)}`;

/** Calls of /qrcodes . */
export const devicesApi = {
  async list(q: DeviceListQuery): Promise<Page<DeviceRow>> {
    const query = new URLSearchParams({ page: String(q.page), size: String(q.size) });
    for (const name of ['search', 'searchBy', 'status', 'deviceType'] as const) if (q[name]) query.set(name, q[name]);
    const page = await api.get<DevicePage>(`${base}/?${query.toString()}`);
    return {
      content: page.data,
      totalElements: page.totalElements,
      totalPages: page.totalPages,
      page: page.pageNumber,
      size: page.size,
    };
  },
  get: (uuid: string) => api.get<DeviceAnswer>(at('', uuid)),
  create: (device: DeviceInput) => api.post<DeviceAnswer>(`${base}/`, device),
  update: (uuid: string, device: DeviceInput) => api.put<DeviceAnswer>(at('', uuid), device),
  remove: (uuid: string) => api.del<void>(at('', uuid)),
  /** `{id}`: the device's uuid, or the community's for a device being created. */
  parents: (uuid: string) => api.get<ParentOption[]>(at('searchParentDevice/', uuid)),
  issueCode: (uuid: string) => api.put<LinkCodeAnswer>(at('linkCode/', uuid)),
  /** The device token (the link's identifier the record answers) as the body. */
  unlink: (uuid: string, deviceToken: string) => api.put<DeviceAnswer>(at('unlinkDevice/', uuid), { deviceToken }),
};
export type DevicesApi = typeof devicesApi;
