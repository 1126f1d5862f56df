import { isIP } from 'node:net';
import { UNKNOWN_IP } from '@/lib/rate-limit';
import { PEER_ADDRESS_HEADER, peerAddressHookInstalled } from './peer-address';

/**
 * One rate-limit subject per client: an IPv4 address as is (IPv4-mapped IPv6 unwrapped), an IPv6
 * address by its /64 network (one subscriber usually holds a whole /64, so single addresses are free).
 */
export function normalizeAddress(raw: string): string | undefined {
  const address = raw.trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  const kind = isIP(address);
  if (kind === 4) return address;
  if (kind !== 6) return undefined;
  const [head, tail = ''] = address.toLowerCase().split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === '' ? [] : tail.split(':');
  const groups = address.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

/**
 * The caller's address for rate limiting. With TRUST_PROXY the right-most `x-forwarded-for` entry (the
 * address the one trusted proxy saw) is believed; otherwise the connection's own address, stamped by
 * the start-up hook (see peer-address.ts) — a client-sent `x-forwarded-for` is ignored. Unknown only
 * when neither is available (the hook is not installed, e.g. a handler called directly in a test).
 */
export function clientIp(req: Request, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = req.headers.get('x-forwarded-for');
    const last = forwarded?.split(',').map((s) => s.trim()).filter(Boolean).pop();
    const candidate = last ?? req.headers.get('x-real-ip') ?? '';
    return (candidate.length <= 64 && normalizeAddress(candidate)) || UNKNOWN_IP;
  }
  if (!peerAddressHookInstalled()) return UNKNOWN_IP;
  return normalizeAddress(req.headers.get(PEER_ADDRESS_HEADER) ?? '') ?? UNKNOWN_IP;
}
