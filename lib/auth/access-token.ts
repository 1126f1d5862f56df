import { errors, jwtVerify, SignJWT } from 'jose';
import { getConfig } from '@/lib/config';

/** Access tokens: short-lived HS256 JWTs. `sub` is the user id, `sid` the refresh-token family (the session). */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ISSUER = 'vsg';
/** A session id is a refresh-token family id: a UUID. */
export const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const AUDIENCE = 'vsg-api';

export interface AccessClaims {
  userId: number;
  sessionId: string;
}

export async function signAccessToken(claims: AccessClaims, now: Date = new Date(), secret = getConfig().jwtSecret): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ sid: claims.sessionId, typ: 'access' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_TTL_SECONDS)
    .sign(secret);
}

export type AccessTokenResult = { ok: true; claims: AccessClaims } | { ok: false; reason: 'expired' | 'invalid' };

/** Verifies signature, algorithm, issuer, audience, expiry and shape. Never throws. */
export async function verifyAccessToken(token: string, secret = getConfig().jwtSecret, now?: Date): Promise<AccessTokenResult> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      currentDate: now,
    });
    const userId = Number(payload.sub);
    if (payload.typ !== 'access' || !Number.isSafeInteger(userId) || userId <= 0 || typeof payload.sid !== 'string' || !SESSION_ID.test(payload.sid)) {
      return { ok: false, reason: 'invalid' };
    }
    return { ok: true, claims: { userId, sessionId: payload.sid } };
  } catch (error) {
    return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
  }
}
