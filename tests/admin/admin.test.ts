import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDb } from '@/tests/helpers/db';
import { GET as listUsersRoute } from '@/app/api/users/route';
import { DELETE as deleteRoute, GET as getUserRoute, PUT as updateRoute } from '@/app/api/users/[id]/route';
import { GET as meRoute } from '@/app/api/users/me/route';
import { POST as refreshRoute } from '@/app/api/refresh/route';
import { GET as licenseListRoute } from '@/app/api/v1/vsg/admin/users/route';
import { PUT as licenseRoute } from '@/app/api/v1/vsg/admin/users/[id]/license/route';
import { GET as historyRoute } from '@/app/api/v1/vsg/admin/users/[id]/license/history/route';
import { refreshTokens, users } from '@/db/schema';
import { call, makeUser, useAuthTestEnv } from '../auth/helpers';

describeEachDb('admin-only endpoints and user management rules', (ctx) => {
  useAuthTestEnv(ctx);

  function adminCalls(targetId: number) {
    const params = { id: String(targetId) };
    return [
      { name: 'GET /api/users', run: (token?: string) => call(listUsersRoute, { token }) },
      { name: 'DELETE /api/users/{id}', run: (token?: string) => call(deleteRoute, { method: 'DELETE', token, params }) },
      { name: 'GET /api/v1/vsg/admin/users', run: (token?: string) => call(licenseListRoute, { token }) },
      {
        name: 'PUT /api/v1/vsg/admin/users/{id}/license',
        run: (token?: string) => call(licenseRoute, { method: 'PUT', token, params, json: { vsg_license_status: 'active' } }),
      },
      { name: 'GET .../license/history', run: (token?: string) => call(historyRoute, { token, params }) },
    ];
  }

  it('every admin call: 401 without a token, 403 for a non-admin, and nothing changes', async () => {
    const victim = await makeUser(ctx.db);
    const plain = await makeUser(ctx.db);
    for (const c of adminCalls(victim.user.id)) {
      const anon = await c.run();
      expect(anon.status, c.name).toBe(401);
      expect(typeof anon.body.detail).toBe('string');
      const forbidden = await c.run(plain.tokens.access_token);
      expect(forbidden.status, c.name).toBe(403);
      expect(forbidden.body.detail).toBe('Admin access is required.');
    }
    const [row] = await ctx.db.select().from(users).where(eq(users.id, victim.user.id));
    expect(row.vsgLicenseStatus).toBe('inactive');
  });

  it('a user cannot edit someone else nor make themself admin; an admin can', async () => {
    const a = await makeUser(ctx.db);
    const b = await makeUser(ctx.db);
    const other = await call(updateRoute, { method: 'PUT', token: a.tokens.access_token, params: { id: String(b.user.id) }, json: { name: 'Hacked' } });
    expect(other.status).toBe(403);
    expect((await call(getUserRoute, { token: a.tokens.access_token, params: { id: String(b.user.id) } })).status).toBe(403);
    const escalate = await call(updateRoute, { method: 'PUT', token: a.tokens.access_token, params: { id: String(a.user.id) }, json: { is_admin: true } });
    expect(escalate.status).toBe(403);
    const own = await call(updateRoute, {
      method: 'PUT',
      token: a.tokens.access_token,
      params: { id: String(a.user.id) },
      json: { name: '  New Name ', phone_number: '+91 91234 56789', password: '' },
    });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ name: 'New Name', phone_number: '+91 91234 56789', is_admin: false });

    const admin = await makeUser(ctx.db, { isAdmin: true });
    const byAdmin = await call(updateRoute, {
      method: 'PUT',
      token: admin.tokens.access_token,
      params: { id: String(b.user.id) },
      json: { name: 'Edited', is_admin: true },
    });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body).toMatchObject({ name: 'Edited', is_admin: true });
    expect((await call(getUserRoute, { token: admin.tokens.access_token, params: { id: String(b.user.id) } })).body.name).toBe('Edited');
  });

  it('blank password keeps the old one; a new one replaces it', async () => {
    const a = await makeUser(ctx.db);
    const before = (await ctx.db.select().from(users).where(eq(users.id, a.user.id)))[0].passwordHash;
    await call(updateRoute, { method: 'PUT', token: a.tokens.access_token, params: { id: String(a.user.id) }, json: { password: '' } });
    expect((await ctx.db.select().from(users).where(eq(users.id, a.user.id)))[0].passwordHash).toBe(before);
    await call(updateRoute, { method: 'PUT', token: a.tokens.access_token, params: { id: String(a.user.id) }, json: { password: 'another-pass-9' } });
    expect((await ctx.db.select().from(users).where(eq(users.id, a.user.id)))[0].passwordHash).not.toBe(before);
  });

  it('an admin cannot delete, demote or deactivate themself; the last admin stays', async () => {
    // make this suite's admins the only admins
    await ctx.db.update(users).set({ isAdmin: false });
    const admin = await makeUser(ctx.db, { isAdmin: true });
    const id = { id: String(admin.user.id) };
    const del = await call(deleteRoute, { method: 'DELETE', token: admin.tokens.access_token, params: id });
    expect(del.status).toBe(409);
    expect(del.body.detail).toMatch(/own account/);
    const demote = await call(updateRoute, { method: 'PUT', token: admin.tokens.access_token, params: id, json: { is_admin: false } });
    expect(demote.status).toBe(409);
    expect(demote.body.detail).toMatch(/own admin rights/);
    const deactivate = await call(updateRoute, { method: 'PUT', token: admin.tokens.access_token, params: id, json: { is_active: false } });
    expect(deactivate.status).toBe(409);

    // with a second admin, the second may demote the first
    const second = await makeUser(ctx.db, { isAdmin: true });
    const ok = await call(updateRoute, { method: 'PUT', token: second.tokens.access_token, params: id, json: { is_admin: false } });
    expect(ok.status).toBe(200);
    expect(ok.body.is_admin).toBe(false);
    // an inactive admin does not count: with the first one admin again but deactivated, `second` is the
    // last active admin and cannot step down
    await ctx.db.update(users).set({ isAdmin: true, isActive: false }).where(eq(users.id, admin.user.id));
    const stepDown = await call(updateRoute, { method: 'PUT', token: second.tokens.access_token, params: { id: String(second.user.id) }, json: { is_admin: false } });
    expect(stepDown.status).toBe(409);
    // two active admins again: deleting one of them is fine
    await ctx.db.update(users).set({ isActive: true }).where(eq(users.id, admin.user.id));
    const delSecond = await call(deleteRoute, { method: 'DELETE', token: admin.tokens.access_token, params: { id: String(second.user.id) } });
    expect(delSecond.status).toBe(200);
    expect(delSecond.body).toEqual({ detail: 'User deleted.' });
  });

  it('the last admin cannot be demoted or deleted by anyone (rule checked in lib)', async () => {
    await ctx.db.update(users).set({ isAdmin: false });
    const last = await makeUser(ctx.db, { isAdmin: true });
    const { deleteUserAs, updateUserAs } = await import('@/lib/auth/users');
    // an actor flagged admin in memory only (e.g. a stale row) still cannot remove the last admin
    const ghost = { ...last.user, id: 2_000_000_000, isAdmin: true };
    await expect(updateUserAs(ctx.db, { user: ghost }, last.user.id, { is_admin: false })).rejects.toMatchObject({ status: 409, message: /last admin/ });
    await expect(updateUserAs(ctx.db, { user: ghost }, last.user.id, { is_active: false })).rejects.toMatchObject({ status: 409 });
    await expect(deleteUserAs(ctx.db, ghost, last.user.id)).rejects.toMatchObject({ status: 409, message: /last admin/ });
  });

  it("deleting a user ends their sessions at once: access token → 401, refresh → 401", async () => {
    const admin = await makeUser(ctx.db, { isAdmin: true });
    const victim = await makeUser(ctx.db);
    expect((await call(meRoute, { token: victim.tokens.access_token })).status).toBe(200);
    const res = await call(deleteRoute, { method: 'DELETE', token: admin.tokens.access_token, params: { id: String(victim.user.id) } });
    expect(res.status).toBe(200);
    expect((await ctx.db.select().from(refreshTokens).where(eq(refreshTokens.userId, victim.user.id))).length).toBe(0);
    expect((await call(meRoute, { token: victim.tokens.access_token })).status).toBe(401);
    expect((await call(refreshRoute, { method: 'POST', headers: { 'refresh-token': victim.tokens.refresh_token } })).status).toBe(401);
    expect((await call(deleteRoute, { method: 'DELETE', token: admin.tokens.access_token, params: { id: String(victim.user.id) } })).status).toBe(404);
  });

  it('a row elsewhere that blocks the delete (no ON DELETE CASCADE) is a 409, not a 500', async () => {
    const { sql } = await import('drizzle-orm');
    const admin = await makeUser(ctx.db, { isAdmin: true });
    const victim = await makeUser(ctx.db);
    await ctx.db.execute(sql`create table if not exists blocker (user_id integer not null references users(id))`);
    await ctx.db.execute(sql`insert into blocker values (${victim.user.id})`);
    const res = await call(deleteRoute, { method: 'DELETE', token: admin.tokens.access_token, params: { id: String(victim.user.id) } });
    expect(res.status).toBe(409);
    expect(res.body.detail).toMatch(/prevent deletion/);
    await ctx.db.execute(sql`drop table blocker`);
  });

  it('an admin deactivating a user ends their sessions', async () => {
    const admin = await makeUser(ctx.db, { isAdmin: true });
    const victim = await makeUser(ctx.db);
    const res = await call(updateRoute, { method: 'PUT', token: admin.tokens.access_token, params: { id: String(victim.user.id) }, json: { is_active: false } });
    expect(res.status).toBe(200);
    expect(res.body.is_active).toBe(false);
    expect((await call(meRoute, { token: victim.tokens.access_token })).status).toBe(401);
    const live = await ctx.db.select().from(refreshTokens).where(eq(refreshTokens.userId, victim.user.id));
    expect(live.every((r) => r.revokedAt !== null)).toBe(true);
  });

  it('licence: list, set, answer {id, status}, record history (who, when, from, to)', async () => {
    const admin = await makeUser(ctx.db, { isAdmin: true });
    const u = await makeUser(ctx.db);
    const params = { id: String(u.user.id) };
    const set = await call(licenseRoute, { method: 'PUT', token: admin.tokens.access_token, params, json: { vsg_license_status: 'active' } });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ id: u.user.id, vsg_license_status: 'active' });
    // same value again: no new history row
    await call(licenseRoute, { method: 'PUT', token: admin.tokens.access_token, params, json: { vsg_license_status: 'active' } });
    await call(licenseRoute, { method: 'PUT', token: admin.tokens.access_token, params, json: { vsg_license_status: 'inactive' } });

    const list = await call(licenseListRoute, { token: admin.tokens.access_token });
    expect(list.body).toContainEqual({ id: u.user.id, email: u.user.email, vsg_license_status: 'inactive' });

    const history = await call(historyRoute, { token: admin.tokens.access_token, params });
    expect(history.status).toBe(200);
    expect(history.body).toHaveLength(2);
    expect(history.body[0]).toMatchObject({ from_status: 'active', to_status: 'inactive', changed_by: admin.user.id, changed_by_email: admin.user.email });
    expect(history.body[1]).toMatchObject({ from_status: 'inactive', to_status: 'active' });
    expect(Number.isNaN(Date.parse(history.body[0].created_at))).toBe(false);
  });

  it('GET /api/users lists user objects with search, paging and X-Total-Count', async () => {
    const admin = await makeUser(ctx.db, { isAdmin: true });
    await makeUser(ctx.db, { name: 'Zebra Findme' });
    const all = await call(listUsersRoute, { token: admin.tokens.access_token });
    expect(all.status).toBe(200);
    expect(Number(all.headers.get('x-total-count'))).toBe(all.body.length);
    expect(all.body[0]).not.toHaveProperty('password_hash');
    const found = await call(listUsersRoute, { token: admin.tokens.access_token, url: 'http://t/api/users?q=findme' });
    expect(found.body.map((u: { name: string }) => u.name)).toEqual(['Zebra Findme']);
    const page = await call(listUsersRoute, { token: admin.tokens.access_token, url: 'http://t/api/users?limit=1&offset=1' });
    expect(page.body).toHaveLength(1);
    expect(page.body[0].id).toBe(all.body[1].id);
    expect((await call(listUsersRoute, { token: admin.tokens.access_token, url: 'http://t/api/users?limit=abc' })).status).toBe(422);
    expect((await call(listUsersRoute, { token: admin.tokens.access_token, url: 'http://t/api/users?q=%25' })).status).toBe(200);
  });

  it('bad input → 4xx with a detail, never 500', async () => {
    const admin = await makeUser(ctx.db, { isAdmin: true });
    const t = admin.tokens.access_token;
    for (const id of ['abc', '0', '-1', '1.5', '99999999999', '']) {
      const r = await call(updateRoute, { method: 'PUT', token: t, params: { id }, json: { name: 'x' } });
      expect(r.status, id).toBe(400);
      expect(r.body.detail).toMatch(/user id/);
      expect((await call(deleteRoute, { method: 'DELETE', token: t, params: { id } })).status).toBe(400);
      expect((await call(licenseRoute, { method: 'PUT', token: t, params: { id }, json: { vsg_license_status: 'active' } })).status).toBe(400);
      expect((await call(historyRoute, { token: t, params: { id } })).status).toBe(400);
    }
    expect((await call(updateRoute, { method: 'PUT', token: t, params: { id: '2147483000' }, json: { name: 'x' } })).status).toBe(404);
    expect((await call(historyRoute, { token: t, params: { id: '2147483000' } })).status).toBe(404);
    expect((await call(licenseRoute, { method: 'PUT', token: t, params: { id: '2147483000' }, json: { vsg_license_status: 'active' } })).status).toBe(404);
    const own = { id: String(admin.user.id) };
    const badStatus = await call(licenseRoute, { method: 'PUT', token: t, params: own, json: { vsg_license_status: 'expired' } });
    expect(badStatus.status).toBe(422);
    expect(badStatus.body.detail).toMatch(/^License status must be/);
    expect((await call(licenseRoute, { method: 'PUT', token: t, params: own, body: 'nope', headers: { 'content-type': 'application/json' } })).status).toBe(400);
    const longName = await call(updateRoute, { method: 'PUT', token: t, params: own, json: { name: 'n'.repeat(101) } });
    expect(longName.status).toBe(422);
    expect((await call(updateRoute, { method: 'PUT', token: t, params: own, json: { name: '   ' } })).status).toBe(422);
    expect((await call(updateRoute, { method: 'PUT', token: t, params: own, json: { password: 'short' } })).status).toBe(422);
    expect((await call(updateRoute, { method: 'PUT', token: t, params: own, json: { is_admin: 'yes' } })).status).toBe(422);
    expect((await call(updateRoute, { method: 'PUT', token: t, params: own, json: { phone_number: 'call me' } })).status).toBe(422);
    // a blank phone is allowed on edits (the bootstrap admin has none)
    const blankPhone = await call(updateRoute, { method: 'PUT', token: t, params: own, json: { name: 'Admin', phone_number: '' } });
    expect(blankPhone.status).toBe(200);
    expect(blankPhone.body.phone_number).toBe('');
    expect((await call(updateRoute, { method: 'PUT', token: t, params: own, body: '{', headers: { 'content-type': 'application/json' } })).status).toBe(400);
  });
});
