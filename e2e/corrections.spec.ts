import { expect, test } from './helpers/test';
import { bannerPng, DESKTOP, expectNoHorizontalScroll, expectPdfDrawn, fillGenerator, loginViaApi, newTestUser, PHONE, shot, signUpViaApi, useTheme } from './helpers';
import { inventVoters } from '../tests/ingest/inputs';
import { drawSupplementRoll, WORDS } from '../tests/ingest/supplement-rolls';

/**
 * A roll whose supplement amends two voters' entries in a corrections list: the draft prints each of them
 * once (36 main-list voters and 5 additions: 41 slips, not 43) and the choices say why. At 1280 px (dark)
 * and 360 px (light).
 */
test.describe.configure({ timeout: 180_000 });

async function rollWithCorrections(): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const main = inventVoters(36, 3);
  const added = inventVoters(5, 5, 37);
  const corrected = [
    { ...main[7], house: '8-A' },
    { ...main[22], age: main[22].age + 1 },
  ];
  const w = WORDS.english;
  const bytes = await drawSupplementRoll('eci2025', 'english', [
    [{ voters: main.slice(0, 30) }],
    [{ voters: main.slice(30) }],
    [{ heading: [w.supplement(1), w.revision, w.additions] }, { voters: added, supplement: true }, { total: 5 }],
    [{ heading: [w.supplement(2), w.revision, w.corrections] }, { voters: corrected, supplement: true }, { total: 2 }],
  ]);
  return { name: 'roll-with-corrections.pdf', mimeType: 'application/pdf', buffer: Buffer.from(bytes) };
}

for (const j of [
  { viewport: DESKTOP, device: 'desktop', theme: 'dark' as const },
  { viewport: PHONE, device: 'phone', theme: 'light' as const },
]) {
  test(`a corrected voter gets one slip, and the draft says so (${j.device}, ${j.theme})`, async ({ page }) => {
    await page.setViewportSize(j.viewport);
    await useTheme(page, j.theme);
    const user = await signUpViaApi(page.request, newTestUser('corrected'));
    await loginViaApi(page, user.email, user.password);
    await page.goto('/voter-slip-generator');
    await fillGenerator(page, await rollWithCorrections(), await bannerPng());
    await page.getByRole('button', { name: 'Generate Slips' }).click();

    const draft = page.getByTestId('task-draft');
    await expect(draft).toBeVisible({ timeout: 150_000 });
    await expect(draft.getByTestId('draft-found')).toContainText('43 voters');
    await expect(draft.getByTestId('draft-printed')).toHaveText('41 slips');
    // the preview checked before the choices open: opening them moves the viewer, which draws its pages again
    await expectPdfDrawn(page);
    const panel = draft.getByTestId('slip-choices');
    await panel.locator('summary').click();
    await expect(panel.getByText('Voters added in supplements (5)')).toBeVisible();
    await expect(panel.locator('#slip-corrected-note')).toHaveText(
      '2 voters’ entries are amended by a corrections list: each gets one slip, with the corrected details, where the roll lists them.',
    );
    await expectNoHorizontalScroll(page);
    await shot(page, `corrections-${j.device}-${j.theme}`);
  });
}
