import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { loginViaApi, newTestUser, signUpViaApi, shot, useTheme, DESKTOP, PHONE, expectPdfDrawn } from './helpers';

const pdf = fs.readFileSync('/work/shared/fixtures/rolls/daman-2017-part1-gujarati.pdf');
const base = { id: 42, task_id: 't', progress: 50, progress_message: 'Reading page 12 of 38', error_message: null, total_pages: 125, amount: 250, currency: 'INR', voters: 993,
  warnings: [{ page: 7, message: 'Serial 200 not found; the box was kept by position.' }, { message: 'Two boxes share serial 455.' }],
  summary: { voters: 993, pages: 125, warnings: 2, source_pages: 36 }, created_at: new Date().toISOString(), paid_at: null, completed_at: null, view_url: '/api/documents/42/view?token=x', download_url: '/api/documents/42/download?token=x', test_mode: true, refund: null };

for (const theme of ['dark', 'light'] as const) for (const vp of [DESKTOP, PHONE]) {
  test(`scratch ${theme} ${vp.width}`, async ({ page }) => {
    await page.setViewportSize(vp);
    await useTheme(page, theme);
    const user = await signUpViaApi(page.request, newTestUser('scr'));
    await loginViaApi(page, user.email, user.password);
    let status: Record<string, unknown> = { ...base, status: 'processing' };
    await page.route('**/api/documents/42', (r) => r.fulfill({ json: status }));
    await page.route('**/api/documents/42/view*', (r) => r.fulfill({ body: pdf, contentType: 'application/pdf' }));
    await page.route('**/api/documents/pricing', (r) => r.fulfill({ json: { fee_per_page: 2, min_fee: 10, currency: 'INR', test_mode: true, max_upload_mb: 50 } }));
    await page.route('**/api/documents/42/continue', (r) => r.fulfill({ json: { razorpay_key_id: 'k', amount: 25000, currency: 'INR', razorpay_order_id: 'o1', test_mode: true } }));
    await page.route('**/api/documents', (r) => r.fulfill({ json: [
      { ...base, status: 'complete' }, { ...base, id: 43, status: 'draft_complete' }, { ...base, id: 44, status: 'error', amount: null, total_pages: null, voters: null },
    ] }));
    const n = `s-${vp.width}-${theme}`;
    await page.goto('/voter-slip-generator');
    await page.locator('#voter-list').setInputFiles({ name: 'Electoral-Roll-Assembly-Constituency-137-Part-001-final-version.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF') });
    await expect(page.getByTestId('pricing-note')).toBeVisible();
    await shot(page, `${n}-form`);
    await page.goto('/voter-slip-generator?task=42');
    await expect(page.getByTestId('task-processing')).toBeVisible();
    await shot(page, `${n}-processing`);
    status = { ...base, status: 'draft_complete', progress: 100 };
    await expect(page.getByTestId('task-draft')).toBeVisible();
    await expectPdfDrawn(page);
    await page.getByTestId('draft-warnings').locator('summary').click();
    await shot(page, `${n}-draft`);
    await page.screenshot({ path: `test-results/shots12/${n}-draft-viewport.png` });
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await expect(page.getByTestId('test-checkout')).toBeVisible();
    await page.screenshot({ path: `test-results/shots12/${n}-checkout.png` });
    await page.getByRole('button', { name: 'Cancel' }).first().click();
    status = { ...base, status: 'error', error_message: 'The voter list could not be read: no voter boxes were found on any page.' };
    await page.reload();
    await expect(page.getByTestId('task-error')).toBeVisible();
    await shot(page, `${n}-error`);
    status = { ...base, status: 'complete', paid_at: 'x' };
    await page.reload();
    await expect(page.getByTestId('task-complete')).toBeVisible();
    await shot(page, `${n}-complete`);
    await page.goto('/history');
    await expect(page.getByTestId('history-list')).toBeVisible();
    await shot(page, `${n}-history`);
    await page.getByRole('button', { name: 'View' }).click();
    await expectPdfDrawn(page, page.getByTestId('pdf-overlay'));
    await page.screenshot({ path: `test-results/shots12/${n}-overlay.png` });
  });
}
