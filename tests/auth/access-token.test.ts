import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS, signAccessToken, verifyAccessToken } from '@/lib/auth/access-token';
import { resetConfigForTests } from '@/lib/config';

/** A session id is a refresh-token family's UUID. */
const SID = '0b6f9a52-3c1d-4e8f-9a7b-2c4d6e8f0a1b';

const secret = new TextEncoder().encode('unit-secret-unit-secret-unit-secret-0123');

describe('access tokens', () => {
  beforeAll(() => {
    process.env.JWT_SECRET = 'unit-secret-unit-secret-unit-secret-0123';
    resetConfigForTests();
  });

  it('round-trips the user id and session id', async () => {
    const token = await signAccessToken({ userId: 7, sessionId: SID });
    expect(await verifyAccessToken(token, secret)).toEqual({ ok: true, claims: { userId: 7, sessionId: SID } });
  });

  it('expires after 15 minutes', async () => {
    const issued = new Date('2026-01-01T00:00:00Z');
    const token = await signAccessToken({ userId: 7, sessionId: SID }, issued, secret);
    const justBefore = new Date(issued.getTime() + (ACCESS_TOKEN_TTL_SECONDS - 5) * 1000);
    const after = new Date(issued.getTime() + (ACCESS_TOKEN_TTL_SECONDS + 5) * 1000);
    expect((await verifyAccessToken(token, secret, justBefore)).ok).toBe(true);
    expect(await verifyAccessToken(token, secret, after)).toEqual({ ok: false, reason: 'expired' });
    expect(ACCESS_TOKEN_TTL_SECONDS).toBe(900);
  });

  it('refuses a token signed with another secret, a tampered one, garbage and alg "none"', async () => {
    const other = await signAccessToken({ userId: 7, sessionId: SID }, new Date(), new TextEncoder().encode('x'.repeat(40)));
    expect((await verifyAccessToken(other, secret)).ok).toBe(false);
    const good = await signAccessToken({ userId: 7, sessionId: SID }, new Date(), secret);
    const [h, p, s] = good.split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p, 'base64url').toString()), sub: '1' })).toString('base64url');
    expect((await verifyAccessToken(`${h}.${forged}.${s}`, secret)).ok).toBe(false);
    expect((await verifyAccessToken('garbage', secret)).ok).toBe(false);
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${p}.`;
    expect((await verifyAccessToken(none, secret)).ok).toBe(false);
  });

  it('refuses a validly signed token that is not an access token', async () => {
    const wrongType = await new SignJWT({ sid: SID, typ: 'refresh' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('7')
      .setIssuer('vsg')
      .setAudience('vsg-api')
      .setExpirationTime('5m')
      .sign(secret);
    expect((await verifyAccessToken(wrongType, secret)).ok).toBe(false);
  });
});
