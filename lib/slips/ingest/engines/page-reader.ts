import { VoterListError } from '../errors';
import { drawingFromRaw, piecesFromChars } from './pdfium-page';
import type { PdfDocument, PdfSession } from './pdfjs';
import { readText, type TextPiece } from './text-layer';
import { readPageDrawing, type PageDrawing } from './vector-rects';

/** What the box finder needs from one page, whichever engine read it. */
export interface PageContent {
  /** the page's visible area in PDF user space: [x0, y0, x1, y1] */
  view: number[];
  drawing: PageDrawing;
  pieces: TextPiece[];
}

/**
 * Reads page `n` of `doc` (a session document, so in that document's parser thread): by PDFium
 * when it opened the file (one parse of the page for text and drawing), else by pdf.js (operator
 * list and text content). A page PDFium fails on (a stream past its memory, a broken object) is read
 * by pdf.js once it has passed the page checks (page-limits.ts); a time-out or a dead thread is not
 * retried (the session's guard reports it).
 */
export async function readPage(session: PdfSession, doc: PdfDocument, n: number): Promise<PageContent> {
  const pdfium = await session.pdfiumDoc(doc);
  if (pdfium) {
    try {
      const raw = await pdfium.port.page(pdfium.id, n);
      return { view: raw.view, drawing: drawingFromRaw(raw), pieces: piecesFromChars(raw.chars, raw.view) };
    } catch (error) {
      if (error instanceof VoterListError) throw error;
      await session.checkPageContent(n);
    }
  }
  return readPageWithPdfjs(doc, n);
}

/** Page `n` read by pdf.js alone. */
export async function readPageWithPdfjs(doc: PdfDocument, n: number): Promise<PageContent> {
  const page = await doc.getPage(n);
  const drawing = await readPageDrawing(page);
  const pieces = await readText(page);
  return { view: page.view, drawing, pieces };
}
