import path from 'node:path';
import { expect, test } from './helpers/test';
import { bannerPng, DESKTOP, expectNoHorizontalScroll, expectPdfDrawn, fillGenerator, gujaratRoll, loginViaApi, newTestUser, pdfPageCount, PHONE, shot, signUpViaApi, useTheme } from './helpers';

/**
 * Polling-day slips in the browser, on the 2025 Gujarat roll: the draft screen says what was found (the
 * roll's facts, 7 deleted voters left out and listed), the address is offered in Gujarati, the user chooses serials 1-100 family by family as
 * plain election-code slips, the draft is made again with its pages and fee, and the paid final holds
 * those slips only. At 1280 px (dark) and 360 px (light).
 */
test.describe.configure({ timeout: 240_000 });


for (const j of [
  { viewport: DESKTOP, device: 'desktop', theme: 'dark' as const },
  { viewport: PHONE, device: 'phone', theme: 'light' as const },
]) {
  test(`polling-day slips: choose, redraw, pay (${j.device}, ${j.theme})`, async ({ page }) => {
    const name = `polling-day-${j.device}-${j.theme}`;
    await page.setViewportSize(j.viewport);
    await useTheme(page, j.theme);
    const roll = gujaratRoll();
    const user = await signUpViaApi(page.request, newTestUser('pollday'));
    await loginViaApi(page, user.email, user.password);
    await page.goto('/voter-slip-generator');
    await fillGenerator(page, roll, await bannerPng());
    await page.getByRole('button', { name: 'Generate Slips' }).click();

    const draft = page.getByTestId('task-draft');
    await expect(draft).toBeVisible({ timeout: 180_000 });
    await expect(draft.getByTestId('draft-found')).toContainText('595 voters');
    await expect(draft.getByTestId('draft-printed')).toHaveText('588 slips; 7 deleted voters left out');
    await expect(draft.getByTestId('draft-roll')).toContainText('Assembly 137');
    await expect(draft.getByTestId('draft-roll')).toContainText('Part 1');
    const deleted = draft.getByTestId('draft-deleted');
    await deleted.locator('summary').click();
    await expect(deleted).toContainText('Serial 67');
    await expectPdfDrawn(page);
    await expectNoHorizontalScroll(page);
    await shot(page, `${name}-1-draft`);

    // the choices: serials 1-100, family by family, plain election-code slips, English labels
    const panel = draft.getByTestId('slip-choices');
    await panel.locator('summary').click();
    // the address is suggested in the roll's own script here (Gujarati), and typed in it with English letters
    await expect(panel.getByRole('combobox', { name: 'Suggestions in' })).toHaveValue('gu');
    const address = panel.getByRole('combobox', { name: 'Address printed on the slips' });
    await address.fill('');
    await address.pressSequentially('surat', { delay: 30 });
    const gujarati = panel.getByRole('listbox', { name: 'Gujarati suggestions' }).getByRole('option');
    await expect(gujarati.first()).toHaveText('સુરત');
    await expectNoHorizontalScroll(page);
    await shot(page, `${name}-2-address`);
    await gujarati.first().click();
    await expect(address).toHaveValue('સુરત');
    await panel.getByLabel('Serial numbers').fill('1-100');
    await panel.getByLabel('Slips in').selectOption('family');
    await panel.getByLabel('Slips', { exact: true }).selectOption('election-code');
    await expect(panel).toContainText('Model Code of Conduct');
    await panel.getByLabel('Labels').selectOption('english');
    await expectNoHorizontalScroll(page);
    await shot(page, `${name}-3-choices`);
    await panel.getByRole('button', { name: 'Update the draft' }).click();

    // the draft again: 99 slips (serial 67 is deleted), 13 pages at 8 a page
    await expect(draft.getByTestId('draft-printed')).toHaveText('99 slips; 7 deleted voters left out; 489 voters not chosen', { timeout: 120_000 });
    await expect(page.getByTestId('task-draft').getByTestId('draft-pages')).toHaveText('13');
    await expect(page.getByTestId('task-draft').getByTestId('draft-fee')).toHaveText('₹26.00');
    await expectPdfDrawn(page);
    await shot(page, `${name}-4-redrawn`);

    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    const dialog = page.getByTestId('test-checkout');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Pay (test mode)' }).click();
    const complete = page.getByTestId('task-complete');
    await expect(complete).toBeVisible({ timeout: 180_000 });
    const href = await complete.getByTestId('download-final').getAttribute('href');
    expect(await pdfPageCount(page, href as string)).toBe(13);
    await shot(page, `${name}-5-complete`);
  });
}
