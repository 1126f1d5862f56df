import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { PDFDocument } from '@cantoo/pdf-lib';
import sharp from 'sharp';
import * as XLSX from 'xlsx';

/** A file for setInputFiles. */
export interface Upload {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

export const PHONE = { width: 360, height: 740 };
export const DESKTOP = { width: 1280, height: 800 };

/** A shared real roll (read from ../shared, never copied). On CI a missing roll fails; elsewhere the test skips, saying why. */
function sharedRoll(fixture: string, name: string): Upload {
  const file = path.resolve(process.cwd(), '../shared/fixtures/rolls', fixture);
  if (!existsSync(file)) {
    if (process.env.CI) throw new Error(`shared roll fixture missing at ${file} (required on CI)`);
    test.skip(true, `shared roll fixture not found at ${file}`);
  }
  return { name, mimeType: 'application/pdf', buffer: readFileSync(file) };
}

/** The Daman roll of 2017 (legacy-font Gujarati text, 993 voters). */
export function damanRoll(): Upload {
  return sharedRoll('daman-2017-part1-gujarati.pdf', 'daman-2017-part1-gujarati.pdf');
}

/** The Gujarat roll of 2025 (Unicode Gujarati text, 595 voters, 7 deleted). */
export function gujaratRoll(): Upload {
  return sharedRoll('gujarat-2025-ac137-part1.pdf', 'gujarat-2025-part1.pdf');
}

/** Karnataka 2024, Bellary City part 104: an image-only roll (a screen capture printed to PDF), 3 pages, 90 voters. */
export function bellaryScan(): Upload {
  return sharedRoll('karnataka-bellary-screenshot-3pp.pdf', 'bellary-part-104.pdf');
}

/**
 * Pages of the 2025 Gujarat roll printed to an image-only PDF at 115 dpi (its cover, voter pages, a supplement's
 * page), cut into a PDF of their own with qpdf: a scanned roll small enough to read whole in an end-to-end test.
 */
export function gujaratScanPages(pages: string): Upload {
  const roll = sharedRoll('gujarat-2025-ac137-part1-scan115.pdf', 'gujarat-scan.pdf');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vsg-e2e-'));
  try {
    const source = path.join(dir, 'roll.pdf');
    const out = path.join(dir, 'cut.pdf');
    writeFileSync(source, roll.buffer);
    execFileSync('qpdf', [source, '--pages', source, pages, '--', out]);
    return { ...roll, name: 'gujarat-scan-part-1.pdf', buffer: readFileSync(out) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A made-up Excel voter list (invented names, not real voters) with English headers. */
export function excelList(rows = 40): Upload {
  const header = ['Serial No', 'EPIC No', 'Name', 'Relation', 'Relative Name', 'House No', 'Age', 'Gender'];
  const data = Array.from({ length: rows }, (_, i) => [
    i + 1,
    `ABC${String(1000000 + i)}`,
    `Test Voter ${i + 1}`,
    i % 2 ? 'Father' : 'Husband',
    `Test Relative ${i + 1}`,
    String(10 + i),
    20 + (i % 60),
    i % 2 ? 'M' : 'F',
  ]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([header, ...data]), 'Voters');
  const buffer = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
  return { name: 'test-voter-list.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer };
}

/** A real PNG banner (a coloured strip), made fresh. */
export async function bannerPng(name = 'banner.png'): Promise<Upload> {
  const buffer = await sharp({ create: { width: 1200, height: 200, channels: 3, background: { r: 30, g: 90, b: 200 } } })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

/** Fills the generator form: voter list, banner, address (typed in Latin with escape keeping English). */
export async function fillGenerator(page: Page, voterList: Upload, banner: Upload, address = 'Primary School Room 2'): Promise<void> {
  await page.locator('#voter-list').setInputFiles(voterList);
  await expect(page.getByTestId('voter-list-name')).toHaveText(voterList.name);
  await page.locator('#banner').setInputFiles(banner);
  await expect(page.getByTestId('banner-name')).toHaveText(banner.name);
  const field = page.locator('#booth-address');
  await field.fill(address);
  await page.keyboard.press('Escape');
  await expect(field).toHaveValue(address);
}

/** The task id from the generator's URL (`?task=42`). */
export function taskIdOf(page: Page): string {
  const id = new URL(page.url()).searchParams.get('task');
  expect(id, `no ?task= in ${page.url()}`).toBeTruthy();
  return id as string;
}

/**
 * Asserts that the viewer drew real pages: the first rendered canvas has a real size and enough
 * non-white pixels (an empty grey box or a white sheet fails).
 */
export async function expectPdfDrawn(page: Page, scope = page.getByTestId('pdf-viewer').first()): Promise<void> {
  // pages are drawn as they come near the screen: scroll to the preview first, as its reader would
  await scope.locator('canvas[data-testid="pdf-page"]').first().scrollIntoViewIfNeeded({ timeout: 30_000 });
  const canvas = scope.locator('canvas[data-testid="pdf-page"][data-rendered="true"]').first();
  await expect(canvas).toBeVisible({ timeout: 30_000 });
  // looked at again for a while: a page the viewer is drawing afresh (the draft made again, the page scrolled out
  // and back) is cleared for a moment before its attribute says so
  await expect(async () => {
    const stats = await canvas.evaluate((el: HTMLCanvasElement) => {
      const ctx = el.getContext('2d');
      if (!ctx) return { width: el.width, height: el.height, inked: 0, total: 0 };
      const { data } = ctx.getImageData(0, 0, el.width, el.height);
      let inked = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i] + data[i + 1] + data[i + 2] < 600) inked++;
      return { width: el.width, height: el.height, inked, total: data.length / 4 };
    });
    expect(stats.width).toBeGreaterThan(200);
    expect(stats.height).toBeGreaterThan(200);
    // Slips have banners, boxes and text: well over 1% of the pixels are ink, and a blank page has none.
    expect(stats.inked / stats.total).toBeGreaterThan(0.01);
  }).toPass({ timeout: 15_000, intervals: [500] });
}

/** Page count of a PDF fetched with the page's own request context. */
export async function pdfPageCount(page: Page, url: string): Promise<number> {
  const res = await page.request.get(url);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('application/pdf');
  const doc = await PDFDocument.load(await res.body(), { ignoreEncryption: true });
  return doc.getPageCount();
}

/** Throttles uploads (bytes per second) through the DevTools protocol, so upload progress can be seen on localhost. */
export async function throttleUpload(page: Page, bytesPerSecond: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
}

/** Full-page screenshot for a person to look at (not a compared reference; not committed). */
export async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join('test-results', 'shots12', `${name}.png`), fullPage: true });
}

/** Sets the stored theme before any page script runs. */
export async function useTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.addInitScript((t) => window.localStorage.setItem('theme', t), theme);
}

export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'page is wider than the viewport').toBeLessThanOrEqual(0);
}
