import type { GridTemplate } from './calibrate';
import { gridEvidence, idShaped, readCells, type IdReading, type RasterBox } from './page-cells';
import { boxOf, type Prepared } from './prepare';

/** The grid's first boxes, read first: a page's voters begin there. */
const GRID_SAMPLE = 6;

/**
 * The grid fallback, the last resort for a page on which no box outline can be seen: the boxes of
 * the calibrated grid (the fullest page's), on a page of the same pixel size. A grid box counts only
 * if OCR reads a serial or an EPIC in it, and the page only if its reads show voters (gridEvidence:
 * a summary page's table must not become a voter). Null when the grid does not fit the page. `ids`: how its
 * IDs, that evidence, are read (page-cells.ts IdReading).
 */
export async function readOnGrid(p: Prepared, template: GridTemplate | null, ids: IdReading = 'both'): Promise<RasterBox[] | null> {
  if (!template || template.width !== p.image.width || template.height !== p.image.height) return null;
  // a roll fills a page from its first box: when none of the first few shows an ID, the page holds no voters
  // (a cover, a map, a summary), and the rest of its grid is not read
  const head = await readCells(p.image, template.cells.slice(0, GRID_SAMPLE), ids);
  if (!head.some(idShaped)) return [];
  const readings = [...head, ...(await readCells(p.image, template.cells.slice(GRID_SAMPLE), ids))];
  if (!gridEvidence(readings)) return [];
  const boxes = template.cells.map((c) => boxOf(p, c));
  return boxes.map((box, i) => ({ ...box, reading: readings[i] })).filter((b) => b.reading.serial !== null || idShaped(b.reading));
}
