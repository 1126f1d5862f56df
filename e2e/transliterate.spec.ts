import { type Page } from '@playwright/test';
import { expect, test } from './helpers/test';
import { E2E_ADMIN } from './env';
import { loginViaApi } from './helpers';

function address(page: Page) {
  return page.getByRole('combobox', { name: 'Polling Station Address' });
}
function options(page: Page) {
  return page.getByRole('listbox', { name: 'Hindi suggestions' }).getByRole('option');
}
/**
 * Waits until the server answers `text` in `lang` with `first` first: a word only the language's model-word index
 * spells right, so the index made on the language's first request is in.
 */
async function waitForWordIndex(page: Page, text: string, lang: string, first: string) {
  await expect
    .poll(async () => ((await (await page.request.get(`/api/transliterate?text=${text}&lang=${lang}&num=1`)).json()) as [string, [string, string[]][]])[1][0][1][0], {
      timeout: 120_000,
      intervals: [1000, 2000, 3000],
    })
    .toBe(first);
}
async function typeWord(page: Page, word: string) {
  await address(page).pressSequentially(word, { delay: 30 });
  await expect(options(page).first()).toBeVisible();
}

test.describe('Hindi address input on the generator', () => {
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
    await expect(page.getByTestId('voter-list-name')).toHaveText('Choose or drop files…');
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

    // Not logged in: the log-in question in the app's dialog (not window.confirm); declining stays, agreeing goes to /login.
    const ask = page.getByTestId('app-dialog');
    await generate.click();
    await expect(ask).toContainText('You need to be logged in to generate slips. Would you like to log in now?');
    await ask.getByRole('button', { name: 'Not now' }).click();
    await expect(ask).toBeHidden();
    await expect(page).toHaveURL(/\/voter-slip-generator$/);
    await generate.click();
    await ask.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/login\?next=%2Fvoter-slip-generator$/);
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

  for (const theme of ['light', 'dark'] as const) {
    for (const viewport of [
      { name: 'desktop', width: 1280, height: 900 },
      { name: 'phone', width: 360, height: 780 },
    ]) {
      test(`a Gujarati place typed in English letters: ${viewport.name}, ${theme}`, async ({ page }, testInfo) => {
        await page.setViewportSize({ width: viewport.width, height: viewport.height });
        await page.addInitScript((t) => window.localStorage.setItem('theme', t), theme);
        await page.goto('/voter-slip-generator');
        const chooser = page.getByRole('combobox', { name: 'Suggestions in' });
        // no roll read yet: Hindi until the typist picks the roll's script
        await expect(chooser).toHaveValue('hi');
        await chooser.selectOption('gu');
        await expect(page.locator('#booth-address-hint')).toContainText('pick the Gujarati spelling');
        await address(page).click();
        await address(page).pressSequentially('surat', { delay: 30 });
        const list = page.getByRole('listbox', { name: 'Gujarati suggestions' });
        const gujarati = list.getByRole('option');
        await expect(gujarati.first()).toHaveText('સુરત');
        await expect(gujarati.first()).toHaveAttribute('lang', 'gu');
        // the list sits inside the viewport, below the field; the page does not scroll sideways
        const box = await list.boundingBox();
        const field = await address(page).boundingBox();
        expect(box && field).toBeTruthy();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
        expect(box!.y).toBeGreaterThanOrEqual(field!.y + field!.height - 1);
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
        // the Gujarati option is drawn with glyphs, not empty boxes: its ink is as wide as a real word's
        const inkWidth = await gujarati.first().evaluate((el) => {
          const range = document.createRange();
          range.selectNodeContents(el);
          return range.getBoundingClientRect().width;
        });
        expect(inkWidth).toBeGreaterThan(20);
        await page.screenshot({ path: testInfo.outputPath(`gujarati-${viewport.name}-${theme}-open.png`), fullPage: false });
        // picked with the pointer (a tap on the phone)
        await gujarati.first().click();
        await expect(address(page)).toHaveValue('સુરત');
        await expect(address(page)).toBeFocused();
        // a second word, taken with space
        await address(page).pressSequentially(' ');
        await address(page).pressSequentially('nagar', { delay: 30 });
        await expect(gujarati.first()).toHaveText('નગર');
        await page.keyboard.press('Space');
        await expect(address(page)).toHaveValue('સુરત નગર ');
        // the first Gujarati request had the server make the Gujarati model's word index: once it is in, a town
        // the built-in words spell wrong (ધોરજી) comes right
        await waitForWordIndex(page, 'dhoraji', 'gu', 'ધોરાજી');
        await address(page).pressSequentially('dhoraji', { delay: 30 });
        await expect(gujarati.first()).toHaveText('ધોરાજી');
        await page.keyboard.press('Enter');
        await expect(address(page)).toHaveValue('સુરત નગર ધોરાજી');
        await page.screenshot({ path: testInfo.outputPath(`gujarati-${viewport.name}-${theme}-picked.png`), fullPage: false });
      });
    }
  }

  for (const viewport of [
    { name: 'desktop', width: 1280, height: 900 },
    { name: 'phone', width: 360, height: 780 },
  ]) {
    test(`a Kannada town typed in English letters, from the model's words: ${viewport.name}`, async ({ page }, testInfo) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await page.goto('/voter-slip-generator');
      await page.getByRole('combobox', { name: 'Suggestions in' }).selectOption('kn');
      await address(page).click();
      // the first Kannada request has the server make the Kannada model's word index; once it is in, `maddur` meets
      // ಮದುರ by its key, and the town ಮದ್ದೂರು must still come first (the …ur ending is written ೂರು)
      await address(page).pressSequentially('kere', { delay: 30 });
      const kannada = page.getByRole('listbox', { name: 'Kannada suggestions' }).getByRole('option');
      await expect(kannada.first()).toHaveText('ಕೆರೆ');
      await page.keyboard.press('Space');
      await waitForWordIndex(page, 'athani', 'kn', 'ಅಥಣಿ');
      await address(page).pressSequentially('maddur', { delay: 30 });
      await expect(kannada.first()).toHaveText('ಮದ್ದೂರು');
      await expect(kannada.first()).toHaveAttribute('lang', 'kn');
      await page.screenshot({ path: testInfo.outputPath(`kannada-${viewport.name}-open.png`), fullPage: false });
      await page.keyboard.press('Space');
      // a word the model's list holds only before another word (ಸಿಂಧನೂರ): the town's own spelling first
      await address(page).pressSequentially('sindhanur', { delay: 30 });
      await expect(kannada.first()).toHaveText('ಸಿಂಧನೂರು');
      await page.keyboard.press('Enter');
      await expect(address(page)).toHaveValue('ಕೆರೆ ಮದ್ದೂರು ಸಿಂಧನೂರು');
      await page.screenshot({ path: testInfo.outputPath(`kannada-${viewport.name}-picked.png`), fullPage: false });
    });
  }
});
