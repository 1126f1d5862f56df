import type { VoterList } from '../../types';
import { checkAbort, raceAbort } from '../abort';
import { VoterListError } from '../errors';
import type { ParseOptions } from '../options';
import { PageProgress } from '../progress';
import { assemble, requireBoxes } from './assemble';
import { checkNumbers } from './check-numbers';
import { classifyPages } from './classify';
import { boxLists, reprintsEntries } from './page-model';
import { pagesForRaster, rasterBoxes, vectorBoxes, withRasterPages } from './find-boxes';
import { DEFAULT_PDF_LIMITS, PdfSession } from '../engines/pdfjs';
import { chooseNumbers, ocrMissingNumbers } from './read-numbers';
import { stampsOnDrawnPages } from './drawn-stamps';
import { judgeTextLayer, readPages } from './read-pages';
import { readRollFacts } from './roll-facts';

export { MAX_RASTER_PATHS } from './find-boxes';

/**
 * A roll PDF to voters: one pipeline of stages over one page model (page-model.ts):
 * open → read pages (read-pages.ts) → find boxes, drawn or from pixels (find-boxes.ts) → classify
 * pages from their content (classify.ts) → the roll's facts from its cover (roll-facts.ts) → read serials
 * and IDs, text layer or OCR (read-numbers.ts) → DELETED stamps drawn over drawn boxes (drawn-stamps.ts) → check them against each other and the cover
 * (check-numbers.ts) → assemble (assemble.ts). Each stage returns new values.
 * A new roll format is a case inside one stage.
 */

const DEFAULT_MAX_PAGES = 500;

export async function parseRollPdf(bytes: Uint8Array, opts: ParseOptions = {}): Promise<VoterList> {
  checkAbort(opts.signal);
  const opening = PdfSession.open(bytes, {
    pageTimeoutMs: opts.pdfPageTimeoutMs ?? DEFAULT_PDF_LIMITS.pageTimeoutMs,
    memoryMb: opts.pdfMemoryMb ?? DEFAULT_PDF_LIMITS.memoryMb,
    threads: opts.pdfThreads ?? DEFAULT_PDF_LIMITS.threads,
  });
  let session: PdfSession;
  try {
    session = await raceAbort(opening, opts.signal);
  } catch (error) {
    // aborted while opening: the threads go back once the open has settled
    void opening.then((s) => s.close(), () => undefined);
    throw error;
  }
  try {
    // on abort this rejects at once; the closed session then fails whatever the read still awaits
    return await raceAbort(readRoll(session, bytes, opts), opts.signal);
  } catch (error) {
    throw opts.signal?.aborted ? error : (damagedPdf(error) ?? error);
  } finally {
    await session.close();
  }
}

/**
 * pdf.js's own exceptions (a page tree that loops, a broken object, a stream it cannot decode) as the
 * plain reason: the file is damaged. Anything else is left as it is.
 */
function damagedPdf(error: unknown): VoterListError | null {
  if (!(error instanceof Error) || error instanceof VoterListError) return null;
  if (!/Exception$|^FormatError$/.test(error.name)) return null;
  const again = "Download the roll again from the election office's site and upload that file.";
  if (/circular reference/i.test(error.message)) return new VoterListError('corrupt', `This PDF's list of pages loops back on itself, so its pages cannot be found. ${again}`);
  return new VoterListError('corrupt', `This PDF is damaged and its pages cannot be read. ${again}`);
}

async function readRoll(session: PdfSession, bytes: Uint8Array, opts: ParseOptions): Promise<VoterList> {
  const signal = opts.signal;
  const ocr = opts.ocr ?? 'auto';
  const total = session.doc.numPages;
  const maxPages = opts.maxPages ?? DEFAULT_MAX_PAGES;
  if (!Number.isInteger(total) || total < 0) throw new VoterListError('corrupt', `This PDF's list of pages is damaged (it states ${String(total)} pages). Download the roll again from the election office's site and upload that file.`);
  if (total === 0) throw new VoterListError('no-voters', 'The PDF has no pages.');
  if (total > maxPages) throw new VoterListError('too-large', `The PDF has ${total} pages; at most ${maxPages} are accepted in one file.`);
  const progress = new PageProgress(total, opts.onProgress);

  const { scans, images } = await readPages(session, bytes, progress, signal);
  const textLayer = judgeTextLayer(scans);
  const clean = textLayer === 'clean';

  const vector = vectorBoxes(scans, clean);
  checkAbort(signal);
  const { targets, tooComplex } = pagesForRaster(scans, vector.pages, vector.sized, ocr);
  const toRaster = new Set(targets);
  for (const s of scans) if (!toRaster.has(s.page)) progress.page(s.page);
  const raster = await rasterBoxes(session, scans, targets, { images, clean, onPage: (n) => progress.page(n), signal, idsLater: opts.scanIds === 'later' });
  const found = withRasterPages(vector.pages, raster.pages);

  requireBoxes(found.flatMap((p) => p.boxes), tooComplex);
  const classes = classifyPages(scans, found, textLayer);
  // a scanned roll's first voter page's header, its numbers read to check the facts it states (headerFacts)
  const firstHeader = found.find((p) => p.header)?.header;
  const scannedHeader = firstHeader ? { lines: firstHeader.lines, numbers: await firstHeader.numbers() } : undefined;
  const facts = readRollFacts({ scans, classes, textLayer, scannedCover: raster.cover, scannedHeader });

  const numbered = await ocrMissingNumbers(session, found, ocr, signal);
  // nothing is read from pixels when OCR is off
  const read = ocr === 'off' ? numbered : await stampsOnDrawnPages(session, scans, numbered, signal);
  checkAbort(signal);
  progress.finish();

  const boxes = read.flatMap((p) => p.boxes);
  const lists = boxLists(classes, boxes);
  const numbers = checkNumbers(
    boxes.map((b) => chooseNumbers(b, ocr)),
    boxes.map((b) => b.page),
    facts.range,
    lists.map(reprintsEntries),
  );
  return assemble({ scans, found: read, classes, boxes, lists, numbers, textLayer, tooComplex, header: facts.header });
}
