import { jwtVerify, SignJWT } from 'jose';
import { getConfig } from '@/lib/config';

/**
 * The key in a mailed invoice link: it opens that one invoice or credit note without signing in, so the
 * mail can be forwarded to whoever keeps the campaign's accounts. Signed with the site's secret; it
 * names the document and nothing else, and lasts long enough to cover the financial year's filing.
 */
export const INVOICE_KEY_TTL_SECONDS = 400 * 24 * 3600;
const AUDIENCE = 'vsg-invoice';

export async function signInvoiceKey(invoiceId: number, now = new Date()): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(invoiceId))
    .setAudience(AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + INVOICE_KEY_TTL_SECONDS)
    .sign(getConfig().jwtSecret);
}

/** The invoice id the key opens, or null when it is missing, forged, expired or malformed. */
export async function verifyInvoiceKey(key: string | null): Promise<number | null> {
  if (!key || key.length > 1024) return null;
  try {
    const { payload } = await jwtVerify(key, getConfig().jwtSecret, { algorithms: ['HS256'], audience: AUDIENCE });
    const id = Number(payload.sub);
    return Number.isSafeInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}
