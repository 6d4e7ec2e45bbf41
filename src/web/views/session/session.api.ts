import type { CurrentUser, RegistrationLookup, TokenResponse } from '../../../shared/platform/api-types.js';
import { api } from '../../platform/api/client.js';

export const sessionApi = {
  async signIn(email: string, password: string): Promise<{ token: string; user: CurrentUser }> {
    const token = await api.form<TokenResponse>('/oauth/token', {
      grant_type: 'password',
      username: email.trim(),
      password,
    });
    // The token is kept only once the session machine accepts it for this portal.
    const user = await api.withToken<CurrentUser>('GET', '/api/users/me', token.access_token);
    return { token: token.access_token, user };
  },
  me: () => api.get<CurrentUser>('/api/users/me'),
  switchCommunity: (uuid: string) => api.put<unknown>(`/api/users/setUpdateFrac/${encodeURIComponent(uuid)}`),
  signOut: (token: string | null) =>
    token ? api.withToken<void>('POST', '/api/users/logout', token) : api.post<void>('/api/users/logout'),
  async findUser(uuid: string): Promise<RegistrationLookup | null> {
    const found = await api.public.get<RegistrationLookup | string | undefined>(
      `/api/users/findUser/${encodeURIComponent(uuid)}`,
    );
    return typeof found === 'object' && found !== null ? found : null;
  },
  newPassword: (uuid: string, password: string) =>
    api.public.post<unknown>('/api/users/newPassword', { uuid, password }),
  resetPassword: (email: string) => api.clientText<unknown>('/api/users/resetPassword', email),
};
