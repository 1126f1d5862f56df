import type { Rect, TextCut } from '../../types';
import { checkAbort } from '../abort';
import { type Gray } from '../engines/image';
import { ocrWords, type OcrMode } from '../engines/ocr';
import type { PdfSession } from '../engines/pdfjs';
import { rectToPixels, renderGray } from '../engines/render';
import { impliedCells, type PixelRect } from './cells';
import { boxOf, orderCells, RENDER_SCALE, type Prepared } from './prepare';
import { secondReading } from './second-reading';
import { bandImage, binarized, readBand, SERIAL_LEVEL, stackBands, wordsByBand, type Band, type BandReading, type BandText } from './strips';

/**
 * The page-cell reader: OCR of the serial and ID bands of a page's voter cells, and the judgement of
 * what the readings show (voters, or a table's cells).
 */

export type Size = { width: number; height: number };

export interface RasterBox {
  rect: Rect;
  /** the photo area inside the box (ruled, or a printed photo), when one is seen */
  photo: Rect | null;
  /** where the box may be cut when photos are off (text-cut.ts) */
  textCut: TextCut | null;
  /** the roll's DELETED stamp is drawn across the box */
  stamped: boolean;
  reading: BandReading;
}

/** A page's cells read: the boxes kept, and the readings of the cells that were seen ruled (not implied). */
export interface PageCells {
  boxes: RasterBox[];
  /** the readings of the cells found on the page (not implied); with IdReading 'first', of those whose IDs were read (EVIDENCE_IDS) */
  shown: BandReading[];
}

/** An ID read, whole or with a slip that the roll's other IDs may repair (a fragment). */
export function idShaped(r: BandReading): boolean {
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
export function gridEvidence(readings: BandReading[]): boolean {
  const ids = readings.filter(idShaped).length;
  return ids >= 2 && ids >= readings.length / 3;
}

/**
 * Whether boxes of a variant size (variantCellSize: a supplement's taller boxes) hold voters: an
 * ID-shaped read in at least half of them. A table's cells of that size read none.
 */
export function variantEvidence(readings: BandReading[]): boolean {
  const ids = readings.filter(idShaped).length;
  return ids >= 1 && ids >= readings.length / 2;
}

/**
 * Keeps a page's OCR running in the background: whoever awaits `list` still sees its failure, but a loop
 * that stops first (a cancelled parse, a page that cannot be rendered) leaves no unhandled rejection.
 */
export function keep<T>(list: Promise<unknown>[], work: Promise<T>): Promise<T> {
  work.catch(() => undefined);
  list.push(work);
  return work;
}

const NO_TEXT: BandText = { text: '', confidence: 0 };

/** OCRs one kind of band (serial or EPIC) of many boxes as one stacked sheet. */
async function readSheet(bands: (Gray | null)[], mode: OcrMode): Promise<BandText[]> {
  if (bands.length === 0) return [];
  const sheet = stackBands(bands);
  const words = sheet.rows.some((r) => r !== null) ? await ocrWords(sheet.image, mode) : [];
  return wordsByBand(words, sheet.rows);
}

/**
 * OCRs the serial bands and the EPIC bands of a page, each kind in two stacked sheets of half the
 * boxes: the four sheets are queued serials first, so that each of the two OCR workers reads one
 * serial sheet and one EPIC sheet and both finish together (a page's OCR is as long as its slower
 * worker).
 */
async function readSerialsAndEpics(serials: (Gray | null)[], epics: (Gray | null)[]): Promise<{ serialText: BandText[]; epicText: BandText[] }> {
  const half = sheetSplit(serials, epics);
  const [s1, s2, e1, e2] = await Promise.all([
    readSheet(serials.slice(0, half), 'digits'),
    readSheet(serials.slice(half), 'digits'),
    readSheet(epics.slice(0, half), 'epic'),
    readSheet(epics.slice(half), 'epic'),
  ]);
  return { serialText: [...s1, ...s2], epicText: [...e1, ...e2] };
}

/**
 * Where a page's bands are split into two sheets of each kind: after half of the boxes that have a band to read,
 * once there are eight of them; fewer are read as one sheet of each kind (the two ends of a page, read for its
 * serials' continuity, are one sheet, not two: each sheet is a call of its own on a worker).
 */
function sheetSplit(serials: (Gray | null)[], epics: (Gray | null)[]): number {
  const present = serials.flatMap((s, i) => (s || epics[i] ? [i] : []));
  return present.length >= 8 ? present[Math.ceil(present.length / 2) - 1] + 1 : serials.length;
}

/**
 * Reads the serial and the EPIC of each cell of a page (cutAndRead; its IDs as `ids` says). `inOrder`: the
 * cells are in the roll's reading order, so that their serials may be counted (readSerialsByContinuity).
 */
export async function readCells(image: Gray, cells: PixelRect[], ids: IdReading = 'both', inOrder = true): Promise<BandReading[]> {
  return (await cutAndRead(image, cells, ids, inOrder)).readings;
}

/**
 * How a page's IDs are read: by both recognisers ('both'); by tesseract alone, for now ('first': the draft
 * needs them only as the evidence that the boxes hold voters); or not at all ('later'). After 'first' and
 * 'later' each band that shows an ID is marked `idLater`: a complete parse after the draft reads it (again).
 */
export type IdReading = 'both' | 'first' | 'later';

/**
 * A page's cells cut into bands (what OCR is given) and read as `ids` says; the serials by continuity
 * (readSerialsByContinuity) when `wholeCells` (the cells are in reading order and none is implied: an implied
 * one needs its own serial read to be kept), except where tesseract reads the page's IDs anyway ('first': a
 * page whose IDs are the evidence that it holds voters; only the `evidence` cells' IDs when given). A cell whose
 * band was cut with the page's cells (`cut`, on the pixel thread) is not cut again.
 */
async function cutAndRead(
  image: Gray,
  cells: PixelRect[],
  ids: IdReading = 'both',
  wholeCells = true,
  cut?: ReadonlyMap<PixelRect, Band>,
  evidence?: ReadonlySet<number>,
): Promise<{ bands: Band[]; readings: BandReading[] }> {
  if (cells.length === 0) return { bands: [], readings: [] };
  const bands = cells.map((c) => cut?.get(c) ?? bandImage(image, c));
  if (ids === 'both') return { bands, readings: wholeCells ? await readSerialsByContinuity(bands) : await readBands(bands) };
  const withoutIds = bands.map((b) => ({ ...b, epic: null }));
  const readings =
    ids === 'first'
      ? // tesseract's IDs (of the `evidence` cells only, when given); the line model reads only the serials tesseract missed
        await secondReading(withoutIds, await readBandsByTesseract(evidence ? bands.map((b, i) => (evidence.has(i) ? b : { ...b, epic: null })) : bands))
      : wholeCells
        ? await readSerialsByContinuity(withoutIds)
        : await readBands(withoutIds);
  return { bands, readings: readings.map((r, i) => (bands[i].epic ? { ...r, idLater: true } : r)) };
}

/**
 * The serials of a page's boxes, which a roll prints consecutively in reading order: the first and the last
 * box are read, and when they are as far apart as the boxes between them say (the last is the first plus the
 * boxes after it), the others are counted from the first, unread. When they are not, the boxes beside the ends
 * are read (the second and the last but one), which tells an end misread from a serial the roll leaves out
 * (consecutiveFirst). Otherwise (a gap, a repeated serial) every serial is read. Marks (a deletion's reason
 * letter, #) and the IDs of bands that show one (a complete parse's) are read with the ends, once.
 */
async function readSerialsByContinuity(bands: Band[]): Promise<BandReading[]> {
  const n = bands.length;
  if (n < 3) return readBands(bands);
  const ends = await readBands(bands.map((b, i) => (i === 0 || i === n - 1 ? b : { ...b, serial: null })));
  const withSerials = (serialOf: (i: number) => number | null) => ends.map((r, i) => ({ ...r, serial: serialOf(i) }));
  // later reads are of serials alone: the marks and the IDs were read with the ends
  const serialsOnly = (keep: (i: number) => boolean) => readBands(bands.map((b, i) => ({ serial: keep(i) ? b.serial : null, epic: null, mark: null })));
  const read = new Map<number, number | null>([
    [0, ends[0].serial],
    [n - 1, ends[n - 1].serial],
  ]);
  const fromEnds = consecutiveFirst(read, n);
  if (fromEnds !== null) return withSerials((i) => fromEnds + i);
  if (n >= 5) {
    const inner = await serialsOnly((i) => i === 1 || i === n - 2);
    read.set(1, inner[1].serial).set(n - 2, inner[n - 2].serial);
    const fromFour = consecutiveFirst(read, n);
    if (fromFour !== null) return withSerials((i) => fromFour + i);
  }
  const all = await serialsOnly(() => true);
  return withSerials((i) => all[i].serial);
}

/**
 * The first serial of a page of `n` boxes whose serials run consecutively, from the serials read in some of
 * its boxes (by box index; null where none was read), or null when the reads do not show that they do.
 *
 * The two ends agreeing (the last is the first plus n - 1) is enough. Else the boxes beside them must agree
 * (read at 1 and n - 2), and each end must either agree with them, be unread, or be a plain misread: a
 * number of another length than the one it stands for, and further from it than the page holds boxes ("34"
 * for 347, "4466" for 466). An end off by a little ("316" where 317 was due) is a serial the roll leaves out
 * between the end and its neighbour, not a misread: then null, and every serial is read.
 */
export function consecutiveFirst(read: ReadonlyMap<number, number | null>, n: number): number | null {
  const first = read.get(0) ?? null;
  const last = read.get(n - 1) ?? null;
  if (first !== null && last !== null && last - first === n - 1) return first;
  const second = read.get(1) ?? null;
  const lastButOne = read.get(n - 2) ?? null;
  if (n < 5 || second === null || lastButOne === null || lastButOne - second !== n - 3) return null;
  const base = second - 1;
  const endFits = (got: number | null, due: number) => got === null || got === due || (String(got).length !== String(due).length && Math.abs(got - due) > n);
  return endFits(first, base) && endFits(last, base + n - 1) ? base : null;
}

/**
 * Reads the bands of a page's cells with tesseract (readBandsByTesseract), then every ID band, and each
 * serial tesseract could not read, with the line model; the two reads of an ID are decided by
 * second-reading.ts.
 */
export async function readBands(bands: Band[]): Promise<BandReading[]> {
  return secondReading(bands, await readBandsByTesseract(bands));
}

/**
 * Reads each band's serial (digits only, black and white) and EPIC (ID-shaped, grey: at 100-150
 * dpi thresholding breaks thin strokes) with tesseract. Bands that did not yield a value are read a
 * second time in the other rendering (grey serials, black-and-white EPICs), only those.
 */
export async function readBandsByTesseract(bands: Band[]): Promise<BandReading[]> {
  if (bands.length === 0) return [];
  const serialBands = bands.map((b) => (b.serial ? binarized(b.serial, SERIAL_LEVEL) : null));
  const marks = bands.map((b) => b.mark);
  // marks are rare (deleted or modified entries): their sheet is read only when a band has one
  const [{ serialText, epicText }, markText] = await Promise.all([
    readSerialsAndEpics(serialBands, bands.map((b) => b.epic)),
    marks.some(Boolean) ? readSheet(marks, 'mark') : Promise.resolve(null),
  ]);
  const markOf = (i: number) => (marks[i] && markText ? markText[i].text : undefined);
  let readings = bands.map((_, i) => {
    const reading = readBand(serialText[i].text, epicText[i].text, markOf(i));
    return reading.epic !== null ? { ...reading, idConfidence: epicText[i].confidence } : reading;
  });
  const retrySerial = bands.map((b, i) => (b.serial && readings[i].serial === null ? b.serial : null));
  const retryEpic = bands.map((b, i) => (b.epic && readings[i].epic === null ? binarized(b.epic) : null));
  if (retrySerial.some(Boolean) || retryEpic.some(Boolean)) {
    const [serial2, epic2] = await Promise.all([
      retrySerial.some(Boolean) ? readSheet(retrySerial, 'digits') : Promise.resolve(retrySerial.map(() => NO_TEXT)),
      retryEpic.some(Boolean) ? readSheet(retryEpic, 'epic') : Promise.resolve(retryEpic.map(() => NO_TEXT)),
    ]);
    readings = readings.map((r, i) => {
      if (!retrySerial[i] && !retryEpic[i]) return r;
      const again = readBand((retrySerial[i] ? serial2[i] : serialText[i]).text, (retryEpic[i] ? epic2[i] : epicText[i]).text);
      return {
        serial: r.serial ?? again.serial,
        epic: r.epic ?? again.epic,
        epicFragment: r.epic ?? again.epic ? null : (r.epicFragment ?? again.epicFragment),
        ...(r.mark !== undefined ? { mark: r.mark } : {}),
        ...(r.idConfidence !== undefined ? { idConfidence: r.idConfidence } : {}),
        text: r.text,
        // both reads of an ID band that gave no ID: either may hold an ID of the roll's own shape
        idText: retryEpic[i] ? `${r.idText} ${again.idText}`.trim() : r.idText,
      };
    });
  }
  return readings;
}

/** A voter box's band as the parser cut and read it: what `watchBands` is given. */
export interface BandSeen {
  rect: Rect;
  band: Band;
  reading: BandReading;
}

let bandWatcher: ((page: number, seen: BandSeen[]) => void) | null = null;

/**
 * Gives `watcher` the bands of the boxes each page keeps, as they are read (null: none). For the
 * recognisers' benchmark (bench/recognisers.ts), which compares recognisers on the very crops the
 * parser cuts; the parse itself never sets it.
 */
export function watchBands(watcher: ((page: number, seen: BandSeen[]) => void) | null): void {
  bandWatcher = watcher;
}

/**
 * Below this share of ink inside its ruling a cell is blank: the empty place after a list's last box, which ruled
 * lines around it close like a box (about 0.2% ink: specks), where a voter's box, printed with a name, a relative,
 * a house and an age, holds 7% or more on every scanned fixture roll.
 */
const BLANK_INK = 0.015;

/**
 * Cells whose IDs tesseract reads on a page whose IDs are the draft's evidence that it holds voters (IdReading
 * 'first'): the first twelve found, four rows of a roll's three columns; the page's other IDs are read after the
 * draft, as every page's are. A page's IDs were the longest OCR of a scanned roll's start, when no page is read
 * until the roll's box size is known.
 */
export const EVIDENCE_IDS = 12;

/**
 * Reads a page's cells of one box size: the ruled ones, and the boxes whose outline is broken in the
 * scan, placed by their row and column (kept only if OCR reads an EPIC in them, or a serial that fits
 * between their neighbours'); a blank cell (BLANK_INK) is no box, whatever OCR makes of its specks. Their IDs
 * are read as `ids` says (cutAndRead).
 */
export async function readPageCells(p: Prepared, found: PixelRect[], size: Size, ids: IdReading = 'both'): Promise<PageCells> {
  const implied = new Set(impliedCells(found, size).filter((c) => c.x >= 0 && c.y >= 0 && c.x + c.width <= p.image.width && c.y + c.height <= p.image.height));
  const cells = orderCells([...found, ...implied]);
  const boxes = cells.map((c) => boxOf(p, c));
  // the draft's evidence that the cells hold voters: the IDs of the first EVIDENCE_IDS cells found, not of all (an
  // implied cell's ID is read too: it is kept only if OCR reads an ID or a fitting serial in it)
  let evidence: Set<number> | undefined;
  if (ids === 'first') {
    const foundAt = cells.flatMap((c, i) => (implied.has(c) ? [] : [i]));
    const impliedAt = cells.flatMap((c, i) => (implied.has(c) ? [i] : []));
    evidence = new Set([...foundAt.slice(0, EVIDENCE_IDS), ...impliedAt]);
  }
  const { bands, readings } = await cutAndRead(p.image, cells, ids, implied.size === 0, p.bands, evidence);
  const kept = cells.map((c, i) => inkShare(p.ink, p.image.width, c) >= BLANK_INK && (!implied.has(c) || plausible(readings, i, (k) => !implied.has(cells[k]))));
  bandWatcher?.(
    p.page,
    boxes.flatMap((b, i) => (kept[i] ? [{ rect: b.rect, band: bands[i], reading: readings[i] }] : [])),
  );
  return {
    boxes: boxes.map((box, i) => ({ ...box, reading: readings[i] })).filter((_, i) => kept[i]),
    shown: readings.filter((_, i) => !implied.has(cells[i]) && (!evidence || evidence.has(i))),
  };
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
    const cells = idx.map((i) => rectToPixels(rendered, requests[i].rect));
    keep(
      pending,
      // boxes known from the page's drawing, in the drawing's order: every serial is read
      readCells(rendered.image, cells, 'both', false).then((readings) => {
        idx.forEach((i, k) => (out[i] = readings[k]));
      }),
    );
  }
  await Promise.all(pending);
  return out;
}

/** The share of a cell's pixels that are ink, inside its ruling (an inset of a few pixels). */
function inkShare(ink: Uint8Array, width: number, c: PixelRect, inset = 4): number {
  const x0 = Math.max(0, Math.round(c.x + inset));
  const x1 = Math.min(width, Math.round(c.x + c.width - inset));
  const height = Math.floor(ink.length / width);
  const y0 = Math.max(0, Math.round(c.y + inset));
  const y1 = Math.min(height, Math.round(c.y + c.height - inset));
  if (x1 <= x0 || y1 <= y0) return 0;
  let n = 0;
  for (let y = y0; y < y1; y++) {
    const row = y * width;
    for (let x = x0; x < x1; x++) n += ink[row + x];
  }
  return n / ((x1 - x0) * (y1 - y0));
}
