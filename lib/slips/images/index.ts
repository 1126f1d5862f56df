import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { openForDrawing } from './rasterise';

/** How wide a slip's picture is: legible on a phone held upright, small enough to send (about 60–120 KB). */
export const SLIP_IMAGE_WIDTH = 800;

/** Which pages this call draws: page p when (p - 1) % of === index, so that several processes share a PDF. */
export interface ImageShare {
  index: number;
  of: number;
}

/**
 * Each page of a one-slip-per-page PDF (renderSlips with `onePerPage`) drawn `width` pixels wide and saved as a PNG
 * in `dir` (`0001.png`, `0002.png`, …, by page). Returns the pages drawn, in order.
 */
export async function writeSlipImages(
  pdf: Uint8Array,
  dir: string,
  options: { width?: number; share?: ImageShare; onProgress?: (done: number, total: number) => void } = {},
): Promise<number[]> {
  const width = options.width ?? SLIP_IMAGE_WIDTH;
  const share = options.share ?? { index: 0, of: 1 };
  const doc = await openForDrawing(pdf);
  try {
    const pages: number[] = [];
    for (let p = 1; p <= doc.pages; p++) if ((p - 1) % share.of === share.index) pages.push(p);
    let done = 0;
    for (const p of pages) {
      const page = doc.draw(p, width);
      const png = await sharp(page.rgb, { raw: { width: page.width, height: page.height, channels: 3 } }).png({ compressionLevel: 6 }).toBuffer();
      await writeFile(path.join(dir, imageFileName(p)), png);
      options.onProgress?.(++done, pages.length);
    }
    return pages;
  } finally {
    doc.close();
  }
}

/** The file a page's picture is saved as. */
export function imageFileName(page: number): string {
  return `${String(page).padStart(4, '0')}.png`;
}
