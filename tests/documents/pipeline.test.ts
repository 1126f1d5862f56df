import fs from 'node:fs';
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { PDFDocument } from '@cantoo/pdf-lib';
import { findDocument, markDocumentPaid } from '@/db/queries/documents';
import { listSteps } from '@/db/queries/jobs';
import { GET as listRoute } from '@/app/api/documents/route';
import { GET as taskIdRoute } from '@/app/api/documents/[id]/task_id/route';
import { GET as viewRoute } from '@/app/api/documents/[id]/view/route';
import { GET as downloadRoute } from '@/app/api/documents/[id]/download/route';
import { startFinalRender } from '@/lib/documents/service';
import { appContext } from '@/lib/server/context';
import { describeEachDb } from '@/tests/helpers/db';
import { call, makeUser } from '@/tests/auth/helpers';
import { bannerPng } from '@/tests/render/helpers';
import { ENGLISH_HEADER, voterRows, workbook } from '@/tests/ingest/sheets';
import { fetchFile, HAVE_ROLL, NO_ROLL_REASON, pdfPages, ROLL_PATH, status, upload, useDocumentsTestEnv, waitForStatus } from './helpers';

/** What a verified payment does (the payment service calls the same two functions). */
async function payDirectly(db: Parameters<typeof markDocumentPaid>[0], id: number): Promise<void> {
  expect(await markDocumentPaid(db, id)).not.toBeNull();
  await startFinalRender(await appContext(), id);
}

for (const filesStore of ['disk', 'database'] as const) {
  describeEachDb(`slip generation through the documents API (files: ${filesStore})`, (ctx) => {
    useDocumentsTestEnv(ctx, { filesStore, env: { FEE_PER_PAGE: '2', DRAFT_PREVIEW_PAGES: '3' } });

    it('Excel list: upload → draft_complete with pages and fee → paid → complete; both PDFs downloadable; history lists it', async () => {
      const { tokens } = await makeUser(ctx.db);
      const banner = await bannerPng();
      const xlsx = workbook([ENGLISH_HEADER, ...voterRows(100, false)], 'xlsx');
      const started = await upload(tokens.access_token, { voterList: { bytes: xlsx, name: 'ward 12 list.xlsx' }, banner: { bytes: banner, name: 'banner.png' } });
      expect(started.status).toBe(201);
      expect(started.body).toEqual({ id: expect.any(Number), task_id: expect.any(String) });
      const id = started.body.id as number;

      const draft = await waitForStatus(tokens.access_token, id, ['draft_complete', 'error']);
      expect(draft.error_message).toBeNull();
      expect(draft).toMatchObject({ status: 'draft_complete', progress: 100, total_pages: 13, amount: 26, amount_paise: 2600, currency: 'INR', voters: 100 });
      expect(draft.summary).toMatchObject({ voters: 100, source: 'excel' });
      expect(draft.view_url).toMatch(new RegExp(`^/api/documents/${id}/view\\?token=`));

      const draftPdf = await fetchFile(downloadRoute, draft.download_url, id);
      expect(draftPdf.status).toBe(200);
      expect(draftPdf.headers.get('content-type')).toBe('application/pdf');
      expect(draftPdf.headers.get('content-disposition')).toMatch(/^attachment; filename="ward_12_list-slips-\d+-draft\.pdf"/);
      expect(pdfPages(draftPdf.bytes)).toBe(3);
      const viewed = await fetchFile(viewRoute, draft.view_url, id);
      expect(viewed.headers.get('content-disposition')).toMatch(/^inline;/);

      await payDirectly(ctx.db, id);
      const done = await waitForStatus(tokens.access_token, id, ['complete', 'error']);
      expect(done).toMatchObject({ status: 'complete', progress: 100, total_pages: 13 });
      const finalPdf = await fetchFile(downloadRoute, done.download_url, id);
      expect(finalPdf.status).toBe(200);
      expect(pdfPages(finalPdf.bytes)).toBe(13);
      // the old draft link still opens only the draft
      const old = await fetchFile(downloadRoute, draft.download_url, id);
      expect(pdfPages(old.bytes)).toBe(3);

      const list = await call(listRoute, { token: tokens.access_token });
      expect(list.body[0]).toMatchObject({ id, status: 'complete', total_pages: 13, amount: 26, voters: 100 });
      const task = await call(taskIdRoute, { token: tokens.access_token, params: { id: String(id) } });
      expect(task.body.task_id).toBe(done.task_id);
    });

    it('thermal roll: one slip per 58 mm label, the labels charged in eights', async () => {
      const { tokens } = await makeUser(ctx.db);
      const xlsx = workbook([ENGLISH_HEADER, ...voterRows(20, false)], 'xlsx');
      const started = await upload(tokens.access_token, {
        voterList: { bytes: xlsx, name: 'list.xlsx' },
        banner: { bytes: await bannerPng(), name: 'b.png' },
        fields: { page_size: 'roll58', orientation: 'portrait', slips_per_page: '1' },
      });
      expect(started.status).toBe(201);
      const draft = await waitForStatus(tokens.access_token, started.body.id, ['draft_complete', 'error']);
      // 20 labels are 3 charged pages at ₹2
      expect(draft).toMatchObject({ status: 'draft_complete', total_pages: 20, amount: 6, voters: 20 });
      const draftPdf = await fetchFile(downloadRoute, draft.download_url, started.body.id);
      const doc = await PDFDocument.load(draftPdf.bytes);
      expect(doc.getPage(0).getWidth()).toBeCloseTo((58 * 72) / 25.4, 1);
      const refused = await upload(tokens.access_token, {
        voterList: { bytes: xlsx, name: 'list.xlsx' },
        banner: { bytes: await bannerPng(), name: 'b.png' },
        fields: { page_size: 'roll80', orientation: 'portrait', slips_per_page: '8' },
      });
      expect(refused).toMatchObject({ status: 422, body: { detail: expect.stringMatching(/8 slips per page is not offered for ROLL80 portrait; choose 1/) } });
    });

    it.skipIf(!HAVE_ROLL)(`roll PDF: the shared roll ten times over (380 pages, 9,930 voters) → a draft with the right page count and fee, pages reported as read${HAVE_ROLL ? '' : ` (skipped: ${NO_ROLL_REASON})`}`, async () => {
      // ten copies in one file: long enough that the parse (about 250 pages/s on a quiet machine; four
      // copies once sufficed at 90) outlasts the half-second between progress writes, so "Reading page N
      // of 380" is seen
      const long = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'roll10-')), 'roll10.pdf');
      execFileSync('qpdf', ['--empty', '--pages', ...Array<string>(10).fill(ROLL_PATH), '--', long]);
      const { tokens } = await makeUser(ctx.db);
      const started = await upload(tokens.access_token, {
        voterList: { bytes: fs.readFileSync(long), name: 'daman-x10.pdf' },
        banner: { bytes: await bannerPng(), name: 'b.png' },
        fields: { page_size: 'a3', orientation: 'landscape', slips_per_page: '30' },
      });
      expect(started.status).toBe(201);
      const seen = new Set<string>();
      let s = await status(tokens.access_token, started.body.id);
      while (!['draft_complete', 'error'].includes(s.status)) {
        if (s.progress_message) seen.add(`${s.status}:${s.progress}:${s.progress_message.replace(/\d+/g, 'N')}`);
        await new Promise((r) => setTimeout(r, 50));
        s = await status(tokens.access_token, started.body.id);
      }
      expect(s.error_message).toBeNull();
      expect(s).toMatchObject({ status: 'draft_complete', voters: 9930, total_pages: 331, amount: 662 });
      // the parse reports pages as it reads them
      expect([...seen].some((m) => m.startsWith('processing:50:Reading page N of N'))).toBe(true);
      // the year comes with the draft (the cover's digits); the legacy-font cover's other facts follow
      // once its OCR step has run, after the draft
      expect(s.summary.roll).toMatchObject({ year: '2017' });
      const deadline = Date.now() + 60_000;
      while (!s.summary.roll.part && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 200));
        s = await status(tokens.access_token, started.body.id);
      }
      expect(s.summary.roll).toEqual({ year: '2017', part: '1', pollingStation: '1 , સરકારી પ્રાથમિક શાળા (નવુ મકાન) તાઈવાડ, દેવકા' });
      expect(s.status).toBe('draft_complete');
      // and every voter carries the part, as the voters of a roll whose cover the parse reads do
      const doc = await findDocument(ctx.db, started.body.id);
      const voters = JSON.parse((await (await appContext()).store.readAll(doc!.votersFileId!)).toString('utf8')) as { part?: string }[];
      expect(voters).toHaveLength(9930);
      expect(voters.every((v) => v.part === '1')).toBe(true);
    });
  });
}
