import type { Rect } from '../../types';
import { overlapArea } from '../geometry';
import type { CellLimits } from '../engines/segments';
import { maxOf } from '../numbers';

export interface BoxSize {
  width: number;
  height: number;
}

function dedupe(rects: Rect[]): Rect[] {
  const out: Rect[] = [];
  for (const r of rects) {
    if (!out.some((o) => Math.abs(o.x - r.x) < 1 && Math.abs(o.y - r.y) < 1 && Math.abs(o.width - r.width) < 1 && Math.abs(o.height - r.height) < 1)) out.push(r);
  }
  return out;
}

/** How big a voter box can be on a page: not a table cell, not a page frame. */
export function boxLimits(pageWidth: number, pageHeight: number): CellLimits {
  return { minWidth: pageWidth * 0.12, maxWidth: pageWidth * 0.7, minHeight: pageHeight * 0.03, maxHeight: pageHeight * 0.4 };
}

/** How big a photo frame or a serial cell inside a box can be on a page. */
export function smallCellLimits(pageWidth: number, pageHeight: number): CellLimits {
  return { minWidth: 8, maxWidth: pageWidth * 0.3, minHeight: 20, maxHeight: pageHeight * 0.2 };
}

/** Limits that hold both kinds of cell: the page's ruling is closed into cells once, then sorted. */
export function anyCellLimits(pageWidth: number, pageHeight: number): CellLimits {
  const box = boxLimits(pageWidth, pageHeight);
  const small = smallCellLimits(pageWidth, pageHeight);
  return {
    minWidth: Math.min(box.minWidth, small.minWidth),
    maxWidth: Math.max(box.maxWidth, small.maxWidth),
    minHeight: Math.min(box.minHeight, small.minHeight),
    maxHeight: Math.max(box.maxHeight, small.maxHeight),
  };
}

export function withinLimits(r: Rect, limits: CellLimits): boolean {
  return r.width >= limits.minWidth && r.width <= limits.maxWidth && r.height >= limits.minHeight && r.height <= limits.maxHeight;
}

/**
 * Rectangles that may be voter boxes, without duplicates: painted rectangles first (exact), then
 * the cells closed by the page's ruled lines (boxes drawn side by side; `cells` found with limits
 * at least as wide as boxLimits).
 */
export function candidateRects(rects: Rect[], cells: Rect[], pageWidth: number, pageHeight: number): Rect[] {
  const limits = boxLimits(pageWidth, pageHeight);
  const fits = (r: Rect) => withinLimits(r, limits) && r.width > r.height * 0.8;
  return dedupe([...rects, ...cells].filter(fits));
}

const TOLERANCE = 2;

function sameSize(r: Rect, s: BoxSize): boolean {
  return Math.abs(r.width - s.width) <= TOLERANCE && Math.abs(r.height - s.height) <= TOLERANCE;
}

/**
 * The voter-box size of a roll: the most common large rectangle over all pages. Among
 * sizes nearly as common as the most common one, the largest wins (an outer box beats the inner
 * cells that every box repeats). Null when no size repeats at least `minCount` times.
 *
 * With `holdsId` (does this rectangle of page i hold an ID-shaped text?): when no rectangle of that
 * size holds an ID while most rectangles of another size repeated `minCount` times do, the other
 * size is the voter box. A short list (a supplement of a few voters) can have fewer boxes than
 * its cover's table has cells.
 */
export function dominantBoxSize(pages: Rect[][], minCount = 3, holdsId?: (page: number, r: Rect) => boolean): BoxSize | null {
  // each size with its rectangles (and their pages): how common it is is how many it has
  const buckets: { size: BoxSize; members: [number, Rect][] }[] = [];
  pages.forEach((rects, page) => {
    for (const r of rects) {
      const bucket = buckets.find((b) => sameSize(r, b.size));
      if (bucket) bucket.members.push([page, r]);
      else buckets.push({ size: { width: r.width, height: r.height }, members: [[page, r]] });
    }
  });
  if (buckets.length === 0) return null;
  const max = maxOf(buckets.map((b) => b.members.length));
  if (max < minCount) return null;
  const near = buckets.filter((b) => b.members.length >= max * 0.7);
  near.sort((a, b) => b.size.width * b.size.height - a.size.width * a.size.height);
  const chosen = near[0];
  if (!holdsId || chosen.members.some(([page, r]) => holdsId(page, r))) return chosen.size;
  const withIds = buckets
    .filter((b) => b !== chosen && b.members.length >= minCount && b.members.filter(([page, r]) => holdsId(page, r)).length * 2 > b.members.length)
    .sort((a, b) => b.members.length - a.members.length);
  return withIds[0]?.size ?? chosen.size;
}

/** The rectangles on one page that have the voter-box size and do not overlap each other. */
export function boxesOfSize(rects: Rect[], size: BoxSize): Rect[] {
  const out: Rect[] = [];
  for (const r of rects.filter((x) => sameSize(x, size))) {
    if (!out.some((o) => overlapArea(o, r) > 0.25 * r.width * r.height)) out.push(r);
  }
  return out;
}

/** The photo area inside a box: the largest tall rectangle within it, if any. */
export function photoRect(box: Rect, rects: Rect[]): Rect | null {
  let best: Rect | null = null;
  for (const r of rects) {
    const inside = r.x >= box.x - 0.5 && r.y >= box.y - 0.5 && r.x + r.width <= box.x + box.width + 0.5 && r.y + r.height <= box.y + box.height + 0.5;
    if (!inside) continue;
    if (r.height < box.height * 0.45 || r.width < box.width * 0.1 || r.width > box.width * 0.45) continue;
    if (r.height > r.width * 3) continue;
    if (!best || r.width * r.height > best.width * best.height) best = r;
  }
  return best;
}

/**
 * The boxes of a page that have a variant of the voter-box size: supplement lists (additions,
 * deletions, corrections) print the same columns of boxes a little taller or shorter, to make room
 * for a cell that refers to the main list or holds a deletion code. A variant keeps the roll's box
 * width (within 8%) and its height within 0.7..1.5 times. Nothing but its text tells such a box from
 * a table's cell of that size: one is kept when it holds a voter (`holdsVoter`: an ID, or a serial
 * with the voter's fields), or a serial (`holdsSerial`) in a box of the size of one that holds a
 * voter; never over a box already `taken`, nor over another variant (the one nearest the roll's
 * size first).
 */
export function variantBoxes(
  rects: Rect[],
  size: BoxSize,
  taken: Rect[],
  holds: { voter: (r: Rect) => boolean; serial: (r: Rect) => boolean },
): Rect[] {
  const variants = dedupe(
    rects.filter((r) => !sameSize(r, size) && Math.abs(r.width - size.width) <= size.width * 0.08 && r.height >= size.height * 0.7 && r.height <= size.height * 1.5),
  ).sort((a, b) => Math.abs(a.height - size.height) - Math.abs(b.height - size.height));
  const free = (r: Rect, others: Rect[]) => !others.some((o) => overlapArea(o, r) > 0.25 * Math.min(o.width * o.height, r.width * r.height));
  const voters: Rect[] = [];
  for (const r of variants) if (free(r, [...taken, ...voters]) && holds.voter(r)) voters.push(r);
  const out = [...voters];
  for (const r of variants) {
    if (out.includes(r) || !voters.some((v) => sameSize(r, v)) || !free(r, [...taken, ...out])) continue;
    if (holds.serial(r)) out.push(r);
  }
  return out;
}
