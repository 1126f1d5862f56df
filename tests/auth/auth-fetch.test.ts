// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authFetch } from '@/lib/client/api';
import { readRefreshToken, readToken, storeTokens } from '@/lib/client/tokens';

describe('authFetch refresh (client side of token rotation)', () => {
  beforeEach(() => {
    window.localStorage.clear();
    storeTokens('old-access', 'refresh-1');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('concurrent 401s share ONE refresh call (a rotated refresh token must never be sent twice)', async () => {
    let refreshCalls = 0;
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/refresh') {
        refreshCalls += 1;
        await new Promise((r) => setTimeout(r, 10));
        return Response.json({ access_token: 'new-access', refresh_token: 'refresh-2' });
      }
      const auth = new Headers(init?.headers).get('authorization');
      return auth === 'Bearer new-access' ? Response.json({ ok: true }) : Response.json({ detail: 'expired' }, { status: 401 });
    });
    vi.stubGlobal('fetch', fetchMock);
    const results = await Promise.all([authFetch('/api/a'), authFetch('/api/b'), authFetch('/api/c')]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(refreshCalls).toBe(1);
    expect(readToken()).toBe('new-access');
    expect(readRefreshToken()).toBe('refresh-2');
  });
});
