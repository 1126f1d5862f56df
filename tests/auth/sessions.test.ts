import { and, eq, isNull } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDb } from '@/tests/helpers/db';
import { POST as refreshRoute } from '@/app/api/refresh/route';
import { GET as meRoute } from '@/app/api/users/me/route';
import { PUT as updateRoute } from '@/app/api/users/[id]/route';
import { refreshTokens, users } from '@/db/schema';
import { sha256Hex } from '@/lib/auth/crypto';
import { refreshSession, REFRESH_TOKEN_TTL_DAYS } from '@/lib/auth/sessions';
import { call, makeUser, useAuthTestEnv } from './helpers';

describeEachDb('sessions and tokens', (ctx) => {
  useAuthTestEnv(ctx);

  it('stores only a hash of the refresh token', async () => {
    const { user, tokens } = await makeUser(ctx.db);
    const rows = await ctx.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).toBe(sha256Hex(tokens.refresh_token));
    expect(JSON.stringify(rows)).not.toContain(tokens.refresh_token);
  });

  it('refuses an expired refresh token', async () => {
    const { tokens } = await makeUser(ctx.db);
    const later = new Date(Date.now() + (REFRESH_TOKEN_TTL_DAYS + 1) * 24 * 3600 * 1000);
    await expect(refreshSession(ctx.db, tokens.refresh_token, later)).rejects.toMatchObject({ status: 401 });
  });

  it('of two concurrent refreshes with one token exactly one wins', async () => {
    const { tokens } = await makeUser(ctx.db);
    const results = await Promise.allSettled([refreshSession(ctx.db, tokens.refresh_token), refreshSession(ctx.db, tokens.refresh_token)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });

  it('keeps other families alive when one family is revoked by reuse', async () => {
    const a = await makeUser(ctx.db);
    const r1 = await refreshSession(ctx.db, a.tokens.refresh_token);
    await expect(refreshSession(ctx.db, a.tokens.refresh_token)).rejects.toMatchObject({ status: 401 });
    await expect(refreshSession(ctx.db, r1.refresh_token)).rejects.toMatchObject({ status: 401 });
    // a second login (another device) is a different family and still works
    const { startSession } = await import('@/lib/auth/sessions');
    const other = await startSession(ctx.db, a.user);
    await expect(refreshSession(ctx.db, other.refresh_token)).resolves.toMatchObject({ token_type: 'bearer' });
  });

  it('answers bad tokens with 401 and a detail, never a 500', async () => {
    for (const headers of [{} as Record<string, string>, { 'refresh-token': '' }, { 'refresh-token': 'garbage' }, { 'refresh-token': 'x'.repeat(5000) }]) {
      const res = await call(refreshRoute, { method: 'POST', headers });
      expect(res.status).toBe(401);
      expect(typeof res.body.detail).toBe('string');
    }
    for (const authorization of ['Bearer garbage', 'Basic abc', 'Bearer', 'Bearer a.b.c', `Bearer ${'x'.repeat(5000)}`]) {
      const res = await call(meRoute, { headers: { authorization } });
      expect(res.status).toBe(401);
      expect(typeof res.body.detail).toBe('string');
    }
    expect((await call(meRoute)).status).toBe(401);
  });

  it('a deactivated user: access token stops at once, refresh refused', async () => {
    const { user, tokens } = await makeUser(ctx.db);
    expect((await call(meRoute, { token: tokens.access_token })).status).toBe(200);
    await ctx.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expect((await call(meRoute, { token: tokens.access_token })).status).toBe(401);
    expect((await call(refreshRoute, { method: 'POST', headers: { 'refresh-token': tokens.refresh_token } })).status).toBe(401);
  });

  it('changing the password ends the other sessions but keeps the current one', async () => {
    const { user, tokens } = await makeUser(ctx.db);
    const { startSession } = await import('@/lib/auth/sessions');
    const otherDevice = await startSession(ctx.db, user);
    const res = await call(updateRoute, { method: 'PUT', token: tokens.access_token, params: { id: String(user.id) }, json: { password: 'brand-new-pass' } });
    expect(res.status).toBe(200);
    await expect(refreshSession(ctx.db, otherDevice.refresh_token)).rejects.toMatchObject({ status: 401 });
    await expect(refreshSession(ctx.db, tokens.refresh_token)).resolves.toMatchObject({ token_type: 'bearer' });
    const live = await ctx.db.select().from(refreshTokens).where(and(eq(refreshTokens.userId, user.id), isNull(refreshTokens.revokedAt)));
    expect(live.length).toBeGreaterThan(0);
  });
});
