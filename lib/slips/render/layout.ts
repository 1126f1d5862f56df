/**
 * Page layout: the grid of slip cells for a page size × orientation × slips-per-page.
 * Coordinates are PDF points, origin bottom-left. Only the combinations in ALLOWED_SLIPS_PER_PAGE are accepted.
 */
import {
  ALLOWED_SLIPS_PER_PAGE,
  ORIENTATIONS,
  PAGE_SIZES,
  ROLL_SIZES,
  allowedSlipsPerPage,
  isAllowedLayout,
  isRollSize,
  type Orientation,
  type PageSize,
} from '../layout-options';
import type { Rect } from '../types';

export interface SlipLayout {
  pageSize: PageSize;
  orientation: Orientation;
  slipsPerPage: number;
}

export interface PageGrid {
  pageWidth: number;
  pageHeight: number;
  /** Even margin kept on all four sides (points). */
  margin: number;
  cols: number;
  rows: number;
  cellWidth: number;
  cellHeight: number;
  /** Cells in reading order: left to right, top to bottom. */
  cells: Rect[];
}

const MM = 72 / 25.4;

/**
 * Portrait page sizes in points. A roll's label is as long as a slip drawn across the roll's printable width
 * needs (banner, the voter's box, the facts line and the address).
 */
export const PAGE_DIMENSIONS: Record<PageSize, { width: number; height: number }> = {
  a4: { width: 595.28, height: 841.89 },
  a3: { width: 841.89, height: 1190.55 },
  letter: { width: 612, height: 792 },
  legal: { width: 612, height: 1008 },
  roll58: { width: 58 * MM, height: 76 * MM },
  roll80: { width: 80 * MM, height: 96 * MM },
};

/**
 * 0.25 in on sheets: inside the unprintable border of common office printers, so nothing gets cut off. On rolls,
 * the strip a thermal head does not reach: 58 mm printers print 48 mm, 80 mm printers 72 mm.
 */
export const PAGE_MARGIN = 18;
const ROLL_MARGIN: Record<(typeof ROLL_SIZES)[number], number> = { roll58: 5 * MM, roll80: 4 * MM };

function marginOf(size: PageSize): number {
  return isRollSize(size) ? ROLL_MARGIN[size] : PAGE_MARGIN;
}

/**
 * The shape of a typical slip (banner + roll box 179.5 × 71.5 pt + address, with padding), used to
 * choose the grid whose cells let that slip be drawn largest.
 */
const REFERENCE_SLIP = { width: 190, height: 140 };

import { LayoutError } from './errors';

export { LayoutError };

export function validateLayout(layout: SlipLayout): void {
  const { pageSize, orientation, slipsPerPage } = layout;
  if (!(PAGE_SIZES as readonly string[]).includes(pageSize)) {
    throw new LayoutError(`Unknown page size '${pageSize}'; allowed: ${PAGE_SIZES.join(', ')}.`);
  }
  if (!(ORIENTATIONS as readonly string[]).includes(orientation)) {
    throw new LayoutError(`Unknown orientation '${orientation}'; allowed: ${ORIENTATIONS.join(', ')}.`);
  }
  if (!isAllowedLayout(pageSize, orientation, slipsPerPage)) {
    throw new LayoutError(
      `${slipsPerPage} slips per page is not allowed for ${pageSize} ${orientation}; allowed: ${allowedSlipsPerPage(pageSize, orientation).join(', ')}.`,
    );
  }
}

export function pageDimensions(pageSize: PageSize, orientation: Orientation): { width: number; height: number } {
  const { width, height } = PAGE_DIMENSIONS[pageSize];
  // a roll is as wide as it is, whichever way the slip is asked for
  return orientation === 'portrait' || isRollSize(pageSize) ? { width, height } : { width: height, height: width };
}

/** Every allowed layout (ALLOWED_SLIPS_PER_PAGE), for tests and tools. */
export function allLayouts(): SlipLayout[] {
  const out: SlipLayout[] = [];
  for (const pageSize of PAGE_SIZES) {
    for (const orientation of ORIENTATIONS) {
      for (const slipsPerPage of ALLOWED_SLIPS_PER_PAGE[pageSize][orientation]) out.push({ pageSize, orientation, slipsPerPage });
    }
  }
  return out;
}

/** The grid for an allowed layout; throws LayoutError (naming the allowed values) otherwise. */
export function computeGrid(layout: SlipLayout): PageGrid {
  validateLayout(layout);
  const { width: pageWidth, height: pageHeight } = pageDimensions(layout.pageSize, layout.orientation);
  const margin = marginOf(layout.pageSize);
  const usableW = pageWidth - 2 * margin;
  const usableH = pageHeight - 2 * margin;
  const n = layout.slipsPerPage;
  let best: { cols: number; rows: number; scale: number } | null = null;
  for (let cols = 1; cols <= n; cols++) {
    if (n % cols !== 0) continue;
    const rows = n / cols;
    const scale = Math.min(usableW / cols / REFERENCE_SLIP.width, usableH / rows / REFERENCE_SLIP.height);
    // Prefer the larger slip; on a tie, the squarer cell.
    if (!best || scale > best.scale + 1e-9) best = { cols, rows, scale };
  }
  if (!best) throw new LayoutError(`No grid for ${n} slips per page.`);
  const { cols, rows } = best;
  const cellWidth = usableW / cols;
  const cellHeight = usableH / rows;
  const cells: Rect[] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      cells.push({ x: margin + c * cellWidth, y: pageHeight - margin - (r + 1) * cellHeight, width: cellWidth, height: cellHeight });
    }
  }
  return { pageWidth, pageHeight, margin, cols, rows, cellWidth, cellHeight, cells };
}

/**
 * One slip per page: a page the size of one cell of `grid` (the task's layout) and the same margin, for
 * printing a few slips on slip paper or cutting nothing.
 */
export function onePerPageGrid(grid: PageGrid): PageGrid {
  const { margin, cellWidth, cellHeight } = grid;
  return { pageWidth: cellWidth + 2 * margin, pageHeight: cellHeight + 2 * margin, margin, cols: 1, rows: 1, cellWidth, cellHeight, cells: [{ x: margin, y: margin, width: cellWidth, height: cellHeight }] };
}

/** Number of pages of the final document. */
export function pageCount(slips: number, slipsPerPage: number): number {
  return Math.ceil(slips / slipsPerPage);
}
