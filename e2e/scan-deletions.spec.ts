import { expect, test } from './helpers/test';
import { bannerPng, DESKTOP, expectNoHorizontalScroll, expectPdfDrawn, fillGenerator, loginViaApi, newTestUser, PHONE, shot, signUpViaApi, useTheme } from './helpers';
import { listsOnOnePage, scannedListsOnOnePage } from '../tests/ingest/supplement-rolls';

/**
 * A scanned roll whose supplement page holds 5 additions, then, under a heading between two rows of boxes, a
 * deletions list of 4 main-list entries with their codes. The draft is made before the pages' headings are read:
 * once the complete read is in (the ID numbers' note gone), the 4 deleted voters are left out and listed with
 * their codes, and the slips are the 37 others. At 1280 px (dark) and 360 px (light).
 */
test.describe.configure({ timeout: 300_000 });

const roll = listsOnOnePage();

async function scannedRollWithDeletions(): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  return { name: 'scanned-roll-with-deletions.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await scannedListsOnOnePage('eci2025', 'english', roll)) };
}

for (const j of [
  { viewport: DESKTOP, device: 'desktop', theme: 'dark' as const },
  { viewport: PHONE, device: 'phone', theme: 'light' as const },
]) {
  test(`a scanned deletions list: its voters left out once the roll is read whole (${j.device}, ${j.theme})`, async ({ page }) => {
    await page.setViewportSize(j.viewport);
    await useTheme(page, j.theme);
    const user = await signUpViaApi(page.request, newTestUser('scandel'));
    await loginViaApi(page, user.email, user.password);
    await page.goto('/voter-slip-generator');
    await fillGenerator(page, await scannedRollWithDeletions(), await bannerPng());
    await page.getByRole('button', { name: 'Generate Slips' }).click();

    const draft = page.getByTestId('task-draft');
    await expect(draft).toBeVisible({ timeout: 180_000 });
    const note = draft.getByTestId('draft-ids-pending');
    await expect(async () => {
      if (await note.isVisible()) await note.getByTestId('draft-ids-check').click();
      await expect(note).toBeHidden({ timeout: 4_000 });
    }).toPass({ timeout: 180_000, intervals: [1_000] });

    const left = draft.getByTestId('draft-deleted');
    await expect(left.locator('summary')).toHaveText('Deleted voters left out (4 voters)');
    await left.locator('summary').click();
    await expect(left.locator('li')).toHaveText(roll.deleted.map((d, k) => `Serial ${d.serial} · ${d.epic} · reason ${roll.reasons[k]}`));
    await expect(draft.getByTestId('draft-printed')).toHaveText('37 slips; 4 deleted voters left out');
    await expectPdfDrawn(page);
    await expectNoHorizontalScroll(page);
    await shot(page, `scan-deletions-${j.device}-${j.theme}`);
  });
}
