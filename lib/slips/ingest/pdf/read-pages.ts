import { checkAbort } from '../abort';
import { VoterListError } from '../errors';
import type { PageProgress } from '../progress';
import { ScanImages } from '../engines/scan-image';
import { anyCellLimits, candidateRects, smallCellLimits, withinLimits } from './box-size';
import type { PageScan, TextLayer } from './page-model';
import type { PdfDocument, PdfSession } from '../engines/pdfjs';
import { judgeText } from '../engines/scramble';
import { cellsFromSegments } from '../engines/segments';
import { checkPageSize } from '../engines/page-limits';
import { readPage } from '../engines/page-reader';
import type { TextPiece } from '../engines/text-layer';

/**
 * Stage 1 of a roll parse (roll.ts): every page read once into the page model — its drawing
 * (painted rectangles, ruled lines, images) and its text layer, by PDFium where it can and pdf.js
 * where not (page-reader.ts) — shared out between the parser threads. After a first page that is one full-page image (a scan), pages that are too skip the page reader.
 */

async function scanPage(session: PdfSession, doc: PdfDocument, n: number): Promise<PageScan> {
  const { view, drawing, pieces } = await readPage(session, doc, n);
  const [x0, y0, x1, y1] = view;
  const width = x1 - x0;
  const height = y1 - y0;
  checkPageSize(n, width, height);
  // the ruling closed into cells once (the costliest step of a page), then sorted into the small
  // cells inside boxes (photo frames drawn as lines) and cells that may be boxes
  const cells = cellsFromSegments(drawing.segments, anyCellLimits(width, height));
  const small = smallCellLimits(width, height);
  const smallRects = [...drawing.rects, ...cells.filter((c) => withinLimits(c, small))];
  return { page: n, width, height, rects: drawing.rects, smallRects, candidates: candidateRects(drawing.rects, cells, width, height), pieces, imageCover: drawing.imageCover, imageMatrix: drawing.imageMatrix, paths: drawing.paths, marks: drawing.marks };
}

/**
 * Scans page `n` on `doc`. Once page 1 (read like any page: PDFium reads a scan's page without
 * decoding its image) proves to be a bare full-page image, later pages that are too skip the page
 * reader: their image matrix is read from the content stream (ScanImages), and their pixels are
 * decoded natively later.
 */
async function scanOne(session: PdfSession, doc: PdfDocument, n: number, images: ScanImages, bare: boolean): Promise<PageScan> {
  try {
    const m = bare ? await images.bareMatrix(n) : null;
    if (m) {
      const page = await session.guard(`Page ${n}`, doc.getPage(n));
      const [x0, y0, x1, y1] = page.view;
      checkPageSize(n, x1 - x0, y1 - y0);
      return { page: n, width: x1 - x0, height: y1 - y0, rects: [], smallRects: [], candidates: [], pieces: [], imageCover: 1, imageMatrix: m, paths: 0, marks: [] };
    }
    return await session.guard(`Page ${n}`, scanPage(session, doc, n));
  } catch (error) {
    if (error instanceof VoterListError) throw error;
    if (error instanceof Error && /memory limit of the PDF reader/.test(error.message)) {
      throw new VoterListError('too-large', `Page ${n} of the PDF unpacks to more memory than a roll page could need (a compressed part that expands without end). Upload the roll as the election office publishes it.`);
    }
    throw new VoterListError('corrupt', `Page ${n} of the PDF is damaged and cannot be read. Download the roll again from the election office's site and upload that file.`);
  }
}

export interface ReadPages {
  scans: PageScan[];
  /** The scan images of the file (bare image pages decoded without pdf.js). */
  images: ScanImages;
}

/**
 * Reads every page of the open roll. A page that may still need OCR is counted in `progress`
 * only later, once it has been read from its pixels.
 */
export async function readPages(session: PdfSession, bytes: Uint8Array, progress: PageProgress, signal?: AbortSignal): Promise<ReadPages> {
  const doc = session.doc;
  const total = doc.numPages;
  const scans: PageScan[] = new Array(total);
  const images = new ScanImages(() => session.pdfLib());
  const keep = (s: PageScan) => {
    scans[s.page - 1] = s;
    if (s.imageCover <= 0.5) progress.page(s.page);
  };
  keep(await scanOne(session, doc, 1, images, false));
  const first = scans[0];
  const bare = first.paths === 0 && first.pieces.length === 0 && first.imageCover > 0.95;
  // the other pages are shared out between the parser threads, each taking the next page; each
  // thread is asked for its next page before this thread turns the page it has into boxes and
  // text, so that neither waits for the other (a page's time limit then also covers its wait
  // behind the one page before it in its thread: pages take milliseconds, the limit 30 s)
  let next = 2;
  const claim = (d: PdfDocument): Promise<PageScan> | null => {
    if (next > total) return null;
    const read = scanOne(session, d, next++, images, bare);
    read.catch(() => undefined); // awaited below; a parse that stops first leaves no unhandled rejection
    return read;
  };
  await Promise.all(
    session.docs.map(async (d) => {
      for (let current = claim(d); current; ) {
        checkAbort(signal);
        const ahead = claim(d);
        keep(await current);
        current = ahead ?? claim(d);
      }
    }),
  );
  return { scans, images };
}

/** Judges the roll's text layer: none, clean, or scrambled by a legacy font encoding. */
export function judgeTextLayer(scans: PageScan[]): TextLayer {
  return judgePieces(scans.flatMap((s) => s.pieces));
}

/** Judges a text layer from its pieces (the whole roll's, or a few pages'). */
export function judgePieces(pieces: readonly TextPiece[]): TextLayer {
  if (pieces.length === 0) return 'none';
  return judgeText(pieces.flatMap((p) => p.str.split(/\s+/))).scrambled ? 'scrambled' : 'clean';
}
