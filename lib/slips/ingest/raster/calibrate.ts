import { cellsOfSize, type PixelRect } from './cells';
import { idShaped, type RasterBox, type Size } from './page-cells';
import type { Prepared } from './prepare';

/**
 * The box-size calibrator of an image roll: the roll's voter-box size, learnt from the pages as they
 * are read, and the grid of its fullest page (where boxes go on a page whose ruling cannot be seen).
 */

/** Pages proposing one box size without showing IDs before that size is taken anyway. */
const PROPOSALS = 3;

/** The cells of the fullest page read, on a page of this pixel size. */
export interface GridTemplate {
  cells: PixelRect[];
  width: number;
  height: number;
}

/** A page whose boxes of a proposed size showed no IDs: held until the roll's size is known. */
export interface SetAside {
  p: Prepared;
  boxes: RasterBox[];
  size: Size;
  cells: PixelRect[];
}

export function sameSize(a: Size, b: Size): boolean {
  return cellsOfSize([{ x: 0, y: 0, width: a.width, height: a.height }], b).length === 1;
}

export class BoxSizeCalibrator {
  /** The roll's box size, once a page's boxes of that size have shown IDs (or it was proposed often enough). */
  size: Size | null = null;
  /** The fullest page's boxes: the calibrated grid for pages whose ruling cannot be seen. */
  template: GridTemplate | null = null;
  /**
   * Pages whose boxes of a proposed size showed no IDs (a cover's or a summary's table of equal
   * cells reads none): their boxes wait here until the roll's size is known.
   */
  private readonly held: SetAside[] = [];

  /** Whether a page whose most common cell size is `local` proposes the roll's size: none is known yet, and it shows a grid. */
  proposes(local: { width: number; height: number; count: number } | null): local is { width: number; height: number; count: number } {
    return !this.size && local !== null && local.count >= 4;
  }

  setAside(entry: SetAside): void {
    this.held.push(entry);
  }

  /**
   * After a proposing page was read: its size is the roll's when its boxes showed IDs, or when
   * PROPOSALS pages proposed it without (a scan too poor for OCR still has its boxes printed).
   */
  proposed(p: Prepared, cells: PixelRect[], size: Size, confirmed: boolean): void {
    if (confirmed) this.offerTemplate(p, cells);
    if (confirmed || this.held.filter((a) => sameSize(a.size, size)).length >= PROPOSALS) this.size = size;
  }

  /** A page's cells become the grid when they are the most of any page yet (six at least). */
  offerTemplate(p: Prepared, cells: PixelRect[]): void {
    const t = this.template;
    if (cells.length >= 6 && (!t || cells.length > t.cells.length)) this.template = { cells, width: p.image.width, height: p.image.height };
  }

  /**
   * The pages set aside, each judged: of the roll's size (a voter page read poorly), or of a size no
   * other page contradicts (no page read IDs in boxes of another size), their boxes are voters after
   * all; otherwise they were a table's cells. `idSizes`: the sizes of the pages whose boxes read IDs.
   */
  settle(idSizes: Size[]): { entry: SetAside; voters: boolean }[] {
    const size = this.size;
    return this.held.map((entry) => ({
      entry,
      voters: size ? sameSize(entry.size, size) : idSizes.length === 0 || idSizes.some((s) => sameSize(s, entry.size)),
    }));
  }
}

/** Whether any of a page's boxes read an ID. */
export function showsIds(boxes: RasterBox[]): boolean {
  return boxes.some((b) => idShaped(b.reading));
}
