import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { markDocumentPaid } from '@/db/queries/documents';
import { PUT as slipsRoute } from '@/app/api/documents/[id]/slips/route';
import { GET as downloadRoute } from '@/app/api/documents/[id]/download/route';
import { GET as listRoute } from '@/app/api/documents/route';
import { startFinalRender } from '@/lib/documents/service';
import { appContext } from '@/lib/server/context';
import { describeEachDb } from '@/tests/helpers/db';
import { call, makeUser } from '@/tests/auth/helpers';
import { bannerPng } from '@/tests/render/helpers';
import { workbook } from '@/tests/ingest/sheets';
import { HAVE_ROLLS, NO_ROLLS_REASON, ROLLS_DIR } from '@/tests/ingest/roll-truth';
import { upload, useDocumentsTestEnv, waitForStatus } from './helpers';

/**
 * Polling-day slips through the documents API: deleted voters left out (and listed), the roll's facts and
 * QR on every slip, the draft screen's choices (who, order, look) making the draft again, refused once paid,
 * and an Excel list in Tamil with two polling stations printing each voter's own.
 */
const GUJARAT = path.join(ROLLS_DIR, 'gujarat-2025-ac137-part1.pdf');

async function pdfText(handler: unknown, url: string, id: number): Promise<{ pages: number; text: string }> {
  const res = await (handler as (r: Request, c: { params: Promise<{ id: string }> }) => Promise<Response>)(new Request(`http://test.local${url}`), { params: Promise.resolve({ id: String(id) }) });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vsg-slips-'));
  const file = path.join(dir, 'x.pdf');
  fs.writeFileSync(file, new Uint8Array(await res.arrayBuffer()));
  const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file]).toString())?.[1]);
  const text = execFileSync('pdftotext', [file, '-']).toString();
  fs.rmSync(dir, { recursive: true, force: true });
  return { pages, text };
}

async function choose(token: string, id: number, body: Record<string, unknown>) {
  return call(slipsRoute, { token, method: 'PUT', params: { id: String(id) }, json: body });
}

describeEachDb('polling-day slips', (ctx) => {
  useDocumentsTestEnv(ctx, { env: { FEE_PER_PAGE: '2', DRAFT_PREVIEW_PAGES: '2' } });

  it.skipIf(!HAVE_ROLLS)(`a 2025 roll: deleted voters left out and listed, choices redraw the draft, the final prints the chosen ones${HAVE_ROLLS ? '' : ` (skipped: ${NO_ROLLS_REASON})`}`, { timeout: 180_000 }, async () => {
    const { tokens } = await makeUser(ctx.db);
    const token = tokens.access_token;
    const started = await upload(token, { voterList: { bytes: new Uint8Array(fs.readFileSync(GUJARAT)), name: 'part1.pdf' }, banner: { bytes: await bannerPng(), name: 'b.png' } });
    expect(started.status).toBe(201);
    const id = started.body.id as number;
    const draft = await waitForStatus(token, id, ['draft_complete', 'error']);
    // 595 voters, 7 of them deleted: 588 slips at 8 a page
    expect(draft).toMatchObject({ status: 'draft_complete', voters: 595, printed: 588, left_out: { deleted: 7, by_choice: 0 }, total_pages: 74, amount: 148, order_note: null });
    expect(draft.slips).toMatchObject({ deleted: false, order: 'roll', style: 'campaign', qr: true, facts: true });
    expect(draft.summary).toMatchObject({ language: 'gu', supplement_additions: 8, roll: { part: '1', assemblyNumber: '137' } });
    expect(draft.summary.sections).toHaveLength(3);
    expect(draft.summary.deleted_voters.map((d: { serial: number }) => d.serial)).toEqual([67, 106, 113, 343, 363, 369, 386]);
    // history tells the task apart by its roll's constituency and part
    const history = await call(listRoute, { token });
    expect(history.body[0]).toMatchObject({
      roll: { assembly: expect.stringMatching(/^137\b/), part: '1', polling_station: expect.stringMatching(/^1\b/) },
      file_name: 'part1.pdf',
      layout: { page_size: 'a4', orientation: 'portrait', slips_per_page: 8 },
      error_message: null,
      can_resume: false,
    });

    // bad choices are refused with the reason; nothing changes
    const bad = await choose(token, id, { serials: '300-1' });
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toMatch(/runs backwards/);
    expect((await choose(token, id, { sections: ['No such section'] })).body.detail).toBe('This list has no section named "No such section".');
    expect((await choose(token, id, { order: 'alphabetical' })).status).toBe(422);

    // serials 1-100 house by house: 99 slips (67 is deleted), the draft made again
    const again = await choose(token, id, { serials: '1-100', order: 'house' });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body).toMatchObject({ id, status: 'pending' });
    const redrawn = await waitForStatus(token, id, ['draft_complete', 'error']);
    expect(redrawn).toMatchObject({ status: 'draft_complete', printed: 99, left_out: { deleted: 7, by_choice: 489 }, total_pages: 13, amount: 26 });
    expect(redrawn.slips).toMatchObject({ serials: '1-100', order: 'house' });
    const preview = await pdfText(downloadRoute, redrawn.download_url, id);
    expect(preview.pages).toBe(2);
    expect(preview.text).toMatch(/Part 1 · Sr\. 1\b/);

    expect(await markDocumentPaid(ctx.db, id)).not.toBeNull();
    await startFinalRender(await appContext(), id);
    // once paid, the choices stay
    expect((await choose(token, id, { order: 'roll' })).status).toBe(409);
    const done = await waitForStatus(token, id, ['complete', 'error']);
    expect(done).toMatchObject({ status: 'complete', printed: 99, total_pages: 13 });
    const final = await pdfText(downloadRoute, done.download_url, id);
    expect(final.pages).toBe(13);
    // every chosen voter's facts line once, the deleted voter's never
    for (const serial of [1, 2, 66, 68, 100]) expect(final.text, `serial ${serial}`).toMatch(new RegExp(`Part 1 · Sr\\. ${serial}\\b`));
    expect(final.text).not.toMatch(/Part 1 · Sr\. 67\b/);
    expect(final.text).not.toMatch(/Part 1 · Sr\. 101\b/);
  });

  it('an Excel list in Tamil with two polling stations: Tamil labels, and each voter its own station', { timeout: 120_000 }, async () => {
    const { tokens } = await makeUser(ctx.db);
    const token = tokens.access_token;
    const rows: (string | number)[][] = [['Sl. No.', 'Part No.', 'EPIC No.', 'Name of Elector', 'Polling Station']];
    const names = ['முருகன்', 'லட்சுமி', 'செல்வம்', 'கண்மணி'];
    for (let i = 1; i <= 12; i++) rows.push([i, '7', `TNA${1000000 + i}`, names[i % names.length], i <= 6 ? '12 - அரசு பள்ளி' : '13 - நகராட்சி அலுவலகம்']);
    const started = await upload(token, { voterList: { bytes: workbook(rows, 'xlsx'), name: 'tamil.xlsx' }, banner: { bytes: await bannerPng(), name: 'b.png' } });
    const id = started.body.id as number;
    const draft = await waitForStatus(token, id, ['draft_complete', 'error']);
    expect(draft).toMatchObject({ status: 'draft_complete', printed: 12 });
    expect(draft.summary).toMatchObject({ language: 'ta' });
    expect(draft.summary.polling_stations).toEqual([{ name: '12 - அரசு பள்ளி', voters: 6 }, { name: '13 - நகராட்சி அலுவலகம்', voters: 6 }]);
    expect(await markDocumentPaid(ctx.db, id)).not.toBeNull();
    await startFinalRender(await appContext(), id);
    const done = await waitForStatus(token, id, ['complete', 'error']);
    const final = await pdfText(downloadRoute, done.download_url, id);
    expect(final.text).toContain('பாகம் 7 · வ.எண் 1');
    expect(final.text).toContain('வாக்குச்சாவடி / Polling station: 12 - அரசு பள்ளி');
    expect(final.text).toContain('வாக்குச்சாவடி / Polling station: 13 - நகராட்சி அலுவலகம்');
    expect(final.text).not.toContain('क्रमांक');
  });
});
