import type { Rect, TextCut } from '../../types';
import { round2, type Matrix } from '../geometry';
import type { Gray } from '../engines/image';
import type { PdfSession } from '../engines/pdfjs';
import { renderGray, type RenderedPage } from '../engines/render';
import type { ScanImages } from '../engines/scan-image';
import type { PixelRect } from './cells';
import { pagePixelsOnThread } from './pixel-pool';
import { pixelBox, type PixelBox } from './pixel-work';
import type { Band } from './strips';

/** Pixels per PDF point when rendering for box finding and OCR (144 dpi). */
export const RENDER_SCALE = 2;

/** A page rendered grey, deskewed and binarised, with the ruled cells found on it. */
export interface Prepared {
  page: number;
  rendered: RenderedPage;
  image: Gray;
  skew: number;
  cells: PixelRect[];
  /** the deskewed page, binarized (1 = ink) */
  ink: Uint8Array;
  /** what each of `cells` holds (pixel-work.ts), found with them */
  boxes: Map<PixelRect, PixelBox>;
  /** each of `cells`' band for OCR (strips.ts bandImage), cut with them */
  bands: Map<PixelRect, Band>;
}

/** What the page scan learnt that lets a bare scanned page skip pdf.js rendering. */
export interface ScanHint {
  imageMatrix: Matrix | null;
  paths: number;
  texts: number;
}

/** Renders page `n` (or takes a bare scan's own image), straightens it and finds its ruled cells. */
export async function prepare(session: PdfSession, n: number, scans?: ScanImages, hint?: ScanHint): Promise<Prepared> {
  const page = await session.guard(`Page ${n}`, session.doc.getPage(n));
  const bare = hint && hint.paths === 0 && hint.texts === 0;
  const fast = bare && scans ? await scans.page(n, hint.imageMatrix, page.view, page.rotate, RENDER_SCALE) : null;
  const rendered = fast ?? (await session.guard(`Page ${n}`, renderGray(session, page, RENDER_SCALE)));
  page.cleanup();
  // the pixel work on the pixel thread (pixel-pool.ts), while this thread reads the page before
  const upright = rendered.rotation % 360 === 0;
  const { rendered: image0, pixels } = await pagePixelsOnThread(rendered.image, upright, rendered.scale);
  const boxes = new Map(pixels.boxes.map((b) => [b.cell, b]));
  const bands = new Map(pixels.cells.map((c, i) => [c, pixels.bands[i]]));
  return { page: n, rendered: { ...rendered, image: image0 }, image: pixels.image, skew: pixels.skew, cells: pixels.cells, ink: pixels.ink, boxes, bands };
}

/** Maps a cell of the deskewed image back to PDF user space (same size, centre rotated back). */
function cellToPdf(p: Prepared, c: PixelRect): Rect {
  const { width, height } = p.image;
  const a = (p.skew * Math.PI) / 180;
  const dx = c.x + c.width / 2 - width / 2;
  const dy = c.y + c.height / 2 - height / 2;
  const sx = Math.cos(a) * dx - Math.sin(a) * dy + width / 2;
  const sy = Math.sin(a) * dx + Math.cos(a) * dy + height / 2;
  const [cx, cy] = p.rendered.toPdf(sx, sy);
  const quarter = p.rendered.rotation % 180 !== 0;
  const w = (quarter ? c.height : c.width) / p.rendered.scale;
  const h = (quarter ? c.width : c.height) / p.rendered.scale;
  return { x: cx - w / 2, y: cy - h / 2, width: w, height: h };
}

/**
 * A cell of the page as a box in PDF space, with the photo area ruled inside it, where it may be cut when
 * photos are off, and whether the roll's DELETED stamp is drawn across it (stamp.ts). A cell found on the page
 * was looked into with it (pixel-work.ts); another (implied, or placed from the grid) is looked into here.
 */
export function boxOf(p: Prepared, c: PixelRect): { rect: Rect; photo: Rect | null; textCut: TextCut | null; stamped: boolean } {
  const { photo, cut, stamped } = p.boxes.get(c) ?? pixelBox(p, c, p.rendered.rotation % 360 === 0, p.rendered.scale);
  return { rect: cellToPdf(p, c), photo: photo ? cellToPdf(p, photo) : null, textCut: photo && cut ? pixelTextCut(p, c, cut) : null, stamped };
}

/** Where the box may be cut when photos are off (text-cut.ts, found in the page's pixels), in PDF space. */
function pixelTextCut(p: Prepared, c: PixelRect, cut: { depth: number; right: number }): TextCut {
  // the part of the box above the cut and left of the text part's edge, in PDF space: its bottom and right
  const above = cellToPdf(p, { x: c.x, y: c.y, width: cut.right - c.x, height: cut.depth });
  return { y: round2(above.y), right: round2(above.x + above.width) };
}

/** Pixel cells in reading order: rows top to bottom, then left to right. */
export function orderCells(cells: PixelRect[]): PixelRect[] {
  const sorted = [...cells].sort((a, b) => a.y - b.y);
  const rows: PixelRect[][] = [];
  for (const c of sorted) {
    const row = rows[rows.length - 1];
    if (row && Math.abs(row[0].y - c.y) < c.height / 2) row.push(c);
    else rows.push([c]);
  }
  return rows.flatMap((r) => r.sort((a, b) => a.x - b.x));
}
