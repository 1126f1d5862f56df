import type { Rect } from '../../types';
import type { PdfPage } from './pdfjs';

/** A piece of text from the page's text layer, in PDF user space. */
export interface TextPiece {
  str: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Pre-base vowel signs (Devanagari/Gurmukhi/Gujarati i, Bengali/Odia/Tamil/Malayalam e and ai...)
 * that some producers (iText's pdfCalligraph in the 2025 ECI rolls) put in the text layer in visual
 * order, before their consonant: "િવ" for "વિ".
 */
const PRE_BASE = '\u093F\u09BF\u09C7\u09C8\u0A3F\u0ABF\u0B47\u0BC6-\u0BC8\u0D46-\u0D48';
const CONSONANT = '\u0915-\u0939\u0958-\u095F\u0995-\u09B9\u09DC-\u09DF\u0A15-\u0A39\u0A59-\u0A5E\u0A95-\u0AB9\u0B15-\u0B39\u0B95-\u0BB9\u0D15-\u0D39';
const VIRAMA = '\u094D\u09CD\u0A4D\u0ACD\u0B4D\u0BCD\u0D4D';
const NUKTA = '\u093C\u09BC\u0A3C\u0ABC\u0B3C';
const ANY_PRE_BASE = new RegExp(`[${PRE_BASE}]`);
const VISUAL_ORDER = new RegExp(`(^|[^${CONSONANT}${NUKTA}${VIRAMA}])([${PRE_BASE}])([${CONSONANT}][${NUKTA}]?(?:[${VIRAMA}][${CONSONANT}][${NUKTA}]?)*)`, 'gu');

/** Puts pre-base vowel signs written in visual order back after their consonant cluster. */
export function logicalOrder(text: string): string {
  // most pieces (numbers, IDs, Latin, well-ordered text) hold no pre-base sign: one cheap scan
  if (!ANY_PRE_BASE.test(text)) return text;
  return text.replace(VISUAL_ORDER, (_, before: string, sign: string, cluster: string) => before + cluster + sign);
}

/** A text piece from a reader's text item (null for white space alone). */
export function toPiece(str: string, x: number, y: number, width: number, height: number): TextPiece | null {
  if (str.trim() === '') return null;
  return { str: logicalOrder(str), x, y, width, height };
}

/** The page's text pieces from pdf.js's text content. */
export async function readText(page: PdfPage): Promise<TextPiece[]> {
  const content = await page.getTextContent();
  const out: TextPiece[] = [];
  for (const item of content.items) {
    if (!('str' in item)) continue;
    const [a, b, , d, e, f] = item.transform as number[];
    const size = Math.hypot(b, d) || Math.abs(a) || item.height;
    const piece = toPiece(item.str, e, f, item.width, item.height || size);
    if (piece) out.push(piece);
  }
  return out;
}

export function pieceCenter(p: TextPiece): [number, number] {
  return [p.x + p.width / 2, p.y + p.height * 0.35];
}

/**
 * The pieces whose centre (pieceCenter) lies in a rectangle, for many rectangles of one page: the
 * centres are computed once (a page's boxes each asked over all its pieces).
 */
export function piecesWithin(pieces: TextPiece[]): (rect: Rect) => TextPiece[] {
  const cx = new Float64Array(pieces.length);
  const cy = new Float64Array(pieces.length);
  pieces.forEach((p, i) => {
    [cx[i], cy[i]] = pieceCenter(p);
  });
  return (rect) => {
    const out: TextPiece[] = [];
    const x1 = rect.x + rect.width;
    const y1 = rect.y + rect.height;
    for (let i = 0; i < pieces.length; i++) if (cx[i] >= rect.x && cx[i] <= x1 && cy[i] >= rect.y && cy[i] <= y1) out.push(pieces[i]);
    return out;
  };
}

/**
 * A phrase as a regular expression source that also matches it as text layers cut it up: white
 * space allowed between any two characters of a word ("ઉં મર" for "ઉંમર", "સં ક્ષિપ્ત" for
 * "સંક્ષિપ્ત": producers draw words in pieces and the pieces join with a space), and any white
 * space between words. The words are taken literally (no regular-expression syntax in them).
 */
export function loosePhrase(words: string): string {
  return words
    .split(' ')
    .map((w) => [...w].join('\\s?'))
    .join('\\s*');
}

/** Marks a column break inside a line's text (a tab: regular expressions see it as white space). */
export const COLUMN = '\t';

export interface TextLine {
  y: number;
  text: string;
  pieces: TextPiece[];
}

/** Groups pieces into lines (top to bottom) and joins each line left to right. */
export function toLines(pieces: TextPiece[]): TextLine[] {
  const sorted = [...pieces].sort((p, q) => q.y - p.y || p.x - q.x);
  const lines: TextLine[] = [];
  for (const p of sorted) {
    // the first line (topmost) within reach of the piece: lines are made top to bottom and the
    // piece is below them all, so those within reach are the last few (searched from the end)
    const reach = Math.max(1.5, p.height * 0.4);
    let line: TextLine | null = null;
    for (let i = lines.length - 1; i >= 0 && Math.abs(lines[i].y - p.y) < reach; i--) line = lines[i];
    if (line) line.pieces.push(p);
    else lines.push({ y: p.y, text: '', pieces: [p] });
  }
  for (const line of lines) {
    line.pieces.sort((p, q) => p.x - q.x);
    let text = '';
    let end = -Infinity;
    for (const p of line.pieces) {
      const gap = p.x - end;
      // a gap of several characters is a column break (a cover's label column and value column)
      if (text && gap > p.height * 2.5) text += COLUMN;
      else if (text && gap > Math.max(1, p.height * 0.15) && !text.endsWith(' ') && !p.str.startsWith(' ')) text += ' ';
      text += p.str;
      end = p.x + p.width;
    }
    line.text = text.replace(/[^\S\t]+/g, ' ').replace(/ ?\t ?/g, COLUMN).trim();
  }
  return lines.sort((a, b) => b.y - a.y);
}
