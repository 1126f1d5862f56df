import { expect, it } from 'vitest';
import { describeEachDb } from '@/tests/helpers/db';
import { POST as loginRoute } from '@/app/api/login/route';
import { login } from '@/lib/auth/sessions';
import { assertWithinRateLimit, consumeRateLimit, RATE_RULES, UNKNOWN_IP, type RateRule } from '@/lib/rate-limit';
import { clientIp } from '@/lib/server/client-ip';
import { call, makeUser, uniqueEmail, useAuthTestEnv } from './helpers';

const rule: RateRule = { name: 'test', limit: 3, windowSeconds: 60, detail: 'Slow down.' };

describeEachDb('rate limits', (ctx) => {
  useAuthTestEnv(ctx);

  it('fixed window: the 4th call in 60 s is a 429 with Retry-After; a new window starts afresh', async () => {
    const t0 = new Date('2026-04-01T00:00:00Z');
    for (let i = 0; i < 3; i++) await consumeRateLimit(ctx.db, rule, 'a', new Date(t0.getTime() + i * 1000));
    const fourth = consumeRateLimit(ctx.db, rule, 'a', new Date(t0.getTime() + 15_000));
    await expect(fourth).rejects.toMatchObject({ status: 429, headers: { 'Retry-After': '45' }, message: /Slow down\. Please try again in 45 seconds\./ });
    // another subject has its own counter
    await expect(consumeRateLimit(ctx.db, rule, 'b', new Date(t0.getTime() + 15_000))).resolves.toBeUndefined();
    // after the window: allowed again
    await expect(consumeRateLimit(ctx.db, rule, 'a', new Date(t0.getTime() + 61_000))).resolves.toBeUndefined();
    await expect(assertWithinRateLimit(ctx.db, rule, 'a', new Date(t0.getTime() + 62_000))).resolves.toBeUndefined();
  });

  it('gives the shared unknown-IP bucket a 10x limit', async () => {
    const t0 = new Date('2026-04-02T00:00:00Z');
    for (let i = 0; i < 30; i++) await consumeRateLimit(ctx.db, rule, UNKNOWN_IP, t0);
    await expect(consumeRateLimit(ctx.db, rule, UNKNOWN_IP, t0)).rejects.toMatchObject({ status: 429 });
  });

  it('locks an account after 10 failed logins in 15 minutes, even for the right password; success resets', async () => {
    const { user, password } = await makeUser(ctx.db);
    const t0 = new Date('2026-04-03T00:00:00Z');
    for (let i = 0; i < RATE_RULES.loginFailuresPerEmail.limit; i++) {
      await expect(login(ctx.db, { email: user.email, password: 'wrong-password', ip: `3.3.3.${i}` }, t0)).rejects.toMatchObject({ status: 401 });
    }
    await expect(login(ctx.db, { email: user.email, password, ip: '3.3.3.99' }, t0)).rejects.toMatchObject({ status: 429 });
    const later = new Date(t0.getTime() + 15 * 60 * 1000 + 1000);
    const tokens = await login(ctx.db, { email: user.email, password, ip: '3.3.3.99' }, later);
    expect(tokens.token_type).toBe('bearer');
  });

  it('successful logins do not count', async () => {
    const { user, password } = await makeUser(ctx.db);
    for (let i = 0; i < 12; i++) await login(ctx.db, { email: user.email, password, ip: '4.4.4.4' });
  });

  it('the login handler answers 429 with Retry-After and a detail', async () => {
    const email = uniqueEmail('limited');
    for (let i = 0; i < RATE_RULES.loginFailuresPerEmail.limit; i++) {
      expect((await call(loginRoute, { form: { username: email, password: 'x' } })).status).toBe(401);
    }
    const res = await call(loginRoute, { form: { username: email, password: 'x' } });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(res.body.detail).toMatch(/Too many failed login attempts/);
  });
});

it('trusts x-forwarded-for only with TRUST_PROXY, taking the proxy-appended (right-most) entry', () => {
  const req = new Request('http://x/', { headers: { 'x-forwarded-for': '6.6.6.6, 10.0.0.7' } });
  expect(clientIp(req, false)).toBe(UNKNOWN_IP);
  expect(clientIp(req, true)).toBe('10.0.0.7');
  expect(clientIp(new Request('http://x/', { headers: { 'x-forwarded-for': 'evil<script>' } }), true)).toBe(UNKNOWN_IP);
  expect(clientIp(new Request('http://x/'), true)).toBe(UNKNOWN_IP);
});
