import type { PageKind, ParseReport, ParseWarning, Rect, VoterList, VoterRecord } from '../../types';
import { checkAbort, raceAbort } from '../abort';
import { VoterListError } from '../errors';
import { PageProgress } from '../progress';
import { readingOrder, roundRect } from '../geometry';
import type { ParseOptions } from '../options';
import { continuityWarnings, fitPageSerials, repairSerials, type SerialSlot } from '../serials';
import { boxesOfSize, candidateRects, dominantBoxSize, photoRect } from './box-size';
import { cellsFromSegments } from './segments';
import { readBoxText, type BoxText } from './box-fields';
import { pageSection, readHeader } from './header';
import { DEFAULT_PDF_LIMITS, PdfSession, type PdfDocument } from './pdfjs';
import { judgeText } from './scramble';
import { piecesIn, readText, toLines, type TextPiece } from './text-layer';
import { readPageDrawing, type PaintedRect } from './vector-rects';
import { ocrKnownBoxes, rasterPages } from '../raster/pages';
import { ScanImages } from '../raster/scan-image';
import type { Matrix } from '../geometry';
import type { BandReading } from '../raster/strips';
import { repairEpicPrefixes } from '../epic';

/** What was learnt about one page before boxes are read. */
interface PageScan {
  page: number;
  width: number;
  height: number;
  rects: PaintedRect[];
  /** painted rectangles and the small cells the ruling closes (photo areas drawn as lines) */
  smallRects: Rect[];
  candidates: Rect[];
  pieces: TextPiece[];
  imageCover: number;
  imageMatrix: Matrix | null;
  paths: number;
}

/** One voter box found on a page, in reading order, with what the text layer says about it. */
export interface FoundBox {
  page: number;
  rect: Rect;
  photo: Rect | null;
  text: BoxText;
  /** What OCR read in the box's serial/EPIC band, when it was read. */
  ocr: BandReading | null;
}

export interface PageBoxes {
  page: number;
  boxes: FoundBox[];
  method: 'vector' | 'raster' | 'grid' | 'none';
}

const DEFAULT_MAX_PAGES = 500;

/**
 * Pages with more path-painting operations than this are not rendered to look for boxes: a roll
 * page has a few thousand at most, and rendering (on the main thread) a crafted page of millions
 * would stall the server for minutes.
 */
export const MAX_RASTER_PATHS = 100_000;

async function scanPage(doc: PdfDocument, n: number): Promise<PageScan> {
  const page = await doc.getPage(n);
  const [x0, y0, x1, y1] = page.view;
  const drawing = await readPageDrawing(page);
  const pieces = await readText(page);
  const width = x1 - x0;
  const height = y1 - y0;
  const smallRects = [...drawing.rects, ...cellsFromSegments(drawing.segments, { minWidth: 8, maxWidth: width * 0.3, minHeight: 20, maxHeight: height * 0.2 })];
  return { page: n, width, height, rects: drawing.rects, smallRects, candidates: candidateRects(drawing.rects, drawing.segments, width, height), pieces, imageCover: drawing.imageCover, imageMatrix: drawing.imageMatrix, paths: drawing.paths };
}

/** An upright image matrix that covers the page (within a point each way). */
function coversPage(m: Matrix, view: number[]): boolean {
  const [x0, y0, x1, y1] = view;
  if (Math.abs(m[1]) > 1e-6 || Math.abs(m[2]) > 1e-6) return false;
  return Math.abs(m[4] - x0) <= 1 && Math.abs(m[5] - y0) <= 1 && Math.abs(m[0] - (x1 - x0)) <= 1 && Math.abs(m[3] - (y1 - y0)) <= 1;
}

function classify(found: PageBoxes[]): Record<number, PageKind> {
  const voterPages = found.filter((p) => p.boxes.length > 0).map((p) => p.page);
  const first = Math.min(...voterPages);
  const last = Math.max(...voterPages);
  const kinds: Record<number, PageKind> = {};
  for (const p of found) {
    kinds[p.page] = p.boxes.length > 0 ? 'voters' : p.page < first ? 'cover' : p.page > last ? 'summary' : 'other';
  }
  return kinds;
}

/** Scans page `n` on `doc`: a bare full-page JPEG skips pdf.js's operator list (sharp decodes it later). */
async function scanOne(session: PdfSession, doc: PdfDocument, n: number, images: ScanImages, bare: boolean): Promise<PageScan> {
  try {
    // once page 1 proves to be a bare full-page image, later pages that are too skip pdf.js's
    // operator list (it would decode each JPEG in JavaScript just to report it)
    // (page 1 too, when its content is nothing but one JPEG drawn over the whole page)
    const m = bare || n === 1 ? await images.bareMatrix(n) : null;
    if (m) {
      const page = await session.guard(`Page ${n}`, doc.getPage(n));
      if (n > 1 || coversPage(m, page.view)) {
        const [x0, y0, x1, y1] = page.view;
        return { page: n, width: x1 - x0, height: y1 - y0, rects: [], smallRects: [], candidates: [], pieces: [], imageCover: 1, imageMatrix: m, paths: 0 };
      }
    }
    return await session.guard(`Page ${n}`, scanPage(doc, n));
  } catch (error) {
    if (error instanceof VoterListError) throw error;
    throw new VoterListError('corrupt', `Page ${n} of the PDF is damaged and cannot be read.`);
  }
}

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
  } finally {
    await session.close();
  }
}

async function readRoll(session: PdfSession, bytes: Uint8Array, opts: ParseOptions): Promise<VoterList> {
  const doc = session.doc;
  const signal = opts.signal;
  const total = doc.numPages;
  const maxPages = opts.maxPages ?? DEFAULT_MAX_PAGES;
  if (total === 0) throw new VoterListError('no-voters', 'The PDF has no pages.');
  if (total > maxPages) throw new VoterListError('too-large', `The PDF has ${total} pages; at most ${maxPages} are accepted in one file.`);

  const scans: PageScan[] = new Array(total);
  const scanImages = new ScanImages(bytes);
  const progress = new PageProgress(total, opts.onProgress);
  const keep = (s: PageScan) => {
    scans[s.page - 1] = s;
    // a page that may need OCR is counted once it has been read
    if (s.imageCover <= 0.5) progress.page(s.page);
  };
  keep(await scanOne(session, doc, 1, scanImages, false));
  const first = scans[0];
  const bareScans = first.paths === 0 && first.pieces.length === 0 && first.imageCover > 0.95;
  // the other pages are shared out between the parser threads, each taking the next page
  let next = 2;
  await Promise.all(
    session.docs.map(async (d) => {
      while (next <= total) {
        checkAbort(signal);
        const n = next++;
        keep(await scanOne(session, d, n, scanImages, bareScans));
      }
    }),
  );
  const allPieces = scans.flatMap((s) => s.pieces);
  const verdict = judgeText(allPieces.flatMap((p) => p.str.split(/\s+/)));
  const textLayer: ParseReport['textLayer'] = allPieces.length === 0 ? 'none' : verdict.scrambled ? 'scrambled' : 'clean';
  const clean = textLayer === 'clean';

  const size = dominantBoxSize(scans.map((s) => s.candidates));
  const found: PageBoxes[] = [];
  for (const scan of scans) {
    const rects = size ? boxesOfSize(scan.candidates, size) : [];
    const ordered = readingOrder(rects.map((rect) => ({ rect })));
    found.push({
      page: scan.page,
      method: ordered.length > 0 ? 'vector' : 'none',
      boxes: ordered.map(({ rect }) => ({
        page: scan.page,
        rect,
        photo: photoRect(rect, scan.smallRects),
        text: readBoxText(rect, piecesIn(rect, scan.pieces), clean),
        ocr: null,
      })),
    });
  }
  const ocrMode = opts.ocr ?? 'auto';
  checkAbort(signal);

  // Pages without vector boxes: scanned pages in a vector roll, or a roll that is all images
  // (or whose boxes are not drawn as rectangles) -> boxes from the rendered pixels, numbers by OCR.
  const boxless = ocrMode === 'off' ? [] : scans.filter((s) => found[s.page - 1].boxes.length === 0 && (!size || s.imageCover > 0.5));
  const tooComplex = boxless.filter((s) => s.paths > MAX_RASTER_PATHS).map((s) => s.page);
  const rasterTargets = boxless.filter((s) => s.paths <= MAX_RASTER_PATHS).map((s) => s.page);
  const toRaster = new Set(rasterTargets);
  for (const s of scans) if (!toRaster.has(s.page)) progress.page(s.page);
  if (rasterTargets.length > 0) {
    const hints = new Map(scans.map((s) => [s.page, { imageMatrix: s.imageMatrix, paths: s.paths, texts: s.pieces.length }]));
    const raster = await rasterPages(session, rasterTargets, (n) => progress.page(n), { scans: scanImages, hints }, signal);
    for (const rp of raster) {
      const scan = scans[rp.page - 1];
      found[rp.page - 1] = {
        page: rp.page,
        method: rp.boxes.length === 0 ? 'none' : rp.grid ? 'grid' : 'raster',
        boxes: rp.boxes.map((b) => ({
          page: rp.page,
          rect: b.rect,
          photo: b.photo,
          text: readBoxText(b.rect, piecesIn(b.rect, scan.pieces), clean),
          ocr: b.reading,
        })),
      };
    }
  }

  // Vector boxes whose serial (or, in a box without any text, EPIC) the text layer lacks.
  const needOcr = found
    .filter((p) => p.method === 'vector')
    .flatMap((p) => p.boxes)
    .filter((b) => ocrMode === 'always' || (ocrMode === 'auto' && (b.text.serial === null || (!b.text.hasText && b.text.epic === null))));
  if (needOcr.length > 0) {
    const readings = await ocrKnownBoxes(session, needOcr.map((b) => ({ page: b.page, rect: b.rect })), signal);
    needOcr.forEach((b, i) => (b.ocr = readings[i]));
  }
  checkAbort(signal);
  progress.finish();

  return assemble(found, scans, { textLayer, clean, ocrMode, tooComplex });
}

/** Picks each box's serial and EPIC: the text layer where it has them, else OCR (unless 'always'). */
function choose(b: FoundBox, ocrMode: NonNullable<ParseOptions['ocr']>): { serial: number | null; epic: string | null; fromOcr: boolean } {
  if (!b.ocr) return { serial: b.text.serial, epic: b.text.epic, fromOcr: false };
  if (ocrMode === 'always') return { serial: b.ocr.serial, epic: b.ocr.epic, fromOcr: true };
  const serialFromText = b.text.serial !== null;
  return {
    serial: serialFromText ? b.text.serial : b.ocr.serial,
    epic: b.text.epic ?? b.ocr.epic,
    fromOcr: !serialFromText,
  };
}

function assemble(
  found: PageBoxes[],
  scans: PageScan[],
  ctx: { textLayer: ParseReport['textLayer']; clean: boolean; ocrMode: NonNullable<ParseOptions['ocr']>; tooComplex: number[] },
): VoterList {
  const boxes = found.flatMap((p) => p.boxes);
  if (boxes.length === 0 && ctx.tooComplex.length > 0) {
    throw new VoterListError('no-voters', `No voter boxes were found in this PDF, and page ${ctx.tooComplex[0]} has a drawing too complex to examine (over ${MAX_RASTER_PATHS.toLocaleString('en-IN')} shapes); is it an electoral roll?`);
  }
  if (boxes.length === 0) {
    throw new VoterListError('no-voters', 'No voter boxes were found in this PDF; is it an electoral roll?');
  }
  const kinds = classify(found);
  const pages: Record<PageKind, number> = { cover: 0, voters: 0, summary: 0, other: 0 };
  for (const k of Object.values(kinds)) pages[k]++;

  const chosen = boxes.map((b) => ({ ...choose(b, ctx.ocrMode), ocrEpic: b.ocr !== null && (ctx.ocrMode === 'always' || b.text.epic === null) }));
  const ocrRead = chosen.reduce((n, c) => n + (c.fromOcr && c.serial !== null ? 1 : 0) + (c.ocrEpic && c.epic !== null ? 1 : 0), 0);
  const slots: SerialSlot[] = boxes.map((b, i) => ({ serial: chosen[i].serial, fromOcr: chosen[i].fromOcr, page: b.page }));
  let ocrRepaired = fitPageSerials(slots) + repairSerials(slots);
  const epics = chosen.map((c, i) => ({ epic: c.epic, fromOcr: c.ocrEpic, fragment: c.ocrEpic ? (boxes[i].ocr?.epicFragment ?? null) : null }));
  ocrRepaired += repairEpicPrefixes(epics);

  const warnings: ParseWarning[] = [];
  if (ctx.textLayer === 'scrambled') {
    warnings.push({ message: 'The text layer uses a legacy font encoding (names extract as gibberish): names are not read; slips show the printed box.' });
  }
  const rasterPagesList = found.filter((p) => p.method === 'raster').map((p) => p.page);
  if (rasterPagesList.length > 0) {
    warnings.push({ message: `On ${rasterPagesList.length} page(s) the voter boxes were found from the rendered page image, not from drawn rectangles (pages ${rasterPagesList.join(', ')}).` });
  }
  const gridPages = found.filter((p) => p.method === 'grid').map((p) => p.page);
  if (gridPages.length > 0) {
    warnings.push({ message: `No box outlines could be seen on page(s) ${gridPages.join(', ')}: boxes were placed from the grid of the other pages; check them.` });
  }
  if (ctx.tooComplex.length > 0) {
    warnings.push({ message: `Page(s) ${ctx.tooComplex.join(', ')} were not examined: each draws over ${MAX_RASTER_PATHS.toLocaleString('en-IN')} shapes, far more than a roll page.` });
  }
  warnings.push(...continuityWarnings(slots));

  const headerLines = ctx.clean ? scans.slice(0, 3).flatMap((s) => toLines(s.pieces).map((l) => l.text)) : [];
  const header = readHeader(headerLines);
  // each voter page names its section in the lines above its boxes
  const sections = new Map<number, string>();
  if (ctx.clean) {
    for (const p of found) {
      if (p.boxes.length === 0) continue;
      const top = Math.max(...p.boxes.map((b) => b.rect.y + b.rect.height));
      const section = pageSection(toLines(scans[p.page - 1].pieces.filter((x) => x.y > top)).map((l) => l.text));
      if (section) sections.set(p.page, section);
    }
  }

  const voters: VoterRecord[] = boxes.map((b, i) => {
    const v: VoterRecord = {
      serial: slots[i].serial,
      epic: epics[i].epic,
      page: b.page,
      ...b.text.fields,
      box: { page: b.page, rect: roundRect(b.rect), photo: b.photo ? roundRect(b.photo) : null },
    };
    if (header.part) v.part = header.part;
    const section = sections.get(b.page);
    if (section) v.section = section;
    if (b.text.deleted) v.deleted = true;
    return v;
  });

  const report: ParseReport = {
    source: 'pdf',
    voters: voters.length,
    pages,
    totalPages: scans.length,
    textLayer: ctx.textLayer,
    withoutEpic: voters.filter((v) => v.epic === null).length,
    deleted: voters.filter((v) => v.deleted).length,
    ocrRead,
    ocrRepaired,
    header,
    warnings,
  };
  return { voters, report };
}
