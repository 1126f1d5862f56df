import { describe, expect, it } from 'vitest';
import { serialOf } from '@/lib/slips/ingest/numbers';
import { barSegment, cellsFromSegments, subpathSegments, type Segment } from '@/lib/slips/ingest/engines/segments';

const LIMITS = { minWidth: 50, maxWidth: 400, minHeight: 20, maxHeight: 300 };

/** A box drawn as four separate strokes (the 2025 ECI and SEC rolls draw boxes this way). */
function strokes(x: number, y: number, w: number, h: number): Segment[] {
  return [
    { horizontal: true, pos: y, from: x, to: x + w },
    { horizontal: true, pos: y + h, from: x, to: x + w },
    { horizontal: false, pos: x, from: y, to: y + h },
    { horizontal: false, pos: x + w, from: y, to: y + h },
  ];
}

describe('boxes from ruled lines', () => {
  it('closes a 3 x 2 grid of separately stroked boxes into six cells, not their unions', () => {
    const segs = [0, 1, 2].flatMap((c) => [0, 1].flatMap((r) => strokes(10 + c * 190, 100 + r * 80, 186, 75)));
    const cells = cellsFromSegments(segs, LIMITS);
    expect(cells).toHaveLength(6);
    for (const c of cells) {
      expect(c.width).toBeCloseTo(186, 5);
      expect(c.height).toBeCloseTo(75, 5);
    }
  });

  it('splits a table ruled with page-long lines into its atomic cells', () => {
    const segs: Segment[] = [];
    for (let r = 0; r <= 3; r++) segs.push({ horizontal: true, pos: 100 + r * 70, from: 10, to: 580 });
    for (let c = 0; c <= 3; c++) segs.push({ horizontal: false, pos: 10 + c * 190, from: 100, to: 310 });
    const cells = cellsFromSegments(segs, LIMITS);
    expect(cells).toHaveLength(9);
    expect(cells.every((c) => Math.abs(c.width - 190) < 1e-6 && Math.abs(c.height - 70) < 1e-6)).toBe(true);
  });

  it('ignores a side that is drawn only in part, and inner cells smaller than the limits', () => {
    const segs = strokes(10, 100, 186, 75);
    segs[3] = { horizontal: false, pos: 196, from: 100, to: 130 }; // right side 40% drawn
    segs.push(...strokes(12, 160, 40, 12)); // a serial cell inside
    expect(cellsFromSegments(segs, LIMITS)).toHaveLength(0);
  });

  it('reads strokes, closed paths and thin filled bars as segments', () => {
    expect(subpathSegments([[0, 0], [100, 0], [100, 50], [0, 50]], true)).toHaveLength(4);
    expect(subpathSegments([[0, 0], [100, 0], [100, 50], [0, 50]], false)).toHaveLength(3);
    expect(subpathSegments([[0, 0], [30, 40]], false)).toHaveLength(0);
    expect(barSegment([[0, 10], [100, 10], [100, 11], [0, 11]])).toEqual({ horizontal: true, pos: 10.5, from: 0, to: 100 });
    expect(barSegment([[0, 0], [100, 0], [100, 40], [0, 40]])).toBeNull();
  });
});

describe('serial numbers as printed', () => {
  it('reads ASCII and Indic digits, with thousands separators', () => {
    expect(serialOf(' 12 ')).toBe(12);
    expect(serialOf('1,005')).toBe(1005);
    expect(serialOf('१२३')).toBe(123);
    expect(serialOf('૪૫')).toBe(45);
    expect(serialOf('0')).toBeNull();
    expect(serialOf('12a')).toBeNull();
    expect(serialOf('123456')).toBeNull();
  });
});
