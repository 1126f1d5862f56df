import type { Rect } from '../../types';
import { checkAbort } from '../abort';
import { ocrPageText, ocrWords, type OcrMode } from '../ocr';
import type { PdfSession } from '../pdf/pdfjs';
import { cellsOfSize, commonCellSize, filledPhotoInCell, findCells, impliedCells, photoInCell, variantCellSize, type PixelRect } from './cells';
import { binarize, estimateSkew, otsu, rotate, type Gray } from './image';
import { renderGray, type RenderedPage } from './render';
import type { Matrix } from '../geometry';
import type { ScanImages } from './scan-image';
import { coverLines, statedRange, statedYear, type CoverRange } from './cover';
import { toPgm } from './image';
import { bandImage, binarized, readBand, SERIAL_LEVEL, stackBands, wordsByBand, type BandReading } from './strips';

type Size = { width: number; height: number };

/** Pages proposing one box size without showing IDs before that size is taken anyway. */
const PROPOSALS = 3;

function sameSize(a: Size, b: Size): boolean {
  return cellsOfSize([{ x: 0, y: 0, width: a.width, height: a.height }], b).length === 1;
}

/** Pixels per PDF point when rendering for box finding and OCR (144 dpi). */
export const RENDER_SCALE = 2;
/** A scanned cover's text is read at this multiple of RENDER_SCALE. */
const COVER_TEXT_SCALE = 2;

export interface RasterBox {
  rect: Rect;
  /** the photo area inside the box (ruled, or a printed photo), when one is seen */
  photo: Rect | null;
  reading: BandReading;
}

export interface RasterPage {
  page: number;
  boxes: RasterBox[];
  skew: number;
  /** Boxes placed from the grid calibrated on other pages (no ruled lines found on this one). */
  grid?: boolean;
  /** On the roll's first page when it holds no box grid: the serial range its cover states (null: none read). */
  cover?: CoverRange | null;
  /** On the same page: its text, read as lines (cover.ts coverLines), for the roll's own facts. */
  coverText?: string[];
  /** On the same page: the year its numbers state (cover.ts statedYear). */
  coverYear?: string | null;
}

interface Prepared {
  page: number;
  rendered: RenderedPage;
  image: Gray;
  skew: number;
  cells: PixelRect[];
  /** the deskewed page, binarized (1 = ink) */
  ink: Uint8Array;
}

/** What the page scan learnt that lets a bare scanned page skip pdf.js rendering. */
export interface ScanHint {
  imageMatrix: Matrix | null;
  paths: number;
  texts: number;
}

async function prepare(session: PdfSession, n: number, scans?: ScanImages, hint?: ScanHint): Promise<Prepared> {
  const page = await session.guard(`Page ${n}`, session.doc.getPage(n));
  const bare = hint && hint.paths === 0 && hint.texts === 0;
  const fast = bare && scans ? await scans.page(n, hint.imageMatrix, page.view, page.rotate, RENDER_SCALE) : null;
  const rendered = fast ?? (await session.guard(`Page ${n}`, renderGray(session, page, RENDER_SCALE)));
  page.cleanup();
  const ink0 = binarize(rendered.image, otsu(rendered.image));
  const skew = estimateSkew(ink0, rendered.image.width, rendered.image.height);
  const image = rotate(rendered.image, skew);
  // a page too straight to rotate keeps its first binarisation (same image, same threshold)
  const ink = image === rendered.image ? ink0 : binarize(image, otsu(image));
  const cells = findCells(ink, image.width, image.height);
  return { page: n, rendered, image, skew, cells, ink };
}

/** Maps a cell of the deskewed image back to PDF user space (same size, centre rotated back). */
function cellToPdf(p: Prepared, c: PixelRect): Rect {
  const { width, height } = p.image;
  const a = (p.skew * Math.PI) / 180;
  const dx = c.x + c.width / 2 - width / 2;
  const dy = c.y + c.height / 2 - height / 2;
  const sx = Math.cos(a) * dx - Math.sin(a) * dy + width / 2;
  const sy = Math.sin(a) * dx + Math.cos(a) * dy + height / 2;
  const [cx, cy] = p.rendered.toPdf(sx, sy);
  const quarter = p.rendered.rotation % 180 !== 0;
  const w = (quarter ? c.height : c.width) / p.rendered.scale;
  const h = (quarter ? c.width : c.height) / p.rendered.scale;
  return { x: cx - w / 2, y: cy - h / 2, width: w, height: h };
}

/** An ID read, whole or with a slip that the roll's other IDs may repair (a fragment). */
function idShaped(r: BandReading): boolean {
  return r.epic !== null || r.epicFragment !== null;
}

/**
 * Whether the implied box `i` holds a voter: an EPIC was read, or a serial greater than the
 * nearest found box's before it and smaller than the nearest found box's after it.
 */
function plausible(readings: BandReading[], i: number, isFound: (k: number) => boolean): boolean {
  const r = readings[i];
  if (idShaped(r)) return true;
  if (r.serial === null) return false;
  let before: number | null = null;
  for (let k = i - 1; k >= 0 && before === null; k--) if (isFound(k)) before = readings[k].serial;
  let after: number | null = null;
  for (let k = i + 1; k < readings.length && after === null; k++) if (isFound(k)) after = readings[k].serial;
  return (before === null || r.serial > before) && (after === null || r.serial < after);
}

/**
 * Whether a page placed on the calibrated grid shows voters: ID-shaped reads in at least a third
 * of its boxes (and two at least). Numbers alone are no evidence: a cover's or a summary's tables
 * are full of them.
 */
function gridEvidence(readings: BandReading[]): boolean {
  const ids = readings.filter(idShaped).length;
  return ids >= 2 && ids >= readings.length / 3;
}

/**
 * Whether boxes of a variant size (variantCellSize: a supplement's taller boxes) hold voters: an
 * ID-shaped read in at least half of them. A table's cells of that size read none.
 */
function variantEvidence(readings: BandReading[]): boolean {
  const ids = readings.filter(idShaped).length;
  return ids >= 1 && ids >= readings.length / 2;
}

/** A cell of the page as a box in PDF space, with the photo area ruled inside it. */
function boxOf(p: Prepared, c: PixelRect): { rect: Rect; photo: Rect | null } {
  // a ruled photo box, else a printed photo without one
  const photo = photoInCell(p.ink, p.image.width, c) ?? filledPhotoInCell(p.image, c);
  return { rect: cellToPdf(p, c), photo: photo ? cellToPdf(p, photo) : null };
}

/**
 * Keeps a page's OCR running in the background: whoever awaits `list` still sees its failure, but a loop
 * that stops first (a cancelled parse, a page that cannot be rendered) leaves no unhandled rejection.
 */
function keep<T>(list: Promise<T>[], work: Promise<T>): Promise<T> {
  work.catch(() => undefined);
  list.push(work);
  return work;
}

/** OCRs one kind of band (serial or EPIC) of many boxes as one stacked sheet. */
async function readSheet(bands: (Gray | null)[], mode: OcrMode): Promise<string[]> {
  if (bands.length === 0) return [];
  const sheet = stackBands(bands);
  const words = sheet.rows.some((r) => r !== null) ? await ocrWords(sheet.image, mode) : [];
  return wordsByBand(words, sheet.rows);
}

/**
 * OCRs the serial bands and the EPIC bands of a page, each kind in two stacked sheets of half the
 * boxes: the four sheets are queued serials first, so that each of the two OCR workers reads one
 * serial sheet and one EPIC sheet and both finish together (a page's OCR is as long as its slower
 * worker; one serial sheet and two EPIC sheets left one worker waiting about 40 ms of 250).
 */
async function readSerialsAndEpics(serials: (Gray | null)[], epics: (Gray | null)[]): Promise<{ serialText: string[]; epicText: string[] }> {
  const half = serials.length >= 8 ? Math.ceil(serials.length / 2) : serials.length;
  const [s1, s2, e1, e2] = await Promise.all([
    readSheet(serials.slice(0, half), 'digits'),
    readSheet(serials.slice(half), 'digits'),
    readSheet(epics.slice(0, half), 'epic'),
    readSheet(epics.slice(half), 'epic'),
  ]);
  return { serialText: [...s1, ...s2], epicText: [...e1, ...e2] };
}

/**
 * Reads each cell's serial (digits only, black and white) and EPIC (ID-shaped, grey: at 100-150
 * dpi thresholding breaks thin strokes). Bands that did not yield a value are read a second time
 * in the other rendering (grey serials, black-and-white EPICs), only those.
 */
async function readCells(image: Gray, cells: PixelRect[]): Promise<BandReading[]> {
  if (cells.length === 0) return [];
  const bands = cells.map((c) => bandImage(image, c));
  const serialBands = bands.map((b) => (b.serial ? binarized(b.serial, SERIAL_LEVEL) : null));
  const { serialText, epicText } = await readSerialsAndEpics(serialBands, bands.map((b) => b.epic));
  let readings = cells.map((_, i) => readBand(serialText[i], epicText[i]));
  const retrySerial = bands.map((b, i) => (b.serial && readings[i].serial === null ? b.serial : null));
  const retryEpic = bands.map((b, i) => (b.epic && readings[i].epic === null ? binarized(b.epic) : null));
  if (retrySerial.some(Boolean) || retryEpic.some(Boolean)) {
    const [serial2, epic2] = await Promise.all([
      retrySerial.some(Boolean) ? readSheet(retrySerial, 'digits') : Promise.resolve(retrySerial.map(() => '')),
      retryEpic.some(Boolean) ? readSheet(retryEpic, 'epic') : Promise.resolve(retryEpic.map(() => '')),
    ]);
    readings = readings.map((r, i) => {
      if (!retrySerial[i] && !retryEpic[i]) return r;
      const again = readBand(retrySerial[i] ? serial2[i] : serialText[i], retryEpic[i] ? epic2[i] : epicText[i]);
      return {
        serial: r.serial ?? again.serial,
        epic: r.epic ?? again.epic,
        epicFragment: r.epic ?? again.epic ? null : (r.epicFragment ?? again.epicFragment),
        text: r.text,
      };
    });
  }
  return readings;
}

/** Pixel cells in reading order: rows top to bottom, then left to right. */
function orderCells(cells: PixelRect[]): PixelRect[] {
  const sorted = [...cells].sort((a, b) => a.y - b.y);
  const rows: PixelRect[][] = [];
  for (const c of sorted) {
    const row = rows[rows.length - 1];
    if (row && Math.abs(row[0].y - c.y) < c.height / 2) row.push(c);
    else rows.push([c]);
  }
  return rows.flatMap((r) => r.sort((a, b) => a.x - b.x));
}

/**
 * Finds voter boxes on rendered pages (scanned or image-only rolls, or rolls whose boxes are not
 * drawn as rectangles) and OCRs their serial/EPIC bands. The box size is the most common cell
 * size, fixed by the first page that shows it clearly; OCR of one page runs on the tesseract
 * workers while the next page renders.
 */
export async function rasterPages(
  session: PdfSession,
  pages: number[],
  onPage?: (n: number) => void,
  fast?: { scans: ScanImages; hints: Map<number, ScanHint> },
  signal?: AbortSignal,
): Promise<RasterPage[]> {
  /** The roll's box size, once a page's boxes of that size have shown IDs (or it was proposed often enough). */
  let size: Size | null = null;
  const results: RasterPage[] = [];
  const pending: Promise<void>[] = [];
  const late: Prepared[] = [];
  /**
   * Pages whose boxes of a proposed size showed no IDs (a cover's or a summary's table of equal
   * cells reads none): their boxes wait here until the roll's size is known.
   */
  const setAside: { p: Prepared; result: RasterPage; boxes: RasterBox[]; size: Size; cells: PixelRect[] }[] = [];
  /** The box size each page was read with. */
  const sizeRead = new Map<RasterPage, Size>();
  const read = (p: Prepared, found: PixelRect[], size: Size, confirm?: (readings: BandReading[]) => boolean, propose = false) => {
    const result: RasterPage = { page: p.page, skew: p.skew, boxes: [] };
    results.push(result);
    sizeRead.set(result, size);
    // boxes whose outline is broken in the scan, placed by their row and column; kept only if
    // OCR reads an EPIC in them, or a serial that fits between their neighbours'
    const implied = new Set(impliedCells(found, size).filter((c) => c.x >= 0 && c.y >= 0 && c.x + c.width <= p.image.width && c.y + c.height <= p.image.height));
    const cells = orderCells([...found, ...implied]);
    const boxes = cells.map((c) => boxOf(p, c));
    const job = readCells(p.image, cells).then((readings) => {
      onPage?.(p.page);
      const keep = cells.map((c, i) => !implied.has(c) || plausible(readings, i, (k) => !implied.has(cells[k])));
      const kept = boxes.map((box, i) => ({ ...box, reading: readings[i] })).filter((_, i) => keep[i]);
      const shown = readings.filter((_, i) => !implied.has(cells[i]));
      if (propose && !gridEvidence(shown)) {
        setAside.push({ p, result, boxes: kept, size, cells: found });
        return;
      }
      // cells that turned out to hold no voters (a cover's table): the first page is then read as the cover
      if (confirm && !confirm(shown)) return p.page === 1 ? readCover(p) : undefined;
      result.boxes = kept;
    });
    return keep(pending, job);
  };
  let inFlight: Promise<void>[] = [];
  // the fullest page's boxes: the calibrated grid for pages whose ruling cannot be seen
  const fullest: { template: { cells: PixelRect[]; width: number; height: number } | null } = { template: null };
  const offerTemplate = (p: Prepared, cells: PixelRect[]) => {
    const t = fullest.template;
    if (cells.length >= 6 && (!t || cells.length > t.cells.length)) fullest.template = { cells, width: p.image.width, height: p.image.height };
  };
  const empty: Prepared[] = [];
  let cover: CoverRange | null | undefined;
  let coverText: string[] | undefined;
  let coverYear: string | null = null;
  /** The roll's cover (its first page, without voter boxes): the serial range and year its numbers state, and its text. */
  const readCover = async (p: Prepared): Promise<void> => {
    const numbers = ocrWords(toPgm(p.image), 'page-numbers').then((words) => {
      cover = statedRange(words.map((w) => w.text));
      coverYear = statedYear(words.map((w) => w.text));
    });
    numbers.catch(() => undefined);
    // its text, rendered again at twice the scale (288 dpi): at 144 or 216 the Hindi model
    // misreads digits and vowel signs that the facts depend on
    const page = await session.guard('Page 1', session.doc.getPage(1));
    const sharp = await session.guard('Page 1', renderGray(session, page, RENDER_SCALE * COVER_TEXT_SCALE));
    page.cleanup();
    const words = await ocrPageText(toPgm(sharp.image), 72 * RENDER_SCALE * COVER_TEXT_SCALE);
    coverText = coverLines(words);
    await numbers;
  };
  // the next page, prepared while a proposing page waits for its OCR
  let ahead: { n: number; prepared: Promise<Prepared> } | null = null;
  const prepareOnce = (n: number) => (ahead?.n === n ? ahead.prepared : prepare(session, n, fast?.scans, fast?.hints.get(n)));
  for (let k = 0; k < pages.length; k++) {
    const n = pages[k];
    checkAbort(signal);
    const p = await prepareOnce(n);
    ahead = null;
    const local = commonCellSize(p.cells, 2);
    if (!size && local && local.count >= 4) {
      if (k + 1 < pages.length) {
        const next = pages[k + 1];
        ahead = { n: next, prepared: prepare(session, next, fast?.scans, fast?.hints.get(next)) };
        // awaited on the next turn; a failure there is thrown then, not left unhandled meanwhile
        ahead.prepared.catch(() => undefined);
      }
      // A page with a grid of one size proposes the roll's box size, taken once OCR reads IDs in its
      // boxes; until then each such page waits for its OCR. A size proposed PROPOSALS times without
      // IDs is taken all the same (a scan too poor for OCR still has its boxes printed).
      const proposed = orderCells(cellsOfSize(p.cells, local));
      const held = setAside.length;
      await read(p, proposed, local, undefined, true);
      const confirmed = setAside.length === held;
      if (confirmed) offerTemplate(p, proposed);
      if (confirmed || setAside.filter((a) => sameSize(a.size, local)).length >= PROPOSALS) size = local;
      continue;
    }
    const chosen = size ?? local;
    const cells = chosen ? orderCells(cellsOfSize(p.cells, chosen)) : [];
    offerTemplate(p, cells);
    // too little to judge this page alone: look again once the roll's box size is known
    const variant = size && cells.length === 0 ? variantCellSize(p.cells, size) : null;
    if (!size && cells.length < 4) late.push(p);
    else if (variant) inFlight.push(read(p, orderCells(cellsOfSize(p.cells, variant)), variant, variantEvidence));
    else if (cells.length === 0) empty.push(p);
    else if (chosen) inFlight.push(read(p, cells, chosen));
    // keep OCR at most a few pages behind rendering (bounded memory)
    if (inFlight.length >= 3) {
      await inFlight[0];
      inFlight = inFlight.slice(1);
    }
  }
  // Pages too sparse to judge alone (a list whose pages hold one to three voters), when no page set
  // the roll's size: the size their cells share across pages (the largest of equally common sizes:
  // a voter box, not its photo frame or serial cell), else each page's own.
  const pooled = size ? null : commonCellSize(late.flatMap((p) => p.cells), 2);
  for (const p of late) {
    const s = size ?? (pooled && cellsOfSize(p.cells, pooled).length > 0 ? pooled : commonCellSize(p.cells, 2));
    const cells = s ? orderCells(cellsOfSize(p.cells, s)) : [];
    const variant = size && cells.length === 0 ? variantCellSize(p.cells, size) : null;
    if (variant) read(p, orderCells(cellsOfSize(p.cells, variant)), variant, variantEvidence);
    else if (cells.length === 0 || !s) empty.push(p);
    else read(p, cells, s);
  }
  // Pages set aside: of the roll's size (a voter page read poorly), or of a size no other page
  // contradicts (no page read IDs in boxes of another size), their boxes are voters after all;
  // otherwise they were a table's cells (the first page is then the roll's cover).
  await Promise.all(pending);
  const idSizes = results.filter((r) => r.boxes.some((b) => idShaped(b.reading))).map((r) => sizeRead.get(r) as Size);
  for (const a of setAside) {
    const voters = size ? sameSize(a.size, size) : idSizes.length === 0 || idSizes.some((s) => sameSize(s, a.size));
    if (voters) {
      a.result.boxes = a.boxes;
      offerTemplate(a.p, orderCells(a.cells));
    } else {
      // as any page without boxes of the roll's size: a supplement's variant boxes, else the grid
      results.splice(results.indexOf(a.result), 1);
      const variant = size && cellsOfSize(a.p.cells, size).length === 0 ? variantCellSize(a.p.cells, size) : null;
      if (variant) read(a.p, orderCells(cellsOfSize(a.p.cells, variant)), variant, variantEvidence);
      else empty.push(a.p);
    }
  }
  // last resort: the calibrated grid; a grid box counts only if OCR reads a serial or an EPIC in
  // it, and the page only if at least two boxes read an EPIC or three read serials in order (a
  // summary page's table must not become a voter)
  for (const p of empty) {
    // the roll's cover: the serial range it states, to check the boxes found against
    if (p.page === 1) keep(pending, readCover(p));
    const t = fullest.template;
    if (!t || t.width !== p.image.width || t.height !== p.image.height) {
      results.push({ page: p.page, skew: p.skew, boxes: [] });
      continue;
    }
    const result: RasterPage = { page: p.page, skew: p.skew, boxes: [], grid: true };
    results.push(result);
    const boxes = t.cells.map((c) => boxOf(p, c));
    keep(
      pending,
      readCells(p.image, t.cells).then((readings) => {
        result.boxes = gridEvidence(readings) ? boxes.map((box, i) => ({ ...box, reading: readings[i] })).filter((b) => b.reading.serial !== null || idShaped(b.reading)) : [];
        if (result.boxes.length === 0) result.grid = false;
      }),
    );
  }
  await Promise.all(pending);
  const first = results.find((r) => r.page === 1);
  if (first && first.boxes.length === 0 && cover !== undefined) first.cover = cover;
  if (first && first.boxes.length === 0 && coverText) first.coverText = coverText;
  if (first && first.boxes.length === 0) first.coverYear = coverYear;
  return results.sort((a, b) => a.page - b.page);
}

/** OCRs the serial/EPIC bands of boxes already known in PDF space (vector boxes, no text). */
export async function ocrKnownBoxes(session: PdfSession, requests: { page: number; rect: Rect }[], signal?: AbortSignal): Promise<BandReading[]> {
  const out: BandReading[] = new Array(requests.length);
  const byPage = new Map<number, number[]>();
  requests.forEach((r, i) => byPage.set(r.page, [...(byPage.get(r.page) ?? []), i]));
  const pending: Promise<void>[] = [];
  for (const [n, idx] of byPage) {
    checkAbort(signal);
    const page = await session.guard(`Page ${n}`, session.doc.getPage(n));
    const rendered = await session.guard(`Page ${n}`, renderGray(session, page, RENDER_SCALE));
    page.cleanup();
    const cells = idx.map((i) => {
      const r = requests[i].rect;
      const [ax, ay] = rendered.toPixel(r.x, r.y);
      const [bx, by] = rendered.toPixel(r.x + r.width, r.y + r.height);
      return { x: Math.min(ax, bx), y: Math.min(ay, by), width: Math.abs(bx - ax), height: Math.abs(by - ay) };
    });
    keep(
      pending,
      readCells(rendered.image, cells).then((readings) => {
        idx.forEach((i, k) => (out[i] = readings[k]));
      }),
    );
  }
  await Promise.all(pending);
  return out;
}
