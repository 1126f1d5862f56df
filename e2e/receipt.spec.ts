import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { request as playwrightRequest, type Download, type Page } from '@playwright/test';
import { expect, test } from './helpers/test';
import { E2E_ADMIN } from './env';
import { apiToken, draftWithOrder, payWithTestCheckout } from './helpers/paid-task';
import { bannerPng, DESKTOP, excelList, expectNoHorizontalScroll, fillGenerator, loginViaApi, newTestUser, PHONE, readOutbox, shot, signUpViaApi, taskIdOf, useTheme } from './helpers';

/**
 * Proof of payment: billing details given on the profile page, a test-mode payment, then the receipt on
 * the complete screen and in the mail outbox, the tax invoice downloaded and read back with pdftotext,
 * the receipt in the history row; and the admin's Payments list with the ids, the invoice and the CSV.
 * At 1280 px and 360 px, in both themes. The e2e server is a GST-registered operator in Karnataka
 * (SITE_GSTIN in playwright.config.ts); the customer's GSTIN is Maharashtra's, so the tax is IGST.
 */
test.describe.configure({ timeout: 240_000 });

const CUSTOMER_GSTIN = '27AAPFU0939F1ZV';
const OPERATOR_GSTIN = '29AAGCB7383J1Z4';
const SHOTS = path.join('test-results', 'shots12');

function pdftotext(file: string): string {
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

async function saveDownload(download: Download, name: string): Promise<string> {
  const file = path.join(SHOTS, name);
  fs.mkdirSync(SHOTS, { recursive: true });
  await download.saveAs(file);
  return file;
}

function saveBytes(bytes: Buffer, name: string): string {
  const file = path.join(SHOTS, name);
  fs.mkdirSync(SHOTS, { recursive: true });
  fs.writeFileSync(file, bytes);
  return file;
}

async function payInTestMode(page: Page) {
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  const dialog = page.getByTestId('test-checkout');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Pay (test mode)' }).click();
}

const journeys = [
  { viewport: DESKTOP, device: 'desktop', theme: 'light' as const },
  { viewport: PHONE, device: 'phone', theme: 'dark' as const },
];

for (const j of journeys) {
  test(`receipt and invoice on ${j.device}, ${j.theme} theme`, async ({ page }) => {
    const name = `receipt-${j.device}-${j.theme}`;
    await page.setViewportSize(j.viewport);
    await useTheme(page, j.theme);
    const user = await signUpViaApi(page.request, newTestUser('receipt'));
    await loginViaApi(page, user.email, user.password);

    // Billing details on the profile page: a mistyped GSTIN is refused as typed, the right one saved.
    await page.goto('/profile');
    const billing = page.getByTestId('billing-card');
    await expect(billing.getByRole('button', { name: 'Save billing details' })).toBeEnabled();
    await billing.getByLabel('Name to bill').fill('Ward 12 Campaign Office');
    await billing.getByLabel('GSTIN').fill('27AAPFU0939F1ZW');
    await billing.getByRole('button', { name: 'Save billing details' }).click();
    await expect(billing).toContainText('check');
    await billing.getByLabel('GSTIN').fill(CUSTOMER_GSTIN.toLowerCase());
    await billing.getByRole('button', { name: 'Save billing details' }).click();
    await expect(billing.getByTestId('form-success')).toContainText('Billing details saved');
    await expect(billing.getByLabel('GSTIN')).toHaveValue(CUSTOMER_GSTIN);
    await expect(billing.getByRole('combobox', { name: 'State' })).toContainText('Maharashtra');
    await expectNoHorizontalScroll(page);
    await shot(page, `${name}-1-billing`);

    await page.goto('/voter-slip-generator');
    await fillGenerator(page, excelList(40), await bannerPng());
    await page.getByRole('button', { name: 'Generate Slips' }).click();
    await expect(page).toHaveURL(/\/voter-slip-generator\?task=\w+/);
    const id = taskIdOf(page);
    const draft = page.getByTestId('task-draft');
    await expect(draft).toBeVisible({ timeout: 180_000 });
    const pages = Number(await draft.getByTestId('draft-pages').textContent());
    const fee = (await draft.getByTestId('draft-fee').textContent())!.trim();
    // the billing details can be changed on the draft too, before paying: this task's invoice carries them
    const billingHere = draft.getByTestId('draft-billing');
    await billingHere.locator('summary').click();
    await expect(billingHere.getByLabel('Name to bill')).toHaveValue('Ward 12 Campaign Office');
    await billingHere.getByLabel('Name to bill').fill('Ward 12 Campaign Office, Booth 4');
    await billingHere.getByRole('button', { name: 'Save billing details' }).click();
    await expect(billingHere.getByTestId('form-success')).toContainText("Saved: this task's invoice will carry them.");
    await expect(billingHere.getByRole('link', { name: 'profile' })).toHaveAttribute('href', '/profile');
    await expectNoHorizontalScroll(page);
    await shot(page, `${name}-1b-draft`);
    await payInTestMode(page);

    // The complete screen: the receipt with its facts.
    const complete = page.getByTestId('task-complete');
    await expect(complete).toBeVisible({ timeout: 180_000 });
    const receipt = complete.getByTestId('receipt');
    await expect(receipt).toBeVisible();
    await expect(receipt.getByTestId('receipt-amount')).toHaveText(fee);
    await expect(receipt.getByTestId('receipt-pages')).toHaveText(String(pages));
    const paymentId = (await receipt.getByTestId('receipt-payment-id').textContent())!.trim();
    const orderId = (await receipt.getByTestId('receipt-order-id').textContent())!.trim();
    const invoiceNumber = (await receipt.getByTestId('receipt-invoice-number').textContent())!.trim();
    expect(paymentId).toMatch(/^pay_test_/);
    expect(orderId).toMatch(/^order_test_/);
    expect(invoiceNumber).toMatch(/^TEST-\d{4}-\d{2}\/\d{6}$/); // test mode numbers its own series
    await expect(receipt).toContainText('Tax Invoice');
    await expectNoHorizontalScroll(page);
    await shot(page, `${name}-2-complete`);

    // The receipt mail: the same facts and a link to the task's page.
    await expect.poll(async () => (await readOutbox()).filter((m) => m.to === user.email && m.subject.startsWith('Payment receipt')).length).toBe(1);
    const mail = (await readOutbox()).find((m) => m.to === user.email && m.subject.startsWith('Payment receipt'))!;
    for (const fact of [paymentId, orderId, invoiceNumber, `Pages:          ${pages}`, `/voter-slip-generator?task=${id}`, 'Test mode']) expect(mail.text).toContain(fact);
    // its link downloads the invoice itself, without signing in (a fresh request context has no session)
    const keyed = mail.text.match(/https?:\/\/\S+\/api\/invoices\/\d+\?key=\S+/);
    expect(keyed, mail.text).not.toBeNull();
    const anonymous = await playwrightRequest.newContext({ baseURL: new URL(page.url()).origin });
    const viaMail = await anonymous.get(new URL(keyed![0]).pathname + new URL(keyed![0]).search);
    expect(viaMail.status()).toBe(200);
    expect(viaMail.headers()['content-type']).toBe('application/pdf');
    expect(pdftotext(saveBytes(await viaMail.body(), `${name}-invoice-via-mail.pdf`))).toContain('Ward 12 Campaign Office, Booth 4');
    await anonymous.dispose();

    // The invoice PDF, downloaded and read back.
    const downloaded = page.waitForEvent('download');
    await receipt.getByTestId('download-invoice').click();
    const download = await downloaded;
    expect(download.suggestedFilename()).toBe(`invoice-${invoiceNumber.replace('/', '-')}.pdf`);
    const file = await saveDownload(download, `${name}-invoice.pdf`);
    const text = pdftotext(file);
    for (const fact of ['TAX INVOICE', `GSTIN: ${OPERATOR_GSTIN}`, invoiceNumber, 'Ward 12 Campaign Office, Booth 4', `GSTIN: ${CUSTOMER_GSTIN}`, 'Maharashtra (27)', 'IGST @ 18%', fee, orderId, paymentId, `${pages} pages`, '998595', 'Amount in words']) {
      expect(text, fact).toContain(fact);
    }
    expect(text).not.toContain('CGST');
    execFileSync('pdftoppm', ['-r', '80', '-png', '-singlefile', file, path.join(SHOTS, `${name}-invoice`)]);

    // History: the row shows the invoice and payment, and downloads the invoice too.
    await page.goto('/history');
    const row = page.locator(`[data-testid="history-row"][data-id="${id}"]`);
    await expect(row.getByTestId('history-receipt')).toContainText(invoiceNumber);
    await expect(row.getByTestId('history-receipt')).toContainText(paymentId);
    const again = page.waitForEvent('download');
    await row.getByTestId('history-invoice').click();
    expect((await again).suggestedFilename()).toBe(`invoice-${invoiceNumber.replace('/', '-')}.pdf`);
    await expectNoHorizontalScroll(page);
    await shot(page, `${name}-3-history`);
  });
}

for (const j of [
  { viewport: DESKTOP, device: 'desktop', theme: 'dark' as const },
  { viewport: PHONE, device: 'phone', theme: 'light' as const },
]) {
  test(`admin: ids, invoice number and the CSV export on ${j.device}, ${j.theme} theme`, async ({ page }) => {
    await page.setViewportSize(j.viewport);
    await useTheme(page, j.theme);
    // a task paid through the API, so this test stands alone
    const payer = await signUpViaApi(page.request, newTestUser('payer'));
    const payerToken = await apiToken(page.request, payer.email, payer.password);
    const task = await draftWithOrder(page.request, payerToken, 9);
    const paymentId = await payWithTestCheckout(page.request, payerToken, task);
    await loginViaApi(page, E2E_ADMIN.email, E2E_ADMIN.password);
    const token = await apiToken(page.request, E2E_ADMIN.email, E2E_ADMIN.password);
    const listed = await page.request.get('/api/admin/payments?limit=50', { headers: { Authorization: `Bearer ${token}` } });
    const payments = (await listed.json()) as { order_id: string; payment_id: string; invoice_number: string | null }[];
    const withInvoice = payments.find((p) => p.order_id === task.orderId);
    expect(withInvoice).toMatchObject({ payment_id: paymentId, invoice_number: expect.stringMatching(/^TEST-\d{4}-\d{2}\/\d{6}$/) });

    await page.goto('/admin/payments');
    const row = page.getByRole('table', { name: 'Payments' }).locator(`tr[data-order-id="${withInvoice!.order_id}"]`);
    await expect(row.getByTestId('payment-ids')).toContainText(withInvoice!.order_id);
    await expect(row.getByTestId('payment-ids')).toContainText(withInvoice!.payment_id);
    await expect(row.getByTestId('invoice-number')).toContainText(withInvoice!.invoice_number!);
    await expectNoHorizontalScroll(page);
    await shot(page, `receipt-admin-${j.device}-${j.theme}`);

    const exported = page.waitForEvent('download');
    await page.getByTestId('invoice-export').getByRole('button', { name: 'Export CSV' }).click();
    const download = await exported;
    expect(download.suggestedFilename()).toMatch(/^invoices-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs.readFileSync(await saveDownload(download, `receipt-admin-${j.device}.csv`), 'utf8');
    const lines = csv.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Type,Invoice no.,Date,Against invoice,Customer,Customer e-mail,GSTIN,Place of supply,Taxable value,CGST,SGST,IGST,Total,Order ID,Payment ID,Status,Refund');
    const line = lines.find((l) => l.split(',')[1] === withInvoice!.invoice_number)!;
    expect(line.startsWith('Tax invoice')).toBe(true);
    expect(line).toContain(withInvoice!.order_id);
    expect(line).toContain(withInvoice!.payment_id);

    // A full refund issues a credit note: named in the notice, mailed to the customer, downloadable by them.
    await row.getByRole('button', { name: `Refund ${task.orderId}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Refund payment' });
    await dialog.getByRole('button', { name: /^Refund ₹/ }).click();
    await expect(dialog).toBeHidden();
    const notice = page.getByTestId('refund-notice');
    await expect(notice).toContainText(/Credit note TEST-CN\d{4}-\d{2}\/\d{6} issued/);
    const noteNumber = /TEST-CN\d{4}-\d{2}\/\d{6}/.exec((await notice.textContent()) ?? '')![0];
    await expect.poll(async () => (await readOutbox()).some((m) => m.to === payer.email && m.subject.includes(noteNumber))).toBe(true);
    const mine = await page.request.get('/api/documents', { headers: { Authorization: `Bearer ${payerToken}` } });
    const receipt = ((await mine.json()) as { id: number; receipt: { credit_notes: { number: string; url: string }[] } | null }[]).find((d) => d.id === task.id)!.receipt!;
    const note = receipt.credit_notes.find((n) => n.number === noteNumber)!;
    const pdf = await page.request.get(note.url, { headers: { Authorization: `Bearer ${payerToken}` } });
    expect(pdf.status()).toBe(200);
    const file = path.join(SHOTS, `receipt-admin-${j.device}-credit-note.pdf`);
    fs.writeFileSync(file, await pdf.body());
    const text = pdftotext(file);
    for (const fact of ['CREDIT NOTE', noteNumber, withInvoice!.invoice_number!, 'Total refunded', task.orderId]) expect(text, fact).toContain(fact);
    await shot(page, `receipt-admin-${j.device}-${j.theme}-refunded`);
  });
}
