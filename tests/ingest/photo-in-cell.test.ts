import { describe, expect, it } from 'vitest';
import { photoInCell } from '@/lib/slips/ingest/raster/cells';

/** A page of ink (1 = ink) 400 × 160 px holding one box with a 2 px outline; `draw` adds to it. */
function page(draw: (set: (x0: number, y0: number, x1: number, y1: number) => void) => void): Uint8Array {
  const W = 400;
  const ink = new Uint8Array(W * 160);
  const set = (x0: number, y0: number, x1: number, y1: number) => {
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) ink[y * W + x] = 1;
  };
  set(10, 10, 380, 12);
  set(10, 148, 380, 150);
  set(10, 10, 12, 150);
  set(378, 10, 380, 150);
  draw(set);
  return ink;
}
const box = { x: 10, y: 10, width: 370, height: 140 };
const frame = (set: (x0: number, y0: number, x1: number, y1: number) => void, bottom: number) => {
  set(280, 40, 370, 42);
  set(280, bottom - 2, 370, bottom);
  set(280, 40, 282, bottom);
  set(368, 40, 370, bottom);
};

describe('photoInCell: the photo frame inside a box found in pixels', () => {
  it('finds a frame standing clear of the box outline', () => {
    const found = photoInCell(page((set) => frame(set, 130)), 400, box);
    expect(Math.abs(found!.x - 281)).toBeLessThanOrEqual(1);
    expect(Math.abs(found!.y - 41)).toBeLessThanOrEqual(1);
    expect(Math.abs(found!.y + found!.height - 129)).toBeLessThanOrEqual(1);
  });

  it("finds a frame whose bottom line runs along the box's own (a scanned roll)", () => {
    // its bottom line on rows 146-147, on the box's (148-149): within the few pixels the first look leaves out
    const found = photoInCell(page((set) => frame(set, 148)), 400, box);
    expect(found).not.toBeNull();
    expect(found!.x).toBeGreaterThanOrEqual(278);
    expect(found!.x).toBeLessThanOrEqual(282);
    expect(found!.y).toBeGreaterThanOrEqual(38);
    expect(found!.y + found!.height).toBeLessThanOrEqual(149);
  });

  it('finds none in a box without a frame', () => {
    expect(photoInCell(page(() => undefined), 400, box)).toBeNull();
  });
});
