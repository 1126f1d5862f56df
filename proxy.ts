import { NextResponse, type NextRequest } from 'next/server';
import { contentSecurityPolicy, newNonce } from '@/lib/api/security-headers';

/**
 * Next 16 proxy (formerly middleware): every page gets a Content-Security-Policy with a fresh nonce. The
 * nonce travels to the renderer in the request's Content-Security-Policy header (Next puts it on its own
 * scripts) and as x-nonce (the root layout gives it to the theme script). The other security headers —
 * and the policy of API answers and PDFs — come from next.config.ts `headers()`, which covers every path.
 *
 * Not on /api: when a proxy runs for a request, Next clones and buffers its body (up to 10 MB, then
 * truncates it) so that both could read it — that would defeat the streaming body limits and corrupt
 * large uploads.
 */
export function proxy(request: NextRequest): NextResponse {
  const nonce = newNonce();
  const policy = contentSecurityPolicy(nonce, { dev: process.env.NODE_ENV === 'development' });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set('x-nonce', nonce);
  requestHeaders.set('Content-Security-Policy', policy);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set('Content-Security-Policy', policy);
  return response;
}

export const config = {
  // Pages only: not the API (see above), not Next's build assets and image optimizer, not the icons and manifest.
  matcher: ['/((?!api/|_next/static|_next/image|icon\\.svg|icon-[a-z0-9-]+\\.png|apple-icon\\.png|favicon\\.ico|manifest\\.webmanifest).*)'],
};
