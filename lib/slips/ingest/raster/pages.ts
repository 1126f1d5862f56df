import { checkAbort } from '../abort';
import { ocrWords, type TextModel } from '../engines/ocr';
import type { PdfSession } from '../engines/pdfjs';
import { renderGray } from '../engines/render';
import type { ScanImages } from '../engines/scan-image';
import { toPgm } from '../engines/image';
import { BoxSizeCalibrator, showsIds } from './calibrate';
import { cellsOfSize, commonCellSize, variantCellSize, type PixelRect } from './cells';
import { scannedCoverLines, type ScannedCover } from './cover';
import { readOnGrid } from './grid';
import { gridEvidence, keep, readPageCells, variantEvidence, type IdReading, type RasterBox, type Size } from './page-cells';
import { PageHeaders, type PageHeader } from './page-header';
import { orderCells, prepare, RENDER_SCALE, type Prepared, type ScanHint } from './prepare';
import type { BandReading } from './strips';

/** Pages prepared ahead of the one being read: the pixel thread works on them meanwhile (pixel-pool.ts). */
const PREPARED_AHEAD = 2;

/** A scanned cover's text is read at this multiple of RENDER_SCALE. */
const COVER_TEXT_SCALE = 2;

export interface RasterPage {
  page: number;
  boxes: RasterBox[];
  skew: number;
  /** Boxes placed from the grid calibrated on other pages (no ruled lines found on this one). */
  grid?: boolean;
  /** On the roll's first page when it holds no box grid: its cover as OCR read it, for the roll's own facts. */
  cover?: ScannedCover;
  /** What is printed above its boxes, by OCR (page-header.ts): a complete read only. */
  header?: PageHeader;
}

/** A page read, with the box size its cells were read at (none for a page without boxes). */
interface Read {
  page: RasterPage;
  size: Size | null;
}

/**
 * Finds voter boxes on rendered pages (scanned or image-only rolls, or rolls whose boxes are not
 * drawn as rectangles) and OCRs their serial/EPIC bands. The box size is the most common cell
 * size, fixed by the first page that shows it clearly (calibrate.ts); each page's cells are read by
 * page-cells.ts, and pages without visible ruling are placed on the calibrated grid (grid.ts). OCR of
 * one page runs on the tesseract workers while the next page renders. With `idsLater`, the pages of the
 * roll's box size are read without their IDs (ParseOptions.scanIds); the pages whose IDs are the evidence
 * that they hold voters are read by tesseract alone (page-cells.ts IdReading).
 */
export async function rasterPages(
  session: PdfSession,
  pages: number[],
  onPage?: (n: number) => void,
  fast?: { scans: ScanImages; hints: Map<number, ScanHint> },
  signal?: AbortSignal,
  idsLater = false,
): Promise<RasterPage[]> {
  const calibrator = new BoxSizeCalibrator();
  const reads: Read[] = [];
  const pending: Promise<unknown>[] = [];
  const late: Prepared[] = [];
  const empty: Prepared[] = [];
  // the lines above each page's boxes (its section, a supplement's heading): text the draft does without
  const headers = idsLater ? null : new PageHeaders();
  // the cover's text in the model the headers are read in first, once the first of them has decided it
  const cover = coverReader(session, headers ? () => headers.script() : null);
  /**
   * How a page's IDs are read: whole; or with `idsLater`, by tesseract alone where they are the evidence that the
   * page holds voters (a proposing page, a page placed on the grid, cells judged by `confirm`), else not yet.
   */
  const idsFor = (evidence: boolean): IdReading => (!idsLater ? 'both' : evidence ? 'first' : 'later');
  const evidenceIds = idsFor(true);

  /**
   * Reads a page's cells of one size; `confirm` judges from their reads whether they are voters (if not, page 1
   * is the cover), and then their IDs are read, by tesseract alone when `idsLater` leaves the others' for later.
   */
  const read = (p: Prepared, found: PixelRect[], size: Size, confirm?: (readings: BandReading[]) => boolean): Promise<void> =>
    keep(
      pending,
      readPageCells(p, found, size, idsFor(confirm !== undefined)).then(({ boxes, shown }) => {
        onPage?.(p.page);
        const voters = !confirm || confirm(shown);
        reads.push({ page: { page: p.page, skew: p.skew, boxes: voters ? boxes : [] }, size });
        if (!voters && p.page === 1) return cover.read(p);
      }),
    );
  /** Reads a proposing page's cells: voters once their reads show IDs, else set aside until the roll's size is known. */
  const propose = (p: Prepared, found: PixelRect[], size: Size): Promise<boolean> =>
    keep(
      pending,
      readPageCells(p, found, size, evidenceIds).then(({ boxes, shown }) => {
        onPage?.(p.page);
        if (!gridEvidence(shown)) {
          calibrator.setAside({ p, boxes, size, cells: found });
          return false;
        }
        reads.push({ page: { page: p.page, skew: p.skew, boxes }, size });
        return true;
      }),
    );
  /** A page without boxes of the roll's size: a supplement's variant boxes, else left for the grid. */
  const readVariantOrHold = (p: Prepared): Promise<void> | null => {
    const size = calibrator.size;
    const variant = size && cellsOfSize(p.cells, size).length === 0 ? variantCellSize(p.cells, size) : null;
    if (variant) return read(p, orderCells(cellsOfSize(p.cells, variant)), variant, variantEvidence);
    empty.push(p);
    return null;
  };

  let inFlight: Promise<void>[] = [];
  // the next pages, prepared (on the pixel thread) while this one is cut and read, or waits for its OCR
  const ahead = new Map<number, Promise<Prepared>>();
  for (let k = 0; k < pages.length; k++) {
    const n = pages[k];
    checkAbort(signal);
    for (const next of pages.slice(k, k + 1 + PREPARED_AHEAD)) {
      if (ahead.has(next)) continue;
      const prepared = prepare(session, next, fast?.scans, fast?.hints.get(next));
      // awaited on its own turn; a failure there is thrown then, not left unhandled meanwhile
      prepared.catch(() => undefined);
      ahead.set(next, prepared);
    }
    const p = await (ahead.get(n) as Promise<Prepared>);
    ahead.delete(n);
    headers?.add(p);
    const local = commonCellSize(p.cells, 2);
    if (n === 1 && !local) cover.early(p);
    if (calibrator.proposes(local)) {
      // A page with a grid of one size proposes the roll's box size, taken once OCR reads IDs in its
      // boxes; until then each such page waits for its OCR.
      const proposed = orderCells(cellsOfSize(p.cells, local));
      calibrator.proposed(p, proposed, local, await propose(p, proposed, local));
      continue;
    }
    const size = calibrator.size;
    const chosen = size ?? local;
    const cells = chosen ? orderCells(cellsOfSize(p.cells, chosen)) : [];
    calibrator.offerTemplate(p, cells);
    // too little to judge this page alone: look again once the roll's box size is known
    if (!size && cells.length < 4) late.push(p);
    else if (size && cells.length === 0) {
      const job = readVariantOrHold(p);
      if (job) inFlight.push(job);
    } else if (cells.length === 0) empty.push(p);
    else if (chosen) inFlight.push(read(p, cells, chosen));
    // keep OCR at most a few pages behind rendering (bounded memory)
    if (inFlight.length >= 3) {
      await inFlight[0];
      inFlight = inFlight.slice(1);
    }
  }
  headers?.done();
  // Pages too sparse to judge alone (a list whose pages hold one to three voters), when no page set
  // the roll's size: the size their cells share across pages (the largest of equally common sizes:
  // a voter box, not its photo frame or serial cell), else each page's own.
  const rollSize = calibrator.size;
  const pooled = rollSize ? null : commonCellSize(late.flatMap((p) => p.cells), 2);
  for (const p of late) {
    const s = rollSize ?? (pooled && cellsOfSize(p.cells, pooled).length > 0 ? pooled : commonCellSize(p.cells, 2));
    const cells = s ? orderCells(cellsOfSize(p.cells, s)) : [];
    if (rollSize && cells.length === 0) readVariantOrHold(p);
    else if (cells.length === 0 || !s) empty.push(p);
    else read(p, cells, s);
  }
  // Pages set aside: voters after all, or a table's cells (then read as any page without boxes of
  // the roll's size; the first page is then the roll's cover).
  await Promise.all(pending);
  const idSizes = reads.filter((r) => r.size && showsIds(r.page.boxes)).map((r) => r.size as Size);
  for (const { entry, voters } of calibrator.settle(idSizes)) {
    if (voters) {
      reads.push({ page: { page: entry.p.page, skew: entry.p.skew, boxes: entry.boxes }, size: entry.size });
      calibrator.offerTemplate(entry.p, orderCells(entry.cells));
    } else readVariantOrHold(entry.p);
  }
  // last resort: the calibrated grid
  for (const p of empty) {
    // the roll's cover: the serial range it states, to check the boxes found against
    if (p.page === 1) keep(pending, cover.read(p));
    keep(
      pending,
      readOnGrid(p, calibrator.template, evidenceIds).then((boxes) => {
        reads.push({ page: { page: p.page, skew: p.skew, boxes: boxes ?? [], ...(boxes && boxes.length > 0 ? { grid: true } : {}) }, size: null });
      }),
    );
  }
  await Promise.all(pending);
  const pageHeaders = headers ? await headers.all() : new Map<number, PageHeader>();
  return reads
    .map((r): RasterPage => {
      if (r.page.page === 1 && r.page.boxes.length === 0) return { ...r.page, ...cover.facts() };
      const header = r.page.boxes.length > 0 ? pageHeaders.get(r.page.page) : undefined;
      return header && (header.lines.length > 0 || header.between.length > 0) ? { ...r.page, header } : r.page;
    })
    .sort((a, b) => a.page - b.page);
}

/**
 * The roll's cover (its first page, without voter boxes): the numbers and the text OCR reads on it. Without
 * `text` (a read to the draft first), only its numbers (the serial range the boxes are checked against): its text,
 * the roll's facts, costs seconds of OCR and comes with the complete parse after the draft. `text` gives the model
 * to read the text in first (the one the roll's page headers were read in), or null.
 */
function coverReader(session: PdfSession, text: (() => Promise<TextModel | null>) | null) {
  let cover: ScannedCover | undefined;
  let numbersRead: Promise<string[]> | null = null;
  let linesRead: Promise<string[]> | null = null;
  const readNumbers = (p: Prepared): Promise<string[]> => {
    if (!numbersRead) {
      numbersRead = ocrWords(toPgm(p.image), 'page-numbers').then((words) => words.map((w) => w.text));
      numbersRead.catch(() => undefined);
    }
    return numbersRead;
  };
  // its text, once (none without `text`)
  const readLines = text && ((): Promise<string[]> => {
    linesRead ??= (async () => {
      // rendered again at twice the scale (288 dpi): at 144 or 216 the Hindi model
      // misreads digits and vowel signs that the facts depend on
      const first = await text();
      const page = await session.guard('Page 1', session.doc.getPage(1));
      const sharp = await session.guard('Page 1', renderGray(session, page, RENDER_SCALE * COVER_TEXT_SCALE));
      page.cleanup();
      return scannedCoverLines(toPgm(sharp.image), 72 * RENDER_SCALE * COVER_TEXT_SCALE, first);
    })();
    // awaited by read(); never, when the first page holds voters after all
    linesRead.catch(() => undefined);
    return linesRead;
  });
  return {
    /**
     * Starts reading a first page that shows no grid of boxes (a cover, most likely) as soon as it is prepared,
     * beside the other pages: read when it is known to hold no voters, after every other page, it ran alone on the
     * OCR threads. Its text waits for the model the page headers are read in (`text`).
     */
    early(p: Prepared): void {
      readNumbers(p);
      readLines?.();
    },
    async read(p: Prepared): Promise<void> {
      const numbers = readNumbers(p);
      const lines = readLines ? await readLines() : [];
      cover = { numbers: await numbers, lines };
    },
    facts(): Pick<RasterPage, 'cover'> {
      return cover ? { cover } : {};
    },
  };
}
