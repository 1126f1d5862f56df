import { currentPath, loginHref } from './return-to';
import { clearTokens, readRefreshToken, readToken, storeTokens } from './tokens';

/**
 * fetch with the stored bearer token and SPEC §7's 401 flow: on a 401, call POST /api/refresh with the
 * `refresh-token` header, store the new access token and retry the original request once; if there is
 * no refresh token or the refresh fails, log out and go to /login (which brings the user back here).
 */
export async function authFetch(input: string, init: RequestInit = {}): Promise<Response> {
  const usedToken = readToken();
  const first = await fetch(input, withBearer(init, usedToken));
  if (first.status !== 401) return first;

  // Another call may have refreshed meanwhile: retry with the newer access token instead of refreshing.
  const current = readToken();
  if (current && current !== usedToken) return fetch(input, withBearer(init, current));

  const refreshToken = readRefreshToken();
  if (!refreshToken) return logoutAndRedirect(first);
  const access = await refreshOnce(refreshToken);
  if (!access) return logoutAndRedirect(first);
  return fetch(input, withBearer(init, access));
}

/**
 * One refresh at a time per page: refresh tokens rotate and the server treats a second use of the same
 * token as theft (it revokes the session), so concurrent 401s must share one refresh call.
 */
let refreshing: Promise<string | null> | null = null;

function refreshOnce(refreshToken: string): Promise<string | null> {
  refreshing ??= (async () => {
    try {
      const res = await fetch('/api/refresh', { method: 'POST', headers: { 'refresh-token': refreshToken } });
      if (!res.ok) return null;
      const body = (await res.json().catch(() => null)) as { access_token?: unknown; refresh_token?: unknown } | null;
      if (!body || typeof body.access_token !== 'string') return null;
      storeTokens(body.access_token, typeof body.refresh_token === 'string' ? body.refresh_token : undefined);
      return body.access_token;
    } catch {
      return null;
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

function withBearer(init: RequestInit, token: string | null): RequestInit {
  const headers = new Headers(init.headers);
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return { ...init, headers };
}

function logoutAndRedirect(response: Response): Response {
  clearTokens();
  if (typeof window !== 'undefined' && window.location.pathname !== '/login') window.location.assign(loginHref(currentPath()));
  return response;
}

/** Reads `detail` from an error answer, falling back to the given text (SPEC §8). */
export async function readDetail(response: Response, fallback: string): Promise<string> {
  const body = (await response.json().catch(() => null)) as { detail?: unknown } | null;
  if (body && typeof body.detail === 'string' && body.detail.trim() !== '') return body.detail;
  return fallback;
}
