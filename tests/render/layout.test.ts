import { describe, expect, it } from 'vitest';
import { feeInPaise, formatRupees, paiseToRupees } from '@/lib/slips/fees';
import { ALLOWED_SLIPS_PER_PAGE, isRollSize } from '@/lib/slips/layout-options';
import { LayoutError, allLayouts, computeGrid, pageCount, PAGE_MARGIN } from '@/lib/slips/render/layout';
import { rectInside, rectsOverlap } from './helpers';

describe('layout grid', () => {
  it('covers exactly the 26 allowed size × orientation × slips-per-page layouts (22 on sheets, one slip per label on two rolls)', () => {
    expect(allLayouts()).toHaveLength(26);
    expect(allLayouts().filter((l) => isRollSize(l.pageSize)).every((l) => l.slipsPerPage === 1)).toBe(true);
  });

  for (const layout of allLayouts()) {
    const name = `${layout.pageSize} ${layout.orientation} ${layout.slipsPerPage}`;
    it(`${name}: cells inside the margins, no overlap, right count`, () => {
      const g = computeGrid(layout);
      expect(g.cells).toHaveLength(layout.slipsPerPage);
      expect(g.cols * g.rows).toBe(layout.slipsPerPage);
      // a roll is as wide as it is, whichever orientation is asked for
      if (layout.orientation === 'landscape' && !isRollSize(layout.pageSize)) expect(g.pageWidth).toBeGreaterThan(g.pageHeight);
      else expect(g.pageHeight).toBeGreaterThan(g.pageWidth);
      const margin = isRollSize(layout.pageSize) ? g.margin : PAGE_MARGIN;
      const printable = { x: margin, y: margin, width: g.pageWidth - 2 * margin, height: g.pageHeight - 2 * margin };
      for (const [i, c] of g.cells.entries()) {
        expect(rectInside(c, printable, 1e-6)).toBe(true);
        for (const d of g.cells.slice(i + 1)) expect(rectsOverlap(c, d)).toBe(false);
      }
      // The grid fills the printable area (cells as large as possible).
      const area = g.cells.reduce((s, c) => s + c.width * c.height, 0);
      expect(area).toBeCloseTo(printable.width * printable.height, 3);
    });
  }

  it('chooses the grid that keeps slips large (a4 portrait 8 → 2 × 4, a3 landscape 30 → 6 × 5)', () => {
    expect(computeGrid({ pageSize: 'a4', orientation: 'portrait', slipsPerPage: 8 })).toMatchObject({ cols: 2, rows: 4 });
    expect(computeGrid({ pageSize: 'a3', orientation: 'landscape', slipsPerPage: 30 })).toMatchObject({ cols: 6, rows: 5 });
  });

  it('rejects a combination that is not allowed, naming the allowed values', () => {
    expect(() => computeGrid({ pageSize: 'a4', orientation: 'portrait', slipsPerPage: 9 })).toThrow(LayoutError);
    expect(() => computeGrid({ pageSize: 'letter', orientation: 'landscape', slipsPerPage: 8 })).toThrow(/allowed: 6, 9/);
    expect(() => computeGrid({ pageSize: 'a5' as 'a4', orientation: 'portrait', slipsPerPage: 8 })).toThrow(/a4, a3, letter, legal/);
    for (const size of Object.keys(ALLOWED_SLIPS_PER_PAGE) as (keyof typeof ALLOWED_SLIPS_PER_PAGE)[]) {
      expect(() => computeGrid({ pageSize: size, orientation: 'portrait', slipsPerPage: 7 })).toThrow(LayoutError);
      expect(() => computeGrid({ pageSize: size, orientation: 'portrait', slipsPerPage: isRollSize(size) ? 2 : 1 })).toThrow(LayoutError);
    }
  });

  it('counts pages with a partial last page', () => {
    expect(pageCount(993, 8)).toBe(125);
    expect(pageCount(16, 8)).toBe(2);
    expect(pageCount(1, 30)).toBe(1);
  });
});

describe('feeInPaise', () => {
  it('charges the per-page rate in whole paise, never below the minimum', () => {
    expect(feeInPaise(125, { feePerPage: 2, minFee: 1 })).toBe(25_000);
    expect(feeInPaise(3, { feePerPage: 0.1, minFee: 0 })).toBe(30); // no floating-point dust
    expect(feeInPaise(3, { feePerPage: 0.1, minFee: 1 })).toBe(100);
    expect(feeInPaise(1, { feePerPage: 2.35, minFee: 1 })).toBe(235);
  });
  it('refuses impossible inputs', () => {
    expect(() => feeInPaise(0, { feePerPage: 2, minFee: 1 })).toThrow(RangeError);
    expect(() => feeInPaise(1.5, { feePerPage: 2, minFee: 1 })).toThrow(RangeError);
    expect(() => feeInPaise(2, { feePerPage: Number.NaN, minFee: 1 })).toThrow(RangeError);
    expect(() => feeInPaise(2, { feePerPage: -1, minFee: 1 })).toThrow(RangeError);
  });
  it('shows rupees with two decimals', () => {
    expect(formatRupees(7250)).toBe('₹72.50');
    expect(formatRupees(123456)).toBe('₹1,234.56');
    expect(paiseToRupees(7250)).toBe(72.5);
  });
});
