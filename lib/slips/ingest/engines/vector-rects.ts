import type { Rect } from '../../types';
import { apply, boundsOf, compose, IDENTITY, type Matrix } from '../geometry';
import { loadPdfJs, type PdfPage } from './pdfjs';
import { barSegment, subpathSegments, type Segment } from './segments';

/** Path-drawing codes inside pdf.js 5 `constructPath` data (DrawOPS). */
const MOVE = 0;
const LINE = 1;
const CURVE = 2;
const CLOSE = 3;

/** An axis-aligned rectangle painted (stroked or filled) on the page, in PDF user space. */
export interface PaintedRect extends Rect {
  stroked: boolean;
}

export interface PageDrawing {
  rects: PaintedRect[];
  /** Straight axis-aligned strokes and thin bars: the page's ruling, however it was drawn. */
  segments: Segment[];
  /** Number of images painted on the page and the share of the page they cover (0..1). */
  images: number;
  imageCover: number;
  /** Transformation of the largest image (unit square -> page), if any. */
  imageMatrix: Matrix | null;
  /** Number of path-painting operations (to tell a bare scan from a drawn page). */
  paths: number;
  /**
   * Where the page paints an image, or a shape with a slanted or curved edge (not the ruling): what a
   * stamp drawn rather than written over a box would be (at most MAX_MARKS a page).
   */
  marks: Rect[];
}

/** The most marks kept for a page (a page drawing its text as outlines has one per glyph). */
export const MAX_MARKS = 20_000;

/** Bounds of the finite points of a painted path, and whether one of its edges is slanted or it has a curve. */
export function slantedBounds(points: [number, number][], curved: boolean): Rect | null {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  let slanted = curved;
  let prev: [number, number] | null = null;
  for (const p of points) {
    const [x, y] = p;
    if (!Number.isFinite(x + y)) {
      slanted = true;
      prev = null;
      continue;
    }
    if (prev && Math.abs(prev[0] - x) > 0.05 && Math.abs(prev[1] - y) > 0.05) slanted = true;
    prev = p;
    x0 = Math.min(x0, x);
    y0 = Math.min(y0, y);
    x1 = Math.max(x1, x);
    y1 = Math.max(y1, y);
  }
  return slanted && x1 >= x0 ? { x: x0, y: y0, width: x1 - x0, height: y1 - y0 } : null;
}

function subpathRect(points: [number, number][]): Rect | null {
  // A rectangle: 4 distinct corners (a 5th point equal to the first is allowed), axis aligned.
  let pts = points;
  if (pts.length === 5 && Math.abs(pts[0][0] - pts[4][0]) < 0.01 && Math.abs(pts[0][1] - pts[4][1]) < 0.01) pts = pts.slice(0, 4);
  if (pts.length !== 4) return null;
  const [x0, y0, x1, y1] = boundsOf(pts);
  const eps = 0.05;
  for (const [x, y] of pts) {
    const onX = Math.abs(x - x0) < eps || Math.abs(x - x1) < eps;
    const onY = Math.abs(y - y0) < eps || Math.abs(y - y1) < eps;
    if (!onX || !onY) return null;
  }
  // consecutive points must differ in exactly one coordinate (no diagonals)
  for (let i = 0; i < 4; i++) {
    const [ax, ay] = pts[i];
    const [bx, by] = pts[(i + 1) % 4];
    if (Math.abs(ax - bx) > eps && Math.abs(ay - by) > eps) return null;
  }
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

/**
 * Collects what a page paints, whoever read it (pdf.js's operator list here, PDFium in
 * pdfium-page.ts): subpaths in page space with how they were painted, and image placements.
 */
export class DrawingCollector {
  private readonly rects: PaintedRect[] = [];
  private readonly segments: Segment[] = [];
  private images = 0;
  private imageCover = 0;
  private imageMatrix: Matrix | null = null;
  private paths = 0;
  private readonly marks: Rect[] = [];
  private readonly pageArea: number;

  constructor(view: number[]) {
    const [vx0, vy0, vx1, vy1] = view;
    this.pageArea = Math.max(1, (vx1 - vx0) * (vy1 - vy0));
  }

  /** One path-painting operation (painted or not: unpainted ones only count). */
  path(): void {
    this.paths++;
  }

  /** One subpath of a painted path, in page space (a curve point is [NaN, NaN]: curves never make a box). */
  subpath(points: [number, number][], closed: boolean, stroked: boolean): void {
    const slanted = this.marks.length < MAX_MARKS ? slantedBounds(points, false) : null;
    if (slanted) this.marks.push(slanted);
    const r = subpathRect(points);
    if (r) this.rects.push({ ...r, stroked });
    if (stroked) for (const s of subpathSegments(points, closed)) this.segments.push(s);
    else {
      const bar = barSegment(points);
      if (bar) this.segments.push(bar);
      else if (r) for (const s of subpathSegments(points, true)) this.segments.push(s);
    }
  }

  /** An image painted into the unit square of `ctm`. */
  image(ctm: Matrix): void {
    this.images++;
    const [x0, y0, x1, y1] = boundsOf([apply(ctm, 0, 0), apply(ctm, 1, 0), apply(ctm, 0, 1), apply(ctm, 1, 1)]);
    const cover = Math.min(1, ((x1 - x0) * (y1 - y0)) / this.pageArea);
    if (this.marks.length < MAX_MARKS) this.marks.push({ x: x0, y: y0, width: x1 - x0, height: y1 - y0 });
    if (cover > this.imageCover) {
      this.imageCover = cover;
      this.imageMatrix = ctm;
    }
  }

  drawing(): PageDrawing {
    return { rects: this.rects, segments: this.segments, images: this.images, imageCover: this.imageCover, imageMatrix: this.imageMatrix, paths: this.paths, marks: this.marks };
  }
}

/**
 * Reads a page's drawing from its pdf.js operator list: every axis-aligned rectangle that is
 * stroked or filled, with the current transformation applied (save/restore, cm, form XObjects).
 */
export async function readPageDrawing(page: PdfPage): Promise<PageDrawing> {
  const { OPS } = await loadPdfJs();
  const list = await page.getOperatorList();
  const strokeOps = new Set<number>([OPS.stroke, OPS.closeStroke, OPS.fillStroke, OPS.eoFillStroke, OPS.closeFillStroke, OPS.closeEOFillStroke]);
  const fillOps = new Set<number>([OPS.fill, OPS.eoFill]);
  const imageOps = new Set<number>([OPS.paintImageXObject, OPS.paintInlineImageXObject, OPS.paintImageMaskXObject, OPS.paintImageXObjectRepeat]);
  const out = new DrawingCollector(page.view);

  let ctm: Matrix = IDENTITY;
  const stack: Matrix[] = [];

  for (let i = 0; i < list.fnArray.length; i++) {
    const fn = list.fnArray[i];
    const args = list.argsArray[i] as unknown[] | null;
    if (fn === OPS.save) stack.push(ctm);
    else if (fn === OPS.restore) ctm = stack.pop() ?? IDENTITY;
    else if (fn === OPS.transform && args) ctm = compose(ctm, args as Matrix);
    else if (fn === OPS.paintFormXObjectBegin && args) {
      stack.push(ctm);
      const m = args[0] as number[] | null;
      if (m && m.length === 6) ctm = compose(ctm, m as Matrix);
    } else if (fn === OPS.paintFormXObjectEnd) ctm = stack.pop() ?? IDENTITY;
    else if (imageOps.has(fn)) out.image(ctm);
    else if (fn === OPS.constructPath && args) {
      out.path();
      const paint = args[0] as number;
      const stroked = strokeOps.has(paint);
      if (!stroked && !fillOps.has(paint)) continue;
      const paths = args[1] as (ArrayLike<number> | null)[];
      for (const data of paths) {
        if (!data) continue;
        let points: [number, number][] = [];
        const flush = (closed = false) => {
          out.subpath(points, closed, stroked);
          points = [];
        };
        for (let k = 0; k < data.length; ) {
          const op = data[k];
          if (op === MOVE) {
            flush();
            points.push(apply(ctm, data[k + 1], data[k + 2]));
            k += 3;
          } else if (op === LINE) {
            points.push(apply(ctm, data[k + 1], data[k + 2]));
            k += 3;
          } else if (op === CURVE) {
            points.push([NaN, NaN]); // curves never make a box
            k += 7;
          } else if (op === CLOSE) {
            flush(true);
            k += 1;
          } else break;
        }
        flush();
      }
    }
  }
  return out.drawing();
}
