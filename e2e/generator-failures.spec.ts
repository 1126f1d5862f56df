import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { type Page } from '@playwright/test';
import { expect, test } from './helpers/test';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import {
  acceptAppDialog,
  bannerPng,
  damanRoll,
  DESKTOP,
  excelList,
  expectNoHorizontalScroll,
  expectPdfDrawn,
  fillGenerator,
  loginViaApi,
  newTestUser,
  PHONE,
  shot,
  signUpViaApi,
  taskIdOf,
  throttleUpload,
  useTheme,
} from './helpers';

/** Failure paths of the generator against the real server; a route is faked only to inject a failure. */
test.describe.configure({ timeout: 180_000 });

const INVALID_VOTER_LIST = 'Invalid file type for Voter List. Please select a PDF or Excel file.';
const INVALID_BANNER = 'Invalid file type for Banner. Please select a JPG or PNG image.';

async function loggedIn(page: Page, prefix: string) {
  const user = await signUpViaApi(page.request, newTestUser(prefix));
  await loginViaApi(page, user.email, user.password);
  return user;
}

async function startTask(page: Page, list = excelList(30)) {
  await page.goto('/voter-slip-generator');
  await fillGenerator(page, list, await bannerPng());
  await page.getByRole('button', { name: 'Generate Slips' }).click();
  await expect(page).toHaveURL(/\?task=\w+/);
  return taskIdOf(page);
}

async function reachDraft(page: Page) {
  const id = await startTask(page);
  await expect(page.getByTestId('task-draft')).toBeVisible({ timeout: 120_000 });
  return id;
}

/** A valid PDF that is not a voter roll: one page of plain text. */
async function notARoll(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  page.drawText('A letter, not an electoral roll.', { x: 72, y: 760, size: 14, font: await doc.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await doc.save());
}

test('wrong file types give their messages and are ignored; the pickers filter the system dialog', async ({ page }) => {
  await page.goto('/voter-slip-generator');
  await page.locator('#voter-list').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
  await expect(page.getByTestId('form-error')).toHaveText(INVALID_VOTER_LIST);
  await expect(page.getByTestId('voter-list-name')).toHaveText('Choose or drop files…');
  await page.locator('#banner').setInputFiles({ name: 'banner.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await expect(page.getByTestId('form-error')).toHaveText(INVALID_BANNER);
  await expect(page.getByTestId('banner-name')).toHaveText('Choose a file…');
  await expect(page.getByRole('button', { name: 'Generate Slips' })).toBeDisabled();
  // A valid file already chosen stays when a wrong one is picked after it.
  await page.locator('#voter-list').setInputFiles(excelList(3));
  await page.locator('#voter-list').setInputFiles({ name: 'roll.docx', mimeType: 'application/octet-stream', buffer: Buffer.from('x') });
  await expect(page.getByTestId('voter-list-name')).toHaveText('test-voter-list.xlsx');
});

test('long file names truncate inside their pickers at 1280 px and 360 px', async ({ page }) => {
  const long = `${'Electoral-Roll-Assembly-Constituency-137-Part-001-'.repeat(2)}final.pdf`;
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await page.goto('/voter-slip-generator');
    await page.locator('#voter-list').setInputFiles({ name: long, mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
    await page.locator('#banner').setInputFiles({ name: `${'campaign-banner-'.repeat(5)}.png`, mimeType: 'image/png', buffer: Buffer.from('png') });
    await expectNoHorizontalScroll(page);
    const first = await page.locator('label[for="voter-list"]').boundingBox();
    const second = await page.locator('label[for="banner"]').boundingBox();
    const card = await page.getByTestId('generator-card').boundingBox();
    expect(first && second && card).toBeTruthy();
    if (!first || !second || !card) return;
    expect(first.x + first.width).toBeLessThanOrEqual(card.x + card.width);
    // Side by side on desktop: the first picker ends before the second starts.
    if (viewport === DESKTOP) expect(first.x + first.width).toBeLessThanOrEqual(second.x);
    await shot(page, `long-names-${viewport.width}`);
  }
});

test('a visitor is asked to log in (app dialog) and finds the chosen options after logging in', async ({ page }) => {
  const user = await signUpViaApi(page.request, newTestUser('visitor'));
  await page.goto('/voter-slip-generator');
  const list = excelList(5);
  await fillGenerator(page, list, await bannerPng('my-banner.png'), 'Ward 4 School');
  await page.getByRole('combobox', { name: 'Page Size' }).click();
  await page.getByRole('option', { name: 'A3' }).click();
  await page.getByRole('button', { name: 'Generate Slips' }).click();
  const ask = page.getByTestId('app-dialog');
  await expect(ask).toContainText('You need to be logged in to generate slips. Would you like to log in now?');
  await page.getByRole('button', { name: 'Not now' }).click();
  await expect(ask).toBeHidden();
  await expect(page).toHaveURL(/\/voter-slip-generator$/);
  await page.getByRole('button', { name: 'Generate Slips' }).click();
  await ask.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Fvoter-slip-generator$/);
  await page.getByLabel('Email Address').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  // Back on the generator after logging in, with the choices made before.
  await expect(page).toHaveURL(/\/voter-slip-generator$/);
  await expect(page.getByTestId('voter-list-name')).toHaveText(list.name);
  await expect(page.getByTestId('banner-name')).toHaveText('my-banner.png');
  await expect(page.locator('#booth-address')).toHaveValue('Ward 4 School');
  await expect(page.getByRole('combobox', { name: 'Page Size' })).toHaveText('A3');
  await expect(page.getByRole('button', { name: 'Generate Slips' })).toBeEnabled();
});

test('upload progress shows while the files go up, and the upload can be cancelled', async ({ page }) => {
  await loggedIn(page, 'upload');
  await page.goto('/voter-slip-generator');
  await fillGenerator(page, damanRoll(), await bannerPng());
  await throttleUpload(page, 64 * 1024);
  await page.getByRole('button', { name: 'Generate Slips' }).click();
  const progress = page.getByTestId('upload-progress');
  await expect(progress).toBeVisible();
  await expect(progress.getByTestId('progress-message')).toContainText(/^Uploading \d+ KB of 2\d\d KB…$/);
  await shot(page, 'upload-progress');
  await progress.getByRole('button', { name: 'Cancel upload' }).click();
  await expect(page.getByTestId('form-error')).toHaveText('Upload cancelled.');
  await expect(page).toHaveURL(/\/voter-slip-generator$/);
  await expect(page.getByRole('button', { name: 'Generate Slips' })).toBeEnabled();
});

for (const theme of ['dark', 'light'] as const) {
  test(`a bad roll ends on the error screen, which offers Start Over only (the file is the cause) (${theme})`, async ({ page }) => {
    await useTheme(page, theme);
    await loggedIn(page, 'badroll');
    await page.goto('/voter-slip-generator');
    await fillGenerator(page, { name: 'letter.pdf', mimeType: 'application/pdf', buffer: await notARoll() }, await bannerPng());
    await page.getByRole('button', { name: 'Generate Slips' }).click();
    const error = page.getByTestId('task-error');
    await expect(error).toBeVisible({ timeout: 120_000 });
    await expect(error.getByRole('heading', { name: 'An Error Occurred' })).toBeVisible();
    await expect(error.getByRole('img', { name: 'Sad face' })).toBeVisible();
    const message = (await error.getByTestId('task-error-message').textContent()) ?? '';
    expect(message.length).toBeGreaterThan(5);
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await shot(page, `error-${viewport.width}-${theme}`);
    }
    // the same file would fail the same way: no Resume Processing, and the server refuses a resume too
    await expect(error.getByRole('button', { name: 'Resume Processing' })).toHaveCount(0);
    const taskId = new URL(page.url()).searchParams.get('task');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const resumed = await page.request.post(`/api/documents/${taskId}/continue`, { headers: { authorization: `Bearer ${token}` } });
    expect(resumed.status()).toBe(409);
    expect((await resumed.json()).detail).toMatch(/cannot be resumed/);
    await error.getByRole('button', { name: 'Start Over' }).click();
    await expect(page).toHaveURL(/\/voter-slip-generator$/);
    await expect(page.getByRole('button', { name: 'Generate Slips' })).toBeVisible();
  });
}

test('payment dismissed stays on the draft; a server error on continue is shown; paying still works after', async ({ page }) => {
  await loggedIn(page, 'dismiss');
  await reachDraft(page);
  const draft = page.getByTestId('task-draft');
  await draft.getByRole('button', { name: 'Continue to Payment' }).click();
  const dialog = page.getByTestId('test-checkout');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(draft).toBeVisible();
  await draft.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(draft).toBeVisible();

  // Injected failure: the continue call answers 500 with a detail, then cannot be reached at all.
  await page.route('**/api/documents/*/continue', (route) => route.fulfill({ status: 500, json: { detail: 'Payment service is down.' } }));
  await draft.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(draft.getByTestId('form-error')).toHaveText('Payment service is down.');
  await page.unroute('**/api/documents/*/continue');
  await page.route('**/api/documents/*/continue', (route) => route.abort('connectionrefused'));
  await draft.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(draft.getByTestId('form-error')).toHaveText('Failed to connect to the server.');
  await page.unroute('**/api/documents/*/continue');

  await draft.getByRole('button', { name: 'Continue to Payment' }).click();
  await dialog.getByRole('button', { name: 'Pay (test mode)' }).click();
  await expect(page.getByTestId('task-complete')).toBeVisible({ timeout: 120_000 });
});

test('live Checkout: options from the server and the page (name, description, notes); a script that fails to load says so', async ({ page }) => {
  const user = await loggedIn(page, 'checkout');
  const id = await reachDraft(page);
  const draft = page.getByTestId('task-draft');
  // Injected: a live-mode order (this server has no Razorpay keys) and checkout.js unreachable.
  const order = { razorpay_key_id: 'rzp_test_key', amount: 12345, currency: 'INR', razorpay_order_id: 'order_live_1', test_mode: false };
  await page.route('**/api/documents/*/continue', (route) => route.fulfill({ json: order }));
  await page.route('https://checkout.razorpay.com/**', (route) => route.abort('connectionrefused'));
  await draft.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(draft.getByTestId('form-error')).toHaveText('Failed to load payment gateway.');
  // A stand-in checkout.js records the options and reports a dismissal.
  await page.unroute('https://checkout.razorpay.com/**');
  await page.route('https://checkout.razorpay.com/**', (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: `window.Razorpay = function (o) { window.__rzp = o; this.on = function () {}; this.open = function () { o.modal.ondismiss(); }; };`,
    }),
  );
  await draft.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect.poll(() => page.evaluate(() => Boolean((window as unknown as { __rzp?: unknown }).__rzp))).toBe(true);
  const options = await page.evaluate(() => {
    const o = (window as unknown as { __rzp: Record<string, unknown> }).__rzp;
    return { ...o, handler: typeof o.handler, modal: undefined };
  });
  expect(options).toMatchObject({
    key: 'rzp_test_key',
    amount: 12345,
    currency: 'INR',
    order_id: 'order_live_1',
    name: 'Voter Slip Generator',
    description: 'Processing Fee',
    notes: { document_id: id },
    prefill: { name: user.name, email: user.email, contact: user.phone_number },
    handler: 'function',
  });
  await expect(draft).toBeVisible();
  await expect(draft.getByTestId('form-error')).toHaveCount(0);

  // Checkout's success payload goes to POST …/payment as it is; the server verifies it (a forged one is refused, said on the draft).
  await page.evaluate(() => {
    const w = window as unknown as { Razorpay: new (o: { handler: (r: unknown) => void }) => unknown };
    w.Razorpay = function (this: { on(): void; open(): void }, o: { handler: (r: unknown) => void }) {
      this.on = () => undefined;
      this.open = () => o.handler({ razorpay_payment_id: 'pay_forged', razorpay_order_id: 'order_live_1', razorpay_signature: 'f'.repeat(64) });
    } as unknown as typeof w.Razorpay;
  });
  const posted = page.waitForRequest((r) => r.url().endsWith(`/api/documents/${id}/payment`) && r.method() === 'POST');
  await draft.getByRole('button', { name: 'Continue to Payment' }).click();
  expect((await posted).postDataJSON()).toEqual({ razorpay_payment_id: 'pay_forged', razorpay_order_id: 'order_live_1', razorpay_signature: 'f'.repeat(64) });
  await expect(draft.getByTestId('form-error')).toBeVisible();
  await expect(draft).toBeVisible();
});

test('cancel asks first; while processing and on the draft it returns to the form with the files and choices kept; the server has cancelled; the old link says the task is gone', async ({ page }) => {
  await loggedIn(page, 'cancel');
  // While processing: the 38-page roll takes long enough to be caught running.
  await page.goto('/voter-slip-generator');
  await fillGenerator(page, damanRoll(), await bannerPng(), 'Primary School Room 7');
  await page.getByRole('button', { name: 'Generate Slips' }).click();
  const running = page.getByTestId('task-processing');
  await expect(running).toBeVisible();
  const first = taskIdOf(page);
  // asked first (at 360 px here): keeping it changes nothing
  await page.setViewportSize(PHONE);
  await running.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('app-dialog')).toBeVisible();
  await shot(page, 'cancel-phone-1-asked');
  await acceptAppDialog(page, 'Nothing has been charged.', 'Keep it');
  await page.setViewportSize(DESKTOP);
  await expect(running.or(page.getByTestId('task-draft'))).toBeVisible();
  expect(taskIdOf(page)).toBe(first);
  const cancelled = page.waitForResponse((r) => r.url().endsWith(`/api/documents/${first}/cancel`));
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await acceptAppDialog(page, 'the task, its upload and its draft are deleted', 'Cancel task');
  expect((await cancelled).ok()).toBe(true);
  await expect(page).toHaveURL(/\/voter-slip-generator$/);
  await expect(page.getByTestId('form-success')).toContainText('The task was cancelled and nothing was charged. Your files and choices are kept');
  await expect(page.getByTestId('voter-list-name')).toHaveText('daman-2017-part1-gujarati.pdf');
  await expect(page.locator('#booth-address')).toHaveValue('Primary School Room 7');
  await expect(page.getByRole('button', { name: 'Generate Slips' })).toBeEnabled();
  await shot(page, 'cancel-desktop-2-kept');
  // the cancelled task's link: gone, so Start Over and no Try again
  await page.goto(`/voter-slip-generator?task=${first}`);
  await expect(page.getByTestId('task-gone')).toContainText('This task no longer exists');
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  await page.setViewportSize(PHONE);
  await shot(page, 'cancel-phone-3-gone');
  await page.setViewportSize(DESKTOP);
  await page.getByRole('button', { name: 'Start Over' }).click();
  await expect(page).toHaveURL(/\/voter-slip-generator$/);

  // On the draft.
  const second = await reachDraft(page);
  await page.getByTestId('task-draft').getByRole('button', { name: 'Cancel' }).click();
  await acceptAppDialog(page, 'Nothing has been charged.', 'Cancel task');
  await expect(page).toHaveURL(/\/voter-slip-generator$/);
  // Cancel stops the work and deletes the unpaid task: it is gone from the API and from History.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  for (const id of [first, second]) {
    const res = await page.request.get(`/api/documents/${id}`, { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status(), `task ${id}`).toBe(404);
  }
  await page.goto('/history');
  await expect(page.getByText('No tasks found.')).toBeVisible();
});

test('reload mid-task, a second tab and History restore the task', async ({ page, context }) => {
  await loggedIn(page, 'restore');
  await page.goto('/voter-slip-generator');
  await fillGenerator(page, damanRoll(), await bannerPng());
  await page.getByRole('button', { name: 'Generate Slips' }).click();
  await expect(page.getByTestId('task-processing')).toBeVisible();
  const id = taskIdOf(page);
  await page.reload();
  await expect(page.getByTestId('task-processing').or(page.getByTestId('task-draft'))).toBeVisible();
  expect(taskIdOf(page)).toBe(id);

  const second = await context.newPage();
  await second.goto(`/voter-slip-generator?task=${id}`);
  await expect(second.getByTestId('task-processing').or(second.getByTestId('task-draft'))).toBeVisible();
  await expect(second.getByTestId('task-draft')).toBeVisible({ timeout: 150_000 });
  await expect(page.getByTestId('task-draft')).toBeVisible({ timeout: 30_000 });
  await second.close();

  // History: an unfinished task (the draft) is amber with a View link that restores it in the generator.
  await page.goto('/history');
  const row = page.locator(`[data-testid="history-row"][data-id="${id}"]`);
  await expect(row.getByTestId('history-status')).toHaveText('DRAFT COMPLETE');
  await expect(row.getByTestId('history-status')).toHaveAttribute('data-status', 'pending');
  await row.getByRole('link', { name: 'View' }).click();
  await expect(page).toHaveURL(new RegExp(`/voter-slip-generator\\?task=${id}$`));
  await expect(page.getByTestId('task-draft')).toBeVisible();
  // A failed status poll stops polling and says so; Try again polls again.
  await page.route(`**/api/documents/${id}`, (route) => route.fulfill({ status: 500, json: {} }));
  await page.reload();
  await expect(page.getByTestId('poll-error')).toHaveText('Failed to get task status.');
  await page.unroute(`**/api/documents/${id}`);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('task-draft')).toBeVisible();
});

test('an address in a script the slips cannot print is refused with the reason, keeping the form; a Gujarati address prints', async ({ page }) => {
  const user = await signUpViaApi(page.request, newTestUser('script'));
  const { access_token: token } = await loginViaApi(page, user.email, user.password);
  const urdu = 'سرکاری اسکول، کمرہ 2';
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await page.goto('/voter-slip-generator');
    await fillGenerator(page, excelList(10), await bannerPng(), urdu);
    await page.getByRole('button', { name: 'Generate Slips' }).click();
    await expect(page.getByTestId('form-error')).toContainText('The polling station address holds characters the slips cannot print ("\u2068س\u2069", "\u2068ر\u2069"');
    await expect(page.getByTestId('form-error')).toContainText('Gujarati');
    // Nothing is lost: still on the form, with the files and the address as typed.
    expect(new URL(page.url()).searchParams.get('task')).toBeNull();
    await expect(page.locator('#booth-address')).toHaveValue(urdu);
    await expect(page.getByTestId('voter-list-name')).toHaveText('test-voter-list.xlsx');
    await expectNoHorizontalScroll(page);
    await shot(page, `address-unprintable-${viewport.width}`);
  }

  const gujarati = 'સરકારી પ્રાથમિક શાળા (નવું મકાન), તાઈવાડ, દેવકા';
  await page.locator('#booth-address').fill(gujarati);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Generate Slips' }).click();
  await expect(page).toHaveURL(/\?task=\w+/);
  const id = taskIdOf(page);
  await expect(page.getByTestId('task-draft')).toBeVisible({ timeout: 120_000 });
  await expectPdfDrawn(page);
  await shot(page, 'address-gujarati-draft');
  // The draft itself: the Gujarati face embedded, the address extracting exactly on every slip.
  const status = await page.request.get(`/api/documents/${id}`, { headers: { Authorization: `Bearer ${token}` } });
  const { view_url: viewUrl } = (await status.json()) as { view_url?: string };
  expect(viewUrl, 'the draft has a view link').toBeTruthy();
  const res = await page.request.get(viewUrl as string);
  expect(res.status()).toBe(200);
  const file = path.join(test.info().outputDir, 'gujarati-draft.pdf');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, await res.body());
  expect(execFileSync('pdffonts', [file], { encoding: 'utf8' })).toMatch(/NotoSansGujarati-Regular\s+CID TrueType\s+Identity-H\s+yes/);
  const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
  expect(text.split(gujarati).length - 1).toBe(10);
});
