import { type Page } from '@playwright/test';
import { expect, test } from './helpers/test';
import {
  bannerPng,
  damanRoll,
  DESKTOP,
  excelList,
  expectNoHorizontalScroll,
  expectPdfDrawn,
  fillGenerator,
  loginViaApi,
  newTestUser,
  pdfPageCount,
  PHONE,
  shot,
  signUpViaApi,
  signUpViaUi,
  taskIdOf,
  useTheme,
  type Upload,
} from './helpers';

/**
 * The whole paid journey against the real server (documents API, local job runner, payments in test
 * mode): sign up, generate, watch progress, see the draft drawn, pay, download, find it in history and
 * view it there. On the real Daman roll and on an Excel list; at 1280 px and 360 px; in both themes.
 */
test.describe.configure({ timeout: 240_000 });

const journeys: Array<{ list: 'daman' | 'excel'; viewport: typeof DESKTOP; device: string; theme: 'light' | 'dark' }> = [
  { list: 'daman', viewport: DESKTOP, device: 'desktop', theme: 'dark' },
  { list: 'daman', viewport: PHONE, device: 'phone', theme: 'light' },
  { list: 'excel', viewport: DESKTOP, device: 'desktop', theme: 'light' },
  { list: 'excel', viewport: PHONE, device: 'phone', theme: 'dark' },
];

async function payInTestMode(page: Page) {
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  const dialog = page.getByTestId('test-checkout');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Test mode — no money is charged');
  return dialog;
}

for (const j of journeys) {
  test(`journey: ${j.list} list on ${j.device}, ${j.theme} theme`, async ({ page }) => {
    const name = `${j.list}-${j.device}-${j.theme}`;
    await page.setViewportSize(j.viewport);
    await useTheme(page, j.theme);
    let voterList: Upload;
    if (j.list === 'daman') {
      voterList = damanRoll();
      // Sign up through the UI once (the other journeys use the API for speed).
      const user = await signUpViaUi(page, newTestUser('journey'));
      await loginViaApi(page, user.email, user.password);
    } else {
      voterList = excelList(40);
      const user = await signUpViaApi(page.request, newTestUser('journey'));
      await loginViaApi(page, user.email, user.password);
    }

    await page.goto('/voter-slip-generator');
    // Before anything is uploaded: what it costs and what the inputs are.
    const pricing = page.getByTestId('pricing-note');
    await expect(pricing).toContainText(/₹\d+\.\d{2} per page of slips/);
    await expect(pricing).toContainText('pay only to download the final');
    await expect(page.locator('#voter-list')).toHaveAttribute('accept', '.pdf,.xls,.xlsx,.csv,.zip');
    await expect(page.locator('#banner')).toHaveAttribute('accept', '.jpeg,.jpg,.png');
    await expect(page.getByText(/\(\.pdf, \.xls, \.xlsx, \.csv\), up to \d+ MB/)).toBeVisible();
    await fillGenerator(page, voterList, await bannerPng());
    await expectNoHorizontalScroll(page);
    await shot(page, `${name}-1-form`);

    await page.getByRole('button', { name: 'Generate Slips' }).click();
    await expect(page).toHaveURL(/\/voter-slip-generator\?task=\w+/);
    const id = taskIdOf(page);

    // Progress: the bar with a percentage, the server's message, the notice and Cancel — until the draft.
    const processing = page.getByTestId('task-processing');
    const draft = page.getByTestId('task-draft');
    await expect(processing.or(draft)).toBeVisible();
    if (await processing.isVisible()) {
      await expect(processing.getByRole('progressbar', { name: 'Task progress' })).toHaveAttribute('aria-valuenow', /^\d+$/);
      await expect(processing.getByTestId('progress-percent')).toHaveText(/^\d+%$/);
      await expect(processing).toContainText('Please do not click back or refresh while processing.');
      await shot(page, `${name}-2-processing`);
    }

    await expect(draft).toBeVisible({ timeout: 180_000 });
    const pages = Number(await draft.getByTestId('draft-pages').textContent());
    expect(pages).toBeGreaterThan(0);
    await expect(draft.getByTestId('draft-fee')).toHaveText(/^₹[\d,]+\.\d{2}$/);
    if (j.list === 'daman') await expect(draft.getByTestId('draft-found')).toContainText('993 voters');
    else await expect(draft.getByTestId('draft-found')).toContainText('40 voters');
    await expect(draft.getByRole('button', { name: 'Cancel' })).toBeVisible();
    // The preview is drawn in the page (pdf.js), not an iframe a phone cannot show, and fills 80% of the viewport height.
    await expect(draft.locator('iframe')).toHaveCount(0);
    await expectPdfDrawn(page);
    const viewerBox = await draft.getByTestId('pdf-viewer').boundingBox();
    expect(Math.abs((viewerBox?.height ?? 0) - j.viewport.height * 0.8)).toBeLessThan(2);
    await expectNoHorizontalScroll(page);
    await shot(page, `${name}-3-draft`);

    const dialog = await payInTestMode(page);
    await page.screenshot({ path: `test-results/shots12/${name}-4-test-checkout.png` }); // the viewport: a dialog covers only it
    await dialog.getByRole('button', { name: 'Pay (test mode)' }).click();

    const complete = page.getByTestId('task-complete');
    await expect(complete).toBeVisible({ timeout: 180_000 });
    await expect(complete.getByRole('heading', { name: 'Processing Complete!' })).toBeVisible();
    const download = complete.getByTestId('download-final');
    await expect(download).toHaveAttribute('target', '_blank');
    const href = await download.getAttribute('href');
    expect(href).toMatch(new RegExp(`^/api/documents/${id}/download\\?`));
    expect(await pdfPageCount(page, href as string)).toBe(pages);
    await shot(page, `${name}-5-complete`);

    // History: the row is there, complete and green, with pages, fee and voters; View opens the overlay.
    await page.goto('/history');
    const row = page.locator(`[data-testid="history-row"][data-id="${id}"]`);
    await expect(row.getByTestId('history-status')).toHaveText('COMPLETE');
    await expect(row.getByTestId('history-status')).toHaveAttribute('data-status', 'complete');
    await expect(row.getByTestId('history-facts')).toContainText(`${pages} page`);
    await expect(row.getByTestId('history-facts')).toContainText('₹');
    await expect(row.getByTestId('history-facts')).toContainText(j.list === 'daman' ? '993 voters' : '40 voters');
    await expectNoHorizontalScroll(page);
    await shot(page, `${name}-6-history`);
    const downloaded = page.waitForEvent('download');
    await row.getByRole('button', { name: 'Download' }).click();
    expect((await downloaded).suggestedFilename()).toMatch(/\.pdf$/);
    await row.getByRole('button', { name: 'View' }).click();
    const overlay = page.getByTestId('pdf-overlay');
    await expect(overlay).toBeVisible();
    await expectPdfDrawn(page, overlay.getByTestId('pdf-viewer'));
    await expect(overlay.getByTestId('pdf-viewer')).toHaveAttribute('data-pages', String(pages));
    const box = await overlay.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(j.viewport.width - 1);
    expect(box?.height).toBeGreaterThanOrEqual(j.viewport.height - 1);
    await shot(page, `${name}-7-overlay`);
    await overlay.getByRole('button', { name: 'Close' }).click();
    await expect(overlay).toBeHidden();
  });
}
