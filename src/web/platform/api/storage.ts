/** What the browser keeps: only authentication and community content (spec 1 §9). */
const TOKEN_KEY = 'porton.token';

export const tokenStore = {
  get: (): string | null => localStorage.getItem(TOKEN_KEY),
  set: (token: string) => localStorage.setItem(TOKEN_KEY, token),
  /** 'Cerrar Sesión' clears all local storage (spec 1 §2). */
  clearAll: () => localStorage.clear(),
};
