/** The access token lives in local storage (specification section 4); the refresh token in an HttpOnly cookie. */
const KEY = 'accessToken';

export const tokenStorage = {
  get(): string | null {
    try {
      return localStorage.getItem(KEY);
    } catch {
      return null;
    }
  },
  set(token: string): void {
    localStorage.setItem(KEY, token);
  },
  clear(): void {
    try {
      localStorage.removeItem(KEY);
    } catch {
      // storage unavailable: nothing to clear
    }
  },
};
