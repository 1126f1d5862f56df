// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider, useSession } from '@/components/session/session-provider';
import { storeTokens } from '@/lib/client/tokens';

const USER = {
  id: 7,
  name: 'Asha Verma',
  email: 'asha@example.test',
  phone_number: '9876543210',
  is_active: true,
  is_admin: false,
  vsg_license_status: 'inactive',
};

function Probe() {
  const { user, loading } = useSession();
  return <p data-testid="probe">{loading ? 'loading' : user ? `user:${user.email}` : 'visitor'}</p>;
}

const probe = () => screen.getByTestId('probe').textContent;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('SessionProvider (stored tokens, the current user, login and logout)', () => {
  let fetchMock: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    window.localStorage.clear();
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('without a token: a visitor, and no fetch', async () => {
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    await waitFor(() => expect(probe()).toBe('visitor'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('with a token: loads /api/users/me/ with the bearer', async () => {
    window.localStorage.setItem('token', 'access-1');
    fetchMock.mockResolvedValue(json(USER));
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    expect(probe()).toBe('loading');
    await waitFor(() => expect(probe()).toBe(`user:${USER.email}`));
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/users/me/');
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer access-1');
  });

  it('a failed fetch logs out (tokens removed)', async () => {
    window.localStorage.setItem('token', 'access-1');
    window.localStorage.setItem('refreshToken', 'refresh-1');
    fetchMock.mockResolvedValue(json({ detail: 'boom' }, 500));
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    await waitFor(() => expect(probe()).toBe('visitor'));
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(window.localStorage.getItem('refreshToken')).toBeNull();
  });

  it('follows token changes in this tab and in other tabs (storage event)', async () => {
    fetchMock.mockResolvedValue(json(USER));
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    await waitFor(() => expect(probe()).toBe('visitor'));

    act(() => storeTokens('access-2', 'refresh-2'));
    await waitFor(() => expect(probe()).toBe(`user:${USER.email}`));

    // Another tab logs out: localStorage changes and a storage event arrives.
    act(() => {
      window.localStorage.removeItem('token');
      window.localStorage.removeItem('refreshToken');
      window.dispatchEvent(new StorageEvent('storage', { key: 'token', newValue: null }));
    });
    await waitFor(() => expect(probe()).toBe('visitor'));
  });

  it('login() stores the tokens and resolves with the user loaded; logout() clears both', async () => {
    fetchMock.mockResolvedValue(json(USER));
    let session: ReturnType<typeof useSession> | null = null;
    function Grab() {
      session = useSession();
      return null;
    }
    render(
      <SessionProvider>
        <Probe />
        <Grab />
      </SessionProvider>,
    );
    await waitFor(() => expect(probe()).toBe('visitor'));
    await act(async () => {
      await session!.login('access-3', 'refresh-3');
    });
    expect(probe()).toBe(`user:${USER.email}`);
    expect(window.localStorage.getItem('token')).toBe('access-3');
    expect(window.localStorage.getItem('refreshToken')).toBe('refresh-3');
    expect(fetchMock).toHaveBeenCalledTimes(1);

    fetchMock.mockResolvedValue(json({ detail: 'Logged out.' }));
    await act(async () => {
      await session!.logout();
    });
    expect(probe()).toBe('visitor');
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(window.localStorage.getItem('refreshToken')).toBeNull();
    // the server was told first, with the session's bearer token
    const [url, init] = fetchMock.mock.calls[1] as [string, RequestInit];
    expect(url).toBe('/api/logout');
    expect(init.method).toBe('POST');
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer access-3');
  });

  it('logout() clears the tokens also when the server cannot be reached, and refreshes an expired token once to end the session', async () => {
    let session: ReturnType<typeof useSession> | null = null;
    function Grab() {
      session = useSession();
      return null;
    }
    window.localStorage.setItem('token', 'access-old');
    window.localStorage.setItem('refreshToken', 'refresh-4');
    fetchMock.mockResolvedValueOnce(json(USER));
    render(
      <SessionProvider>
        <Probe />
        <Grab />
      </SessionProvider>,
    );
    await waitFor(() => expect(probe()).toBe(`user:${USER.email}`));
    fetchMock
      .mockResolvedValueOnce(json({ detail: 'The token has expired.' }, 401))
      .mockResolvedValueOnce(json({ access_token: 'access-new', refresh_token: 'refresh-5' }))
      .mockResolvedValueOnce(json({ detail: 'Logged out.' }));
    await act(async () => {
      await session!.logout();
    });
    const calls = fetchMock.mock.calls.slice(1).map(([url, init]) => [url, new Headers((init as RequestInit).headers).get('Authorization')]);
    expect(calls).toEqual([
      ['/api/logout', 'Bearer access-old'],
      ['/api/refresh', null],
      ['/api/logout', 'Bearer access-new'],
    ]);
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(window.location.pathname).not.toBe('/login');

    // offline: still logged out here
    fetchMock.mockResolvedValueOnce(json(USER));
    await act(async () => {
      await session!.login('access-6', 'refresh-6');
    });
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await act(async () => {
      await session!.logout();
    });
    expect(probe()).toBe('visitor');
    expect(window.localStorage.getItem('token')).toBeNull();
  });
});
