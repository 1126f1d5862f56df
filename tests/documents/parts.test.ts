import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { markDocumentPaid } from '@/db/queries/documents';
import { eq, sql } from 'drizzle-orm';
import { jobSteps, jobs } from '@/db/schema';
import { listDocumentParts } from '@/db/queries/document-parts';
import { GET as listRoute } from '@/app/api/documents/route';
import { GET as viewRoute } from '@/app/api/documents/[id]/view/route';
import { GET as downloadRoute } from '@/app/api/documents/[id]/download/route';
import { PUT as slipsRoute } from '@/app/api/documents/[id]/slips/route';
import { POST as uploadRoute } from '@/app/api/documents/voter-slip-generator/route';
import { startFinalRender } from '@/lib/documents/service';
import { appContext } from '@/lib/server/context';
import { describeEachDb } from '@/tests/helpers/db';
import { call, makeUser } from '@/tests/auth/helpers';
import { bannerPng } from '@/tests/render/helpers';
import { ENGLISH_HEADER, voterRows, workbook } from '@/tests/ingest/sheets';
import { fetchFile, pdfPages, storeContents, uploadMany, useDocumentsTestEnv, waitForStatus, type ListFile } from './helpers';
import { created, cutBody, idOf, offsetOf, patch } from '@/tests/uploads/helpers';

const ROLLS = path.resolve(process.cwd(), '../shared/fixtures/rolls');
const TEXT_ROLL = path.join(ROLLS, 'gujarat-2025-ac137-part1.pdf');
const LEGACY_ROLL = path.join(ROLLS, 'daman-2017-part1-gujarati.pdf');
const SCAN_PAGE = path.join(ROLLS, 'up-2023-kalyanpur-page-scan300.pdf');
const HAVE_ROLLS = [TEXT_ROLL, LEGACY_ROLL, SCAN_PAGE].every((f) => fs.existsSync(f));
if (!HAVE_ROLLS && process.env.CI) throw new Error(`The shared roll fixtures are required on CI and are missing under ${ROLLS}`);
const itWithRolls = HAVE_ROLLS ? it : it.skip;

/** A ward's Excel list of `count` voters of part `part`. */
function sheet(part: number, count: number): ListFile {
  const rows = voterRows(count, false).map((row) => [row[0], part, ...row.slice(2)]);
  return { bytes: workbook([ENGLISH_HEADER, ...rows], 'xlsx'), name: `ward-part-${part}.xlsx` };
}

const roll = (file: string, name = path.basename(file)): ListFile => ({ bytes: fs.readFileSync(file), name });

describeEachDb('a task of several voter lists (a ward or a constituency)', (ctx) => {
  const env = useDocumentsTestEnv(ctx, { filesStore: 'database', env: { FEE_PER_PAGE: '2', DRAFT_PREVIEW_PAGES: '2', SANDBOX_PROCESSES: '2' } });

  itWithRolls('12 lists of mixed kinds and one broken → draft table → one left out → paid → a ZIP of one PDF per list, each part read once', async () => {
    const { tokens } = await makeUser(ctx.db);
    const banner = { bytes: await bannerPng(), name: 'banner.png' };
    const sheets = [3, 4, 5, 6, 7, 8, 9, 10].map((part, i) => sheet(part, 20 + 9 * i));
    const broken = { bytes: strToU8('%PDF-1.7\n1 0 obj << /Type /Catalog >>\nthis is not a roll\n%%EOF\n'), name: 'damaged.pdf' };
    const lists = [roll(TEXT_ROLL), roll(LEGACY_ROLL), roll(SCAN_PAGE), broken, ...sheets, roll(TEXT_ROLL, 'gujarat copy.pdf')];
    const res = await uploadMany(tokens.access_token, lists, banner);
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number; task_id: string };

    const draft = await waitForStatus(tokens.access_token, id, ['draft_complete', 'error'], 240_000);
    expect(draft.error_message).toBeNull();
    expect(draft.status).toBe('draft_complete');
    expect(draft.lists).toBe(13);
    expect(draft.parts).toHaveLength(13);
    const bad = draft.parts.filter((p: { error: string | null }) => p.error);
    expect(bad).toHaveLength(1);
    expect(bad[0]).toMatchObject({ file_name: 'damaged.pdf', voters: null, pages: null, preview_url: null });
    const good = draft.parts.filter((p: { error: string | null }) => !p.error);
    expect(good).toHaveLength(12);
    for (const part of good) {
      expect(part.voters).toBeGreaterThan(0);
      expect(part.pages).toBeGreaterThan(0);
      expect(part.included).toBe(true);
    }
    const sheetParts = good.filter((p: { file_name: string }) => p.file_name.startsWith('ward-part-'));
    expect(sheetParts.map((p: { voters: number }) => p.voters).sort((a: number, b: number) => a - b)).toEqual([20, 29, 38, 47, 56, 65, 74, 83]);
    for (const p of sheetParts) expect(p.pages).toBe(Math.ceil(p.voters / 8));
    const pages = good.reduce((n: number, p: { pages: number }) => n + p.pages, 0);
    expect(draft.voters).toBe(good.reduce((n: number, p: { voters: number }) => n + p.voters, 0));
    expect(draft).toMatchObject({ total_pages: pages, amount_paise: pages * 200 });

    // the draft's own preview is the first list's; any list's opens from its row
    const someSheet = sheetParts[2];
    const preview = await fetchFile(viewRoute, someSheet.preview_url, id);
    expect(preview.status).toBe(200);
    expect(pdfPages(preview.bytes)).toBe(Math.min(2, someSheet.pages));
    const noSuch = await fetchFile(viewRoute, `${draft.view_url}&part=99`, id);
    expect(noSuch.status).toBe(404);

    // every list left out is refused: a task prints at least one
    const none = await call(slipsRoute, { token: tokens.access_token, method: 'PUT', params: { id: String(id) }, json: { excluded_parts: draft.parts.map((p: { position: number }) => p.position) } });
    expect(none.status).toBe(422);
    expect(none.body.detail).toMatch(/Keep at least one voter list/);
    // one list left out: the pages and the fee follow
    const left = sheetParts[0];
    const chosen = await call(slipsRoute, { token: tokens.access_token, method: 'PUT', params: { id: String(id) }, json: { excluded_parts: [left.position] } });
    expect(chosen.status).toBe(200);
    const redrawn = await waitForStatus(tokens.access_token, id, ['draft_complete', 'error'], 120_000);
    expect(redrawn.error_message).toBeNull();
    expect(redrawn.total_pages).toBe(pages - left.pages);
    expect(redrawn.parts.find((p: { position: number }) => p.position === left.position)).toMatchObject({ included: false, pages: null, preview_url: null });

    expect(await markDocumentPaid(ctx.db, id)).not.toBeNull();
    await startFinalRender(await appContext(), id);
    const done = await waitForStatus(tokens.access_token, id, ['complete', 'error'], 240_000);
    expect(done.error_message).toBeNull();
    expect(done.status).toBe('complete');

    const zip = await fetchFile(downloadRoute, done.download_url, id);
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-type')).toBe('application/zip');
    expect(zip.headers.get('content-disposition')).toMatch(/filename="13_voter_lists-slips-\d+\.zip"/);
    expect(zip.headers.get('accept-ranges')).toBe('bytes');
    expect(Number(zip.headers.get('content-length'))).toBe(zip.bytes.length);
    const files = unzipSync(zip.bytes);
    const printed = redrawn.parts.filter((p: { included: boolean; error: string | null }) => p.included && !p.error);
    expect(Object.keys(files)).toHaveLength(11);
    expect(Object.values(files).map((pdf) => pdfPages(pdf)).sort((a, b) => a - b)).toEqual(printed.map((p: { pages: number }) => p.pages).sort((a: number, b: number) => a - b));
    // the roll's facts name its file: <AC>-<part>-<polling station>.pdf
    expect(Object.keys(files).some((name) => /^137-1-.+\.pdf$/.test(name))).toBe(true);

    // a download resumed part-way: the rest of the bytes, as a 206
    const rest = await fetchFile(downloadRoute, done.download_url, id, { range: `bytes=1000-`, 'if-range': zip.headers.get('etag') ?? '' });
    expect(rest.status).toBe(206);
    expect(rest.headers.get('content-range')).toBe(`bytes 1000-${zip.bytes.length - 1}/${zip.bytes.length}`);
    expect(Buffer.from(rest.bytes).equals(Buffer.from(zip.bytes.subarray(1000)))).toBe(true);
    const stale = await fetchFile(downloadRoute, done.download_url, id, { range: `bytes=1000-`, 'if-range': '"another-file"' });
    expect(stale.status).toBe(200);
    const past = await fetchFile(downloadRoute, done.download_url, id, { range: `bytes=${zip.bytes.length}-` });
    expect(past.status).toBe(416);

    // or the whole as one PDF, the lists one after another
    expect(done.combined_download_url).toBe(`${done.download_url}&combined=1`);
    const one = await fetchFile(downloadRoute, done.combined_download_url, id);
    expect(one.status).toBe(200);
    expect(one.headers.get('content-type')).toBe('application/pdf');
    expect(one.headers.get('content-disposition')).toMatch(/filename="13_voter_lists-slips-\d+-all\.pdf"/);
    expect(pdfPages(one.bytes)).toBe(redrawn.total_pages);
    // a draft link opens no combined PDF
    expect((await fetchFile(downloadRoute, `${draft.download_url}&combined=1`, id)).status).toBe(404);

    // each list was read once and rendered once, by the task's own run or by its helpers (the runs share the lists)
    const steps = await ctx.db
      .select({ stepId: jobSteps.stepId, runs: jobSteps.runs, done: sql<boolean>`${jobSteps.completedAt} is not null` })
      .from(jobSteps)
      .innerJoin(jobs, eq(jobs.id, jobSteps.jobId))
      .where(sql`(${jobs.payload}->>'documentId')::int = ${id}`);
    const partSteps = steps.filter((s) => /^(parse|final)-part-/.test(s.stepId));
    expect(partSteps.filter((s) => s.stepId.startsWith('parse-part-')).map((s) => s.stepId).sort()).toEqual(draft.parts.map((p: { position: number }) => `parse-part-${p.position}`).sort());
    expect(partSteps.filter((s) => s.stepId.startsWith('final-part-'))).toHaveLength(11);
    for (const step of partSteps) expect(step).toMatchObject({ runs: 1, done: true });
    const parts = await listDocumentParts(ctx.db, id);
    expect(parts.every((p) => p.readBy && !p.claimedBy)).toBe(true);
    expect(parts.filter((p) => p.madeBy)).toHaveLength(11);

    const history = await call(listRoute, { token: tokens.access_token });
    expect(history.body.find((t: { id: number }) => t.id === id)).toMatchObject({ lists: 13, file_name: '13 voter lists', status: 'complete' });
  }, 600_000);

  it('a ZIP of lists makes a task of its lists; a ZIP that is a bomb, climbs out of its folder, holds a ZIP or holds no list is refused and nothing is kept', async () => {
    const { tokens } = await makeUser(ctx.db);
    const banner = { bytes: await bannerPng(), name: 'banner.png' };
    const before = await storeContents(ctx.db, env.dataDir);
    const refusals: [string, Uint8Array, number, RegExp][] = [
      ['bomb.zip', zipSync({ 'roll.pdf': [new Uint8Array(64 * 1024 * 1024), { level: 9 }] }), 422, /ZIP bomb/],
      ['climb.zip', zipSync({ '../../outside.xlsx': sheet(1, 5).bytes }), 422, /leads out of its folder/],
      ['nested.zip', zipSync({ 'inner.zip': zipSync({ 'a.xlsx': sheet(1, 5).bytes }) }), 422, /holds another ZIP \(inner\.zip\)/],
      ['notes.zip', zipSync({ 'readme.txt': strToU8('hello'), 'photo.jpg': strToU8('\xff\xd8\xff') }), 422, /holds no voter list.*readme\.txt, photo\.jpg/],
      ['disguised.zip', zipSync({ 'a.pdf': zipSync({ 'x.txt': strToU8('x') }) }), 422, /holds another ZIP \(a\.pdf\)/],
    ];
    for (const [name, bytes, code, message] of refusals) {
      const res = await uploadMany(tokens.access_token, [{ bytes, name }], banner);
      const body = (await res.json()) as { detail: string };
      expect({ name, status: res.status }).toEqual({ name, status: code });
      expect(body.detail).toMatch(message);
    }
    // nothing of the refused uploads stays behind
    expect((await storeContents(ctx.db, env.dataDir)).records).toEqual(before.records);

    const archive = zipSync({
      'ward 7/part-3.xlsx': sheet(3, 12).bytes,
      'ward 7/part-4.xlsx': sheet(4, 17).bytes,
      'ward 7/notes.txt': strToU8('print by Friday'),
      '__MACOSX/ward 7/._part-3.xlsx': strToU8('junk'),
    });
    const res = await uploadMany(tokens.access_token, [{ bytes: archive, name: 'ward 7.zip' }], banner);
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    const draft = await waitForStatus(tokens.access_token, id, ['draft_complete', 'error'], 120_000);
    expect(draft.error_message).toBeNull();
    expect(draft).toMatchObject({ lists: 2, file_name: 'ward 7.zip', voters: 29, skipped_files: ['notes.txt'] });
    expect(draft.parts.map((p: { file_name: string; voters: number }) => [p.file_name, p.voters])).toEqual([
      ['part-3.xlsx', 12],
      ['part-4.xlsx', 17],
    ]);
  }, 300_000);

  it('lists sent by resumable upload, one cut off mid-way and resumed, make a task by their ids; an id used once, or another user\'s, is refused', async () => {
    const { tokens } = await makeUser(ctx.db);
    const token = tokens.access_token;
    const lists = [sheet(21, 15), sheet(22, 25), sheet(23, 35)];
    const ids: string[] = [];
    for (const [i, list] of lists.entries()) {
      const url = await created(token, list.bytes.length, { filename: list.name, kind: 'voter_list' });
      const bytes = Buffer.from(list.bytes);
      if (i === 1) {
        // the connection drops part-way through the second list; it goes on from where the server stopped
        await patch(token, url, 0, cutBody(bytes, Math.floor(bytes.length / 2))).catch(() => undefined);
        const kept = await offsetOf(token, url);
        expect(kept).toBeLessThan(bytes.length);
        expect((await patch(token, url, kept, new Uint8Array(bytes.subarray(kept)))).status).toBe(204);
      } else {
        expect((await patch(token, url, 0, new Uint8Array(bytes))).status).toBe(204);
      }
      ids.push(idOf(url));
    }
    const banner = Buffer.from(await bannerPng());
    const bannerUrl = await created(token, banner.length, { filename: 'banner.png', kind: 'banner' });
    expect((await patch(token, bannerUrl, 0, new Uint8Array(banner))).status).toBe(204);

    const post = (fields: [string, string][], who = token) => {
      const form = new FormData();
      for (const [k, v] of Object.entries({ page_size: 'a4', orientation: 'portrait', slips_per_page: '8', print_photo: 'false', booth_address: 'Ward office' })) form.set(k, v);
      for (const [k, v] of fields) form.append(k, v);
      return uploadRoute(new Request('http://test.local/api/documents/voter-slip-generator', { method: 'POST', body: form, headers: { authorization: `Bearer ${who}` } }), { params: Promise.resolve({}) });
    };
    const other = await makeUser(ctx.db);
    const stranger = await post([...ids.map((id): [string, string] => ['pdf_upload', id]), ['banner_upload', idOf(bannerUrl)]], other.tokens.access_token);
    expect(stranger.status).toBe(422);
    expect(((await stranger.json()) as { detail: string }).detail).toMatch(/not finished, was already used, or is not yours/);

    const res = await post([...ids.map((id): [string, string] => ['pdf_upload', id]), ['banner_upload', idOf(bannerUrl)]]);
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    const draft = await waitForStatus(token, id, ['draft_complete', 'error'], 120_000);
    expect(draft.error_message).toBeNull();
    expect(draft).toMatchObject({ lists: 3, voters: 75, options: { banner_name: 'banner.png' } });
    expect(draft.parts.map((p: { file_name: string; voters: number }) => [p.file_name, p.voters])).toEqual([
      ['ward-part-21.xlsx', 15],
      ['ward-part-22.xlsx', 25],
      ['ward-part-23.xlsx', 35],
    ]);
    // each upload is used once
    const again = await post([['pdf_upload', ids[0]], ['banner_upload', idOf(bannerUrl)]]);
    expect(again.status).toBe(422);
  }, 300_000);

  it('a choice that leaves the first list without a slip previews the first list that prints one', async () => {
    const { tokens } = await makeUser(ctx.db);
    const banner = { bytes: await bannerPng(), name: 'banner.png' };
    const res = await uploadMany(tokens.access_token, [sheet(1, 10), sheet(2, 30)], banner);
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    expect((await waitForStatus(tokens.access_token, id, ['draft_complete', 'error'], 120_000)).status).toBe('draft_complete');
    // serials 20–30: none in part 1 (10 voters), eleven in part 2
    const chosen = await call(slipsRoute, { token: tokens.access_token, method: 'PUT', params: { id: String(id) }, json: { serials: '20-30' } });
    expect(chosen.status).toBe(200);
    const redrawn = await waitForStatus(tokens.access_token, id, ['draft_complete', 'error'], 120_000);
    expect(redrawn.error_message).toBeNull();
    expect(redrawn).toMatchObject({ status: 'draft_complete', total_pages: 2, printed: 11 });
    expect(redrawn.parts.map((p: { part: string; pages: number }) => [p.part, p.pages])).toEqual([
      ['1', 0],
      ['2', 2],
    ]);
    const preview = await fetchFile(viewRoute, redrawn.view_url, id);
    expect(preview.status).toBe(200);
    expect(pdfPages(preview.bytes)).toBe(2);
  }, 300_000);
});
