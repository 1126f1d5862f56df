import { expect, it } from 'vitest';
import { POST as logoutRoute } from '@/app/api/logout/route';
import { POST as refreshRoute } from '@/app/api/refresh/route';
import { POST as resetRequestRoute } from '@/app/api/password-reset/request/route';
import { POST as resetConfirmRoute } from '@/app/api/password-reset/confirm/route';
import { GET as meRoute } from '@/app/api/users/me/route';
import { PUT as updateRoute } from '@/app/api/users/[id]/route';
import { GET as viewRoute } from '@/app/api/documents/[id]/view/route';
import { GET as downloadRoute } from '@/app/api/documents/[id]/download/route';
import { startSession, type TokenPair } from '@/lib/auth/sessions';
import { describeEachDb } from '@/tests/helpers/db';
import { bannerPng } from '@/tests/render/helpers';
import { ENGLISH_HEADER, voterRows, workbook } from '@/tests/ingest/sheets';
import { status, upload, useDocumentsTestEnv, waitForStatus } from '@/tests/documents/helpers';
import { call, lastOtpFor, makeUser } from './helpers';

async function openLink(handler: unknown, url: string): Promise<number> {
  const id = /\/api\/documents\/(\d+)\//.exec(url)![1];
  const res = await (handler as (r: Request, c: { params: Promise<{ id: string }> }) => Promise<Response>)(new Request(`http://test.local${url}`), {
    params: Promise.resolve({ id }),
  });
  await res.arrayBuffer();
  return res.status;
}

/** A task with its draft made, and the links its status answer gives to `tokens`' session. */
async function draftLinks(tokens: TokenPair): Promise<{ id: number; view: string; download: string }> {
  const started = await upload(tokens.access_token, {
    voterList: { bytes: workbook([ENGLISH_HEADER, ...voterRows(8, false)], 'xlsx'), name: 'list.xlsx' },
    banner: { bytes: await bannerPng(300, 60), name: 'b.png' },
  });
  expect(started.status).toBe(201);
  const done = await waitForStatus(tokens.access_token, started.body.id, ['draft_complete', 'error']);
  expect(done.status).toBe('draft_complete');
  return { id: started.body.id, view: done.view_url, download: done.download_url };
}

async function linksWork(links: { view: string; download: string }): Promise<[number, number]> {
  return [await openLink(viewRoute, links.view), await openLink(downloadRoute, links.download)];
}

describeEachDb('logout and the end of file links', (ctx) => {
  const env = useDocumentsTestEnv(ctx);

  it('POST /api/logout ends the session at once: its access token, its refresh token and its file links; other sessions go on', async () => {
    const { user, tokens } = await makeUser(ctx.db);
    const phone = await startSession(ctx.db, user);
    const links = await draftLinks(tokens);
    const phoneLinks = await status(phone.access_token, links.id);
    expect(await linksWork(links)).toEqual([200, 200]);

    const out = await call(logoutRoute, { method: 'POST', token: tokens.access_token });
    expect(out).toMatchObject({ status: 200, body: { detail: 'Logged out.' } });

    expect((await call(meRoute, { token: tokens.access_token })).status).toBe(401);
    expect((await call(refreshRoute, { method: 'POST', headers: { 'refresh-token': tokens.refresh_token } })).status).toBe(401);
    expect(await linksWork(links)).toEqual([401, 401]);
    // a second logout with the ended token is refused like any other call
    expect((await call(logoutRoute, { method: 'POST', token: tokens.access_token })).status).toBe(401);

    // the same user's other session keeps working, its links too
    expect((await call(meRoute, { token: phone.access_token })).status).toBe(200);
    expect(await linksWork({ view: phoneLinks.view_url, download: phoneLinks.download_url })).toEqual([200, 200]);
    expect((await call(refreshRoute, { method: 'POST', headers: { 'refresh-token': phone.refresh_token } })).status).toBe(200);
  });

  it('logout needs a bearer token', async () => {
    expect((await call(logoutRoute, { method: 'POST' })).status).toBe(401);
    expect((await call(logoutRoute, { method: 'POST', token: 'not-a-token' })).status).toBe(401);
  });

  it("changing one's own password keeps the session but ends its file links; the status answer gives new ones", async () => {
    const { user, tokens } = await makeUser(ctx.db);
    const links = await draftLinks(tokens);
    expect(await linksWork(links)).toEqual([200, 200]);
    const changed = await call(updateRoute, { method: 'PUT', token: tokens.access_token, params: { id: String(user.id) }, json: { password: 'a-new-password-1' } });
    expect(changed.status).toBe(200);
    expect((await call(meRoute, { token: tokens.access_token })).status).toBe(200);
    expect(await linksWork(links)).toEqual([401, 401]);
    const fresh = await status(tokens.access_token, links.id);
    expect(await linksWork({ view: fresh.view_url, download: fresh.download_url })).toEqual([200, 200]);
  });

  it("an admin's password change and a reset by code end the user's file links", async () => {
    const admin = await makeUser(ctx.db, { isAdmin: true });
    const { user, tokens } = await makeUser(ctx.db);
    const links = await draftLinks(tokens);
    const byAdmin = await call(updateRoute, { method: 'PUT', token: admin.tokens.access_token, params: { id: String(user.id) }, json: { password: 'set-by-admin-1' } });
    expect(byAdmin.status).toBe(200);
    expect(await linksWork(links)).toEqual([401, 401]);

    const again = await startSession(ctx.db, { ...user });
    const second = await status(again.access_token, links.id);
    const secondLinks = { view: second.view_url as string, download: second.download_url as string };
    expect(await linksWork(secondLinks)).toEqual([200, 200]);
    expect((await call(resetRequestRoute, { form: { email: user.email } })).status).toBe(200);
    const reset = await call(resetConfirmRoute, { json: { email: user.email, otp: lastOtpFor(env.dataDir, user.email), password: 'reset-by-code-1' } });
    expect(reset.status).toBe(200);
    expect(await linksWork(secondLinks)).toEqual([401, 401]);
  });
});
