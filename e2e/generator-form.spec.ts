import { expect, test } from './helpers/test';
import { bannerPng, excelList, fillGenerator, loginViaApi, newTestUser, signUpViaApi, taskIdOf } from './helpers';

/**
 * Starting a task: the API's multipart fields, the bearer header, and the texts for a refused start
 * (the server's detail), a failed one ('Failed to start task.') and no connection — then a real start on the
 * real server, which the task view then follows. (Moved here from transliterate.spec.ts, where the
 * success was a faked answer.)
 */
test('generate posts the API fields; refusals and failures show their texts; a real start opens the task view', async ({ page }) => {
  const user = await signUpViaApi(page.request, newTestUser('start'));
  await loginViaApi(page, user.email, user.password);
  // Injected failures, one per click.
  const answers: Array<(route: import('@playwright/test').Route) => Promise<void>> = [
    (r) => r.fulfill({ status: 422, json: { detail: 'The voter list could not be read.' } }),
    (r) => r.fulfill({ status: 500, body: 'oops' }),
    (r) => r.abort('connectionrefused'),
  ];
  let body = '';
  let auth = '';
  await page.route('**/api/documents/voter-slip-generator', async (route) => {
    body = route.request().postData() ?? '';
    auth = (await route.request().headerValue('authorization')) ?? '';
    const answer = answers.shift();
    if (answer) await answer(route);
    else await route.continue();
  });
  await page.goto('/voter-slip-generator');
  await expect(page.getByTestId('menu-button')).toBeVisible();
  await fillGenerator(page, excelList(12), await bannerPng(), 'प्राथमिक विद्यालय रामपुर');
  await page.getByRole('switch', { name: 'Print voter photos' }).click();
  const generate = page.getByRole('button', { name: 'Generate Slips' });

  await generate.click();
  await expect(page.getByTestId('form-error')).toHaveText('The voter list could not be read.');
  // the files went up first as resumable uploads; the task names them
  for (const field of ['pdf_upload', 'banner_upload', 'slips_per_page', 'orientation', 'page_size', 'print_photo', 'booth_address']) {
    expect(body).toContain(`name="${field}"`);
  }
  expect(body).not.toContain('name="pdf_file"');
  expect(body).toContain('प्राथमिक विद्यालय रामपुर');
  expect(auth).toMatch(/^Bearer .+/);

  await generate.click();
  await expect(page.getByTestId('form-error')).toHaveText('Failed to start task.');
  await generate.click();
  await expect(page.getByTestId('form-error')).toHaveText('Failed to connect to the server.');

  // The real server: 201 {id, task_id}, and the task view polls GET /api/documents/{id} (200).
  const started = page.waitForResponse((r) => r.url().endsWith('/api/documents/voter-slip-generator'));
  // listened for before the click: a fast parse can finish by the first poll, and then no poll follows
  const polled = page.waitForResponse((r) => r.request().method() === 'GET' && /\/api\/documents\/[^/?]+$/.test(new URL(r.url()).pathname));
  await generate.click();
  const res = await started;
  expect(res.status()).toBe(201);
  const created = (await res.json()) as { id: number | string; task_id: string };
  await expect(page).toHaveURL(new RegExp(`\\?task=${created.id}$`));
  expect(taskIdOf(page)).toBe(String(created.id));
  const poll = await polled;
  expect(new URL(poll.url()).pathname).toBe(`/api/documents/${created.id}`);
  expect(poll.status()).toBe(200);
  await expect(page.getByTestId('task-processing').or(page.getByTestId('task-draft'))).toBeVisible();
  await expect(page.getByTestId('task-draft')).toBeVisible({ timeout: 120_000 });
});
