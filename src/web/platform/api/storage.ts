import type { CurrentUser } from '../../../shared/platform/api-types.js';

/** What the browser keeps: only authentication and community content. */
const TOKEN_KEY = 'porton.token';
/** The signed-in user as the server last confirmed it: what the screens show while the server cannot be reached. */
const USER_KEY = 'porton.user';

/** Keeps the user the server confirmed (cleared with everything at sign-out); answers it. */
export function rememberUser(user: CurrentUser): CurrentUser {
  localStorage.setItem(USER_KEY, JSON.stringify(user));
  return user;
}

/** The user last confirmed, or null. */
export function rememberedUser(): CurrentUser | null {
  try {
    const kept = localStorage.getItem(USER_KEY);
    return kept ? (JSON.parse(kept) as CurrentUser) : null;
  } catch {
    return null;
  }
}

export const tokenStore = {
  get: (): string | null => localStorage.getItem(TOKEN_KEY),
  set: (token: string) => localStorage.setItem(TOKEN_KEY, token),
  /** 'Cerrar Sesión' clears all local storage. */
  clearAll: () => localStorage.clear(),
};
