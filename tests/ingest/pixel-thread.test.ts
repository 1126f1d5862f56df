import os from 'node:os';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Gray } from '@/lib/slips/ingest/engines/image';
import { pagePixelsOnThread, pixelThreads, stopPixelThreads } from '@/lib/slips/ingest/raster/pixel-pool';
import { pagePixels } from '@/lib/slips/ingest/raster/pixel-work';
import { drawRoll, inventVoters, renderPages, scanLike, tempDir } from './inputs';

/**
 * A page's pixel work on the pixel thread (raster/pixel-pool.ts) gives what the same work gives in this thread
 * (cells, photos, cuts, stamps, the bands OCR reads),
 * the page's own pixels come back whole, a page held in a pooled Buffer leaves the pool's other bytes alone, and
 * a page whose work throws fails alone, and a thread that stops fails the pages waiting on it with the parse's error
 * while the next page gets a new thread; two pages sent at once are worked on by two threads (one a core, two at
 * most), and a page sent alone by an idle one.
 */

/** A drawn roll's first page, scanned at a slant (so that it is rotated back) and as grey JPEG noise. */
async function scannedPage(): Promise<Gray> {
  const pdf = await drawRoll(inventVoters(30, 11), { cover: false });
  const dir = tempDir('pixel-thread-');
  const { writeFileSync } = await import('node:fs');
  writeFileSync(`${dir}/roll.pdf`, pdf);
  const [png] = renderPages(`${dir}/roll.pdf`, 1, 1, 144, dir);
  const { jpeg } = await scanLike(png, { angle: 0.7, seed: 5 });
  const { data, info } = await sharp(jpeg).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, info.width * info.height).slice() };
}

/** Byte-for-byte equality of two pixel arrays (vitest's deep equality walks millions of elements slowly). */
const same = (a: Uint8Array, b: Uint8Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));

describe('the pixel thread', () => {
  it('finds what the same work finds here, and gives the page back whole', async () => {
    const page = await scannedPage();
    const original = page.data.slice();
    const here = pagePixels({ ...page, data: page.data.slice() }, true, 2);
    expect(here.skew).not.toBe(0);
    expect(here.cells.length).toBeGreaterThanOrEqual(24);
    expect(here.boxes.filter((b) => b.photo).length).toBe(here.cells.length);
    const { rendered, pixels } = await pagePixelsOnThread(page, true, 2);
    expect(same(rendered.data, original)).toBe(true);
    expect(pixels.skew).toBe(here.skew);
    expect(pixels.cells).toEqual(here.cells);
    expect(pixels.boxes).toEqual(here.boxes);
    expect(same(pixels.image.data, here.image.data)).toBe(true);
    expect(same(pixels.ink, here.ink)).toBe(true);
    // each cell's band cut for OCR, the serial and the ID in it
    expect(pixels.bands).toHaveLength(here.cells.length);
    expect(here.bands.every((b) => b.serial && b.epic)).toBe(true);
    pixels.bands.forEach((band, i) => {
      for (const part of ['serial', 'epic', 'mark'] as const) {
        const [there, mine] = [band[part], here.bands[i][part]];
        expect(there === null ? null : [there.width, there.height]).toEqual(mine === null ? null : [mine.width, mine.height]);
        if (there && mine) expect(same(there.data, mine.data)).toBe(true);
      }
    });
    // a cell and its box are one object, as here: boxOf finds a cell's box by the cell
    expect(pixels.boxes.every((b, i) => b.cell === pixels.cells[i])).toBe(true);
  }, 60_000);

  it('copies a page held in a larger buffer instead of taking the buffer from its owner', async () => {
    const pool = Buffer.alloc(4096 + 200 * 100, 255);
    pool.fill(7, 0, 4096);
    const page: Gray = { width: 200, height: 100, data: new Uint8Array(pool.buffer, pool.byteOffset + 4096, 200 * 100) };
    const { rendered, pixels } = await pagePixelsOnThread(page, true, 2);
    expect(pool.byteLength).toBe(4096 + 200 * 100);
    expect(pool.subarray(0, 4096).every((b) => b === 7)).toBe(true);
    expect(rendered.data.every((b) => b === 255)).toBe(true);
    expect(pixels.cells).toEqual([]);
  });

  it('fails a page whose work throws alone: the pages beside it are read', async () => {
    const page = await scannedPage();
    // a page of a negative width: its work throws at once (no array that long), and not for want of memory
    const broken = pagePixelsOnThread({ width: -1, height: 10, data: new Uint8Array(16) }, true, 2);
    const beside = pagePixelsOnThread({ ...page, data: page.data.slice() }, true, 2);
    await expect(broken).rejects.toMatchObject({ name: 'VoterListError', code: 'corrupt', cause: expect.stringContaining('RangeError') });
    expect((await beside).pixels.cells.length).toBeGreaterThanOrEqual(24);
  }, 60_000);

  it('fails the pages waiting on a stopped thread, and the next page gets a new one', async () => {
    const page = await scannedPage();
    const waiting = pagePixelsOnThread({ ...page, data: page.data.slice() }, true, 2);
    // its failure awaited from the start, as the parse does (prepare's promise is caught when it is made): the
    // threads stop one after the other, and it fails with the first
    const failed = expect(waiting).rejects.toMatchObject({ name: 'VoterListError', code: 'corrupt' });
    await stopPixelThreads();
    await failed;
    const { pixels } = await pagePixelsOnThread(page, true, 2);
    expect(pixels.cells.length).toBeGreaterThanOrEqual(24);
  }, 60_000);

  it('works on two pages sent at once on two threads (one a core), and on a page sent alone on an idle one', async () => {
    await stopPixelThreads();
    const page = await scannedPage();
    const here = pagePixels({ ...page, data: page.data.slice() }, true, 2);
    const both = await Promise.all([0, 1].map(() => pagePixelsOnThread({ ...page, data: page.data.slice() }, true, 2)));
    expect(both.map((b) => b.pixels.cells)).toEqual([here.cells, here.cells]);
    const threads = Math.min(2, os.availableParallelism());
    expect(pixelThreads()).toBe(threads);
    const alone = await pagePixelsOnThread({ ...page, data: page.data.slice() }, true, 2);
    expect(alone.pixels.cells).toEqual(here.cells);
    expect(pixelThreads()).toBe(threads);
  }, 60_000);
});
