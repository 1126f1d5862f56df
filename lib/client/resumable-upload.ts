import type { DetailedError, HttpRequest, HttpResponse, Upload } from 'tus-js-client';
import { tokenAfter401 } from './api';
import { readToken } from './tokens';

/** The server's tus endpoint (app/api/uploads). */
export const UPLOADS_ENDPOINT = '/api/uploads';

/**
 * Waits between automatic retries of a failed request, in ms. When they are used up while no answer comes
 * (the network is gone), the upload waits for the browser to be back online and goes on, without limit.
 */
export const RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10_000, 20_000];

/** How long to wait before trying again after a failure without an answer while the browser says it is online. */
const NETWORK_PAUSE_MS = 10_000;

/**
 * Each PATCH carries at most this much: a proxy in front may limit request bodies, and a phone that loses
 * its network mid-request may only learn so when the request times out, so each request is kept short.
 */
const CHUNK_BYTES = 1024 * 1024;

/** 401 recoveries (a refreshed token) per upload before it gives up. */
const MAX_REAUTH = 3;

export type ResumableKind = 'voter_list' | 'banner';

export interface ResumableUploadOptions {
  kind: ResumableKind;
  /** Bytes the server has confirmed or that are on their way, and the file's size. */
  onProgress?(sent: number, total: number): void;
  /** Aborting cancels the upload: it stops, and the server removes what it received. */
  signal?: AbortSignal;
}

/** An upload the server refused (the text to show, and the status). */
export class UploadRefusedError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'UploadRefusedError';
  }
}

/**
 * A 401 answer, turned into a failure before tus-js-client acts on it: it would otherwise take a 401 to a
 * HEAD for "the upload is gone" and start again from byte 0 instead of refreshing the token and resuming.
 */
class Unauthorized extends Error {
  constructor(readonly token: string | null) {
    super('Not authenticated.');
    this.name = 'Unauthorized';
  }
}

const unauthorizedIn = (error: Error | DetailedError): Unauthorized | null =>
  'causingError' in error && error.causingError instanceof Unauthorized ? error.causingError : null;

const statusOf = (error: Error | DetailedError): number => ('originalResponse' in error && error.originalResponse ? error.originalResponse.getStatus() : 0);

/** The server's words for a refusal: its plain-text body or JSON `detail`, else a fallback. */
function refusalText(error: Error | DetailedError): string {
  const body = 'originalResponse' in error && error.originalResponse ? error.originalResponse.getBody() : '';
  try {
    const parsed = JSON.parse(body) as { detail?: unknown };
    if (typeof parsed.detail === 'string' && parsed.detail.trim() !== '') return parsed.detail;
  } catch {
    // plain text, as the tus answers are
  }
  const text = body.trim();
  return text !== '' && text.length < 500 ? text : 'The upload failed. Please try again.';
}

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** Resolves when the browser is back online (at once when it says it is), or after a pause; never while aborted. */
function networkBack(signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      window.removeEventListener('online', done);
      signal?.removeEventListener('abort', done);
      clearTimeout(timer);
      resolve();
    };
    window.addEventListener('online', done);
    signal?.addEventListener('abort', done);
    // online but no answer (the server restarting, a flaky link): try again after a pause
    const timer = setTimeout(done, isOffline() ? 2 ** 31 - 1 : NETWORK_PAUSE_MS);
  });
}

/**
 * Uploads a file through the tus protocol so that an interruption at any byte resumes from there: a
 * dropped request is retried from the offset the server has (RETRY_DELAYS_MS), an offline spell is waited
 * out (the upload goes on when the browser is online again), and the upload's address is kept in this
 * browser (localStorage) under the file's fingerprint, so choosing the same file again after a reload
 * resumes it too. Sends the stored access token and follows the API's 401 flow (refresh, else log out).
 * Resolves to the upload's id for the task-creation call; rejects with UploadRefusedError when the server
 * refuses the file (too large, wrong type, too many open uploads) and with an AbortError when `signal` aborts.
 */
export async function uploadResumable(file: File, options: ResumableUploadOptions): Promise<{ uploadId: string }> {
  const { signal } = options;
  const abortError = () => new DOMException('The upload was aborted.', 'AbortError');
  if (signal?.aborted) throw abortError();
  // loaded only when used: the browser build touches window as it loads
  const tus = await import('tus-js-client');

  return new Promise<{ uploadId: string }>((resolve, reject) => {
    let settled = false;
    let reauths = 0;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      outcome();
    };

    const upload: Upload = new tus.Upload(file, {
      // absolute: tus-js-client resolves the upload's Location against it
      endpoint: new URL(UPLOADS_ENDPOINT, window.location.href).toString(),
      metadata: { filename: file.name, kind: options.kind },
      chunkSize: CHUNK_BYTES,
      retryDelays: RETRY_DELAYS_MS,
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      fingerprint: async (f: File) => ['vsg-upload', options.kind, f.name, f.type, f.size, f.lastModified].join('/'),
      onBeforeRequest: (req: HttpRequest) => {
        const token = readToken();
        if (token) req.setHeader('Authorization', `Bearer ${token}`);
      },
      onAfterResponse: (req: HttpRequest, res: HttpResponse) => {
        if (res.getStatus() === 401) throw new Unauthorized((req.getHeader('Authorization') ?? '').replace(/^Bearer\s+/i, '') || null);
      },
      onProgress: (sent: number, total: number) => options.onProgress?.(sent, total),
      // retried by tus-js-client (from the offset a HEAD gives): no answer while online, a server fault, a
      // conflicting offset, a busy upload; the rest is this module's (401, offline) or the user's to see
      onShouldRetry: (error: DetailedError) => {
        if (unauthorizedIn(error)) return false;
        const status = statusOf(error);
        if (status === 0) return !isOffline();
        return status >= 500 || status === 409 || status === 423;
      },
      onError: (error: Error | DetailedError) => {
        void recover(error);
      },
      onSuccess: () => {
        const uploadId = upload.url?.split('/').pop() ?? '';
        finish(() => (uploadId ? resolve({ uploadId }) : reject(new UploadRefusedError('The upload failed. Please try again.', 0))));
      },
    });

    async function recover(error: Error | DetailedError): Promise<void> {
      if (settled || signal?.aborted) return;
      const unauthorized = unauthorizedIn(error);
      if (unauthorized) {
        // the upload's address is kept: with a new token it resumes where it was
        if (reauths++ < MAX_REAUTH && (await tokenAfter401(unauthorized.token))) {
          if (!settled && !signal?.aborted) upload.start();
          return;
        }
        finish(() => reject(new UploadRefusedError('Not authenticated.', 401)));
        return;
      }
      const status = statusOf(error);
      if (status === 0 && 'originalRequest' in error && error.originalRequest) {
        // no answer and the retries are used up (or the browser is offline): wait for the network, go on
        await networkBack(signal);
        if (!settled && !signal?.aborted) upload.start();
        return;
      }
      finish(() => reject(new UploadRefusedError(refusalText(error), status)));
    }

    function onAbort() {
      finish(() => reject(abortError()));
      // cancelled: the server removes what it received, and this browser forgets the upload
      upload.abort(true).catch(() => undefined);
    }
    signal?.addEventListener('abort', onAbort, { once: true });

    upload
      .findPreviousUploads()
      .then((previous) => {
        if (settled) return;
        if (previous.length > 0) upload.resumeFromPreviousUpload(previous[0]);
        upload.start();
      })
      .catch((error: unknown) => finish(() => reject(error instanceof Error ? error : new Error(String(error)))));
  });
}
