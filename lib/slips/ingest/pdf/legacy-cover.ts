import type { ParseReport } from '../../types';
import { raceAbort } from '../abort';
import { ocrPageText, type TextModel } from '../engines/ocr';
import { toPgm } from '../engines/image';
import { renderGray } from '../engines/render';
import { readPage } from '../engines/page-reader';
import { DEFAULT_PDF_LIMITS, PdfSession } from '../engines/pdfjs';
import { judgePieces } from './read-pages';
import { coverHeader } from './roll-facts';
import type { TextPiece } from '../engines/text-layer';

/**
 * The facts of a roll whose text layer is scrambled by a legacy font encoding (the Daman roll: its
 * words extract garbled, its digits clean): its cover is read by OCR, with the model of the
 * script the roll is printed in, and what its lines say is read by the cover stage (roll-facts.ts)
 * as a clean or scanned cover's is. This is not part of the parse: it takes a second or two, and the
 * slips do not wait for it (the slip pipeline runs it after the draft, lib/documents/pipeline.ts).
 */

/** The cover is rendered at this resolution for OCR (the Gujarati model reads it at 85% confidence). */
const COVER_DPI = 200;
/** Pages whose text layer is judged (the cover and the first voter pages). */
const JUDGED_PAGES = 3;

/**
 * The OCR model for a scrambled text layer, from the code points it extracts as: legacy Gujarati
 * fonts (Shruti without a proper ToUnicode map) still yield Gujarati letters, legacy Devanagari ones
 * Devanagari letters or, for the Kruti Dev family that maps glyphs onto Latin codes, Latin letters.
 * Another Indic script has no model here (null).
 */
export function legacyModel(pieces: readonly TextPiece[]): TextModel | null {
  let devanagari = 0;
  let gujarati = 0;
  let latin = 0;
  let otherIndic = 0;
  for (const p of pieces) {
    for (const ch of p.str) {
      const c = ch.codePointAt(0) ?? 0;
      if (c >= 0x0900 && c <= 0x097f) devanagari++;
      else if (c >= 0x0a80 && c <= 0x0aff) gujarati++;
      else if (c >= 0x0980 && c <= 0x0dff) otherIndic++;
      else if ((c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a)) latin++;
    }
  }
  const indic = Math.max(devanagari, gujarati, otherIndic);
  if (indic === 0) return latin > 0 ? 'hin' : null;
  if (indic === gujarati) return 'guj';
  if (indic === devanagari) return 'hin';
  return null;
}

export interface LegacyCover {
  model: TextModel;
  header: ParseReport['header'];
}

/**
 * Reads the cover (page 1) of a roll PDF by OCR when its text layer is scrambled; null when the
 * layer is clean or absent (the parse read those covers) or its script has no model.
 */
export async function readLegacyCover(bytes: Uint8Array, signal?: AbortSignal): Promise<LegacyCover | null> {
  const opening = PdfSession.open(bytes, { ...DEFAULT_PDF_LIMITS, threads: 1 });
  let session: PdfSession;
  try {
    session = await raceAbort(opening, signal);
  } catch (error) {
    // stopped while opening: the thread goes back once the open has settled
    void opening.then((s) => s.close(), () => undefined);
    throw error;
  }
  try {
    const doc = session.doc;
    const pieces: TextPiece[] = [];
    for (let n = 1; n <= Math.min(JUDGED_PAGES, doc.numPages); n++) for (const piece of (await session.guard(`Page ${n}`, readPage(session, doc, n))).pieces) pieces.push(piece);
    if (judgePieces(pieces) !== 'scrambled') return null;
    const model = legacyModel(pieces);
    if (!model) return null;
    const page = await session.guard('Page 1', doc.getPage(1));
    const rendered = await session.guard('Page 1', renderGray(session, page, COVER_DPI / 72));
    page.cleanup();
    const words = await raceAbort(ocrPageText(toPgm(rendered.image), COVER_DPI, model), signal);
    return { model, header: coverHeader(words) };
  } finally {
    await session.close();
  }
}
