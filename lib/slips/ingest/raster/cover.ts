import type { OcrWord } from '../engines/ocr';
import { COLUMN, toLines, type TextPiece } from '../engines/text-layer';
import { maxOf, minOf } from '../numbers';

/**
 * What an image-only roll's cover states about its voters, from the numbers OCR reads on it. ECI
 * covers end with a "number of electors" table: starting serial, ending serial, then men, women,
 * (third gender,) total. The row is found by its own arithmetic, whatever the cover's language:
 * consecutive numbers b, m, f[, o], t with m + f (+ o) = t and t no more than the serials b spans
 * (serials of deleted voters stay printed), nor less than half of them. Dates and other figures
 * never satisfy all of that together by chance often enough to matter; when nothing does, the
 * cover's range is unknown. The first serial, just before the row, is the least sure read (a lone
 * "1" in a cell: Rajasthan's reads as 3 at 144 dpi, or runs into the number before it): it is kept
 * only when it can be one, and coverWarnings relies on the last serial and the electors' total only.
 */
export interface CoverRange {
  /** null: the number before the row cannot be its first serial (misread) */
  first: number | null;
  last: number;
  /** total electors the cover states */
  electors: number;
}

/**
 * The fewest electors a cover's table can state: a part of a roll holds hundreds, with men and
 * women both; a run of small numbers that happens to add up (a ward's "1, 0, 1, 1") is no table.
 */
const MIN_STATED_ELECTORS = 10;

export function statedRange(words: string[]): CoverRange | null {
  const nums = words.filter((w) => /^\d{1,6}$/.test(w)).map(Number);
  for (let i = 0; i + 4 <= nums.length; i++) {
    const [last, m, f] = nums.slice(i, i + 3);
    if (m === 0 || f === 0) continue;
    const before = i > 0 ? nums[i - 1] : 0;
    const first = before >= 1 && before <= last ? before : null;
    const span = last - (first ?? 1) + 1;
    const fits = (t: number) => t >= MIN_STATED_ELECTORS && t <= span && t >= span * 0.5;
    // with a third-gender column first, else without
    if (i + 4 < nums.length && m + f + nums[i + 3] === nums[i + 4] && fits(nums[i + 4])) return { first, last, electors: nums[i + 4] };
    if (m + f === nums[i + 3] && fits(nums[i + 3])) return { first, last, electors: nums[i + 3] };
  }
  return null;
}

/**
 * The roll's year from the numbers OCR reads on a scanned cover (digits only, as for statedRange):
 * the year its dates and revision name most often (qualifying date, revision, publication). The
 * Hindi text read takes the digit 1 for 7 or drops it, and the year is all digits.
 */
export function statedYear(words: string[]): string | null {
  const counts = new Map<string, number>();
  for (const w of words) {
    const m = /(?:^|\D)((?:19|20)\d\d)$/.exec(w);
    if (m) counts.set(m[1], (counts.get(m[1]) ?? 0) + 1);
  }
  const best = [...counts].sort((a, b) => b[1] - a[1])[0];
  return best && best[1] >= 2 ? best[0] : null;
}

/** The share of the smaller of two word boxes that they have in common. */
function overlap(a: OcrWord, b: OcrWord): number {
  const w = Math.min(a.left + a.width, b.left + b.width) - Math.max(a.left, b.left);
  const h = Math.min(a.top + a.height, b.top + b.height) - Math.max(a.top, b.top);
  return w <= 0 || h <= 0 ? 0 : (w * h) / Math.max(1, Math.min(a.width * a.height, b.width * b.height));
}

/**
 * A scanned cover's OCR words as text lines for the header reader (pdf/header.ts), laid out as a
 * text layer's lines are (pdf/text-layer.ts toLines): words on one row joined, a wide gap marked as
 * a column break. OCR reads the digit 1 beside other digits as the Devanagari danda "।"; it is put
 * back. A line that starts well right of the page's text edge — a right-hand column or table cell
 * (the cover's "number of auxiliary stations" beside the station's address) — starts with a
 * COLUMN mark, so that no value runs on into it.
 */
export function coverLines(words: OcrWord[]): string[] {
  // tesseract's layout sometimes reads one row twice, in two overlapping blocks (the second time
  // perhaps cut into other words): what lies mostly on a word already read is left out
  const kept: OcrWord[] = [];
  for (const w of words) if (!kept.some((k) => overlap(k, w) > 0.5)) kept.push(w);
  const byLine = new Map<string, OcrWord[]>();
  for (const w of kept) byLine.set(w.line, [...(byLine.get(w.line) ?? []), w]);
  const pieces: TextPiece[] = [];
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  for (const ws of byLine.values()) {
    // one row per tesseract line: its words share the middle and height of its typical word (a
    // vowel sign above or below one word does not move it, nor a line that spans two table rows)
    const y = -median(ws.map((w) => w.top + w.height / 2));
    const height = median(ws.map((w) => w.height));
    for (const w of ws) pieces.push({ str: w.text, x: w.left, y, width: w.width, height });
  }
  const lines = toLines(pieces);
  const starts = lines.map((l) => minOf(l.pieces.map((p) => p.x))).sort((a, b) => a - b);
  const right = maxOf(lines.map((l) => maxOf(l.pieces.map((p) => p.x + p.width))));
  // the text edge: where most lines start (a stray mark left of it does not move it)
  const edge = starts[Math.floor(starts.length * 0.1)] ?? 0;
  return lines.map((l) => {
    const text = l.text.replace(/(?<=[0-9])।|।(?=[0-9])/gu, '1');
    const indented = minOf(l.pieces.map((p) => p.x)) - edge > (right - edge) * 0.3;
    return indented ? COLUMN + text : text;
  });
}
