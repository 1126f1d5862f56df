import { type Page, type Request } from '@playwright/test';
import { expect, test } from './helpers/test';
import { E2E_ADMIN } from './env';
import { loginViaApi, newTestUser, signUpViaApi } from './helpers';
import { apiToken, draftWithOrder, payWithTestCheckout, sendCapturedWebhook, type DraftTask } from './helpers/paid-task';

/**
 * The admin Payments screen: real test-mode payments made through the API, then refunded by
 * an admin in the browser (partial and full, a refusal shown with the server's detail, a lost answer
 * retried with the same idempotency key), and the refund seen by the paying user.
 */

const rupees = (paise: number) => `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

function paymentRow(page: Page, orderId: string) {
  return page.getByRole('table', { name: 'Payments' }).locator(`tr[data-order-id="${orderId}"]`);
}

/** Idempotency keys of the refund requests the page sends. */
function recordRefundRequests(page: Page): { key: string; amount: number | undefined }[] {
  const seen: { key: string; amount: number | undefined }[] = [];
  page.on('request', (req: Request) => {
    if (req.method() === 'POST' && /\/api\/admin\/payments\/[^/]+\/refund$/.test(new URL(req.url()).pathname)) {
      const body = req.postDataJSON() as { idempotency_key: string; amount?: number };
      seen.push({ key: body.idempotency_key, amount: body.amount });
    }
  });
  return seen;
}

async function userRefund(page: Page, token: string, taskId: number) {
  const res = await page.request.get('/api/documents', { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  const tasks = (await res.json()) as { id: number; refund: { amount: number; status: string } | null }[];
  return tasks.find((t) => t.id === taskId)?.refund ?? null;
}

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'page is wider than the viewport').toBeLessThanOrEqual(0);
}

test.describe.configure({ mode: 'serial' });

let paid: DraftTask;
let flagged: DraftTask;
let payer: { email: string; password: string };

test.describe('admin: payments', () => {
  test.beforeAll(async ({ request }) => {
    test.setTimeout(240_000);
    const user = await signUpViaApi(request, newTestUser('payer'));
    payer = user;
    const token = await apiToken(request, user.email, user.password);
    // 48 voters at 8 slips a page: 6 pages, a fee big enough for a partial refund and then some.
    paid = await draftWithOrder(request, token, 48);
    await payWithTestCheckout(request, token, paid);
    // A second task whose payment arrives (by webhook) with a different amount: flagged for review.
    flagged = await draftWithOrder(request, token, 9);
    await sendCapturedWebhook(request, flagged.orderId, flagged.amountPaise + 500);
  });

  test('the list shows the paid and the flagged payment; the tab is in the admin nav', async ({ page }) => {
    await loginViaApi(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto('/admin');
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Payments' }).click();
    await expect(page).toHaveURL(/\/admin\/payments$/);
    await expect(page.getByRole('heading', { name: 'Payments', level: 1 })).toBeVisible();
    for (const name of ['Date', 'User', 'Document', 'Pages', 'Amount', 'Status', 'Refund']) {
      await expect(page.getByRole('columnheader', { name, exact: true })).toBeVisible();
    }

    const row = paymentRow(page, paid.orderId);
    await expect(row).toContainText(payer.email);
    await expect(row).toContainText(`Task #${paid.id}`);
    await expect(row.getByRole('cell').nth(3)).toHaveText(new RegExp(`^${paid.pages}( pages)?$`));
    await expect(row).toContainText(rupees(paid.amountPaise));
    await expect(row).toContainText('Paid');
    await expect(row).toContainText('Test mode');
    await expect(row.getByTestId('refunded')).toContainText('nothing refunded');

    const flaggedRow = paymentRow(page, flagged.orderId);
    await expect(flaggedRow).toContainText('Flagged for review');
    await expect(flaggedRow.getByTestId('review-reason')).toHaveText(
      `paid ${((flagged.amountPaise + 500) / 100).toFixed(2)} INR for an order of ${(flagged.amountPaise / 100).toFixed(2)} INR`,
    );
  });

  test('a partial refund: amount checked, one key per opening even under a double click, the row and the user see it', async ({ page }) => {
    const keys = recordRefundRequests(page);
    await loginViaApi(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto('/admin/payments');
    const row = paymentRow(page, paid.orderId);
    await row.getByRole('button', { name: `Refund ${paid.orderId}` }).click();

    const dialog = page.getByRole('dialog', { name: 'Refund payment' });
    await expect(dialog.getByTestId('refund-remaining')).toHaveText(rupees(paid.amountPaise));
    await expect(dialog.getByRole('button', { name: `Refund ${rupees(paid.amountPaise)}` })).toBeVisible();
    await dialog.getByRole('radio', { name: /Partial refund/ }).check();
    const amount = dialog.getByLabel('Amount to refund (₹)');
    const confirm = dialog.getByRole('button', { name: /^Refund/ });

    for (const [text, message] of [
      ['0', 'The amount must be more than ₹0.00.'],
      ['1.234', 'Enter an amount in rupees with at most two decimals, e.g. 25.50.'],
      [((paid.amountPaise + 1) / 100).toFixed(2), `The amount must be at most ₹${(paid.amountPaise / 100).toFixed(2)}, what remains of this payment.`],
    ] as const) {
      await amount.fill(text);
      await confirm.click();
      await expect(dialog.getByText(message)).toBeVisible();
      await expect(amount).toHaveAttribute('aria-invalid', 'true');
    }
    expect(keys, 'nothing is sent for an amount refused in the form').toHaveLength(0);

    await amount.fill('2.50');
    await expect(confirm).toHaveText('Refund ₹2.50');
    await confirm.dblclick();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('refund-notice')).toContainText(`Refund of ₹2.50 processed`);
    expect(keys, 'a double click sends one request').toHaveLength(1);
    expect(keys[0].amount).toBe(2.5);
    expect(keys[0].key).toMatch(/^[A-Za-z0-9_-]{10,64}$/);

    await expect(row.getByTestId('refunded')).toContainText('₹2.50');
    const userToken = await apiToken(page.request, payer.email, payer.password);
    expect(await userRefund(page, userToken, paid.id)).toMatchObject({ amount: 2.5, status: 'processed' });

    // After a reload the server's figures agree with the row.
    await page.reload();
    await expect(paymentRow(page, paid.orderId).getByTestId('refunded')).toContainText('₹2.50');
    await paymentRow(page, paid.orderId).getByRole('button', { name: `Refund ${paid.orderId}` }).click();
    await expect(dialog.getByTestId('refund-remaining')).toHaveText(rupees(paid.amountPaise - 250));
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });

  test('a refusal shows the server detail and a corrected retry goes through; a lost answer is retried with the same key', async ({ page }) => {
    const keys = recordRefundRequests(page);
    await loginViaApi(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto('/admin/payments');
    const row = paymentRow(page, paid.orderId);
    await expect(row.getByTestId('refunded')).toContainText('₹2.50');
    let remaining = paid.amountPaise - 250;

    // Another admin refunds ₹1.00 meanwhile: this page's figures are now stale.
    const adminToken = await apiToken(page.request, E2E_ADMIN.email, E2E_ADMIN.password);
    const other = await page.request.post(`/api/admin/payments/${paid.orderId}/refund`, {
      headers: { Authorization: `Bearer ${adminToken}` },
      data: { amount: 1, idempotency_key: `e2e-other-admin-${Date.now()}` },
    });
    expect(other.status(), await other.text()).toBe(200);

    await row.getByRole('button', { name: `Refund ${paid.orderId}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Refund payment' });
    await dialog.getByRole('radio', { name: /Partial refund/ }).check();
    const amount = dialog.getByLabel('Amount to refund (₹)');
    await amount.fill((remaining / 100).toFixed(2));
    await dialog.getByRole('button', { name: /^Refund/ }).click();
    remaining -= 100;
    await expect(dialog.getByTestId('refund-error')).toHaveText(`The refund must be between ₹1.00 and ₹${(remaining / 100).toFixed(2)}.`);
    await amount.fill('1.00');
    await dialog.getByRole('button', { name: 'Refund ₹1.00' }).click();
    await expect(dialog).toBeHidden();
    expect(keys).toHaveLength(2);
    expect(keys[1].key, 'a refused request is not replayed: the retry has a new key').not.toBe(keys[0].key);
    remaining -= 100;

    // The answer to the next refund is lost on the way back (the server did refund).
    await page.route('**/api/admin/payments/*/refund', async (route) => {
      await route.fetch();
      await route.abort('connectionreset');
    });
    await page.reload();
    await expect(paymentRow(page, paid.orderId).getByTestId('refunded')).toContainText(rupees(paid.amountPaise - remaining));
    await paymentRow(page, paid.orderId).getByRole('button', { name: `Refund ${paid.orderId}` }).click();
    await dialog.getByRole('radio', { name: /Partial refund/ }).check();
    await amount.fill('1.50');
    await dialog.getByRole('button', { name: 'Refund ₹1.50' }).click();
    await expect(dialog.getByTestId('refund-error')).toContainText('may or may not have been made');
    await expect(amount, 'the retry repeats the same request').toBeDisabled();
    await page.unroute('**/api/admin/payments/*/refund');
    await dialog.getByRole('button', { name: 'Retry refund' }).click();
    await expect(dialog).toBeHidden();
    expect(keys).toHaveLength(4);
    expect(keys[3]).toEqual(keys[2]);
    remaining -= 150;

    const refundedPaise = paid.amountPaise - remaining;
    await expect(paymentRow(page, paid.orderId).getByTestId('refunded')).toContainText(rupees(refundedPaise));
    const userToken = await apiToken(page.request, payer.email, payer.password);
    expect((await userRefund(page, userToken, paid.id))?.amount, 'the retried refund counted once').toBe(refundedPaise / 100);
  });

  test('a flagged payment is refunded in full and can then not be refunded again', async ({ page }) => {
    await loginViaApi(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto('/admin/payments');
    const row = paymentRow(page, flagged.orderId);
    await row.getByRole('button', { name: `Refund ${flagged.orderId}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Refund payment' });
    await expect(dialog).toContainText(`Flagged for review: paid ${((flagged.amountPaise + 500) / 100).toFixed(2)} INR`);
    await expect(dialog.getByRole('radio', { name: /Full refund/ })).toBeChecked();
    await dialog.getByRole('button', { name: `Refund ${rupees(flagged.amountPaise)}` }).click();
    await expect(dialog).toBeHidden();
    await expect(row.getByTestId('refunded')).toContainText(rupees(flagged.amountPaise));
    await expect(row.getByTestId('refunded')).toContainText('refunded in full');
    await expect(row.getByRole('button', { name: `Refund ${flagged.orderId}` })).toBeDisabled();
  });

  test('a failed load says so and Retry loads the list', async ({ page }, testInfo) => {
    await loginViaApi(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.route('**/api/admin/payments?*', (route) => route.abort('internetdisconnected'));
    await page.goto('/admin/payments');
    const alert = page.getByRole('alert').filter({ hasText: 'An error occurred while fetching payments.' });
    await expect(alert).toBeVisible();
    await expect(paymentRow(page, paid.orderId)).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath('payments-load-error.png') });
    await page.unroute('**/api/admin/payments?*');
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect(alert).toBeHidden();
    await expect(paymentRow(page, paid.orderId)).toContainText(payer.email);
  });

  for (const width of [1280, 360]) {
    for (const theme of ['light', 'dark'] as const) {
      test(`the screen fits ${width} px in the ${theme} theme`, async ({ page }, testInfo) => {
        await page.setViewportSize({ width, height: width > 600 ? 800 : 740 });
        await page.addInitScript((t) => window.localStorage.setItem('theme', t), theme);
        await loginViaApi(page, E2E_ADMIN.email, E2E_ADMIN.password);
        await page.goto('/admin/payments');
        const row = paymentRow(page, paid.orderId);
        await expect(row.getByTestId('refunded')).toContainText('₹');
        await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
        await expectNoHorizontalScroll(page);
        const button = row.getByRole('button', { name: `Refund ${paid.orderId}` });
        const box = await button.boundingBox();
        expect(box && box.x + box.width).toBeLessThanOrEqual(width);
        await page.screenshot({ path: testInfo.outputPath(`payments-${width}-${theme}.png`), fullPage: true });
        await button.click();
        await page.getByRole('dialog', { name: 'Refund payment' }).getByRole('radio', { name: /Partial refund/ }).check();
        await page.screenshot({ path: testInfo.outputPath(`refund-dialog-${width}-${theme}.png`) });
      });
    }
  }
});
