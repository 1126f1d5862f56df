import { binarize, estimateSkew, otsu, rotate, type Gray } from '../engines/image';
import { inkCut } from '../text-cut';
import { filledPhotoInCell, findCells, photoInCell, type PixelRect } from './cells';
import { stampedBox } from './stamp';
import { bandImage, type Band } from './strips';

/**
 * The work on a page's pixels that needs nothing but the pixels: straightening, binarising, finding the ruled
 * cells, and in each cell the photo, where the box may be cut, the DELETED stamp, and the band of its serial and
 * ID cut out for OCR. Plain functions of typed arrays, so that they run as well in the pixel thread
 * (pixel-thread.ts) as here.
 */

/** What a cell of a page holds, in pixels of the deskewed page. */
export interface PixelBox {
  cell: PixelRect;
  photo: PixelRect | null;
  /** where the box may be cut when photos are off (text-cut.ts inkCut); null on a rotated page */
  cut: { depth: number; right: number } | null;
  stamped: boolean;
}

/** A page's pixels straightened and binarised, with its ruled cells and what each holds. */
export interface PagePixels {
  image: Gray;
  skew: number;
  /** the deskewed page, binarized (1 = ink) */
  ink: Uint8Array;
  cells: PixelRect[];
  boxes: PixelBox[];
  /** each cell's serial and ID band, cleaned for OCR (strips.ts bandImage) */
  bands: Band[];
}

/** Straightens a rendered page, binarises it and finds its ruled cells, what they hold and their bands. */
export function pagePixels(rendered: Gray, upright: boolean, pxPerPt: number): PagePixels {
  const ink0 = binarize(rendered, otsu(rendered));
  const skew = estimateSkew(ink0, rendered.width, rendered.height);
  const image = rotate(rendered, skew);
  // a page too straight to rotate keeps its first binarisation (same image, same threshold)
  const ink = image === rendered ? ink0 : binarize(image, otsu(image));
  const cells = findCells(ink, image.width, image.height);
  const page = { image, ink };
  const boxes = cells.map((c) => pixelBox(page, c, upright, pxPerPt));
  return { image, skew, ink, cells, boxes, bands: cells.map((c, i) => bandImage(image, c, boxes[i].stamped)) };
}

/** What one cell of a deskewed page holds: a ruled photo box, else a printed photo without one; the cut; the stamp. */
export function pixelBox(page: { image: Gray; ink: Uint8Array }, cell: PixelRect, upright: boolean, pxPerPt: number): PixelBox {
  const photo = photoInCell(page.ink, page.image.width, cell) ?? filledPhotoInCell(page.image, cell);
  const cut = photo && upright ? inkCut(page.ink, page.image.width, cell, photo, pxPerPt) : null;
  return { cell, photo, cut, stamped: stampedBox(page.image, cell, photo) };
}
