import { expect, it } from 'vitest';
import { describeEachDb } from '@/tests/helpers/db';
import { POST as loginRoute } from '@/app/api/login/route';
import { login } from '@/lib/auth/sessions';
import { backoffDelaySeconds } from '@/db/queries/rate-limits';
import { consumeRateLimit, LOGIN_BACKOFF, UNKNOWN_IP, type RateRule } from '@/lib/rate-limit';
import { clientIp, normalizeAddress } from '@/lib/api/client-ip';
import { installPeerAddressHook, PEER_ADDRESS_HEADER } from '@/lib/api/peer-address';
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
  });

  it('gives the shared unknown-IP bucket a 10x limit', async () => {
    const t0 = new Date('2026-04-02T00:00:00Z');
    for (let i = 0; i < 30; i++) await consumeRateLimit(ctx.db, rule, UNKNOWN_IP, t0);
    await expect(consumeRateLimit(ctx.db, rule, UNKNOWN_IP, t0)).rejects.toMatchObject({ status: 429 });
  });

  it('failed logins slow down one (address, account) with growing delays; another address is not held up', async () => {
    const { user, password } = await makeUser(ctx.db);
    const t0 = new Date('2026-04-03T00:00:00Z');
    const at = (s: number) => new Date(t0.getTime() + s * 1000);
    for (let i = 0; i < LOGIN_BACKOFF.free; i++) {
      await expect(login(ctx.db, { email: user.email, password: 'wrong-password', ip: '3.3.3.3' }, t0)).rejects.toMatchObject({ status: 401 });
    }
    // the attacker's address now waits, even with the right password ...
    await expect(login(ctx.db, { email: user.email, password, ip: '3.3.3.3' }, t0)).rejects.toMatchObject({ status: 429, headers: { 'Retry-After': '1' } });
    // ... while the owner, from another address, logs in at once
    expect((await login(ctx.db, { email: user.email, password, ip: '5.5.5.5' }, t0)).token_type).toBe('bearer');
    // the delay grows: 1 s after the 5th attempt, then 2 s after the 6th
    await expect(login(ctx.db, { email: user.email, password: 'wrong-password', ip: '3.3.3.3' }, at(1))).rejects.toMatchObject({ status: 401 });
    await expect(login(ctx.db, { email: user.email, password, ip: '3.3.3.3' }, at(2))).rejects.toMatchObject({ status: 429, headers: { 'Retry-After': '1' } });
    expect((await login(ctx.db, { email: user.email, password, ip: '3.3.3.3' }, at(3))).token_type).toBe('bearer');
    // success cleared the counter
    for (let i = 0; i < LOGIN_BACKOFF.free; i++) {
      await expect(login(ctx.db, { email: user.email, password: 'nope', ip: '3.3.3.3' }, at(3))).rejects.toMatchObject({ status: 401 });
    }
  });

  it('the delay doubles up to 15 minutes', () => {
    expect([4, 5, 6, 7, 10, 30].map((n) => backoffDelaySeconds(LOGIN_BACKOFF, n))).toEqual([0, 1, 2, 4, 32, 900]);
  });

  it('parallel guesses cannot all pass the check: at most the free attempts reach the password check', async () => {
    const { user } = await makeUser(ctx.db);
    const t0 = new Date('2026-04-04T00:00:00Z');
    const results = await Promise.allSettled(
      Array.from({ length: 16 }, () => login(ctx.db, { email: user.email, password: 'guess', ip: '7.7.7.7' }, t0)),
    );
    const statuses = results.map((r) => (r.status === 'rejected' ? (r.reason as { status: number }).status : 200));
    expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_BACKOFF.free);
    expect(statuses.filter((s) => s === 429)).toHaveLength(16 - LOGIN_BACKOFF.free);
  });

  it('successful logins do not build up a delay', async () => {
    const { user, password } = await makeUser(ctx.db);
    for (let i = 0; i < 12; i++) await login(ctx.db, { email: user.email, password, ip: '4.4.4.4' });
  });

  it('the login handler answers 429 with Retry-After and a detail', async () => {
    const email = uniqueEmail('limited');
    for (let i = 0; i < LOGIN_BACKOFF.free; i++) {
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
  expect(clientIp(req, true)).toBe('10.0.0.7');
  expect(clientIp(new Request('http://x/', { headers: { 'x-forwarded-for': 'evil<script>' } }), true)).toBe(UNKNOWN_IP);
  expect(clientIp(new Request('http://x/'), true)).toBe(UNKNOWN_IP);
});

it('without a proxy, keys by the connection address stamped by the start-up hook; a sent x-forwarded-for is ignored', () => {
  const forged = new Request('http://x/', { headers: { 'x-forwarded-for': '6.6.6.6', [PEER_ADDRESS_HEADER]: '127.0.0.2' } });
  // before the hook is installed in this process a client-sent peer header means nothing
  expect(clientIp(forged, false)).toBe(UNKNOWN_IP);
  installPeerAddressHook();
  expect(clientIp(forged, false)).toBe('127.0.0.2');
  expect(clientIp(new Request('http://x/', { headers: { [PEER_ADDRESS_HEADER]: '::ffff:127.0.0.3' } }), false)).toBe('127.0.0.3');
  expect(normalizeAddress('2001:db8:0:12::1')).toBe('2001:db8:0:12::/64');
  expect(normalizeAddress('::1')).toBe('0:0:0:0::/64');
  expect(normalizeAddress('not-an-ip')).toBeUndefined();
});
