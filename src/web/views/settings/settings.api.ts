import type { CurrentUser } from '../../../shared/platform/api-types.js';
import type { CommunitySettings, SettingsValues } from '../../../shared/settings/settings-rules.js';
import { api } from '../../platform/api/client.js';

/** 'Ajustes' : read back through `GET api/users/me`, saved with `PUT api/fracs/{uuid}/configure`. */
export const settingsApi = {
  async load(): Promise<CommunitySettings> {
    const me = await api.get<CurrentUser>('/api/users/me');
    const settings = me.testFrac?.settings;
    if (!settings)
      throw {
        kind: 'http',
        status: 404,
        body: { error: 'not_found', error_description: 'No tienes un fraccionamiento activo.' },
      };
    return settings as CommunitySettings;
  },
  save: (uuid: string, values: SettingsValues) =>
    api.put<CommunitySettings>(`/api/fracs/${encodeURIComponent(uuid)}/configure`, values),
};
export type SettingsApi = typeof settingsApi;
