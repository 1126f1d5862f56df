import { levelAtCount } from '../engines/image';

/**
 * Voter boxes from pixels (scanned or image-only rolls): long horizontal and vertical ink runs are
 * ruled lines; a box is a cell whose four sides are ruled along most of their length and which no
 * ruled line crosses (an "atomic" cell). Works on a deskewed page.
 */
export interface PixelRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

interface Line {
  /** position across the line (row for horizontal lines, column for vertical ones) */
  pos: number;
  from: number;
  to: number;
  /** prefix sums of coverage along the line (1 per covered pixel) */
  prefix: Int32Array;
}

const GAP = 2; // ink runs may be broken by this many light pixels (noise, JPEG)

/**
 * Marks ink pixels that belong to long runs along rows (horizontal) or columns (vertical). Both
 * walk the image row by row (columns keep their run state in arrays), which keeps memory access
 * sequential.
 */
function longRuns(ink: Uint8Array, width: number, height: number, horizontal: boolean, minRun: number): Uint8Array {
  const mask = new Uint8Array(width * height);
  if (horizontal) {
    for (let y = 0; y < height; y++) {
      const row = y * width;
      let start = -1;
      let lastInk = -10;
      for (let x = 0; x < width; x++) {
        if (ink[row + x] !== 1) continue;
        if (start < 0 || x - lastInk > GAP + 1) {
          if (start >= 0 && lastInk - start + 1 >= minRun) mask.fill(1, row + start, row + lastInk + 1);
          start = x;
        }
        lastInk = x;
      }
      if (start >= 0 && lastInk - start + 1 >= minRun) mask.fill(1, row + start, row + lastInk + 1);
    }
    return mask;
  }
  const start = new Int32Array(width).fill(-1);
  const lastInk = new Int32Array(width).fill(-10);
  const mark = (x: number) => {
    for (let k = start[x]; k <= lastInk[x]; k++) mask[k * width + x] = 1;
  };
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      if (ink[row + x] !== 1) continue;
      if (start[x] < 0 || y - lastInk[x] > GAP + 1) {
        if (start[x] >= 0 && lastInk[x] - start[x] + 1 >= minRun) mark(x);
        start[x] = y;
      }
      lastInk[x] = y;
    }
  }
  for (let x = 0; x < width; x++) if (start[x] >= 0 && lastInk[x] - start[x] + 1 >= minRun) mark(x);
  return mask;
}

/** Groups the rows (or columns) rich in long runs into lines with a coverage profile. */
function findLines(mask: Uint8Array, width: number, height: number, horizontal: boolean, minCover: number): Line[] {
  const outer = horizontal ? height : width;
  const inner = horizontal ? width : height;
  const counts = new Int32Array(outer);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    if (horizontal) {
      let c = 0;
      for (let x = 0; x < width; x++) c += mask[row + x];
      counts[y] = c;
    } else for (let x = 0; x < width; x++) counts[x] += mask[row + x];
  }
  const lines: Line[] = [];
  for (let o = 0; o < outer; ) {
    if (counts[o] < minCover) {
      o++;
      continue;
    }
    let end = o;
    while (end + 1 < outer && counts[end + 1] >= minCover * 0.3) end++;
    // a line band is a few pixels thick: cover = any band row inked at this position (+-2 rows)
    const from = Math.max(0, o - 2);
    const to = Math.min(outer - 1, end + 2);
    const prefix = new Int32Array(inner + 1);
    for (let i = 0; i < inner; i++) {
      let on = 0;
      for (let b = from; b <= to && !on; b++) on = mask[horizontal ? b * width + i : i * width + b];
      prefix[i + 1] = prefix[i] + on;
    }
    lines.push({ pos: (o + end) / 2, from: o, to: end, prefix });
    o = end + 1;
  }
  return lines;
}

function coverage(line: Line, a: number, b: number): number {
  const lo = Math.max(0, Math.floor(a));
  const hi = Math.min(line.prefix.length - 1, Math.ceil(b));
  if (hi <= lo) return 0;
  return (line.prefix[hi] - line.prefix[lo]) / (hi - lo);
}

export interface CellOptions {
  /** Smallest and largest box size as a share of the page (width, height). */
  minW?: number;
  maxW?: number;
  minH?: number;
  maxH?: number;
  /** Share of a side that must be ruled. */
  sideCover?: number;
  /** Shortest ink run taken as part of a ruled line, as a share of the width / height. */
  runW?: number;
  runH?: number;
}

export function findCells(ink: Uint8Array, width: number, height: number, opts: CellOptions = {}): PixelRect[] {
  const { minW = 0.12, maxW = 0.7, minH = 0.035, maxH = 0.4, sideCover = 0.8, runW = 0.08, runH = 0.03 } = opts;
  const hMask = longRuns(ink, width, height, true, Math.round(width * runW));
  const vMask = longRuns(ink, width, height, false, Math.round(height * runH));
  const hLines = findLines(hMask, width, height, true, width * runW);
  const vLines = findLines(vMask, width, height, false, height * runH);
  const cells: PixelRect[] = [];
  const tol = 3;
  for (let i = 0; i < hLines.length; i++) {
    for (let k = i + 1; k < hLines.length; k++) {
      const top = hLines[i];
      const bottom = hLines[k];
      const h = bottom.pos - top.pos;
      if (h < height * minH) continue;
      if (h > height * maxH) break;
      for (let j = 0; j < vLines.length; j++) {
        for (let l = j + 1; l < vLines.length; l++) {
          const left = vLines[j];
          const right = vLines[l];
          const w = right.pos - left.pos;
          if (w < width * minW) continue;
          if (w > width * maxW) break;
          if (coverage(top, left.pos + tol, right.pos - tol) < sideCover) continue;
          if (coverage(bottom, left.pos + tol, right.pos - tol) < sideCover) continue;
          if (coverage(left, top.pos + tol, bottom.pos - tol) < sideCover) continue;
          if (coverage(right, top.pos + tol, bottom.pos - tol) < sideCover) continue;
          // atomic: no ruled line crosses the cell from side to side
          let crossed = false;
          for (let m = i + 1; m < k && !crossed; m++) crossed = coverage(hLines[m], left.pos + tol, right.pos - tol) >= sideCover;
          for (let m = j + 1; m < l && !crossed; m++) crossed = coverage(vLines[m], top.pos + tol, bottom.pos - tol) >= sideCover;
          if (crossed) continue;
          cells.push({ x: left.pos, y: top.pos, width: w, height: h });
          break; // the nearest right side that closes the cell
        }
      }
    }
  }
  return cells;
}

/** The most common cell size (within 4%); null if no size occurs at least `minCount` times. */
export function commonCellSize(cells: PixelRect[], minCount = 2): { width: number; height: number; count: number } | null {
  const buckets: { width: number; height: number; count: number }[] = [];
  for (const c of cells) {
    const b = buckets.find((x) => Math.abs(x.width - c.width) <= x.width * 0.04 && Math.abs(x.height - c.height) <= x.height * 0.04);
    if (b) b.count++;
    else buckets.push({ width: c.width, height: c.height, count: 1 });
  }
  buckets.sort((a, b) => b.count - a.count || b.width * b.height - a.width * a.height);
  return buckets[0] && buckets[0].count >= minCount ? buckets[0] : null;
}

export function cellsOfSize(cells: PixelRect[], size: { width: number; height: number }): PixelRect[] {
  return cells.filter((c) => Math.abs(c.width - size.width) <= size.width * 0.04 && Math.abs(c.height - size.height) <= size.height * 0.04);
}

/**
 * The size of a page's boxes when none has the roll's size: supplement lists (additions,
 * deletions, corrections) print the same columns of boxes a little taller or shorter, to make room
 * for the extra framed cell that refers to the main list. A variant keeps the roll's box width
 * (within 8%) and its height within -30%..+50%; the page's most common such size is returned (one
 * box is enough: a supplement may hold a single voter). The caller confirms it by OCR, since
 * nothing else tells such a box from a table's cell of that size.
 */
export function variantCellSize(cells: PixelRect[], size: { width: number; height: number }): { width: number; height: number; count: number } | null {
  const alike = cells.filter((c) => Math.abs(c.width - size.width) <= size.width * 0.08 && c.height >= size.height * 0.7 && c.height <= size.height * 1.5);
  return commonCellSize(alike, 1);
}

/** Groups values that lie within `tolerance` of their group's first value; returns group means. */
function clusters(values: number[], tolerance: number): { at: number; count: number }[] {
  const groups: number[][] = [];
  for (const v of [...values].sort((a, b) => a - b)) {
    const g = groups[groups.length - 1];
    if (g && v - g[0] <= tolerance) g.push(v);
    else groups.push([v]);
  }
  return groups.map((g) => ({ at: g.reduce((s, v) => s + v, 0) / g.length, count: g.length }));
}

/**
 * Fills the holes of a page's grid of boxes: a box whose outline is broken in the scan is not
 * found as a cell, but its row (other boxes at its height) and its column (boxes at its x on
 * other rows) place it. Returns the implied cells only (same size as the others); the caller
 * keeps one only if OCR reads a serial or an EPIC in it.
 */
export function impliedCells(cells: PixelRect[], size: { width: number; height: number }): PixelRect[] {
  if (cells.length < 3) return [];
  const columns = clusters(cells.map((c) => c.x), size.width / 4).filter((c) => c.count >= 2);
  const rows = clusters(cells.map((c) => c.y), size.height / 3);
  if (columns.length < 2) return [];
  const out: PixelRect[] = [];
  for (const row of rows) {
    const inRow = cells.filter((c) => Math.abs(c.y - row.at) <= size.height / 3);
    for (const col of columns) {
      if (inRow.some((c) => Math.abs(c.x - col.at) <= size.width / 4)) continue;
      const y = Math.round(row.at);
      const x = Math.round(col.at);
      // neighbours share their borders: only a real overlap rules the place out
      const overlaps = (c: PixelRect) =>
        Math.min(c.x + c.width, x + size.width) - Math.max(c.x, x) > size.width * 0.1 && Math.min(c.y + c.height, y + size.height) - Math.max(c.y, y) > size.height * 0.1;
      if (cells.some(overlaps)) continue;
      out.push({ x, y, width: size.width, height: size.height });
    }
  }
  return out;
}

/** A box's interior in whole pixels, a few pixels in from its own ruling; null when too small. */
function interior(cell: PixelRect, imageWidth: number, imageHeight: number, inset = 4): PixelRect | null {
  const x = Math.max(0, Math.round(cell.x) + inset);
  const y = Math.max(0, Math.round(cell.y) + inset);
  const width = Math.min(imageWidth - x, Math.round(cell.width) - 2 * inset);
  const height = Math.min(imageHeight - y, Math.round(cell.height) - 2 * inset);
  return width < 20 || height < 20 ? null : { x, y, width, height };
}

/**
 * The photo area inside a voter box found in pixels: the largest ruled rectangle within the box
 * that is 10-45 % of its width and at least 45 % of its height (the same rule as for drawn
 * rectangles, box-size.ts photoRect). `ink` is the page's binarized image. Null when none.
 */
export function photoInCell(ink: Uint8Array, width: number, cell: PixelRect): PixelRect | null {
  // a photo frame may stand a pixel or two from the box's own ruling (its bottom on the box's bottom line):
  // looked for again closer to the ruling when it is not found inside
  return photoInside(ink, width, cell, 4) ?? photoInside(ink, width, cell, 1);
}

function photoInside(ink: Uint8Array, width: number, cell: PixelRect, inset: number): PixelRect | null {
  const inner = interior(cell, width, Math.floor(ink.length / width), inset);
  if (!inner) return null;
  const { x: x0, y: y0, width: w, height: h } = inner;
  const crop = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) crop.set(ink.subarray((y0 + y) * width + x0, (y0 + y) * width + x0 + w), y * w);
  const scale = { w: cell.width / w, h: cell.height / h };
  const found = findCells(crop, w, h, { minW: 0.1 * scale.w, maxW: 0.45 * scale.w, minH: 0.45 * scale.h, maxH: 1, sideCover: 0.8, runW: 0.08 * scale.w, runH: 0.4 * scale.h });
  let best: PixelRect | null = null;
  for (const c of found) {
    if (c.height > c.width * 3) continue;
    if (!best || c.width * c.height > best.width * best.height) best = c;
  }
  return best ? { x: best.x + x0, y: best.y + y0, width: best.width, height: best.height } : null;
}

/**
 * A printed photo (filled, often without a ruled border) inside a voter box: the widest block of
 * columns whose "darker than paper" pixels run down at least 45 % of the box, 10-45 % of the box
 * wide. Text never runs that far down a column; a photo's tones do. `gray` is the deskewed page.
 */
export function filledPhotoInCell(gray: { width: number; height: number; data: Uint8Array }, cell: PixelRect): PixelRect | null {
  const inner = interior(cell, gray.width, gray.height);
  if (!inner) return null;
  const { x: x0, y: y0, width: w, height: h } = inner;
  // paper: the 80th percentile grey of the box (most of a box is paper)
  const hist = new Int32Array(256);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) hist[gray.data[(y0 + y) * gray.width + x0 + x]]++;
  const dark = levelAtCount(hist, w * h * 0.8) - 40;
  const minRun = Math.round(cell.height * 0.45);
  const runs: { x: number; from: number; to: number }[] = [];
  for (let x = 0; x < w; x++) {
    let best = { from: 0, to: -1 };
    let start = -1;
    let last = -10;
    for (let y = 0; y < h; y++) {
      if (gray.data[(y0 + y) * gray.width + x0 + x] > dark) continue;
      if (start < 0 || y - last > 3) start = y;
      last = y;
      if (last - start > best.to - best.from) best = { from: start, to: last };
    }
    if (best.to - best.from + 1 >= minRun) runs.push({ x, ...best });
  }
  // the widest block of such columns (gaps of a few columns allowed: a face's pale patches)
  let block: typeof runs = [];
  let current: typeof runs = [];
  for (const r of runs) {
    if (current.length > 0 && r.x - current[current.length - 1].x > 4) current = [];
    current.push(r);
    if (current[current.length - 1].x - current[0].x > (block.length ? block[block.length - 1].x - block[0].x : -1)) block = [...current];
  }
  if (block.length === 0) return null;
  const left = block[0].x;
  const right = block[block.length - 1].x;
  const width = right - left + 1;
  if (width < cell.width * 0.1 || width > cell.width * 0.45) return null;
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const top = median(block.map((r) => r.from));
  const bottom = median(block.map((r) => r.to));
  return { x: x0 + left, y: y0 + top, width, height: bottom - top + 1 };
}
