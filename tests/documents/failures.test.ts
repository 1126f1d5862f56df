import fs from 'node:fs';
import { expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { insertDocument } from '@/db/queries/documents';
import { jobSteps, storedFiles } from '@/db/schema';
import { POST as continueRoute } from '@/app/api/documents/[id]/continue/route';
import { describeEachDb } from '@/tests/helpers/db';
import { call, makeUser } from '@/tests/auth/helpers';
import { bannerPng } from '@/tests/render/helpers';
import { ENGLISH_HEADER, voterRows, workbook } from '@/tests/ingest/sheets';
import { upload, useDocumentsTestEnv, waitForStatus } from './helpers';

/**
 * An injected transient fault: the draft render (in its sandbox process) meets a full disk `failures.left`
 * more times, then works.
 */
const failures = vi.hoisted(() => ({ left: 0, draftCalls: 0 }));
vi.mock('@/lib/sandbox', async (original) => {
  const real = await original<typeof import('@/lib/sandbox')>();
  class FaultyPool extends real.SandboxPool {
    override run: InstanceType<typeof real.SandboxPool>['run'] = (task, input, options) => {
      if (task === 'render' && (input as { mode: { kind: string } }).mode.kind === 'draft') {
        failures.draftCalls++;
        if (failures.left > 0) {
          failures.left--;
          return Promise.reject(new real.SandboxTransientError('ENOSPC: no space left on device, write'));
        }
      }
      return super.run(task, input, options);
    };
  }
  let pool: InstanceType<typeof real.SandboxPool> | undefined;
  return {
    ...real,
    getSandbox: () => (pool ??= new FaultyPool(real.defaultSandboxLimits())),
    closeSandbox: async () => {
      await pool?.close();
      pool = undefined;
    },
  };
});

describeEachDb('a fault in render-draft, then Resume Processing', (ctx) => {
  useDocumentsTestEnv(ctx);

  it('ends as error after its retries, resumes from render-draft on continue, and parse ran once', async () => {
    const { tokens } = await makeUser(ctx.db);
    const token = tokens.access_token;
    failures.left = 4; // the first attempt and its 3 retries
    failures.draftCalls = 0;
    const started = await upload(token, {
      voterList: { bytes: workbook([ENGLISH_HEADER, ...voterRows(30, false)], 'xlsx'), name: 'l.xlsx' },
      banner: { bytes: await bannerPng(400, 80), name: 'b.png' },
    });
    const id = started.body.id as number;
    const failed = await waitForStatus(token, id, ['error', 'draft_complete']);
    expect(failed).toMatchObject({
      status: 'error',
      failed_step: 'render-draft',
      error_message: 'Something went wrong while making the slips. Press Resume Processing to try again.',
      can_resume: true,
      voters: 30,
    });
    expect(failures.draftCalls).toBe(4);

    const resumed = await call(continueRoute, { token, method: 'POST', params: { id: String(id) } });
    expect(resumed.status).toBe(200);
    expect(resumed.body).toEqual({ id, task_id: started.body.task_id, status: 'pending' });
    const done = await waitForStatus(token, id, ['draft_complete', 'error']);
    expect(done.status).toBe('draft_complete');
    expect(done.error_message).toBeNull();
    const steps = await ctx.db.select().from(jobSteps).where(eq(jobSteps.jobId, started.body.task_id));
    const runs = Object.fromEntries(steps.map((s) => [s.stepId, s.runs]));
    // the late-ids and roll-facts steps after the draft (nothing to do for an Excel list) may still be running
    expect(runs).toEqual({ parse: 1, 'render-draft': 5, ...('late-ids' in runs ? { 'late-ids': 1 } : {}), ...('roll-facts' in runs ? { 'roll-facts': 1 } : {}) });
    // continue again on a draft: the payment order (not a second resume)
    const order = await call(continueRoute, { token, method: 'POST', params: { id: String(id) } });
    expect(order.body.razorpay_order_id).toBeTruthy();
  });

  it('bad input is not retried: a corrupt PDF, an encrypted PDF, a PDF without voters, an xlsx bomb each end as error with a clear message', async () => {
    const { tokens } = await makeUser(ctx.db);
    const token = tokens.access_token;
    const { textOnlyPdf, xlsxBomb } = await import('@/tests/helpers/bad-files');
    const { execFileSync } = await import('node:child_process');
    const os = await import('node:os');
    const path = await import('node:path');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vsg-bad-'));
    fs.writeFileSync(path.join(dir, 'plain.pdf'), await textOnlyPdf());
    execFileSync('qpdf', ['--encrypt', 'u-secret', 'o-secret', '256', '--', path.join(dir, 'plain.pdf'), path.join(dir, 'locked.pdf')]);
    const cases: { name: string; bytes: Uint8Array; message: RegExp }[] = [
      { name: 'broken.pdf', bytes: new TextEncoder().encode('%PDF-1.7\n1 0 obj << /Type /Catalog >>\ngarbage'), message: /damaged|could not be read|no voter|not.*roll|corrupt/i },
      { name: 'locked.pdf', bytes: fs.readFileSync(path.join(dir, 'locked.pdf')), message: /password|encrypted/i },
      { name: 'letter.pdf', bytes: await textOnlyPdf(), message: /voter|roll/i },
      { name: 'bomb.xlsx', bytes: xlsxBomb(), message: /.+/ },
    ];
    const banner = await bannerPng(400, 80);
    for (const c of cases) {
      const started = await upload(token, { voterList: { bytes: c.bytes, name: c.name }, banner: { bytes: banner, name: 'b.png' } });
      // each looks like a PDF or a workbook at the door; what is wrong shows when it is read
      expect(started.status, c.name).toBe(201);
      const s = await waitForStatus(token, started.body.id, ['error', 'draft_complete']);
      expect(s.status, c.name).toBe('error');
      expect(s.failed_step).toBe('parse');
      expect(s.error_message, c.name).toMatch(c.message);
      expect(s.error_message).not.toMatch(/Resume Processing/);
      // the file is the cause: Resume is not offered, and a resume is refused
      expect(s.can_resume, c.name).toBe(false);
      const resumed = await call(continueRoute, { token, method: 'POST', params: { id: String(started.body.id) } });
      expect(resumed.status, c.name).toBe(409);
      expect(resumed.body.detail).toMatch(/cannot be resumed: its file caused the error/);
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describeEachDb('uploads that are refused at the door leave no job and no file', (ctx) => {
  useDocumentsTestEnv(ctx, { env: { MAX_UPLOAD_MB: '1' } });

  it('wrong types, a PNG named .pdf, empty, too large, a bad layout, no address → clear 4xx', async () => {
    const { tokens } = await makeUser(ctx.db);
    const token = tokens.access_token;
    const banner = { bytes: await bannerPng(300, 60), name: 'banner.png' };
    const list = { bytes: workbook([ENGLISH_HEADER, ...voterRows(5, false)], 'xlsx'), name: 'list.xlsx' };
    const filesBefore = (await ctx.db.select().from(storedFiles)).length;
    const cases: { input: Parameters<typeof upload>[1]; status: number; detail: RegExp }[] = [
      { input: { voterList: { bytes: new TextEncoder().encode('a,b'), name: 'list.txt' }, banner }, status: 422, detail: /^Invalid file type for Voter List\. Please select a PDF or Excel file\.$/ },
      // text is a voter list only under a .csv name
      { input: { voterList: { bytes: new TextEncoder().encode('Sl No,Name\n1,Ram\n'), name: 'list.xlsx' }, banner }, status: 422, detail: /^Invalid file type for Voter List\. Please select a PDF or Excel file\. \(list\.xlsx is a plain-text file\.\)$/ },
      { input: { voterList: list, banner: { bytes: banner.bytes, name: 'banner.gif' } }, status: 422, detail: /^Invalid file type for Banner\. Please select a JPG or PNG image\.$/ },
      { input: { voterList: { bytes: banner.bytes, name: 'roll.pdf' }, banner }, status: 422, detail: /^Invalid file type for Voter List\. Please select a PDF or Excel file\. \(roll\.pdf is a PNG image\.\)$/ },
      { input: { voterList: list, banner: { bytes: list.bytes, name: 'banner.jpg' } }, status: 422, detail: /Invalid file type for Banner.*banner\.jpg is/ },
      { input: { voterList: { bytes: new Uint8Array(), name: 'empty.pdf' }, banner }, status: 422, detail: /empty\.pdf is empty/ },
      { input: { voterList: { bytes: new Uint8Array(2 * 1024 * 1024).fill(65), name: 'big.pdf' }, banner }, status: 413, detail: /larger than the 1 MB limit/ },
      { input: { voterList: list, banner, fields: { page_size: 'a3', orientation: 'portrait', slips_per_page: '8' } }, status: 422, detail: /8 slips per page is not offered for A3 portrait; choose 16, 20 or 24/ },
      { input: { voterList: list, banner, fields: { page_size: 'a5' } }, status: 422, detail: /^Page size must be one of a4, a3, letter, legal/ },
      { input: { voterList: list, banner, fields: { booth_address: '   ' } }, status: 422, detail: /^Please enter the polling station address\.$/ },
      { input: { voterList: list, banner, fields: { booth_address: 'x'.repeat(301) } }, status: 422, detail: /^The polling station address is too long \(at most 300 characters\)\.$/ },
      {
        input: { voterList: list, banner, fields: { booth_address: 'سرکاری اسکول' } },
        status: 422,
        detail: /^The polling station address holds characters the slips cannot print \("\u2068س\u2069", "\u2068ر\u2069", "\u2068ک\u2069", "\u2068ا\u2069", "\u2068ی\u2069", "\u2068و\u2069", "\u2068ل\u2069"\)\. Write it in English or in an Indian script the slips print: Devanagari \(Hindi, Marathi\), Gujarati, /,
      },
    ];
    for (const c of cases) {
      const res = await upload(token, c.input);
      expect(res.status, JSON.stringify(res.body)).toBe(c.status);
      expect(res.body.detail).toMatch(c.detail);
    }
    expect((await ctx.db.select().from(storedFiles)).length).toBe(filesBefore);
    const { GET: listRoute } = await import('@/app/api/documents/route');
    expect((await call(listRoute, { token })).body).toEqual([]);
  });

  it('without a token: 401; with MAX_OPEN_TASKS (3) unfinished tasks: 429 before the body is read', async () => {
    const res = await upload('not-a-token', { voterList: { bytes: new Uint8Array([1]), name: 'a.pdf' }, banner: { bytes: new Uint8Array([1]), name: 'b.png' } });
    expect(res.status).toBe(401);
    const { user, tokens } = await makeUser(ctx.db);
    const options = { page_size: 'a4', orientation: 'portrait', slips_per_page: 8, print_photo: false, booth_address: 'x', voter_list_name: 'a.pdf', banner_name: 'b.png' };
    for (let i = 0; i < 3; i++) await insertDocument(ctx.db, { userId: user.id, options, uploadFileId: 'none', bannerFileId: 'none' });
    const busy = await upload(tokens.access_token, { voterList: { bytes: new Uint8Array([1]), name: 'a.pdf' }, banner: { bytes: new Uint8Array([1]), name: 'b.png' } });
    expect(busy.status).toBe(429);
    expect(busy.body.detail).toMatch(/You already have 3 tasks being processed/);
  });
});
