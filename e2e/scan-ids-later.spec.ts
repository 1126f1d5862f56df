import { expect, test } from './helpers/test';
import { bannerPng, bellaryScan, DESKTOP, expectNoHorizontalScroll, expectPdfDrawn, fillGenerator, gujaratScanPages, loginViaApi, newTestUser, PHONE, shot, signUpViaApi, useTheme } from './helpers';

/**
 * An image-only roll is read to its draft first: the draft screen says its ID numbers are being read, shows
 * the draft again once Check now finds them in, and the voter search finds the voter by the ID. At 1280 px
 * (dark) and 360 px (light).
 */
// on a 2-core machine these scans are read while another worker runs its own tests: the waits allow for that
test.describe.configure({ timeout: 420_000 });

const EPIC = /[A-Z]{3}[0-9]{7}/;

for (const j of [
  { viewport: DESKTOP, device: 'desktop', theme: 'dark' as const },
  { viewport: PHONE, device: 'phone', theme: 'light' as const },
]) {
  test(`a scanned roll: the draft first, its ID numbers after (${j.device}, ${j.theme})`, async ({ page }) => {
    await page.setViewportSize(j.viewport);
    await useTheme(page, j.theme);
    const user = await signUpViaApi(page.request, newTestUser('scanids'));
    await loginViaApi(page, user.email, user.password);
    await page.goto('/voter-slip-generator');
    await fillGenerator(page, bellaryScan(), await bannerPng());
    await page.getByRole('button', { name: 'Generate Slips' }).click();

    const draft = page.getByTestId('task-draft');
    await expect(draft).toBeVisible({ timeout: 180_000 });
    await expect(draft.getByTestId('draft-found')).toContainText('90 voters');
    const note = draft.getByTestId('draft-ids-pending');
    await expect(note).toHaveText(/^Reading the ID numbers of 90 voters from the scanned roll\. The draft was made first/);
    await expectNoHorizontalScroll(page);
    // the preview is checked once the IDs are in: their arrival opens the draft again, which may happen meanwhile
    await shot(page, `scan-ids-pending-${j.device}-${j.theme}`);

    // the draft does not poll (a terminal status): Check now asks again until the IDs are in, then the note goes,
    // the draft with them is shown, and the search finds a voter's ID
    await expect(async () => {
      if (await note.isVisible()) await note.getByTestId('draft-ids-check').click();
      await expect(note).toBeHidden({ timeout: 4_000 });
    }).toPass({ timeout: 240_000, intervals: [1_000] });
    await expectPdfDrawn(page);
    // a roll scanned without its cover: the assembly and part its pages' headers repeat, read with the IDs
    await expect(draft.getByTestId('draft-roll')).toHaveText('Assembly 94 - BELLARY CITY · Part 104');
    const search = page.getByTestId('voter-search');
    await search.getByTestId('voter-search-input').fill('511');
    const first = search.getByTestId('voter-search-results').locator('li').first();
    await expect(first).toContainText('Sr. 511');
    await expect(first).toContainText(EPIC);
    await expect(search.getByTestId('voter-search-ids-pending')).toHaveCount(0);
    const epic = EPIC.exec((await first.textContent()) ?? '')![0];
    await search.getByTestId('voter-search-input').fill(epic.toLowerCase());
    await expect(search.getByTestId('voter-search-results').locator('li').first()).toContainText('Sr. 511');
    await expectNoHorizontalScroll(page);
    await shot(page, `scan-ids-read-${j.device}-${j.theme}`);
  });
}

/**
 * When the server could not read the IDs after the draft (`summary.ids_at_final`, made by a failing complete
 * parse in tests/documents/late-ids.test.ts), the note says the final slips read them, without a spinner or Check
 * now, and the search says an ID search waits for the slips. The server's answers are the real ones with that
 * flag set (and, before the IDs arrive, their count kept): a failing parse cannot be provoked from the browser.
 */
for (const j of [
  { viewport: PHONE, device: 'phone', theme: 'dark' as const },
  { viewport: DESKTOP, device: 'desktop', theme: 'light' as const },
]) {
  test(`a scanned roll whose IDs could not be read after the draft: the final slips read them (${j.device}, ${j.theme})`, async ({ page }) => {
    await page.setViewportSize(j.viewport);
    await useTheme(page, j.theme);
    const user = await signUpViaApi(page.request, newTestUser('scanfinal'));
    await loginViaApi(page, user.email, user.password);
    const atFinal = (body: Record<string, unknown>, pending: number) => ({ ...body, ids_pending: pending, ids_at_final: true });
    await page.route(/\/api\/documents\/\d+(\?.*)?$/, async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as { summary?: Record<string, unknown> | null };
      if (body.summary) body.summary = atFinal(body.summary, Math.max(Number(body.summary.ids_pending ?? 0), 90));
      await route.fulfill({ response: res, json: body });
    });
    await page.route(/\/api\/documents\/\d+\/voters\?/, async (route) => {
      const res = await route.fetch();
      await route.fulfill({ response: res, json: atFinal((await res.json()) as Record<string, unknown>, 90) });
    });
    await page.goto('/voter-slip-generator');
    await fillGenerator(page, bellaryScan(), await bannerPng());
    await page.getByRole('button', { name: 'Generate Slips' }).click();

    const draft = page.getByTestId('task-draft');
    await expect(draft).toBeVisible({ timeout: 180_000 });
    const note = draft.getByTestId('draft-ids-pending');
    await expect(note).toHaveText(/^The ID numbers of 90 voters could not be read from the scanned roll after the draft\. The final slips read them before they are made/);
    await expect(note.getByTestId('draft-ids-check')).toHaveCount(0);
    const search = page.getByTestId('voter-search');
    await search.getByTestId('voter-search-input').fill('511');
    await expect(search.getByTestId('voter-search-results').locator('li').first()).toContainText('Sr. 511');
    await expect(search.getByTestId('voter-search-ids-pending')).toHaveText(/read only when the final slips are made: search by serial or house number now, or by ID once the slips are paid for and made\.$/);
    await expectNoHorizontalScroll(page);
    await shot(page, `scan-ids-at-final-${j.device}-${j.theme}`);
  });
}

/**
 * A Gujarati scan (its cover, two sections' pages and the supplement's page): once read whole, the draft screen
 * shows the roll's facts as the cover states them, and offers the sections and the supplement's additions that
 * the pages' headers name, in Gujarati. At 360 px (light) and 1280 px (dark).
 */
for (const j of [
  { viewport: PHONE, device: 'phone', theme: 'light' as const },
  { viewport: DESKTOP, device: 'desktop', theme: 'dark' as const },
]) {
  test(`a Gujarati scan: its sections and supplement, read from the pages' headers, are offered (${j.device}, ${j.theme})`, async ({ page }) => {
    await page.setViewportSize(j.viewport);
    await useTheme(page, j.theme);
    const user = await signUpViaApi(page.request, newTestUser('scangu'));
    await loginViaApi(page, user.email, user.password);
    await page.goto('/voter-slip-generator');
    await fillGenerator(page, gujaratScanPages('1,3,10,24'), await bannerPng());
    await page.getByRole('button', { name: 'Generate Slips' }).click();

    const draft = page.getByTestId('task-draft');
    await expect(draft).toBeVisible({ timeout: 180_000 });
    await expect(draft.getByTestId('draft-found')).toContainText('68 voters');
    const note = draft.getByTestId('draft-ids-pending');
    await expect(async () => {
      if (await note.isVisible()) await note.getByTestId('draft-ids-check').click();
      await expect(note).toBeHidden({ timeout: 4_000 });
    }).toPass({ timeout: 240_000, intervals: [1_000] });
    await expect(draft.getByTestId('draft-roll')).toHaveText('Assembly 137 - છોટાઉદેપુર (અ. જ. જા.) · Part 1 · Polling station 1 - સિંગલાજા');
    await expectPdfDrawn(page);
    const choices = draft.getByTestId('slip-choices');
    await choices.locator('summary').click();
    const sections = choices.getByRole('group', { name: /Sections/ }).locator('li');
    await expect(sections).toHaveCount(2);
    await expect(sections.nth(0)).toContainText(/^1-સીંગલાજા .* · 30$/);
    await expect(sections.nth(1)).toContainText(/^2-સીંગલાજા .* · 30$/);
    await expect(choices.getByText('Voters added in supplements (8)')).toBeVisible();
    await expectNoHorizontalScroll(page);
    await shot(page, `scan-gujarati-sections-${j.device}-${j.theme}`);
  });
}
