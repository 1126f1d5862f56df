import type { Rect } from '../../types';
import { boundsOf } from '../geometry';

/**
 * Boxes drawn as separate lines. Many producers never paint a rectangle: the 2025 ECI rolls
 * (iText) and State Election Commission lists (PDFsharp) stroke each side of a box as its own line,
 * and some paint sides as thin filled bars. A page's straight axis-aligned strokes are merged into
 * ruled lines, and every rectangle closed by four of them and crossed by none is a cell.
 */
export interface Segment {
  horizontal: boolean;
  /** y of a horizontal segment, x of a vertical one */
  pos: number;
  from: number;
  to: number;
}

const EPS = 0.3;
/** Strokes this far apart across their direction are one ruled line (double-drawn edges, 0.5 pt gaps). */
const MERGE_ACROSS = 1.2;
/** Pieces of one line may leave gaps this long (dashes, joins). */
const MERGE_ALONG = 2;
/** A side counts as ruled when lines cover this share of it. */
const SIDE_COVER = 0.9;
const MAX_SEGMENTS = 6000;

/** The axis-aligned straight pieces of a subpath (closed: its last point joins its first). */
export function subpathSegments(points: [number, number][], closed: boolean): Segment[] {
  const out: Segment[] = [];
  const n = points.length;
  const edges = closed && n > 2 ? n : n - 1;
  for (let i = 0; i < edges; i++) {
    const [ax, ay] = points[i];
    const [bx, by] = points[(i + 1) % n];
    if (!Number.isFinite(ax + ay + bx + by)) continue;
    if (Math.abs(ay - by) < EPS && Math.abs(ax - bx) >= 2) out.push({ horizontal: true, pos: (ay + by) / 2, from: Math.min(ax, bx), to: Math.max(ax, bx) });
    else if (Math.abs(ax - bx) < EPS && Math.abs(ay - by) >= 2) out.push({ horizontal: false, pos: (ax + bx) / 2, from: Math.min(ay, by), to: Math.max(ay, by) });
  }
  return out;
}

/** A filled shape no thicker than a ruled line drawn as a bar: its centre line. */
export function barSegment(points: [number, number][]): Segment | null {
  if (points.length < 3 || points.some(([x, y]) => !Number.isFinite(x + y))) return null;
  const [x0, y0, x1, y1] = boundsOf(points);
  const w = x1 - x0;
  const h = y1 - y0;
  if (h <= 2.5 && w >= 4 * Math.max(h, 0.5)) return { horizontal: true, pos: (y0 + y1) / 2, from: x0, to: x1 };
  if (w <= 2.5 && h >= 4 * Math.max(w, 0.5)) return { horizontal: false, pos: (x0 + x1) / 2, from: y0, to: y1 };
  return null;
}

interface Line {
  pos: number;
  /** covered intervals along the line, sorted and disjoint */
  spans: [number, number][];
}

function mergeLines(segments: Segment[]): Line[] {
  const sorted = [...segments].sort((a, b) => a.pos - b.pos);
  const groups: Segment[][] = [];
  for (const s of sorted) {
    const g = groups[groups.length - 1];
    if (g && s.pos - g[g.length - 1].pos <= MERGE_ACROSS) g.push(s);
    else groups.push([s]);
  }
  return groups.map((g) => {
    const spans: [number, number][] = [];
    for (const s of [...g].sort((a, b) => a.from - b.from)) {
      const last = spans[spans.length - 1];
      if (last && s.from <= last[1] + MERGE_ALONG) last[1] = Math.max(last[1], s.to);
      else spans.push([s.from, s.to]);
    }
    return { pos: g.reduce((t, s) => t + s.pos, 0) / g.length, spans };
  });
}

/** Share of [a, b] that the line covers. */
function cover(line: Line, a: number, b: number): number {
  const spans = line.spans;
  // the spans are sorted and disjoint: start at the first one that ends after a
  let lo = 0;
  let hi = spans.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (spans[mid][1] <= a) lo = mid + 1;
    else hi = mid;
  }
  let covered = 0;
  for (let i = lo; i < spans.length && spans[i][0] < b; i++) {
    const from = Math.max(spans[i][0], a);
    const to = Math.min(spans[i][1], b);
    if (to > from) covered += to - from;
  }
  return covered / Math.max(1e-6, b - a);
}

export interface CellLimits {
  minWidth: number;
  maxWidth: number;
  minHeight: number;
  maxHeight: number;
}

/**
 * The cells of a page's ruling: rectangles whose four sides are ruled along at least 90% of their
 * length and that no ruled line crosses from side to side (a cell two boxes tall is not a box).
 * Only cells within `limits` are returned.
 */
export function cellsFromSegments(segments: Segment[], limits: CellLimits): Rect[] {
  // a roll page rules a few hundred lines; a drawing of many thousands is not a grid of boxes
  if (segments.length > MAX_SEGMENTS) return [];
  const hs = mergeLines(segments.filter((s) => s.horizontal));
  const vs = mergeLines(segments.filter((s) => !s.horizontal));
  if (hs.length < 2 || vs.length < 2) return [];
  const out: Rect[] = [];
  const V = vs.length;
  // whether horizontal line k rules the whole span between vertical lines l and r (memoised)
  const across = new Int8Array(hs.length * V * V).fill(-1);
  const rules = (k: number, l: number, r: number): boolean => {
    const i = (k * V + l) * V + r;
    if (across[i] < 0) across[i] = cover(hs[k], vs[l].pos, vs[r].pos) >= SIDE_COVER ? 1 : 0;
    return across[i] === 1;
  };
  const spanning: number[] = [];
  for (let b = 0; b < hs.length; b++) {
    for (let t = b + 1; t < hs.length; t++) {
      const y0 = hs[b].pos;
      const y1 = hs[t].pos;
      const h = y1 - y0;
      if (h < limits.minHeight) continue;
      if (h > limits.maxHeight) break;
      // the vertical lines that rule the whole band: a cell's sides are two of them with none
      // between (one between would cross it), so each can only pair with the next
      spanning.length = 0;
      for (let k = 0; k < V; k++) if (cover(vs[k], y0, y1) >= SIDE_COVER) spanning.push(k);
      for (let i = 0; i + 1 < spanning.length; i++) {
        const l = spanning[i];
        const r = spanning[i + 1];
        const x0 = vs[l].pos;
        const w = vs[r].pos - x0;
        if (w < limits.minWidth || w > limits.maxWidth) continue;
        if (!rules(b, l, r) || !rules(t, l, r)) continue;
        // atomic: no ruled line crosses the cell from side to side
        let crossed = false;
        for (let k = b + 1; k < t && !crossed; k++) crossed = rules(k, l, r);
        if (!crossed) out.push({ x: x0, y: y0, width: w, height: h });
      }
    }
  }
  return out;
}
