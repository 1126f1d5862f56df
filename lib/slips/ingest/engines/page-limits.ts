import zlib from 'node:zlib';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream, PDFRef, type PDFObject } from '@cantoo/pdf-lib';
import { VoterListError } from '../errors';

/**
 * Limits on one page of an uploaded PDF, checked before pdf.js draws it (its drawing runs on the
 * parse's main thread, where no time limit can stop it): far above any real roll page — an A4 or legal
 * page, a 600 dpi scan, a few thousand drawing operators — and far below what takes a reader down (a
 * page 1e30 points wide, a 30000 × 30000 image, a content stream that unpacks to gigabytes or nests a
 * hundred thousand graphics states).
 */
export const PAGE_LIMITS = {
  /** Page side, in points (the PDF format's own largest page: 200 inches). */
  maxSidePoints: 14_400,
  /** Pixels of one page as it is drawn for reading (a 300 dpi legal page at the read scale is about 10 million). */
  maxRenderPixels: 80_000_000,
  /** Pixels of one image (a 600 dpi legal-size scan is about 50 million). */
  maxImagePixels: 100_000_000,
  /** Bytes a page's content streams may unpack to. */
  maxContentBytes: 32 * 1024 * 1024,
  /** Drawing operators on one page. */
  maxOperators: 2_000_000,
  /** Graphics states open at once (`q` inside `q`; the PDF format recommends at most 28). */
  maxNesting: 512,
} as const;

const UPLOAD_AS_PUBLISHED = 'Upload the roll as the election office publishes it.';

function fmt(n: number): string {
  return Number.isFinite(n) && Math.abs(n) < 1e9 ? Math.round(n).toLocaleString('en-IN') : String(n);
}

/** A page's size in points, and (when it is to be drawn) the scale pdf.js draws it at, its /UserUnit included, within the limits. */
export function checkPageSize(page: number, width: number, height: number, drawScale?: number): void {
  const sane = (v: number) => Number.isFinite(v) && v > 0;
  if (!sane(width) || !sane(height) || width > PAGE_LIMITS.maxSidePoints || height > PAGE_LIMITS.maxSidePoints) {
    throw new VoterListError('corrupt', `Page ${page} of this PDF is ${fmt(width)} × ${fmt(height)} points; a roll page is A4 or legal size (about 595 × 842 points). ${UPLOAD_AS_PUBLISHED}`);
  }
  if (drawScale === undefined) return;
  const pixels = width * height * drawScale * drawScale;
  if (!Number.isFinite(pixels) || pixels > PAGE_LIMITS.maxRenderPixels) {
    const inches = (v: number) => fmt((v * (drawScale / 2)) / 72);
    throw new VoterListError('too-large', `Page ${page} of this PDF is drawn at ${inches(width)} × ${inches(height)} inches (its /UserUnit enlarges it); a roll page is A4 or legal size. ${UPLOAD_AS_PUBLISHED}`);
  }
}

/**
 * Counts the operators of a content stream and how deep its `q` nest, stopping at the limits: strings,
 * names, numbers, arrays, dictionaries, comments and inline image data are skipped, not counted.
 */
export function contentStats(bytes: Uint8Array, limits: { maxOperators: number; maxNesting: number } = PAGE_LIMITS): { operators: number; maxDepth: number } {
  let operators = 0;
  let depth = 0;
  let maxDepth = 0;
  const n = bytes.length;
  const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x0c || c === 0x00;
  const isDelim = (c: number) => c === 0x28 || c === 0x29 || c === 0x3c || c === 0x3e || c === 0x5b || c === 0x5d || c === 0x7b || c === 0x7d || c === 0x2f || c === 0x25;
  let i = 0;
  while (i < n) {
    const c = bytes[i];
    if (isSpace(c)) i++;
    else if (c === 0x25) {
      while (i < n && bytes[i] !== 0x0a && bytes[i] !== 0x0d) i++;
    } else if (c === 0x28) {
      // a literal string: balanced parentheses, backslash escapes
      let level = 1;
      i++;
      while (i < n && level > 0) {
        if (bytes[i] === 0x5c) i += 2;
        else {
          if (bytes[i] === 0x28) level++;
          else if (bytes[i] === 0x29) level--;
          i++;
        }
      }
    } else if (c === 0x3c && bytes[i + 1] !== 0x3c) {
      while (i < n && bytes[i] !== 0x3e) i++;
      i++;
    } else if (isDelim(c)) {
      i++;
      if (c === 0x2f) while (i < n && !isSpace(bytes[i]) && !isDelim(bytes[i])) i++;
    } else {
      const start = i;
      while (i < n && !isSpace(bytes[i]) && !isDelim(bytes[i])) i++;
      const first = bytes[start];
      const numeric = (first >= 0x30 && first <= 0x39) || first === 0x2b || first === 0x2d || first === 0x2e;
      if (numeric) continue;
      const length = i - start;
      operators++;
      if (length === 1 && first === 0x71) {
        depth++;
        if (depth > maxDepth) maxDepth = depth;
      } else if (length === 1 && first === 0x51) depth = Math.max(0, depth - 1);
      else if (length === 2 && first === 0x49 && bytes[start + 1] === 0x44) {
        // inline image data (after "ID") runs to "EI" between white space
        i++;
        while (i < n && !(isSpace(bytes[i - 1]) && bytes[i] === 0x45 && bytes[i + 1] === 0x49 && (i + 2 >= n || isSpace(bytes[i + 2])))) i++;
        i += 2;
      }
      if (operators > limits.maxOperators || maxDepth > limits.maxNesting) return { operators, maxDepth };
    }
  }
  return { operators, maxDepth };
}

/** The stream unpacked; null past `cap` bytes; 'unknown' when zlib cannot unpack it (pdf.js judges it then). */
function inflateCapped(bytes: Uint8Array, cap: number): Uint8Array | null | 'unknown' {
  try {
    return zlib.inflateSync(bytes, { maxOutputLength: cap, finishFlush: zlib.constants.Z_SYNC_FLUSH });
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' || error instanceof RangeError) return null;
    return 'unknown';
  }
}

/** A stream's data as drawn: raw, or unpacked (Flate only; other filters are left to pdf.js and its own limits). */
function streamData(doc: PDFDocument, stream: PDFRawStream, cap: number): Uint8Array | null | 'unknown' {
  const filterValue = stream.dict.get(PDFName.of('Filter'));
  const filter = filterValue ? doc.context.lookup(filterValue) : undefined;
  if (filter === undefined) return stream.contents;
  const only = filter instanceof PDFArray && filter.size() === 1 ? doc.context.lookup(filter.get(0)) : filter;
  if (only !== PDFName.of('FlateDecode')) return 'unknown';
  return inflateCapped(stream.contents, cap);
}

function numberIn(doc: PDFDocument, dict: PDFDict, key: string): number | null {
  const value = dict.get(PDFName.of(key));
  const resolved = value ? doc.context.lookup(value) : undefined;
  return resolved instanceof PDFNumber ? resolved.asNumber() : null;
}

/**
 * The images a page's resources hold (in forms too, each object once, at most `maxObjects` looked at):
 * each one's pixel count within the limit.
 */
function checkImages(doc: PDFDocument, page: number, resources: PDFDict | undefined, seen: Set<PDFObject>, maxObjects = 2000): void {
  const xobjects = resources?.lookupMaybe(PDFName.of('XObject'), PDFDict);
  if (!xobjects) return;
  for (const [, value] of xobjects.entries()) {
    if (seen.size >= maxObjects) return;
    const key = value instanceof PDFRef ? value : null;
    if (key && seen.has(key)) continue;
    if (key) seen.add(key);
    const obj = doc.context.lookup(value);
    if (!(obj instanceof PDFRawStream)) continue;
    const subtype = obj.dict.get(PDFName.of('Subtype'));
    if (subtype === PDFName.of('Image')) {
      const w = numberIn(doc, obj.dict, 'Width') ?? 0;
      const h = numberIn(doc, obj.dict, 'Height') ?? 0;
      if (!(w * h <= PAGE_LIMITS.maxImagePixels)) {
        throw new VoterListError(
          'too-large',
          `Page ${page} of this PDF holds an image of ${fmt(w)} × ${fmt(h)} pixels (${fmt((w * h) / 1e6)} million); a roll page scanned at 600 dpi has about 50 million. ${UPLOAD_AS_PUBLISHED}`,
        );
      }
    } else if (subtype === PDFName.of('Form')) {
      checkImages(doc, page, obj.dict.lookupMaybe(PDFName.of('Resources'), PDFDict), seen, maxObjects);
    }
  }
}

/**
 * Checks page `n` (1-based) of a file pdf-lib has loaded before pdf.js draws it: its images' pixels, what
 * its content streams unpack to, their operators and how deep they nest. Throws a VoterListError naming
 * the limit; a page whose parts pdf-lib cannot see (other filters, a broken dictionary) is left to pdf.js.
 */
export function checkPageContent(doc: PDFDocument, n: number): void {
  try {
    checkPage(doc, n);
  } catch (error) {
    // a structure pdf-lib cannot walk (a damaged page tree, a resource that is not a dictionary) is not
    // judged here: pdf.js reads it under its own limits, or refuses it as damaged
    if (error instanceof VoterListError) throw error;
  }
}

function checkPage(doc: PDFDocument, n: number): void {
  if (n < 1 || n > doc.getPageCount()) return;
  const node = doc.getPage(n - 1).node;
  checkImages(doc, n, node.Resources(), new Set());
  const contents = node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((r) => doc.context.lookup(r)) : contents ? [contents] : [];
  let left: number = PAGE_LIMITS.maxContentBytes;
  let operators = 0;
  let deepest = 0;
  for (const stream of streams) {
    if (!(stream instanceof PDFRawStream)) continue;
    const data = streamData(doc, stream, left + 1);
    if (data === 'unknown') continue;
    if (data === null || data.length > left) {
      throw new VoterListError('too-large', `Page ${n} of this PDF unpacks to more than ${fmt(PAGE_LIMITS.maxContentBytes / (1024 * 1024))} MB of drawing instructions; a roll page needs well under one. ${UPLOAD_AS_PUBLISHED}`);
    }
    left -= data.length;
    const stats = contentStats(data, { maxOperators: PAGE_LIMITS.maxOperators - operators, maxNesting: PAGE_LIMITS.maxNesting });
    operators += stats.operators;
    deepest = Math.max(deepest, stats.maxDepth);
    if (deepest > PAGE_LIMITS.maxNesting) {
      throw new VoterListError('corrupt', `Page ${n} of this PDF nests its drawing more than ${PAGE_LIMITS.maxNesting} levels deep; a roll page nests a few. ${UPLOAD_AS_PUBLISHED}`);
    }
    if (operators > PAGE_LIMITS.maxOperators) {
      throw new VoterListError('too-large', `Page ${n} of this PDF holds more than ${fmt(PAGE_LIMITS.maxOperators)} drawing instructions; a roll page holds a few thousand. ${UPLOAD_AS_PUBLISHED}`);
    }
  }
}
