import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { type Page } from '@playwright/test';
import { expect, test } from './helpers/test';
import { bannerPng, damanRoll, DESKTOP, expectNoHorizontalScroll, fillGenerator, gujaratRoll, loginViaApi, newTestUser, PHONE, signUpViaApi, useTheme } from './helpers';

/**
 * The polling-day desk in the browser, on the 2025 Gujarat roll: a name typed in English letters
 * ("jentibhai") finds serial 3, printed in Gujarati; the voter is ticked and their slip printed alone (one
 * slip per page): the PDF downloaded carries that voter's EPIC and no other, watermarked before payment.
 * At 1280 px and 360 px, each in one theme and then the other.
 */
test.describe.configure({ timeout: 240_000 });

const SHOTS = path.join('test-results', 'voter-search');
const EPIC = /\b[A-Z]{3}[0-9]{7}\b|\b[A-Z]{2}\/[0-9]{2}\/[0-9]{3}\/[0-9]{6,7}\b/g;


async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.getByTestId('voter-search').scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: false });
}

async function searchJenti(page: Page) {
  const panel = page.getByTestId('voter-search');
  await panel.getByTestId('voter-search-input').fill('jentibhai');
  const first = panel.getByTestId('voter-search-results').locator('li').first();
  await expect(first).toContainText('Sr. 3');
  await expect(first).toContainText('AGP1056761');
  await expect(first).toContainText('House 2');
  await expect(panel.getByTestId('voter-search-count')).toContainText('found');
  return { panel, first };
}

for (const j of [
  { viewport: DESKTOP, device: 'desktop', theme: 'dark' as const, other: 'light' as const },
  { viewport: PHONE, device: 'phone', theme: 'light' as const, other: 'dark' as const },
]) {
  test(`voter search: a Latin-typed name, one slip printed alone (${j.device})`, async ({ page }) => {
    await page.setViewportSize(j.viewport);
    await useTheme(page, j.theme);
    const user = await signUpViaApi(page.request, newTestUser('desk'));
    await loginViaApi(page, user.email, user.password);
    await page.goto('/voter-slip-generator');
    await fillGenerator(page, gujaratRoll(), await bannerPng());
    await page.getByRole('button', { name: 'Generate Slips' }).click();
    await expect(page.getByTestId('task-draft')).toBeVisible({ timeout: 180_000 });

    const { panel, first } = await searchJenti(page);
    // the name is shown as the roll prints it
    await expect(first).toContainText(/\p{Script=Gujarati}/u);
    // open the voter: their slip as it prints
    await first.getByTestId('voter-open-slip').click();
    const opened = page.getByTestId('voter-slip-dialog');
    await expect(opened).toContainText('Sr. 3');
    const slipPicture = opened.getByTestId('voter-slip-picture');
    await expect(slipPicture).toBeVisible({ timeout: 60_000 });
    expect(await slipPicture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(800);
    await shot(page, `${j.device}-${j.theme}-voter-slip`);
    await opened.getByRole('button', { name: 'Close' }).click();
    await expect(opened).toBeHidden();

    await first.getByTestId('voter-result-check').check();
    await expect(panel.getByTestId('voter-search-selected')).toContainText('1 selected');
    await panel.getByTestId('voter-print-format').selectOption('single');
    await expectNoHorizontalScroll(page);
    await shot(page, `${j.device}-${j.theme}-selected`);

    const downloading = page.waitForEvent('download');
    await panel.getByTestId('voter-print-selected').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/-selected-draft\.pdf$/);
    const file = path.join(SHOTS, `${j.device}-one-voter.pdf`);
    mkdirSync(SHOTS, { recursive: true });
    await download.saveAs(file);
    const text = execFileSync('pdftotext', [file, '-']).toString();
    expect(text.match(EPIC)).toEqual(['AGP1056761']);
    expect(text).toContain('DRAFT');
    expect(execFileSync('pdfinfo', [file]).toString()).toMatch(/Pages:\s+1\b/);
    execFileSync('pdftoppm', ['-r', '80', '-png', '-singlefile', file, path.join(SHOTS, `${j.device}-one-voter`)]);

    // the same voter's slip as a picture for a phone (shared where the browser can share files, else saved)
    const picturing = page.waitForEvent('download');
    await panel.getByTestId('voter-share-picture').click();
    const picture = await picturing;
    expect(picture.suggestedFilename()).toBe('slip-0003-AGP1056761.png');
    const png = path.join(SHOTS, `${j.device}-one-voter-picture.png`);
    await picture.saveAs(png);
    const meta = await sharp(png).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 800 });

    // the other theme, the same search
    await page.addInitScript((t) => window.localStorage.setItem('theme', t), j.other);
    await page.reload();
    await expect(page.getByTestId('task-draft')).toBeVisible({ timeout: 60_000 });
    await searchJenti(page);
    await expectNoHorizontalScroll(page);
    await shot(page, `${j.device}-${j.other}-results`);
  });
}

test('voter search on a legacy-font roll: by EPIC and serial, and the screen says names cannot be searched (phone)', async ({ page }) => {
  const roll = damanRoll();
  await page.setViewportSize(PHONE);
  await useTheme(page, 'dark');
  const user = await signUpViaApi(page.request, newTestUser('desk-legacy'));
  await loginViaApi(page, user.email, user.password);
  await page.goto('/voter-slip-generator');
  await fillGenerator(page, roll, await bannerPng());
  await page.getByRole('button', { name: 'Generate Slips' }).click();
  await expect(page.getByTestId('task-draft')).toBeVisible({ timeout: 180_000 });
  const panel = page.getByTestId('voter-search');
  await panel.getByTestId('voter-search-input').fill('PJG2489185');
  const first = panel.getByTestId('voter-search-results').locator('li').first();
  await expect(first).toContainText('Sr. 6');
  await expect(first).toContainText('name not readable');
  await expect(panel.getByTestId('voter-search-no-names')).toContainText('search by EPIC, serial or house number');
  await panel.getByTestId('voter-search-input').fill('993');
  await expect(panel.getByTestId('voter-search-results').locator('li').first()).toContainText('Sr. 993');
  await expectNoHorizontalScroll(page);
  await shot(page, 'phone-dark-legacy');
});
