import { vi } from 'vitest';

/** A recorded call of the stubbed fetch. */
export interface FetchCall {
  url: string;
  init: RequestInit;
}

/**
 * The browser the client call modules need, in node: window with an in-memory localStorage holding
 * `stored`, a location at `pathname` that records where it was sent, and fetch answered by `answer`.
 * Returns the calls made and the address the page was sent to (null while none). Undo with vi.unstubAllGlobals().
 */
export function stubBrowser(
  stored: Record<string, string>,
  pathname: string,
  answer: (url: string, init: RequestInit) => Response | Promise<Response>,
): { calls: FetchCall[]; sentTo: () => string | null } {
  const calls: FetchCall[] = [];
  const store = new Map(Object.entries(stored));
  let sentTo: string | null = null;
  vi.stubGlobal('window', {
    localStorage: {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    },
    dispatchEvent: () => true,
    location: { pathname, assign: (to: string) => void (sentTo = to) },
  });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    calls.push({ url, init });
    return answer(url, init);
  });
  return { calls, sentTo: () => sentTo };
}
