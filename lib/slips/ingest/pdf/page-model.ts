import type { PageKind, Rect, Supplement, TextCut } from '../../types';
import type { Matrix } from '../geometry';
import type { BandReading } from '../raster/strips';
import type { PageHeader } from '../raster/page-header';
import type { BoxText } from './box-fields';
import type { PaintedRect } from '../engines/vector-rects';
import type { ListHeading } from './list-headings';
import type { StatedCount } from './list-counts';
import type { TextPiece } from '../engines/text-layer';

/**
 * The one page model the roll stages share (roll.ts): what reading a page gave (`PageScan`),
 * the voter boxes found on it (`PageBoxes`), and what the page is (`PageClass`). Each stage takes
 * these and returns new facts; none calls back into the orchestrator.
 */

/** What was learnt about one page before boxes are read. */
export interface PageScan {
  page: number;
  width: number;
  height: number;
  rects: PaintedRect[];
  /** painted rectangles and the small cells the ruling closes (photo areas drawn as lines) */
  smallRects: Rect[];
  /** rectangles of a voter box's possible size (painted, or closed by ruled lines) */
  candidates: Rect[];
  pieces: TextPiece[];
  /** share of the page covered by images (0..1) */
  imageCover: number;
  imageMatrix: Matrix | null;
  /** path-painting operations on the page */
  paths: number;
  /** images and slanted or curved shapes the page paints (PageDrawing.marks) */
  marks: Rect[];
}

/** One voter box found on a page, in reading order, with what the text layer says about it. */
export interface FoundBox {
  page: number;
  rect: Rect;
  photo: Rect | null;
  /** where the box may be cut when photos are off (text-cut.ts); absent: not looked for */
  textCut?: TextCut | null;
  text: BoxText;
  /** The roll's DELETED stamp is drawn across the box (seen in its pixels, where they were looked at). */
  stamped: boolean;
  /** What OCR read in the box's serial/EPIC band, when it was read. */
  ocr: BandReading | null;
}

/** How a page's boxes were found: drawn rectangles, the rendered pixels, or the grid of other pages. */
export type BoxMethod = 'vector' | 'raster' | 'grid' | 'none';

export interface PageBoxes {
  page: number;
  boxes: FoundBox[];
  method: BoxMethod;
  /** An image-only page's lines above its boxes, read by OCR (raster/page-header.ts), in PDF space: its only text. */
  header?: PageHeader;
}

/** What a page is, told from its content (and, without readable text, from where it sits). */
export interface PageClass {
  page: number;
  kind: PageKind;
  /**
   * The list in force at the page's top: the supplement (additions, deletions, corrections) carried
   * from the pages before, null for the main list. `listAt` tells the list of a place on the page.
   */
  supplement: Supplement | null;
  /** The lists that open on this page, top to bottom: each heading's place and its list (null: the main list). */
  headings: ListHeading[];
  /** The counts stated on this page under a list (a total line, a table by gender). */
  counts: StatedCount[];
  /** The roll section its header names ("3 - Main Road"), if any. */
  section: string | null;
}

/** The text layer as judged over the whole roll. */
export type TextLayer = 'clean' | 'scrambled' | 'none';

/**
 * The list a place on a classified page is in: that of the last heading above it (a heading at
 * `y` or higher, PDF points from the bottom), else the one in force at the page's top.
 */
export function listAt(cls: PageClass, y: number): Supplement | null {
  let list = cls.supplement;
  for (const h of cls.headings) if (h.y >= y) list = h.list;
  return list;
}

/** The list each box is in (null: the main list): that of the last heading above its top edge (a little slack for a heading set tight on it). */
export function boxLists(classes: PageClass[], boxes: FoundBox[]): (Supplement | null)[] {
  return boxes.map((b) => listAt(classes[b.page - 1], b.rect.y + b.rect.height - 2));
}

/** Lists that print entries of the main list again (deleted or corrected), under the main list's serials. */
export function reprintsEntries(list: Supplement | null): boolean {
  return list?.kind === 'deletions' || list?.kind === 'corrections';
}
