'use client';

import * as React from 'react';
import { useRouter } from 'next/navigation';
import { currentPath, loginHref } from '@/lib/client/return-to';
import { useSession } from '@/components/session/session-provider';
import { readToken } from '@/lib/client/tokens';
import type { CurrentUser } from '@/lib/client/types';

/**
 * For logged-in pages: once the session is known, a visitor is sent to `redirectTo` (default /login,
 * remembering this page so that login comes back to it).
 */
export function useRequireUser(redirectTo?: string): CurrentUser | null {
  const { user, loading } = useSession();
  const router = useRouter();
  React.useEffect(() => {
    if (!loading && !user) router.replace(!redirectTo || redirectTo === '/login' ? loginHref(currentPath()) : redirectTo);
  }, [loading, user, router, redirectTo]);
  return user;
}

/** For the admin area: a non-admin or anonymous visitor is sent to /. Returns the admin or null. */
export function useRequireAdmin(redirectTo = '/'): CurrentUser | null {
  const { user, loading } = useSession();
  const router = useRouter();
  React.useEffect(() => {
    if (!loading && !user?.is_admin) router.replace(redirectTo);
  }, [loading, user, router, redirectTo]);
  return user?.is_admin ? user : null;
}

/**
 * For /login and /signup: if a token exists (or a user is loaded) the visitor goes to / (or
 * to the page login was asked from). Returns true while the redirect is pending, so the page can render
 * nothing meanwhile.
 */
export function useRedirectIfLoggedIn(to = '/'): boolean {
  const { user, loading } = useSession();
  const router = useRouter();
  const hasToken = !loading && (user !== null || readToken() !== null);
  React.useEffect(() => {
    if (hasToken) router.replace(to);
  }, [hasToken, router, to]);
  return hasToken;
}
