/** Browser-side token storage: the access and refresh tokens under the localStorage keys `token` and `refreshToken`. */
export const TOKEN_KEY = 'token';
export const REFRESH_TOKEN_KEY = 'refreshToken';
/** Fired on window when the stored tokens change (login, refresh, logout), so the session can follow. */
export const TOKENS_CHANGED_EVENT = 'vsg:tokens-changed';

export function readToken(): string | null {
  return typeof window === 'undefined' ? null : window.localStorage.getItem(TOKEN_KEY);
}

export function readRefreshToken(): string | null {
  return typeof window === 'undefined' ? null : window.localStorage.getItem(REFRESH_TOKEN_KEY);
}

export function storeTokens(token: string, refreshToken?: string): void {
  window.localStorage.setItem(TOKEN_KEY, token);
  if (refreshToken !== undefined) window.localStorage.setItem(REFRESH_TOKEN_KEY, refreshToken);
  window.dispatchEvent(new Event(TOKENS_CHANGED_EVENT));
}

export function clearTokens(): void {
  window.localStorage.removeItem(TOKEN_KEY);
  window.localStorage.removeItem(REFRESH_TOKEN_KEY);
  window.dispatchEvent(new Event(TOKENS_CHANGED_EVENT));
}
