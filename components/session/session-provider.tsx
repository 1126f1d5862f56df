'use client';

import * as React from 'react';
import { authFetch, logoutOnServer } from '@/lib/client/api';
import { clearTokens, readToken, storeTokens, TOKEN_KEY, REFRESH_TOKEN_KEY, TOKENS_CHANGED_EVENT } from '@/lib/client/tokens';
import type { CurrentUser } from '@/lib/client/types';

export interface Session {
  /** The logged-in user, or null for a visitor. */
  user: CurrentUser | null;
  /** True until the first auth check has finished; the shell renders nothing meanwhile. */
  loading: boolean;
  /** Stores the tokens and resolves once the user is loaded (rejects if /api/users/me/ fails). */
  login(access: string, refresh: string): Promise<void>;
  /** Ends the session on the server (POST /api/logout), then removes the tokens and the user. */
  logout(): Promise<void>;
  /** Fetches the current user again (e.g. after a profile update). */
  refreshUser(): Promise<void>;
}

const SessionContext = React.createContext<Session | null>(null);

/** GET /api/users/me/ with the stored token (authFetch refreshes an expired token once and retries). */
async function fetchCurrentUser(): Promise<CurrentUser> {
  const res = await authFetch('/api/users/me/');
  if (!res.ok) throw new Error(`GET /api/users/me/ answered ${res.status}`);
  return (await res.json()) as CurrentUser;
}

/**
 * The session: on load and on every token change (this tab's TOKENS_CHANGED_EVENT or another tab's
 * `storage` event) the current user is fetched; a failed fetch logs out; no token clears the user.
 */
export function SessionProvider({ children }: { children: React.ReactNode }) {
  const [token, setToken] = React.useState<string | null>(null);
  const [tokenRead, setTokenRead] = React.useState(false);
  const [user, setUser] = React.useState<CurrentUser | null>(null);
  const [loading, setLoading] = React.useState(true);
  /** Which token the current `user` was loaded with, so a login() that already loaded it is not repeated. */
  const loadedFor = React.useRef<string | null>(null);
  /** Only the newest request may write the user (tokens can change while a fetch is in flight). */
  const generation = React.useRef(0);

  React.useEffect(() => {
    const sync = () => setToken(readToken());
    const onStorage = (e: StorageEvent) => {
      if (e.key === null || e.key === TOKEN_KEY || e.key === REFRESH_TOKEN_KEY) sync();
    };
    sync();
    setTokenRead(true);
    window.addEventListener(TOKENS_CHANGED_EVENT, sync);
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener(TOKENS_CHANGED_EVENT, sync);
      window.removeEventListener('storage', onStorage);
    };
  }, []);

  /** Set when the page is being left: fetches aborted by the unload must not count as failures. */
  const unloading = React.useRef(false);
  React.useEffect(() => {
    const onLeave = () => {
      unloading.current = true;
    };
    const onShow = () => {
      unloading.current = false;
    };
    window.addEventListener('beforeunload', onLeave);
    window.addEventListener('pagehide', onLeave);
    window.addEventListener('pageshow', onShow);
    return () => {
      window.removeEventListener('beforeunload', onLeave);
      window.removeEventListener('pagehide', onLeave);
      window.removeEventListener('pageshow', onShow);
    };
  }, []);

  /**
   * Loads the user for `forToken`. With `logoutOnFailure` (load and token change) a failed
   * fetch logs out; without it (refreshUser) the current user is kept and the error is thrown.
   */
  const load = React.useCallback(async (forToken: string, logoutOnFailure: boolean): Promise<void> => {
    const mine = ++generation.current;
    try {
      const next = await fetchCurrentUser();
      if (mine !== generation.current) return;
      loadedFor.current = readToken() ?? forToken;
      setUser(next);
    } catch (error) {
      if (mine !== generation.current || unloading.current || !logoutOnFailure) throw error;
      loadedFor.current = null;
      setUser(null);
      if (readToken() !== null) clearTokens();
      throw error;
    }
  }, []);

  React.useEffect(() => {
    if (!tokenRead) return;
    if (token === null) {
      generation.current++;
      loadedFor.current = null;
      setUser(null);
      setLoading(false);
      return;
    }
    if (loadedFor.current === token) {
      setLoading(false);
      return;
    }
    load(token, true)
      .catch((error: unknown) => console.warn('Session: could not load the current user; logged out.', error))
      .finally(() => setLoading(false));
  }, [token, tokenRead, load]);

  const login = React.useCallback(
    async (access: string, refresh: string) => {
      // Mark the token as handled first, so the token-change effect does not fetch the user a second time.
      loadedFor.current = access;
      storeTokens(access, refresh);
      await load(access, true);
    },
    [load],
  );

  const logout = React.useCallback(async () => {
    await logoutOnServer();
    generation.current++;
    loadedFor.current = null;
    setUser(null);
    clearTokens();
  }, []);

  const refreshUser = React.useCallback(async () => {
    const current = readToken();
    if (current === null) {
      setUser(null);
      return;
    }
    await load(current, false);
  }, [load]);

  const value = React.useMemo<Session>(
    () => ({ user, loading, login, logout, refreshUser }),
    [user, loading, login, logout, refreshUser],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = React.useContext(SessionContext);
  if (!session) throw new Error('useSession() must be used inside <SessionProvider>.');
  return session;
}
