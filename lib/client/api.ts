import { currentPath, loginHref } from './return-to';
import { clearTokens, readRefreshToken, readToken, storeTokens } from './tokens';

/** One request made with a given access token (null: none stored). */
type Send = (token: string | null) => Promise<Response>;

/**
 * fetch with the stored bearer token and the API's 401 flow: on a 401, call POST /api/refresh with the
 * `refresh-token` header, store the new access token and retry the original request once; if there is
 * no refresh token or the refresh fails, log out and go to /login (which brings the user back here).
 */
export async function authFetch(input: string, init: RequestInit = {}): Promise<Response> {
  return withAuth((token) => fetch(input, withBearer(init, token)));
}

/** Upload progress: bytes sent so far and the body's total size. */
export interface UploadProgress {
  loaded: number;
  total: number;
}

/**
 * authFetch for uploads that reports progress (fetch cannot report how much of a request body has gone
 * up; XMLHttpRequest can). Same bearer header and 401 flow; `signal` aborts the upload (rejects with an
 * AbortError). Resolves to a Response, so callers read the answer as they read authFetch's.
 */
export function authUpload(
  input: string,
  body: FormData,
  { onProgress, signal, method = 'POST' }: { onProgress?: (p: UploadProgress) => void; signal?: AbortSignal; method?: string } = {},
): Promise<Response> {
  return withAuth((token) => xhrSend(method, input, body, token, onProgress, signal));
}

async function withAuth(send: Send): Promise<Response> {
  const usedToken = readToken();
  const first = await send(usedToken);
  if (first.status !== 401) return first;
  const access = await tokenAfter401(usedToken);
  return access ? send(access) : first;
}

/**
 * The API's 401 flow for a request sent with `usedToken` that was answered 401: the access token to retry
 * it with once (a newer one another call stored meanwhile, or one from POST /api/refresh), or null after
 * logging out and going to /login. For callers that send their own requests (the resumable uploads).
 */
export async function tokenAfter401(usedToken: string | null): Promise<string | null> {
  // Another call may have refreshed meanwhile: retry with the newer access token instead of refreshing.
  const current = readToken();
  if (current && current !== usedToken) return current;

  const refreshToken = readRefreshToken();
  const access = refreshToken ? await refreshOnce(refreshToken) : null;
  if (!access) logoutAndRedirect();
  return access;
}

function xhrSend(
  method: string,
  url: string,
  body: FormData,
  token: string | null,
  onProgress: ((p: UploadProgress) => void) | undefined,
  signal: AbortSignal | undefined,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const abortError = () => new DOMException('The upload was aborted.', 'AbortError');
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.responseType = 'text';
    if (onProgress) {
      xhr.upload.onprogress = (e) => onProgress({ loaded: e.loaded, total: e.lengthComputable ? e.total : 0 });
    }
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);
    xhr.onload = () => {
      done();
      const headers = new Headers();
      for (const line of xhr.getAllResponseHeaders().trim().split(/[\r\n]+/)) {
        const at = line.indexOf(':');
        if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
      }
      // A Response cannot carry status 0 (or 1xx): those never reach onload in practice.
      resolve(new Response(xhr.status === 204 ? null : xhr.responseText, { status: xhr.status, headers }));
    };
    xhr.onerror = () => {
      done();
      reject(new TypeError('Network request failed'));
    };
    xhr.onabort = () => {
      done();
      reject(abortError());
    };
    xhr.send(body);
  });
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

/** How long logout waits for the server before the tokens are cleared anyway. */
const LOGOUT_WAIT_MS = 5000;

/**
 * POST /api/logout with the stored access token (refreshed once if it has expired), so that the server
 * ends the session: its refresh token, its access token and its file links. Never redirects and never
 * throws: the caller clears the tokens whatever the answer (a session the server cannot find is over anyway).
 */
export async function logoutOnServer(): Promise<void> {
  const send = (token: string) =>
    fetch('/api/logout', { method: 'POST', headers: { Authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(LOGOUT_WAIT_MS) });
  try {
    const token = readToken();
    if (!token) return;
    if ((await send(token)).status !== 401) return;
    const refreshToken = readRefreshToken();
    const access = refreshToken ? await refreshOnce(refreshToken) : null;
    if (access) await send(access);
  } catch {
    // offline or no answer in time: the tokens are cleared all the same
  }
}

function withBearer(init: RequestInit, token: string | null): RequestInit {
  const headers = new Headers(init.headers);
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return { ...init, headers };
}

function logoutAndRedirect(): void {
  clearTokens();
  if (typeof window !== 'undefined' && window.location.pathname !== '/login') window.location.assign(loginHref(currentPath()));
}

/** Reads `detail` from an error answer, falling back to the given text. */
export async function readDetail(response: Response, fallback: string): Promise<string> {
  const body = (await response.json().catch(() => null)) as { detail?: unknown } | null;
  if (body && typeof body.detail === 'string' && body.detail.trim() !== '') return body.detail;
  return fallback;
}

/**
 * What every call of the browser's API modules answers: the value, or the text to show. A call may add
 * facts about a failure (`F`), e.g. whether a refund's retry must reuse its key.
 */
export type Result<T, F extends object = object> = { ok: true; value: T } | ({ ok: false; error: string } & F);

export function failed(error: string): { ok: false; error: string } {
  return { ok: false, error };
}

/** The texts a call shows for each way it can fail. */
export interface CallTexts {
  /** No answer came (offline, connection refused): the text, or one made from the error. */
  offline: string | ((error: unknown) => string);
  /** The server refused (not 2xx): the text, or one made from its answer. Default: its `detail`, else `fallback`. */
  refused?: string | ((response: Response) => Promise<string>);
  /** A refusal without a detail, or an answer without the body the call expects. */
  fallback: string;
}

/** The message of a thrown error, as a fetch failure carries it ("Failed to fetch"). */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * authFetch (or, with `signedIn: false`, fetch without a token) that never throws: the 2xx answer, or the
 * text for its failure with the answer's status (null when no answer came), for calls that treat some
 * statuses apart.
 */
export async function request(
  path: string,
  init: RequestInit,
  texts: CallTexts,
  { signedIn = true }: { signedIn?: boolean } = {},
): Promise<Result<Response, { status: number | null }>> {
  let res: Response;
  try {
    // calls made before signing in (log in, sign up, password reset) send no token: a refusal is theirs to show, not a lapsed session
    res = await (signedIn ? authFetch(path, init) : fetch(path, init));
  } catch (error) {
    return { ok: false, error: typeof texts.offline === 'string' ? texts.offline : texts.offline(error), status: null };
  }
  if (res.ok) return { ok: true, value: res };
  const { refused } = texts;
  const error = refused === undefined ? await readDetail(res, texts.fallback) : typeof refused === 'string' ? refused : await refused(res);
  return { ok: false, error, status: res.status };
}

/** An answer's JSON body, or null when it has none that parses. */
export async function readJson(response: Response): Promise<unknown> {
  return response.json().catch(() => null);
}

const isPresent = (body: unknown): boolean => body !== null;

/**
 * request, then its JSON body: the value when `accept` takes it (by default any body at all), else the
 * fallback text. `T` is what the server's answer is declared to be; `accept` checks only its shape.
 */
export async function requestJson<T>(
  path: string,
  init: RequestInit,
  texts: CallTexts,
  accept: (body: unknown) => boolean = isPresent,
  options: { signedIn?: boolean } = {},
): Promise<Result<T>> {
  const sent = await request(path, init, texts, options);
  if (!sent.ok) return failed(sent.error);
  const body = await readJson(sent.value);
  return accept(body) ? { ok: true, value: body as T } : failed(texts.fallback);
}

/** A JSON request body with its content type. */
export function jsonBody(method: 'POST' | 'PUT', body?: unknown): RequestInit {
  return body === undefined ? { method } : { method, body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } };
}
