import { type Page } from '@playwright/test';
import { expect, test } from './helpers/test';
import { PDFDocument } from '@cantoo/pdf-lib';
import {
  bannerPng,
  DESKTOP,
  excelList,
  expectNoHorizontalScroll,
  loginViaApi,
  newTestUser,
  PHONE,
  shot,
  signUpViaApi,
  useTheme,
  type Upload,
} from './helpers';

/** Task History against the real documents API; a route is faked only to inject a failure or a delay. */
test.describe.configure({ timeout: 180_000 });

async function login(page: Page, prefix: string): Promise<string> {
  const user = await signUpViaApi(page.request, newTestUser(prefix));
  return (await loginViaApi(page, user.email, user.password)).access_token;
}

/** Starts a task through the API (the UI path is covered by the generator specs). */
async function startViaApi(page: Page, token: string, voterList: Upload): Promise<string> {
  const banner = await bannerPng();
  const res = await page.request.post('/api/documents/voter-slip-generator', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: {
      pdf_file: voterList,
      banner_file: banner,
      slips_per_page: '8',
      orientation: 'portrait',
      page_size: 'a4',
      print_photo: 'false',
      booth_address: 'Ward 7 School',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return String(((await res.json()) as { id: number | string }).id);
}

async function waitForStatus(page: Page, token: string, id: string, wanted: RegExp): Promise<void> {
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/api/documents/${id}`, { headers: { Authorization: `Bearer ${token}` } });
        return ((await res.json()) as { status: string }).status;
      },
      { timeout: 120_000, intervals: [1000] },
    )
    .toMatch(wanted);
}

test('an empty history: Loading History... first, then No tasks found. from a real empty answer', async ({ page }) => {
  await login(page, 'empty');
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/documents', async (route) => {
    await held;
    await route.continue();
  });
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/documents');
  await page.goto('/history');
  await expect(page.getByText('Loading History...')).toBeVisible();
  release();
  const res = await answered;
  expect(res.status()).toBe(200);
  expect(await res.json()).toEqual([]);
  await expect(page.getByText('No tasks found.')).toBeVisible();
});

test('a failed fetch says so and offers a retry (never No tasks found.)', async ({ page, consoleGuard }) => {
  // the page logs the failures it shows
  consoleGuard.allow(/Task history: could not load the documents\./);
  await login(page, 'failing');
  await page.route('**/api/documents', (route) => route.fulfill({ status: 500, json: { detail: 'Database unavailable.' } }));
  await page.goto('/history');
  const error = page.getByTestId('history-error');
  await expect(error).toContainText('Could not load your tasks: Database unavailable.');
  await expect(page.getByText('No tasks found.')).toHaveCount(0);
  await page.unroute('**/api/documents');
  await page.route('**/api/documents', (route) => route.abort('connectionrefused'));
  await error.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('history-error')).toContainText('Failed to connect to the server.');
  await page.unroute('**/api/documents');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText('No tasks found.')).toBeVisible();
});

for (const [device, viewport, theme] of [
  ['desktop', DESKTOP, 'light'],
  ['phone', PHONE, 'dark'],
] as const) {
  test(`rows: newest first, status words and colours, actions by status (${device}, ${theme})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await useTheme(page, theme);
    const token = await login(page, 'rows');
    // An error task (a PDF that is no roll), then a draft (Excel list): the draft is newer.
    const blank = await PDFDocument.create();
    blank.addPage([595, 842]);
    const bad = await startViaApi(page, token, { name: 'blank.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await blank.save()) });
    await waitForStatus(page, token, bad, /^error$/);
    const draft = await startViaApi(page, token, excelList(20));
    await waitForStatus(page, token, draft, /^draft_complete$/);

    await page.goto('/history');
    const rows = page.getByTestId('history-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toHaveAttribute('data-id', draft);
    await expect(rows.nth(1)).toHaveAttribute('data-id', bad);
    await expect(rows.nth(0).getByTestId('history-status')).toHaveText('DRAFT COMPLETE');
    await expect(rows.nth(0).getByTestId('history-status')).toHaveAttribute('data-status', 'pending');
    await expect(rows.nth(0).getByTestId('history-facts')).toContainText('20 voters');
    await expect(rows.nth(0).getByTestId('history-facts')).toContainText(/₹[\d,]+\.\d{2}/);
    await expect(rows.nth(0).getByRole('link', { name: 'View' })).toHaveAttribute('href', `/voter-slip-generator?task=${draft}`);
    // each row says what it was: the list's file name and the layout
    await expect(rows.nth(0).getByTestId('history-file')).toHaveText(excelList(20).name);
    await expect(rows.nth(0).getByTestId('history-facts')).toContainText('A4 portrait, 8 a page');
    await expect(rows.nth(1).getByTestId('history-file')).toHaveText('blank.pdf');
    await expect(rows.nth(1).getByTestId('history-status')).toHaveText('ERROR');
    await expect(rows.nth(1).getByTestId('history-status')).toHaveAttribute('data-status', 'error');
    // the error's reason, and the one action that can help: the file caused it, so Start over (no Resume)
    await expect(rows.nth(1).getByTestId('history-error-reason')).not.toBeEmpty();
    await expect(rows.nth(1).getByRole('link', { name: 'Start over' })).toHaveAttribute('href', '/voter-slip-generator');
    await expect(rows.nth(1).getByRole('link', { name: 'Resume' })).toHaveCount(0);
    // Date and time on each row.
    await expect(rows.nth(0)).toContainText(/\d{4}, \d{1,2}:\d{2}/);
    // Colours differ: amber for the draft, red for the error.
    const colours = await page.getByTestId('history-status').evaluateAll((els) => els.map((el) => getComputedStyle(el).color));
    expect(colours[0]).not.toBe(colours[1]);
    const list = await page.getByTestId('history-list').boundingBox();
    expect(list?.width).toBeLessThanOrEqual(900);
    await expectNoHorizontalScroll(page);
    await shot(page, `history-rows-${device}-${theme}`);

    // the failed task can be deleted: asked first (Keep leaves it), then gone from the list and from the server
    await rows.nth(1).getByRole('button', { name: 'Delete task' }).click();
    const ask = page.getByRole('alertdialog');
    await expect(ask).toContainText('Delete this task and its files? This cannot be undone.');
    await ask.getByRole('button', { name: 'Keep' }).click();
    await expect(rows).toHaveCount(2);
    await rows.nth(1).getByRole('button', { name: 'Delete task' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(rows).toHaveCount(1);
    await expect(rows.nth(0)).toHaveAttribute('data-id', draft);
    await page.reload();
    await expect(page.getByTestId('history-row')).toHaveCount(1);
  });
}
