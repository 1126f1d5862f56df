import type { Rect } from '../../types';
import { findEpic } from '../epic';
import { readingOrder } from '../geometry';
import type { ParseOptions } from '../options';
import type { ScannedCover } from '../raster/cover';
import { rasterPages } from '../raster/pages';
import type { ScanImages } from '../engines/scan-image';
import { boxesOfSize, dominantBoxSize, photoRect, variantBoxes } from './box-size';
import { readBoxText } from './box-fields';
import type { PageBoxes, PageScan } from './page-model';
import type { PdfSession } from '../engines/pdfjs';
import { piecesWithin } from '../engines/text-layer';
import { textCutFromPieces } from '../text-cut';

/**
 * Stage 2 of a roll parse (roll.ts): the voter boxes of every page, with what the text layer
 * says inside each. Drawn boxes first: the roll's box size is the most common large rectangle
 * over all pages, however it was drawn (painted rectangles, or cells closed by ruled lines), and
 * on a supplement's pages the variants of it that hold voters (box-size.ts, variantBoxes).
 * Pages without drawn boxes — scans, or boxes that are not drawn as rectangles — are found from
 * the rendered pixels (raster/), with their serial and ID bands read by OCR on the way.
 */

/**
 * Pages with more path-painting operations than this are not rendered to look for boxes: a roll
 * page has a few thousand at most, and rendering (on the main thread) a crafted page of millions
 * would stall the server for minutes.
 */
export const MAX_RASTER_PATHS = 100_000;

/** Boxes drawn as vector shapes, on every page (pages without any: method 'none'). */
export function vectorBoxes(scans: PageScan[], clean: boolean): { pages: PageBoxes[]; sized: boolean } {
  const finders = scans.map((s) => piecesWithin(s.pieces));
  const holdsId = (i: number, rect: Rect) => findEpic(finders[i](rect).map((p) => p.str).join(' ')) !== null;
  const size = dominantBoxSize(scans.map((s) => s.candidates), undefined, holdsId);
  const pages = scans.map((scan, i): PageBoxes => {
    const piecesIn = finders[i];
    const rects = size ? boxesOfSize(scan.candidates, size) : [];
    // a supplement's boxes of another height, holding voters
    const variants = size ? variantBoxes(scan.candidates, size, rects, {
      voter: (r) => {
        const t = readBoxText(r, piecesIn(r), clean);
        return t.epic !== null || (t.serial !== null && t.fields.name !== undefined);
      },
      serial: (r) => readBoxText(r, piecesIn(r), clean).serial !== null,
    }) : [];
    const ordered = readingOrder([...rects, ...variants].map((rect) => ({ rect })));
    return {
      page: scan.page,
      method: ordered.length > 0 ? 'vector' : 'none',
      boxes: ordered.map(({ rect }) => {
        const photo = photoRect(rect, scan.smallRects);
        const pieces = piecesIn(rect);
        return { page: scan.page, rect, photo, textCut: textCutFromPieces(rect, photo, pieces, scan.smallRects), text: readBoxText(rect, pieces, clean), stamped: false, ocr: null };
      }),
    };
  });
  return { pages, sized: size !== null };
}

/**
 * The pages to look at as pixels: no drawn boxes, and either the roll has no drawn box size at all
 * or the page is mostly an image (a scanned page inside a vector roll). Pages drawing more than
 * MAX_RASTER_PATHS shapes are set apart as too complex.
 */
export function pagesForRaster(scans: PageScan[], found: PageBoxes[], sized: boolean, ocr: NonNullable<ParseOptions['ocr']>): { targets: number[]; tooComplex: number[] } {
  if (ocr === 'off') return { targets: [], tooComplex: [] };
  const boxless = scans.filter((s) => found[s.page - 1].boxes.length === 0 && (!sized || s.imageCover > 0.5));
  return {
    targets: boxless.filter((s) => s.paths <= MAX_RASTER_PATHS).map((s) => s.page),
    tooComplex: boxless.filter((s) => s.paths > MAX_RASTER_PATHS).map((s) => s.page),
  };
}

/**
 * The boxes found from the rendered pages `targets`, one entry per page read (the pages that were
 * not looked at as pixels keep their drawn boxes), and a scanned cover as OCR read it, when the
 * first page is one.
 */
export async function rasterBoxes(
  session: PdfSession,
  scans: PageScan[],
  targets: number[],
  ctx: { images: ScanImages; clean: boolean; onPage: (n: number) => void; signal?: AbortSignal; idsLater?: boolean },
): Promise<{ pages: PageBoxes[]; cover: ScannedCover | null }> {
  if (targets.length === 0) return { pages: [], cover: null };
  const hints = new Map(scans.map((s) => [s.page, { imageMatrix: s.imageMatrix, paths: s.paths, texts: s.pieces.length }]));
  const raster = await rasterPages(session, targets, ctx.onPage, { scans: ctx.images, hints }, ctx.signal, ctx.idsLater);
  const pages = raster.map((rp): PageBoxes => {
    const piecesIn = piecesWithin(scans[rp.page - 1].pieces);
    return {
      page: rp.page,
      method: rp.boxes.length === 0 ? 'none' : rp.grid ? 'grid' : 'raster',
      boxes: rp.boxes.map((b) => ({
        page: rp.page,
        rect: b.rect,
        photo: b.photo,
        textCut: b.textCut,
        text: readBoxText(b.rect, piecesIn(b.rect), ctx.clean),
        stamped: b.stamped,
        ocr: b.reading,
      })),
      ...(rp.header ? { header: rp.header } : {}),
    };
  });
  return { pages, cover: raster.find((rp) => rp.cover)?.cover ?? null };
}

/** Each page's boxes: those found from its pixels where it was read so, else its drawn ones. */
export function withRasterPages(vector: PageBoxes[], raster: PageBoxes[]): PageBoxes[] {
  const read = new Map(raster.map((p) => [p.page, p]));
  return vector.map((p) => read.get(p.page) ?? p);
}
