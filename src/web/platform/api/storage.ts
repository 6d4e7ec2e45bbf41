/** What the browser keeps: only authentication and community content. */
const TOKEN_KEY = 'porton.token';

export const tokenStore = {
  get: (): string | null => localStorage.getItem(TOKEN_KEY),
  set: (token: string) => localStorage.setItem(TOKEN_KEY, token),
  /** 'Cerrar Sesión' clears all local storage. */
  clearAll: () => localStorage.clear(),
};
