import type { Rect } from '../types';

/** A PDF transformation matrix [a, b, c, d, e, f]. */
export type Matrix = [number, number, number, number, number, number];

export const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/** The matrix that applies `inner` first, then `outer`. */
export function compose(outer: Matrix, inner: Matrix): Matrix {
  const [a, b, c, d, e, f] = outer;
  const [A, B, C, D, E, F] = inner;
  return [a * A + c * B, b * A + d * B, a * C + c * D, b * C + d * D, a * E + c * F + e, b * E + d * F + f];
}

export function apply(m: Matrix, x: number, y: number): [number, number] {
  return [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
}

/** The smallest upright box holding `points`: [x0, y0, x1, y1] (NaN when a point is NaN). */
export function boundsOf(points: readonly [number, number][]): [number, number, number, number] {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const [x, y] of points) {
    x0 = Math.min(x0, x);
    y0 = Math.min(y0, y);
    x1 = Math.max(x1, x);
    y1 = Math.max(y1, y);
  }
  return [x0, y0, x1, y1];
}

export function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

export function roundRect(r: Rect): Rect {
  return { x: round2(r.x), y: round2(r.y), width: round2(r.width), height: round2(r.height) };
}

export function contains(r: Rect, x: number, y: number, pad = 0): boolean {
  return x >= r.x - pad && x <= r.x + r.width + pad && y >= r.y - pad && y <= r.y + r.height + pad;
}

export function overlapArea(a: Rect, b: Rect): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

/**
 * Orders boxes as printed: rows from the top of the page down (PDF y grows upward), and left to
 * right within a row. Two boxes share a row when their tops differ by less than half a box height.
 */
export function readingOrder<T extends { rect: Rect }>(items: T[]): T[] {
  const sorted = [...items].sort((p, q) => q.rect.y + q.rect.height - (p.rect.y + p.rect.height));
  const rows: T[][] = [];
  for (const item of sorted) {
    const top = item.rect.y + item.rect.height;
    const row = rows[rows.length - 1];
    if (row) {
      const rowTop = row[0].rect.y + row[0].rect.height;
      if (Math.abs(rowTop - top) < Math.min(row[0].rect.height, item.rect.height) / 2) {
        row.push(item);
        continue;
      }
    }
    rows.push([item]);
  }
  return rows.flatMap((row) => row.sort((p, q) => p.rect.x - q.rect.x));
}
