import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './helpers/test';
import path from 'node:path';
import { bannerPng, DESKTOP, excelList, expectPdfDrawn, fillGenerator, loginViaApi, newTestUser, PHONE, signUpViaApi, useTheme } from './helpers';

/**
 * The draft can be checked on a phone: a tap on a page opens it full screen, where it zooms (a pinch or a
 * double tap on a phone; buttons, wheel and keys on a laptop), pans, and goes page by page; the zoomed page
 * is drawn sharper than the screen.
 */
test.describe.configure({ timeout: 180_000 });

/** The zoom's current scale, read from the transform the zoom library sets on its content. */
/** The screen as the user sees it (the zoom view covers the viewport, not the page). */
const shot = (page: Page, name: string) => page.screenshot({ path: path.join('test-results', 'shots12', `${name}.png`) });

async function zoomScale(view: Locator): Promise<number> {
  return view.locator('.react-transform-component').evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).a);
}

/** A two-finger pinch about `at`, the fingers moving from `from` to `to` pixels apart, as a phone's touch screen sends it. */
async function pinch(page: Page, at: { x: number; y: number }, from: number, to: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const fingers = (gap: number) => [
    { x: at.x - gap / 2, y: at.y, id: 0 },
    { x: at.x + gap / 2, y: at.y, id: 1 },
  ];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(from) });
  const steps = 12;
  for (let i = 1; i <= steps; i++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: fingers(from + ((to - from) * i) / steps) });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

async function openDraft(page: Page): Promise<Locator> {
  const user = await signUpViaApi(page.request, newTestUser('zoom'));
  await loginViaApi(page, user.email, user.password);
  await page.goto('/voter-slip-generator');
  await fillGenerator(page, excelList(40), await bannerPng());
  await page.getByRole('button', { name: 'Generate Slips' }).click();
  const draft = page.getByTestId('task-draft');
  await expect(draft).toBeVisible({ timeout: 120_000 });
  await expectPdfDrawn(page);
  return draft;
}

async function checkZoom(page: Page, draft: Locator, name: string, touch: boolean): Promise<void> {
  const viewer = draft.getByTestId('pdf-viewer');
  const shown = Number(await viewer.getAttribute('data-pages'));
  expect(shown).toBeGreaterThan(1);
  await expect(viewer.getByTestId('pdf-viewer-caption')).toContainText('Tap a page to see it full screen');

  const first = viewer.getByRole('button', { name: `Page 1 of ${shown}: open full screen` });
  if (touch) await first.tap();
  else await first.click();
  const view = page.getByTestId('page-zoom');
  await expect(view).toBeVisible();
  await expect(view.getByTestId('page-zoom-title')).toHaveText(`Page 1 of ${shown}`);
  const canvas = view.getByTestId('page-zoom-canvas');
  await expect(canvas).toHaveAttribute('data-drawn', 'true', { timeout: 30_000 });
  // the page fills the screen's width or height, and its pixels are several times the screen's
  const box = await canvas.boundingBox();
  const viewport = page.viewportSize() ?? DESKTOP;
  expect(Math.max((box?.width ?? 0) / viewport.width, (box?.height ?? 0) / (viewport.height - 100))).toBeGreaterThan(0.85);
  const pixels = await canvas.evaluate((el: HTMLCanvasElement) => ({ width: el.width, css: el.getBoundingClientRect().width, ratio: window.devicePixelRatio }));
  expect(pixels.width).toBeGreaterThan(pixels.css * pixels.ratio * 2);
  await shot(page, `${name}-zoom-1-fit`);

  expect(await zoomScale(view)).toBeCloseTo(1, 2);
  if (touch) {
    // two fingers spread apart on the page: a pinch
    const c = await canvas.boundingBox();
    await pinch(page, { x: (c?.x ?? 0) + (c?.width ?? 0) / 2, y: (c?.y ?? 0) + (c?.height ?? 0) / 3 }, 40, 200);
  } else {
    // each press zooms further once the last one's animation has run
    await view.getByRole('button', { name: 'Zoom in' }).click();
    await expect.poll(() => zoomScale(view)).toBeGreaterThan(1.2);
    const once = await zoomScale(view);
    await view.getByRole('button', { name: 'Zoom in' }).click();
    await expect.poll(() => zoomScale(view)).toBeGreaterThan(once + 0.2);
  }
  await expect.poll(() => zoomScale(view)).toBeGreaterThan(1.5);
  await shot(page, `${name}-zoom-2-in`);

  await view.getByRole('button', { name: 'Fit the page' }).click();
  await expect.poll(() => zoomScale(view)).toBeCloseTo(1, 2);

  // page by page: the buttons, and the arrow keys on a laptop
  await view.getByRole('button', { name: 'Next page' }).click();
  await expect(view.getByTestId('page-zoom-title')).toHaveText(`Page 2 of ${shown}`);
  await expect(canvas).toHaveAttribute('data-drawn', 'true', { timeout: 30_000 });
  if (!touch) {
    await page.keyboard.press('ArrowLeft');
    await expect(view.getByTestId('page-zoom-title')).toHaveText(`Page 1 of ${shown}`);
    await expect(view.getByRole('button', { name: 'Previous page' })).toBeDisabled();
  }
  await view.getByRole('button', { name: 'Close' }).click();
  await expect(view).toBeHidden();
  await expect(draft).toBeVisible();
}

test.describe('phone', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });
  test('a tapped draft page opens full screen, zooms with a pinch and goes page by page (360 px, dark)', async ({ page }) => {
    await useTheme(page, 'dark');
    const draft = await openDraft(page);
    await checkZoom(page, draft, 'phone-dark', true);
  });
});

test('a clicked draft page opens full screen, zooms with the buttons and keys and goes page by page (1280 px, light)', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await useTheme(page, 'light');
  const draft = await openDraft(page);
  await checkZoom(page, draft, 'desktop-light', false);
});
