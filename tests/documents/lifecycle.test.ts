import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { findDocument, markDocumentPaid, updateDocument } from '@/db/queries/documents';
import { findJob } from '@/db/queries/jobs';
import { documents, storedFiles } from '@/db/schema';
import { DELETE as deleteRoute, GET as statusRoute } from '@/app/api/documents/[id]/route';
import { POST as cancelRoute } from '@/app/api/documents/[id]/cancel/route';
import { POST as continueRoute } from '@/app/api/documents/[id]/continue/route';
import { POST as paymentRoute } from '@/app/api/documents/[id]/payment/route';
import { GET as taskIdRoute } from '@/app/api/documents/[id]/task_id/route';
import { GET as viewRoute } from '@/app/api/documents/[id]/view/route';
import { GET as downloadRoute } from '@/app/api/documents/[id]/download/route';
import { GET as listRoute } from '@/app/api/documents/route';
import { signFileToken } from '@/lib/documents/file-token';
import { purgeExpiredFiles } from '@/lib/documents/retention';
import { documentsDeps } from '@/lib/documents/deps';
import { startFinalRender } from '@/lib/documents/service';
import { appContext } from '@/lib/server/context';
import { localRunnerForTests, resetJobsForTests, startLocalJobs } from '@/lib/server/jobs';
import { describeEachDb } from '@/tests/helpers/db';
import { call, makeUser } from '@/tests/auth/helpers';
import { bannerPng } from '@/tests/render/helpers';
import { ENGLISH_HEADER, voterRows, workbook } from '@/tests/ingest/sheets';
import { HAVE_ROLL, NO_ROLL_REASON, ROLL_PATH, status, upload, useDocumentsTestEnv, waitForStatus } from './helpers';

const excel = (n = 20) => ({ bytes: workbook([ENGLISH_HEADER, ...voterRows(n, false)], 'xlsx'), name: 'list.xlsx' });
const post = (handler: unknown, token: string, id: number) => call(handler, { token, method: 'POST', params: { id: String(id) } });

async function fileIds(db: Parameters<typeof findDocument>[0]): Promise<Set<string>> {
  return new Set((await db.select({ id: storedFiles.id }).from(storedFiles)).map((r) => r.id));
}

/** Who a file link is signed for: a test user in the session their access token belongs to. */
function issuerOf(who: { user: { id: number; passwordVersion: number }; tokens: { access_token: string } }) {
  const claims = JSON.parse(Buffer.from(who.tokens.access_token.split('.')[1], 'base64url').toString('utf8')) as { sid: string };
  return { userId: who.user.id, sessionId: claims.sid, passwordVersion: who.user.passwordVersion };
}

async function fetchFile(handler: unknown, id: number, query: string): Promise<number> {
  const res = await (handler as (r: Request, c: { params: Promise<{ id: string }> }) => Promise<Response>)(
    new Request(`http://test.local/api/documents/${id}/x${query}`),
    { params: Promise.resolve({ id: String(id) }) },
  );
  await res.arrayBuffer();
  return res.status;
}

describeEachDb('cancel, ownership, links and retention', (ctx) => {
  useDocumentsTestEnv(ctx);

  it('cancel while pending: the job is cancelled and the task and its files are gone', async () => {
    const { tokens } = await makeUser(ctx.db);
    const token = tokens.access_token;
    await resetJobsForTests(); // no runner: the task stays pending
    const before = await fileIds(ctx.db);
    const started = await upload(token, { voterList: excel(), banner: { bytes: await bannerPng(300, 60), name: 'b.png' } });
    expect((await status(token, started.body.id)).status).toBe('pending');
    expect((await post(cancelRoute, token, started.body.id)).status).toBe(200);
    expect((await call(statusRoute, { token, params: { id: String(started.body.id) } })).status).toBe(404);
    expect((await findJob(ctx.db, started.body.task_id))?.status).toBe('cancelled');
    expect(await fileIds(ctx.db)).toEqual(before);
    await startLocalJobs();
  });

  it.skipIf(!HAVE_ROLL)(`cancel while reading the roll stops the work and leaves nothing behind${HAVE_ROLL ? '' : ` (skipped: ${NO_ROLL_REASON})`}`, async () => {
    const { tokens } = await makeUser(ctx.db);
    const token = tokens.access_token;
    const before = await fileIds(ctx.db);
    const started = await upload(token, { voterList: { bytes: fs.readFileSync(ROLL_PATH), name: 'roll.pdf' }, banner: { bytes: await bannerPng(300, 60), name: 'b.png' } });
    await waitForStatus(token, started.body.id, ['processing', 'generating', 'draft_complete']);
    expect((await post(cancelRoute, token, started.body.id)).status).toBe(200);
    await localRunnerForTests()?.idle();
    expect(await findDocument(ctx.db, started.body.id)).toBeNull();
    expect((await findJob(ctx.db, started.body.task_id))?.status).toBe('cancelled');
    expect(await fileIds(ctx.db)).toEqual(before);
  });

  it('cancel on the draft works; once paid, and once complete, cancel is 409', async () => {
    const { tokens } = await makeUser(ctx.db);
    const token = tokens.access_token;
    const banner = { bytes: await bannerPng(300, 60), name: 'b.png' };
    const a = await upload(token, { voterList: excel(), banner });
    await waitForStatus(token, a.body.id, ['draft_complete']);
    expect((await post(cancelRoute, token, a.body.id)).status).toBe(200);
    expect((await call(listRoute, { token })).body.map((d: { id: number }) => d.id)).not.toContain(a.body.id);

    const b = await upload(token, { voterList: excel(), banner });
    await waitForStatus(token, b.body.id, ['draft_complete']);
    await markDocumentPaid(ctx.db, b.body.id);
    const paid = await post(cancelRoute, token, b.body.id);
    expect(paid).toMatchObject({ status: 409, body: { detail: expect.stringMatching(/paid/) } });
    await startFinalRender(await appContext(), b.body.id);
    await waitForStatus(token, b.body.id, ['complete']);
    expect((await post(cancelRoute, token, b.body.id)).status).toBe(409);
  });

  it('delete: an unpaid task that stopped with an error goes with its files; a draft, a paid task and another user\'s are refused', async () => {
    const owner = await makeUser(ctx.db);
    const other = await makeUser(ctx.db);
    const token = owner.tokens.access_token;
    const remove = (who: string, id: number) => call(deleteRoute, { token: who, method: 'DELETE', params: { id: String(id) } });
    const banner = { bytes: await bannerPng(300, 60), name: 'b.png' };
    const before = await fileIds(ctx.db);
    const a = await upload(token, { voterList: excel(), banner });
    await waitForStatus(token, a.body.id, ['draft_complete']);
    expect(await remove(token, a.body.id)).toMatchObject({ status: 409, body: { detail: expect.stringMatching(/Only a task that stopped with an error/) } });
    await updateDocument(ctx.db, a.body.id, { status: 'error', errorMessage: 'The file is damaged.' });
    expect((await remove(other.tokens.access_token, a.body.id)).status).toBe(404);
    expect(await remove(token, a.body.id)).toMatchObject({ status: 200, body: { detail: 'The task was deleted.' } });
    expect((await call(statusRoute, { token, params: { id: String(a.body.id) } })).status).toBe(404);
    expect((await call(listRoute, { token })).body.map((d: { id: number }) => d.id)).not.toContain(a.body.id);
    expect([...(await fileIds(ctx.db))].filter((f) => !before.has(f))).toEqual([]);
    expect((await remove(token, a.body.id)).status).toBe(404);

    const b = await upload(token, { voterList: excel(), banner });
    await waitForStatus(token, b.body.id, ['draft_complete']);
    await markDocumentPaid(ctx.db, b.body.id);
    await updateDocument(ctx.db, b.body.id, { status: 'error' });
    expect(await remove(token, b.body.id)).toMatchObject({ status: 409, body: { detail: expect.stringMatching(/paid/) } });
    expect(await findDocument(ctx.db, b.body.id)).not.toBeNull();
  });

  it("another user's task is 404 on every call; view/download need a valid token for that task", async () => {
    const owner = await makeUser(ctx.db);
    const other = await makeUser(ctx.db);
    const started = await upload(owner.tokens.access_token, { voterList: excel(), banner: { bytes: await bannerPng(300, 60), name: 'b.png' } });
    const id = started.body.id as number;
    const draft = await waitForStatus(owner.tokens.access_token, id, ['draft_complete']);
    const t = other.tokens.access_token;
    expect((await call(statusRoute, { token: t, params: { id: String(id) } })).status).toBe(404);
    expect((await call(taskIdRoute, { token: t, params: { id: String(id) } })).status).toBe(404);
    expect((await post(cancelRoute, t, id)).status).toBe(404);
    expect((await post(continueRoute, t, id)).status).toBe(404);
    expect((await call(paymentRoute, { token: t, params: { id: String(id) }, json: { razorpay_payment_id: 'a', razorpay_order_id: 'b', razorpay_signature: 'c' } })).status).toBe(404);
    expect((await call(listRoute, { token: t })).body).toEqual([]);
    expect((await call(statusRoute, { params: { id: String(id) } })).status).toBe(401);
    expect((await call(statusRoute, { token: owner.tokens.access_token, params: { id: 'abc' } })).status).toBe(400);

    const query = draft.view_url.slice(draft.view_url.indexOf('?'));
    expect(await fetchFile(viewRoute, id, query)).toBe(200);
    expect(await fetchFile(viewRoute, id, '')).toBe(401);
    expect(await fetchFile(downloadRoute, id, '?token=garbage')).toBe(401);
    expect(await fetchFile(downloadRoute, id, `${query}x`)).toBe(401);
    // a valid link of this task used for another id
    expect(await fetchFile(downloadRoute, id + 1000, query)).toBe(401);
    // a token forged for the other user on this task, and a final-file token before payment
    const forOther = encodeURIComponent(await signFileToken(id, 'draft', issuerOf(other)));
    expect(await fetchFile(downloadRoute, id, `?token=${forOther}`)).toBe(404);
    const finalEarly = encodeURIComponent(await signFileToken(id, 'final', issuerOf(owner)));
    expect(await fetchFile(downloadRoute, id, `?token=${finalEarly}`)).toBe(404);
    // an expired token
    const old = encodeURIComponent(await signFileToken(id, 'draft', issuerOf(owner), new Date(Date.now() - 2 * 3600 * 1000)));
    expect(await fetchFile(downloadRoute, id, `?token=${old}`)).toBe(401);
  });

  it('retention deletes the files of tasks ended RETENTION_DAYS ago (and stale unpaid drafts), keeping the record', async () => {
    const { tokens } = await makeUser(ctx.db);
    const token = tokens.access_token;
    const started = await upload(token, { voterList: excel(), banner: { bytes: await bannerPng(300, 60), name: 'b.png' } });
    const id = started.body.id as number;
    await waitForStatus(token, id, ['draft_complete']);
    const fresh = await findDocument(ctx.db, id);
    const deps = await documentsDeps();
    expect((await purgeExpiredFiles(deps)).documents).toBe(0);
    // the draft was left unpaid 31 days ago
    await ctx.db.update(documents).set({ updatedAt: new Date(Date.now() - 31 * 24 * 3600 * 1000) }).where(eq(documents.id, id));
    const purged = await purgeExpiredFiles(deps);
    expect(purged.documents).toBeGreaterThanOrEqual(1);
    const after = await findDocument(ctx.db, id);
    expect(after).toMatchObject({ status: 'draft_complete', totalPages: fresh?.totalPages, uploadFileId: null, draftFileId: null });
    expect(after?.filesDeletedAt).toBeInstanceOf(Date);
    const ids = await fileIds(ctx.db);
    for (const f of [fresh?.uploadFileId, fresh?.bannerFileId, fresh?.draftFileId, fresh?.votersFileId]) expect(ids.has(f as string)).toBe(false);
    const s = await status(token, id);
    expect(s).toMatchObject({ files_deleted: true, view_url: null, download_url: null });
  });
});
