/**
 * Where to go after login: the page that sent the visitor to /login, passed as `?next=`. Only a path on
 * this site is accepted (never `//host` or `/\host`, which browsers treat as another origin); anything
 * else goes home.
 */
export function safeReturnTo(raw: string | null | undefined): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\') || /[\u0000-\u001f]/.test(raw)) return '/';
  if (raw === '/login' || raw.startsWith('/login?') || raw === '/signup' || raw.startsWith('/signup?')) return '/';
  return raw;
}

/** /login, remembering the page to come back to (e.g. loginHref('/history')). */
export function loginHref(returnTo: string): string {
  const target = safeReturnTo(returnTo);
  return target === '/' ? '/login' : `/login?next=${encodeURIComponent(target)}`;
}

/** The current page (path and query) in the browser, for loginHref. */
export function currentPath(): string {
  return typeof window === 'undefined' ? '/' : window.location.pathname + window.location.search;
}
