import { UNKNOWN_IP } from '@/lib/rate-limit';

/**
 * The caller's IP for rate limiting. `x-forwarded-for` is believed only when TRUST_PROXY is on (Next
 * itself keeps a client-sent value, so without a proxy it can be forged); then the right-most entry is
 * the address the (one) trusted proxy saw. Otherwise the IP is unknown.
 */
export function clientIp(req: Request, trustProxy: boolean): string {
  if (!trustProxy) return UNKNOWN_IP;
  const forwarded = req.headers.get('x-forwarded-for');
  const last = forwarded?.split(',').map((s) => s.trim()).filter(Boolean).pop();
  const candidate = last ?? req.headers.get('x-real-ip')?.trim();
  if (!candidate || candidate.length > 64 || !/^[0-9a-fA-F:.]+$/.test(candidate)) return UNKNOWN_IP;
  return candidate;
}
