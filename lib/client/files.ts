/**
 * Files the server answers to a bearer-authenticated call (invoices, selected slips, slip pictures): fetched, then
 * handed to the browser as a download, or to the phone's share sheet.
 */
import { failed, request, type Result } from './api';

const OFFLINE = 'Failed to connect to the server.';

/** The file name a Content-Disposition header gives, else `fallback`. */
export function dispositionName(header: string | null, fallback: string): string {
  const star = header?.match(/filename\*=UTF-8''([^;]+)/i);
  if (star) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      // fall through to the plain name
    }
  }
  return header?.match(/filename="([^"]+)"/i)?.[1] ?? fallback;
}

/** Saves bytes the page holds as a file (an object URL clicked as a download, then let go). */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Fetches `path` with the session's token: the file and its name, or the failure's text. */
export async function fetchFile(path: string, fallbackName: string, init: RequestInit = { cache: 'no-store' }, failure = 'The file could not be downloaded.'): Promise<Result<{ blob: Blob; name: string }>> {
  const sent = await request(path, init, { offline: OFFLINE, fallback: failure });
  if (!sent.ok) return failed(sent.error);
  return { ok: true, value: { blob: await sent.value.blob(), name: dispositionName(sent.value.headers.get('content-disposition'), fallbackName) } };
}

/** Fetches `path` with the session's token and saves the answer as a file; the failure's text otherwise. */
export async function downloadFile(path: string, fallbackName: string, failure?: string): Promise<Result<string>> {
  const got = await fetchFile(path, fallbackName, { cache: 'no-store' }, failure);
  if (!got.ok) return got;
  saveBlob(got.value.blob, got.value.name);
  return { ok: true, value: got.value.name };
}

/**
 * Hands a file to the phone's share sheet (WhatsApp, messages, mail) where the browser can share files; else saves
 * it. Says which it did; a share the user closes is not a failure.
 */
export async function shareOrSave(blob: Blob, name: string, title: string): Promise<'shared' | 'saved'> {
  const file = new File([blob], name, { type: blob.type || 'application/octet-stream' });
  if (typeof navigator !== 'undefined' && typeof navigator.canShare === 'function' && navigator.canShare({ files: [file] })) {
    try {
      await navigator.share({ files: [file], title });
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'shared';
      // a refused share (no user gesture left, a policy): the file is saved instead
    }
  }
  saveBlob(blob, name);
  return 'saved';
}
