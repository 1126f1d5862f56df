import fs from 'node:fs';
import path from 'node:path';
import { unzipSync } from 'fflate';
import * as XLSX from 'xlsx';
import { PDFDocument } from '@cantoo/pdf-lib';
import { expect, test } from './helpers/test';
import {
  bannerPng,
  DESKTOP,
  expectNoHorizontalScroll,
  expectPdfDrawn,
  gujaratRoll,
  loginViaApi,
  newTestUser,
  PHONE,
  shot,
  signUpViaApi,
  taskIdOf,
  useTheme,
  type Upload,
} from './helpers';

/**
 * A ward's parts in one task, as a campaign office uploads them: five files at once (a roll, three
 * sheets and one damaged PDF) going up as resumable uploads, the connection dropped during the third and
 * the upload going on by itself, the draft's table of lists with the damaged one named, another list
 * previewed, one list left out, paid in test mode, and the ZIP of one PDF per list downloaded.
 */
test.describe.configure({ timeout: 300_000 });

/** A made-up ward sheet of one part (invented names, not real voters). */
function partSheet(part: number, rows: number): Upload {
  const header = ['Serial No', 'Part No', 'EPIC No', 'Name', 'Relation', 'Relative Name', 'House No', 'Age', 'Gender'];
  const data = Array.from({ length: rows }, (_, i) => [i + 1, part, `WRD${String(part * 10000 + i).padStart(7, '0')}`, `Test Voter ${i + 1}`, 'Father', `Test Relative ${i + 1}`, String(10 + i), 20 + (i % 60), i % 2 ? 'M' : 'F']);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([header, ...data]), 'Voters');
  return { name: `ward-7-part-${part}.xlsx`, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer };
}

const damaged: Upload = { name: 'part-9-damaged.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >>\nnot a roll\n%%EOF\n') };

for (const { viewport, device, theme } of [
  { viewport: DESKTOP, device: 'desktop', theme: 'light' as const },
  { viewport: PHONE, device: 'phone', theme: 'dark' as const },
]) {
  test(`a ward of five voter lists in one task on ${device}, ${theme} theme`, async ({ page }) => {
    const name = `constituency-${device}-${theme}`;
    await page.setViewportSize(viewport);
    await useTheme(page, theme);
    const user = await signUpViaApi(page.request, newTestUser('ward'));
    await loginViaApi(page, user.email, user.password);

    await page.goto('/voter-slip-generator');
    const lists = [partSheet(3, 30), partSheet(4, 45), gujaratRoll(), damaged, partSheet(5, 17)];
    await page.locator('#voter-list').setInputFiles(lists);
    await expect(page.getByTestId('voter-list-name')).toHaveText('5 files');
    await expect(page.getByTestId('voter-list-list').getByRole('listitem')).toHaveCount(5);
    // one taken out again, and put back
    await page.getByRole('button', { name: 'Remove ward-7-part-5.xlsx' }).click();
    await expect(page.getByTestId('voter-list-list').getByRole('listitem')).toHaveCount(4);
    await page.locator('#voter-list').setInputFiles([partSheet(5, 17)]);
    await expect(page.getByTestId('voter-list-name')).toHaveText('5 files');
    await page.locator('#banner').setInputFiles(await bannerPng());
    const address = page.locator('#booth-address');
    await address.fill('Ward 7 office');
    // the suggestions come, and Escape keeps the words as typed
    await expect(page.locator('#booth-address-option-0')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.locator('#booth-address-option-0')).toBeHidden();
    await expect(address).toHaveValue('Ward 7 office');
    await expectNoHorizontalScroll(page);
    await shot(page, `${name}-1-form`);

    // the files go up slowly, as over a phone's data; the connection drops while the third (the roll) goes up
    const patches: { url: string; offset: number }[] = [];
    page.on('request', (req) => {
      if (req.method() === 'PATCH' && req.url().includes('/api/uploads/')) patches.push({ url: req.url(), offset: Number(req.headers()['upload-offset']) });
    });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 256 * 1024 });
    await page.getByRole('button', { name: 'Generate Slips' }).click();
    const progress = page.getByTestId('upload-progress');
    await expect(progress).toContainText('file 3 of 6', { timeout: 60_000 });
    await expect(progress.getByTestId('upload-files').getByRole('listitem')).toHaveCount(6);
    // offline until the roll's first piece (1 MB at 256 KB/s) has gone and its next request has failed
    await cdp.send('Network.emulateNetworkConditions', { offline: true, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await expect(page.getByTestId('upload-offline')).toBeVisible();
    await shot(page, `${name}-2-offline`);
    await page.waitForTimeout(7000);
    await expect(progress).toContainText('file 3 of 6');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await expect(page).toHaveURL(/\/voter-slip-generator\?task=\w+/, { timeout: 120_000 });
    // the roll's upload went on from where it stopped: a second PATCH, from an offset past zero
    const rollPatches = patches.filter((p) => p.url === patches.find((q) => q.offset > 0)?.url);
    expect(rollPatches.length).toBeGreaterThanOrEqual(2);
    expect(rollPatches[rollPatches.length - 1].offset).toBeGreaterThan(0);
    const id = taskIdOf(page);
    const draft = page.getByTestId('task-draft');
    await expect(draft).toBeVisible({ timeout: 240_000 });

    const table = draft.getByTestId('draft-parts');
    await expect(table.getByTestId('draft-part')).toHaveCount(4);
    const broken = table.getByTestId('draft-part-error');
    await expect(broken).toHaveCount(1);
    await expect(broken).toContainText('part-9-damaged.pdf');
    await expect(broken).toContainText('the other lists go on');
    await expect(table.getByTestId('draft-parts-total')).toHaveText('4 of 4 lists printed');
    // the roll states its part: it sorts first, named by it; the sheets follow by their Part column
    await expect(table.getByTestId('draft-part').first()).toContainText('Part 1');
    const pagesBefore = Number(await draft.getByTestId('draft-pages').textContent());
    // 595 voters on 8 a page (7 deleted left out: 588 → 74 pages), then 30, 45 and 17 voters
    expect(pagesBefore).toBe(74 + 4 + 6 + 3);
    await expectPdfDrawn(page);
    await expect(draft.getByTestId('draft-preview-of')).toHaveText('Preview of the first list');
    await expectNoHorizontalScroll(page);
    await shot(page, `${name}-3-draft`);

    // another list's first pages
    await table.getByRole('button', { name: 'Preview Part 4' }).click();
    await expect(draft.getByTestId('draft-preview-of')).toHaveText('Preview of part 4');
    await expectPdfDrawn(page);
    // 45 voters on 8 a page: 6 pages, of which the draft shows the first few
    await expect(draft.getByTestId('pdf-viewer-caption')).toContainText(/^The first \d of 6 pages\./);

    // one list left out: the draft is made again, with fewer pages
    await table.getByRole('checkbox', { name: 'Print Part 3' }).uncheck();
    await expect(table.getByTestId('draft-parts-total')).toHaveText('3 of 4 lists printed');
    await shot(page, `${name}-4-left-out`);
    await draft.getByTestId('draft-parts-save').click();
    const redrawn = page.getByTestId('task-draft');
    await expect(redrawn.getByTestId('draft-pages')).toHaveText(String(pagesBefore - 4), { timeout: 120_000 });
    await expect(redrawn.getByRole('checkbox', { name: 'Print Part 3' })).not.toBeChecked();

    await redrawn.getByRole('button', { name: 'Continue to Payment' }).click();
    const dialog = page.getByTestId('test-checkout');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Pay (test mode)' }).click();
    const complete = page.getByTestId('task-complete');
    await expect(complete).toBeVisible({ timeout: 240_000 });
    await expect(complete.getByTestId('complete-zip-note')).toContainText('a ZIP of 3 PDFs');
    await expectNoHorizontalScroll(page);
    await shot(page, `${name}-5-complete`);

    const href = await complete.getByTestId('download-final').getAttribute('href');
    expect(href).toMatch(new RegExp(`^/api/documents/${id}/download\\?`));
    const res = await page.request.get(href as string);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(await res.body()));
    const names = Object.keys(files).sort();
    expect(names).toHaveLength(3);
    expect(names.some((n) => /^137-1-.+\.pdf$/.test(n))).toBe(true);
    const pages = await Promise.all(names.map(async (n) => (await PDFDocument.load(files[n])).getPageCount()));
    expect(pages.reduce((a, b) => a + b, 0)).toBe(pagesBefore - 4);
    // or one PDF of the three lists
    const combined = await page.request.get((await complete.getByTestId('download-combined').getAttribute('href')) as string);
    expect(combined.headers()['content-type']).toBe('application/pdf');
    const one = await combined.body();
    expect((await PDFDocument.load(one)).getPageCount()).toBe(pagesBefore - 4);
    fs.writeFileSync(path.join('test-results', 'shots12', `${name}-all.pdf`), one);

    await page.goto('/history');
    const row = page.locator(`[data-testid="history-row"][data-id="${id}"]`);
    await expect(row.getByTestId('history-facts')).toContainText('5 voter lists');
    await expect(row.getByTestId('history-file')).toHaveText('5 voter lists');
    await expectNoHorizontalScroll(page);
    await shot(page, `${name}-6-history`);
    const downloaded = page.waitForEvent('download');
    await row.getByRole('button', { name: 'Download ZIP' }).click();
    expect((await downloaded).suggestedFilename()).toMatch(/^5[ _]voter[ _]lists-slips-\d+\.zip$/);
    // View opens the task's page, which says what the ZIP holds (the viewer shows PDFs)
    await row.getByRole('link', { name: 'View' }).click();
    await expect(page.getByTestId('complete-zip-note')).toContainText('a ZIP of 3 PDFs');
  });
}
