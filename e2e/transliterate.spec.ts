import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN } from './env';
import { loginViaApi } from './helpers';

function address(page: Page) {
  return page.getByRole('combobox', { name: 'Polling Station Address' });
}
function options(page: Page) {
  return page.getByRole('listbox', { name: 'Hindi suggestions' }).getByRole('option');
}
async function typeWord(page: Page, word: string) {
  await address(page).pressSequentially(word, { delay: 30 });
  await expect(options(page).first()).toBeVisible();
}

test.describe('Hindi address input on the generator (issue #6)', () => {
  test('suggestions while typing: keyboard, mouse, space/enter/tab commit, escape keeps Latin', async ({ page, baseURL }) => {
    const asked: string[] = [];
    const ours = new URL(baseURL ?? 'http://127.0.0.1').origin;
    page.on('request', (req) => {
      if (new URL(req.url()).origin !== ours) asked.push(req.url());
    });
    await page.goto('/voter-slip-generator');
    await address(page).click();

    // space commits the highlighted (first) option and types the space
    await typeWord(page, 'prathmik');
    await expect(options(page)).toHaveCount(5);
    await expect(options(page).first()).toHaveText('प्राथमिक');
    await expect(address(page)).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Space');
    await expect(address(page)).toHaveValue('प्राथमिक ');
    await expect(options(page)).toHaveCount(0);

    // arrow keys move the highlight, enter commits
    await typeWord(page, 'vidyalaya');
    await expect(options(page).first()).toHaveText('विद्यालय');
    await page.keyboard.press('ArrowDown');
    await expect(options(page).nth(1)).toHaveAttribute('aria-selected', 'true');
    const activeId = await options(page).nth(1).getAttribute('id');
    await expect(address(page)).toHaveAttribute('aria-activedescendant', activeId ?? '');
    await page.keyboard.press('ArrowUp');
    await expect(options(page).first()).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(address(page)).toHaveValue('प्राथमिक विद्यालय');

    // the mouse picks any option
    await address(page).pressSequentially(' ');
    await typeWord(page, 'rampur');
    await expect(options(page).first()).toHaveText('रामपुर');
    const second = (await options(page).nth(1).textContent()) ?? '';
    expect(second).not.toBe('');
    await options(page).nth(1).click();
    await expect(address(page)).toHaveValue(`प्राथमिक विद्यालय ${second}`);
    await expect(address(page)).toBeFocused();

    // escape keeps the Latin text; digits and punctuation are kept
    await address(page).pressSequentially(', ');
    await typeWord(page, 'kaksha');
    await page.keyboard.press('Escape');
    await expect(options(page)).toHaveCount(0);
    await address(page).pressSequentially(' 2, ');
    await expect(address(page)).toHaveValue(`प्राथमिक विद्यालय ${second}, kaksha 2, `);

    // tab commits too, and the caret stays after the word
    await typeWord(page, 'lucknow');
    await expect(options(page).first()).toHaveText('लखनऊ');
    await page.keyboard.press('Tab');
    await expect(address(page)).toHaveValue(`प्राथमिक विद्यालय ${second}, kaksha 2, लखनऊ`);
    await expect(address(page)).toBeFocused();
    const caret = await address(page).evaluate((el) => (el as HTMLTextAreaElement).selectionStart);
    expect(caret).toBe(`प्राथमिक विद्यालय ${second}, kaksha 2, लखनऊ`.length);

    expect(asked, 'the browser must only call our own server').toEqual([]);
  });

  test('Generate Slips is disabled until voter list, banner and a non-blank address; wrong file types are ignored', async ({ page }) => {
    await page.goto('/voter-slip-generator');
    const generate = page.getByRole('button', { name: 'Generate Slips' });
    await expect(generate).toBeDisabled();

    await page.locator('#voter-list').setInputFiles({ name: 'roll.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
    await expect(page.getByTestId('voter-list-name')).toHaveText('Choose a file…');
    await page.locator('#voter-list').setInputFiles({ name: 'roll.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
    await expect(page.getByTestId('voter-list-name')).toHaveText('roll.pdf');
    await page.locator('#voter-list').setInputFiles({ name: 'photo.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF8') });
    await expect(page.getByTestId('voter-list-name')).toHaveText('roll.pdf');
    await expect(generate).toBeDisabled();

    await page.locator('#banner').setInputFiles({ name: 'banner.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF8') });
    await expect(page.getByTestId('banner-name')).toHaveText('Choose a file…');
    await page.locator('#banner').setInputFiles({ name: 'banner.PNG', mimeType: 'image/png', buffer: Buffer.from('png') });
    await expect(page.getByTestId('banner-name')).toHaveText('banner.PNG');
    await expect(generate).toBeDisabled();

    await address(page).fill('   ');
    await expect(generate).toBeDisabled();
    await address(page).fill('रामपुर');
    await expect(generate).toBeEnabled();

    // Not logged in: the spec's confirm; declining stays, agreeing goes to /login.
    const messages: string[] = [];
    page.once('dialog', (d) => {
      messages.push(d.message());
      void d.dismiss();
    });
    await generate.click();
    await expect.poll(() => messages.length).toBe(1);
    await expect(page).toHaveURL(/\/voter-slip-generator$/);
    page.once('dialog', (d) => {
      messages.push(d.message());
      void d.accept();
    });
    await generate.click();
    await expect(page).toHaveURL(/\/login$/);
    expect(messages).toEqual([
      'You need to be logged in to generate slips. Would you like to log in now?',
      'You need to be logged in to generate slips. Would you like to log in now?',
    ]);
  });

  test('slips per page falls back to the first allowed value when size or orientation changes', async ({ page }) => {
    await page.goto('/voter-slip-generator');
    const perPage = page.getByRole('combobox', { name: 'Slips per Page' });
    const choose = async (name: string, option: string) => {
      await page.getByRole('combobox', { name, exact: true }).click();
      await page.getByRole('option', { name: option, exact: true }).click();
    };
    await expect(page.getByRole('combobox', { name: 'Page Size' })).toHaveText('A4');
    await expect(page.getByRole('combobox', { name: 'Orientation' })).toHaveText('Portrait');
    await expect(page.getByRole('switch', { name: 'Print voter photos' })).toHaveAttribute('aria-checked', 'false');
    await expect(perPage).toHaveText('8');

    await choose('Slips per Page', '16');
    await choose('Page Size', 'A3');
    await expect(perPage).toHaveText('16'); // allowed for a3 portrait: kept
    await choose('Orientation', 'Landscape');
    await expect(perPage).toHaveText('18'); // a3 landscape: 18, 24, 30
    await perPage.click();
    await expect(page.getByRole('option')).toHaveText(['18', '24', '30']);
    await page.keyboard.press('Escape');
    await choose('Page Size', 'Letter');
    await expect(perPage).toHaveText('6');
    await choose('Orientation', 'Portrait');
    await expect(perPage).toHaveText('8');
  });

  test('submitting with a token posts the spec fields and shows the server detail or the spec errors', async ({ page }) => {
    await loginViaApi(page, E2E_ADMIN.email, E2E_ADMIN.password);
    const answers: Array<(route: import('@playwright/test').Route) => Promise<void>> = [
      (r) => r.fulfill({ status: 422, json: { detail: 'The voter list could not be read.' } }),
      (r) => r.fulfill({ status: 500, body: 'oops' }),
      (r) => r.abort('connectionrefused'),
      (r) => r.fulfill({ status: 200, json: { id: 7, task_id: 'task-7' } }),
    ];
    let body = '';
    let auth = '';
    await page.route('**/api/documents/voter-slip-generator', async (route) => {
      body = route.request().postData() ?? '';
      auth = (await route.request().headerValue('authorization')) ?? '';
      const answer = answers.shift();
      if (answer) await answer(route);
    });
    await page.goto('/voter-slip-generator');
    await expect(page.getByTestId('menu-button')).toBeVisible();
    await page.locator('#voter-list').setInputFiles({ name: 'roll.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.from('PK') });
    await page.locator('#banner').setInputFiles({ name: 'banner.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('jpg') });
    await address(page).fill('प्राथमिक विद्यालय रामपुर');
    await page.getByRole('switch', { name: 'Print voter photos' }).click();
    const generate = page.getByRole('button', { name: 'Generate Slips' });

    await generate.click();
    await expect(page.getByTestId('form-error')).toHaveText('The voter list could not be read.');
    for (const field of ['pdf_file', 'banner_file', 'slips_per_page', 'orientation', 'page_size', 'print_photo', 'booth_address']) {
      expect(body).toContain(`name="${field}"`);
    }
    expect(body).toContain('प्राथमिक विद्यालय रामपुर');
    expect(auth).toMatch(/^Bearer .+/);

    await generate.click();
    await expect(page.getByTestId('form-error')).toHaveText('Failed to start task.');
    await generate.click();
    await expect(page.getByTestId('form-error')).toHaveText('Failed to connect to the server.');
    await generate.click();
    await expect(page.getByText('Task 7 started.')).toBeVisible();
  });

  for (const theme of ['dark', 'light'] as const) {
    for (const viewport of [
      { name: 'desktop', width: 1280, height: 900 },
      { name: 'phone', width: 360, height: 780 },
    ]) {
      test(`what the screenshot shows: ${viewport.name}, ${theme}`, async ({ page }, testInfo) => {
        await page.setViewportSize({ width: viewport.width, height: viewport.height });
        await page.addInitScript((t) => window.localStorage.setItem('theme', t), theme);
        await page.goto('/voter-slip-generator');
        await page.locator('#voter-list').setInputFiles({ name: 'roll.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF') });
        await address(page).click();
        // typed faster than the suggestions arrive: each space still commits the best option
        await address(page).pressSequentially('prathmik vidyalaya ', { delay: 20 });
        await expect(address(page)).toHaveValue('प्राथमिक विद्यालय ');
        await typeWord(page, 'rampur');
        // the page must not scroll sideways at this width
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        // what the picture shows, asserted: the stored theme applied, the Hindi text in the field, the
        // suggestion list open with at most 5 options, wholly inside the viewport and not covering the field
        await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
        // the body's colour (oklch/lab in Tailwind 4) as sRGB, through a 1-pixel canvas
        const [background, luminance] = await page.evaluate(() => {
          const color = getComputedStyle(document.body).backgroundColor;
          const ctx = document.createElement('canvas').getContext('2d')!;
          ctx.fillStyle = color;
          ctx.fillRect(0, 0, 1, 1);
          const [r, g, b] = ctx.getImageData(0, 0, 1, 1).data;
          return [color, (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255] as const;
        });
        if (theme === 'dark') expect(luminance, `dark background, got ${background}`).toBeLessThan(0.3);
        else expect(luminance, `light background, got ${background}`).toBeGreaterThan(0.7);
        await expect(address(page)).toHaveValue('प्राथमिक विद्यालय rampur');
        const count = await options(page).count();
        expect(count).toBeGreaterThan(0);
        expect(count).toBeLessThanOrEqual(5);
        await expect(options(page).first()).toHaveText('रामपुर');
        const list = await page.getByRole('listbox', { name: 'Hindi suggestions' }).boundingBox();
        const field = await address(page).boundingBox();
        expect(list && field).toBeTruthy();
        expect(list!.x).toBeGreaterThanOrEqual(0);
        expect(list!.x + list!.width).toBeLessThanOrEqual(viewport.width);
        expect(list!.y).toBeGreaterThanOrEqual(field!.y + field!.height - 1);
        // the picture itself goes with the report, for a person to look at
        await testInfo.attach(`generator-${viewport.name}-${theme}`, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
      });
    }
  }
});
