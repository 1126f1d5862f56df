import { getConfig } from '@/lib/config';
import { clientIp } from './client-ip';

/** The caller's IP as far as it can be trusted (see clientIp). */
export function requestIp(req: Request): string {
  return clientIp(req, getConfig().TRUST_PROXY);
}

/** JSON answer that is never cached (user data). */
export function jsonNoStore(body: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set('Cache-Control', 'no-store');
  return Response.json(body, { ...init, headers });
}
