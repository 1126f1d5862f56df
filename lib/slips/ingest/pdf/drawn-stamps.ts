import type { Rect } from '../../types';
import { checkAbort } from '../abort';
import { overlapArea } from '../geometry';
import type { PdfSession } from '../engines/pdfjs';
import { rectToPixels, renderGray } from '../engines/render';
import { RENDER_SCALE } from '../raster/prepare';
import { stampedBox } from '../raster/stamp';
import type { FoundBox, PageBoxes, PageScan } from './page-model';

/**
 * The DELETED stamp on drawn pages, where the roll draws it rather than writes it: a picture painted
 * over the box, or the word as outlines (slanted and curved shapes). Boxes over which the page
 * paints such marks, outside their photo area, are looked at as pixels: their page is rendered and
 * the stamp is judged as on a scanned page (raster/stamp.ts). Pages without such marks are not
 * rendered. Boxes found from pixels were judged on the way.
 */

/** Share of a box (its photo area left out) that marks must cover for the box to be looked at. */
const MARKED_SHARE = 0.1;

/** The pages' boxes, with `stamped` set on the drawn boxes the stamp is seen across. */
export async function stampsOnDrawnPages(session: PdfSession, scans: PageScan[], found: PageBoxes[], signal?: AbortSignal): Promise<PageBoxes[]> {
  const out: PageBoxes[] = [];
  for (const p of found) {
    const marks = scans[p.page - 1]?.marks ?? [];
    const looked = p.method === 'vector' && marks.length > 0 ? p.boxes.filter((b) => markedShare(b, marks) >= MARKED_SHARE) : [];
    if (looked.length === 0) {
      out.push(p);
      continue;
    }
    checkAbort(signal);
    const page = await session.guard(`Page ${p.page}`, session.doc.getPage(p.page));
    const rendered = await session.guard(`Page ${p.page}`, renderGray(session, page, RENDER_SCALE));
    page.cleanup();
    const stamped = new Set(looked.filter((b) => stampedBox(rendered.image, rectToPixels(rendered, b.rect), b.photo ? rectToPixels(rendered, b.photo) : null)));
    out.push({ ...p, boxes: p.boxes.map((b): FoundBox => (stamped.has(b) ? { ...b, stamped: true } : b)) });
  }
  return out;
}

/** The share of a box, its photo area left out, that the marks' bounds cover (overlaps counted once each, capped at 1). */
function markedShare(b: FoundBox, marks: Rect[]): number {
  const area = b.rect.width * b.rect.height - (b.photo ? b.photo.width * b.photo.height : 0);
  if (area <= 0) return 0;
  let covered = 0;
  for (const m of marks) {
    const over = overlapArea(m, b.rect);
    if (over <= 0) continue;
    covered += over - (b.photo ? overlapArea(m, b.photo) : 0);
    if (covered >= area) return 1;
  }
  return Math.max(0, covered / area);
}
