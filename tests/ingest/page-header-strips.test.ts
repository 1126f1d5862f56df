import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Prepared } from '@/lib/slips/ingest/raster/prepare';

/** The text model, counted: what each strip it is given says is the strip's first pixel's value. */
const reads = vi.hoisted(() => ({ first: 0, later: 0 }));
vi.mock('@/lib/slips/ingest/raster/cover', () => ({
  readInScript: async () => {
    reads.first++;
    return { model: 'guj', lines: [{ middle: 10, text: 'Section 1' }] };
  },
  linesInModel: async (png: Uint8Array) => {
    reads.later++;
    // the strip's PNG differs with its pixels: its length tells two strips apart here
    return { lines: [{ middle: 10, text: `strip of ${png.length} bytes` }], confidence: 90 };
  },
}));

const { PageHeaders } = await import('@/lib/slips/ingest/raster/page-header');

const WIDTH = 200;
const HEIGHT = 300;

/** A page whose header strip (the 58 rows above its one ruled cell) shows `header`'s pattern of ink. */
function page(n: number, header: number): Prepared {
  const data = new Uint8Array(WIDTH * HEIGHT).fill(255);
  for (let x = 10; x < 10 + header * 7; x++) for (let y = 20; y < 30; y++) data[y * WIDTH + x] = 0;
  const image = { width: WIDTH, height: HEIGHT, data };
  return {
    page: n,
    rendered: { image, scale: 2, rotation: 0, toPdf: (x: number, y: number) => [x / 2, 150 - y / 2], toPixel: (x: number, y: number) => [x * 2, (150 - y) * 2] },
    image,
    skew: 0,
    cells: [{ x: 10, y: 60, width: 100, height: 80 }],
    ink: new Uint8Array(WIDTH * HEIGHT),
    boxes: new Map(),
    bands: new Map(),
  } as unknown as Prepared;
}

describe("scanned pages' header strips", () => {
  beforeEach(() => {
    reads.first = 0;
    reads.later = 0;
  });

  it('reads a strip equal, pixel for pixel, to one read before only once, and every other strip', async () => {
    const headers = new PageHeaders();
    // pages 1-3 of one section, page 4 of the next, page 5 printed like page 1
    for (const [n, header] of [
      [1, 1],
      [2, 1],
      [3, 1],
      [4, 2],
      [5, 1],
    ]) {
      headers.add(page(n, header));
    }
    const read = await headers.all();
    expect(reads).toEqual({ first: 1, later: 1 });
    const text = (n: number) => read.get(n)!.lines.map((l) => l.text);
    expect(text(1)).toEqual(['Section 1']);
    expect(text(2)).toEqual(['Section 1']);
    expect(text(3)).toEqual(['Section 1']);
    expect(text(4)).toEqual([expect.stringMatching(/^strip of \d+ bytes$/)]);
    expect(text(5)).toEqual(['Section 1']);
    // placed on each page as that page's own lines
    expect(read.get(2)!.lines[0].y).toBe(read.get(1)!.lines[0].y);
  });

  it('reads a strip that differs in one pixel', async () => {
    const headers = new PageHeaders();
    headers.add(page(1, 1));
    const other = page(2, 1);
    other.image.data[25 * WIDTH + 100] = 0;
    headers.add(other);
    await headers.all();
    expect(reads).toEqual({ first: 1, later: 1 });
  });

  it("gives the model the first strip was read in, once it is decided, for the roll's cover", async () => {
    const headers = new PageHeaders();
    // asked before any page is added (the cover is the first page): it waits for the first strip
    const script = headers.script();
    headers.add(page(2, 1));
    headers.add(page(3, 2));
    headers.done();
    expect(await script).toBe('guj');
    await headers.all();
    expect(reads).toEqual({ first: 1, later: 1 });
  });

  it('gives no model when no page had a strip to read', async () => {
    const headers = new PageHeaders();
    const script = headers.script();
    headers.done();
    expect(await script).toBeNull();
    expect(reads).toEqual({ first: 0, later: 0 });
  });
});
