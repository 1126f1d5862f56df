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

/**
 * The length of the line covered below each of `positions` (ascending): the share of [a, b] it
 * covers is then (at(b) - at(a)) / (b - a), without a search per question.
 */
function coveredBelow(line: Line, positions: readonly number[]): Float64Array {
  const out = new Float64Array(positions.length);
  const spans = line.spans;
  let i = 0;
  let whole = 0;
  for (let j = 0; j < positions.length; j++) {
    const p = positions[j];
    while (i < spans.length && spans[i][1] <= p) {
      whole += spans[i][1] - spans[i][0];
      i++;
    }
    out[j] = whole + (i < spans.length && spans[i][0] < p ? p - spans[i][0] : 0);
  }
  return out;
}

/** Whether a line covered `below` (coveredBelow) rules [positions[a], positions[b]] along SIDE_COVER of it. */
function rulesBetween(below: Float64Array, positions: readonly number[], a: number, b: number): boolean {
  return (below[b] - below[a]) / Math.max(1e-6, positions[b] - positions[a]) >= SIDE_COVER;
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
  const ys = hs.map((h) => h.pos);
  const xs = vs.map((v) => v.pos);
  // every line's covered length up to every crossing line's position, once: each question below
  // ("does this line rule the span between those two?") is then two lookups
  const vBelow = vs.map((v) => coveredBelow(v, ys));
  const hBelow = hs.map((h) => coveredBelow(h, xs));
  const spanning: number[] = [];
  for (let b = 0; b < hs.length; b++) {
    for (let t = b + 1; t < hs.length; t++) {
      const y0 = ys[b];
      const h = ys[t] - y0;
      if (h < limits.minHeight) continue;
      if (h > limits.maxHeight) break;
      // the vertical lines that rule the whole band: a cell's sides are two of them with none
      // between (one between would cross it), so each can only pair with the next
      spanning.length = 0;
      for (let k = 0; k < V; k++) if (rulesBetween(vBelow[k], ys, b, t)) spanning.push(k);
      for (let i = 0; i + 1 < spanning.length; i++) {
        const l = spanning[i];
        const r = spanning[i + 1];
        const x0 = xs[l];
        const w = xs[r] - x0;
        if (w < limits.minWidth || w > limits.maxWidth) continue;
        if (!rulesBetween(hBelow[b], xs, l, r) || !rulesBetween(hBelow[t], xs, l, r)) continue;
        // atomic: no ruled line crosses the cell from side to side
        let crossed = false;
        for (let k = b + 1; k < t && !crossed; k++) crossed = rulesBetween(hBelow[k], xs, l, r);
        if (!crossed) out.push({ x: x0, y: y0, width: w, height: h });
      }
    }
  }
  return out;
}
