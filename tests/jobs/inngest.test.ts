import { createHash } from 'node:crypto';
import { InngestTestEngine } from '@inngest/test';
import { NextRequest } from 'next/server';
import { expect, it, onTestFinished, vi } from 'vitest';
import { findDocument, markDocumentPaid } from '@/db/queries/documents';
import { functions } from '@/inngest/functions';
import { GET as inngestRoute } from '@/app/api/inngest/route';
import { resetJobsForTests } from '@/lib/server/jobs';
import { describeEachDb } from '@/tests/helpers/db';
import { makeUser } from '@/tests/auth/helpers';
import { bannerPng } from '@/tests/render/helpers';
import { ENGLISH_HEADER, voterRows, workbook } from '@/tests/ingest/sheets';
import { upload, uploadMany, useDocumentsTestEnv } from '@/tests/documents/helpers';
import { listDocumentParts } from '@/db/queries/document-parts';
import { documentsDeps } from '@/lib/documents/deps';
import { resetConfigForTests } from '@/lib/config';

/** @inngest/test keeps step results under Inngest's hashed step ids. */
const stepKey = (id: string) => createHash('sha1').update(id).digest('hex');

/** The same job definitions, run as Inngest functions by @inngest/test (the dev-server binary cannot be installed here). */
const byId = (id: string) => {
  const fn = functions.find((f) => f.id() === `voter-slip-generator-${id}` || f.id() === id);
  if (!fn) throw new Error(`no Inngest function ${id}; have ${functions.map((f) => f.id()).join(', ')}`);
  return fn;
};

describeEachDb('the slip pipeline on Inngest', (ctx) => {
  useDocumentsTestEnv(ctx);

  async function pendingTask(voters: number, name = 'list.xlsx', bytes?: Uint8Array) {
    const { user, tokens } = await makeUser(ctx.db);
    await resetJobsForTests(); // the local runner must not pick the task up: Inngest runs it here
    const started = await upload(tokens.access_token, {
      voterList: { bytes: bytes ?? workbook([ENGLISH_HEADER, ...voterRows(voters, false)], 'xlsx'), name },
      banner: { bytes: await bannerPng(300, 60), name: 'b.png' },
    });
    expect(started.status).toBe(201);
    return { documentId: started.body.id as number, userId: user.id };
  }

  it('slips-draft: parse, render-draft, late-ids and roll-facts run as steps with small results, ending in draft_complete', async () => {
    const data = await pendingTask(25);
    const t = new InngestTestEngine({ function: byId('slips-draft') });
    const { result, state, error } = await t.execute({ events: [{ name: 'slips/draft.requested', data }] });
    expect(error).toBeUndefined();
    expect(result).toEqual({ done: true });
    const parse = (await state[stepKey('parse')]) as { votersFileId: string; voters: number };
    expect(parse).toEqual({ votersFileId: expect.any(String), voters: 25 });
    expect(await state[stepKey('render-draft')]).toEqual({ draftFileId: expect.any(String), totalPages: 4 });
    // an Excel list has no IDs left to read after its draft, and no cover to read
    expect(await state[stepKey('late-ids')]).toEqual({ filled: 0 });
    expect(await state[stepKey('roll-facts')]).toEqual({ facts: 0 });
    expect(JSON.stringify(parse).length).toBeLessThan(200); // references, not voter lists
    expect(await findDocument(ctx.db, data.documentId)).toMatchObject({ status: 'draft_complete', totalPages: 4, voterCount: 25 });
  });

  it('slips-final: the payment event renders the final PDF of a paid task (and refuses an unpaid one)', async () => {
    const data = await pendingTask(10);
    await new InngestTestEngine({ function: byId('slips-draft') }).execute({ events: [{ name: 'slips/draft.requested', data }] });
    const unpaid = await new InngestTestEngine({ function: byId('slips-final') }).execute({ events: [{ name: 'slips/payment.verified', data }] });
    expect(unpaid.error).toMatchObject({ name: 'NonRetriableError', message: expect.stringMatching(/only after the payment/) });
    await markDocumentPaid(ctx.db, data.documentId);
    const t = new InngestTestEngine({ function: byId('slips-final') });
    const { result, state } = await t.execute({ events: [{ name: 'slips/payment.verified', data }] });
    expect(result).toEqual({ done: true });
    expect(await state[stepKey('render-final')]).toEqual({ finalFileId: expect.any(String) });
    expect(await findDocument(ctx.db, data.documentId)).toMatchObject({ status: 'complete' });
  });

  it('bad input fails without retries as a NonRetriableError, and the failure handler shows it on the task', async () => {
    const data = await pendingTask(0, 'empty.xlsx', workbook([ENGLISH_HEADER], 'xlsx'));
    const { error } = await new InngestTestEngine({ function: byId('slips-draft') }).execute({ events: [{ name: 'slips/draft.requested', data }] });
    expect(error).toMatchObject({ name: 'NonRetriableError' });
    // Inngest calls onFailure with the failure event; the definition's handler marks the task.
    const definition = (await import('@/lib/documents/jobs')).draftJob;
    await definition.onFailure?.(data, { message: (error as Error).message, step: null, permanent: true });
    expect(await findDocument(ctx.db, data.documentId)).toMatchObject({ status: 'error', failedStep: 'parse', errorMessage: (error as Error).message });
  });

  it('a mocked step result is used instead of running the step (memoised steps are never run again)', async () => {
    const data = await pendingTask(5);
    const parse = vi.fn(() => ({ votersFileId: 'from-an-earlier-attempt', voters: 5 }));
    const t = new InngestTestEngine({ function: byId('slips-draft'), steps: [{ id: 'parse', handler: parse }] });
    const { error } = await t.execute({ events: [{ name: 'slips/draft.requested', data }] });
    expect(parse).toHaveBeenCalledTimes(1);
    // render-draft then reads the task as parse left it (here: not parsed) and fails cleanly, not with a crash
    expect(error).toBeTruthy();
  });

  it('GET /api/inngest lists the functions (dev mode: no signing key)', async () => {
    vi.stubEnv('INNGEST_DEV', '1');
    // served only when Inngest runs the jobs (the local runner answers 404 there)
    vi.stubEnv('JOBS_PROVIDER', 'inngest');
    resetConfigForTests();
    const res = await inngestRoute(new NextRequest('http://127.0.0.1/api/inngest'), { params: Promise.resolve({}) } as never);
    const body = (await res.json()) as { function_count?: number; functionsFound?: number };
    expect(res.status).toBe(200);
    // slips-draft, slips-final, files-retention and invoice-mails, plus the failure handlers of the first two
    expect(body.function_count ?? body.functionsFound).toBe(6);
    expect(functions.map((f) => f.id())).toEqual(
      expect.arrayContaining([expect.stringMatching(/slips-draft$/), expect.stringMatching(/slips-final$/), expect.stringMatching(/files-retention$/), expect.stringMatching(/invoice-mails$/)]),
    );
    vi.unstubAllEnvs();
    resetConfigForTests();
  });

  /** Waits (at most 60 s) for a task to reach `status`; fails with the status it has. */
  async function statusReached(documentId: number, status: string): Promise<void> {
    const deadline = Date.now() + 60_000;
    let doc = await findDocument(ctx.db, documentId);
    while (doc?.status !== status && doc?.status !== 'error' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      doc = await findDocument(ctx.db, documentId);
    }
    expect(doc?.status, doc?.errorMessage ?? '').toBe(status);
  }

  it('a task of several lists: a step per list (parse-part-N, final-part-N) started side by side, then the pages of all and one ZIP', async () => {
    const { user, tokens } = await makeUser(ctx.db);
    await resetJobsForTests();
    const sheets = [12, 20, 7].map((n, i) => ({ bytes: workbook([ENGLISH_HEADER, ...voterRows(n, false).map((row) => [row[0], i + 1, ...row.slice(2)])], 'xlsx'), name: `part-${i + 1}.xlsx` }));
    const res = await uploadMany(tokens.access_token, sheets, { bytes: await bannerPng(300, 60), name: 'b.png' });
    expect(res.status).toBe(201);
    const data = { documentId: ((await res.json()) as { id: number }).id, userId: user.id };
    // from here the jobs are Inngest's, as in a deployment that runs them there: no helper jobs, a step per list
    vi.stubEnv('JOBS_PROVIDER', 'inngest');
    vi.stubEnv('INNGEST_DEV', '1');
    resetConfigForTests();
    await resetJobsForTests();
    onTestFinished(async () => {
      vi.unstubAllEnvs();
      resetConfigForTests();
      await resetJobsForTests();
    });

    // the test engine runs the steps found together (the lists) and goes on; it keeps the last step's result
    const draft = await new InngestTestEngine({ function: byId('slips-draft') }).execute({ events: [{ name: 'slips/draft.requested', data }] });
    expect(draft.error).toBeUndefined();
    // the engine may answer while steps it started together still run: the task's status says when the run has ended
    await statusReached(data.documentId, 'draft_complete');
    expect(await draft.state[stepKey('render-draft')]).toEqual({ draftFileId: expect.any(String), totalPages: 2 + 3 + 1 });
    expect(await findDocument(ctx.db, data.documentId)).toMatchObject({ status: 'draft_complete', voterCount: 39, partCount: 3, totalPages: 6 });
    expect((await listDocumentParts(ctx.db, data.documentId)).map((p) => [p.voterCount, p.pages])).toEqual([
      [12, 2],
      [20, 3],
      [7, 1],
    ]);

    await markDocumentPaid(ctx.db, data.documentId);
    const final = await new InngestTestEngine({ function: byId('slips-final') }).execute({ events: [{ name: 'slips/payment.verified', data }] });
    expect(final.error).toBeUndefined();
    await statusReached(data.documentId, 'complete');
    const done = await findDocument(ctx.db, data.documentId);
    expect(done).toMatchObject({ status: 'complete' });
    expect((await listDocumentParts(ctx.db, data.documentId)).every((p) => p.finalFileId)).toBe(true);
    const { unzipSync } = await import('fflate');
    const zip = unzipSync(await (await documentsDeps()).store.readAll(done!.finalFileId!));
    expect(Object.keys(zip)).toHaveLength(3);
  });
});
