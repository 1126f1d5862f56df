import { clearTokens, readRefreshToken, readToken, storeTokens } from './tokens';

/**
 * fetch with the stored bearer token and SPEC §7's 401 flow: on a 401, call POST /api/refresh with the
 * `refresh-token` header, store the new access token and retry the original request once; if there is
 * no refresh token or the refresh fails, log out and go to /login.
 */
export async function authFetch(input: string, init: RequestInit = {}): Promise<Response> {
  const first = await fetch(input, withBearer(init, readToken()));
  if (first.status !== 401) return first;

  const refreshToken = readRefreshToken();
  if (!refreshToken) return logoutAndRedirect(first);

  let refreshed: Response;
  try {
    refreshed = await fetch('/api/refresh', { method: 'POST', headers: { 'refresh-token': refreshToken } });
  } catch {
    return logoutAndRedirect(first);
  }
  if (!refreshed.ok) return logoutAndRedirect(first);
  const body = (await refreshed.json().catch(() => null)) as { access_token?: unknown; refresh_token?: unknown } | null;
  if (!body || typeof body.access_token !== 'string') return logoutAndRedirect(first);
  storeTokens(body.access_token, typeof body.refresh_token === 'string' ? body.refresh_token : undefined);
  return fetch(input, withBearer(init, body.access_token));
}

function withBearer(init: RequestInit, token: string | null): RequestInit {
  const headers = new Headers(init.headers);
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return { ...init, headers };
}

function logoutAndRedirect(response: Response): Response {
  clearTokens();
  if (typeof window !== 'undefined' && window.location.pathname !== '/login') window.location.assign('/login');
  return response;
}

/** Reads `detail` from an error answer, falling back to the given text (SPEC §8). */
export async function readDetail(response: Response, fallback: string): Promise<string> {
  const body = (await response.json().catch(() => null)) as { detail?: unknown } | null;
  if (body && typeof body.detail === 'string' && body.detail.trim() !== '') return body.detail;
  return fallback;
}
