import type { ParseReport } from '../../types';
import type { OcrWord } from '../engines/ocr';
import { toLines } from '../engines/text-layer';
import { asciiDigits } from '../numbers';
import { coverLines, type ScannedCover } from '../raster/cover';
import { confirmedNumber, type CheckedHeader } from '../raster/page-header';
import { readHeader } from './header';
import type { PageClass, PageScan, TextLayer } from './page-model';

/**
 * The cover stage: the roll's own facts — the serial range and electors its cover states, its year,
 * assembly constituency, part, section and polling station — from whatever the roll offers. A clean
 * text layer gives them in its cover's and first pages' lines; a scanned cover, in the words OCR read
 * on it (the image stage reads them on the way, raster/pages.ts); a text layer garbled by a legacy
 * font, in its digits alone (range and year) and, read after the draft because OCR of the cover takes
 * seconds the slips need not wait for, in its cover's OCR lines (legacy-cover.ts: coverHeader).
 */

type Header = ParseReport['header'];

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

/**
 * The facts a scanned page's header states, each number among those its digits reader saw (confirmedNumber): the
 * text models misread the digit 1, and a wrong part or assembly number would be printed on every slip.
 */
export function headerFacts(page: CheckedHeader): Header {
  const facts = readHeader(page.lines.map((l) => l.text));
  const confirmed = (value: string | undefined) => confirmedNumber(/^\s*(\d+)/.exec(value ?? '')?.[1], page) !== null;
  if (!confirmed(facts.part)) delete facts.part;
  if (!confirmed(facts.assemblyNumber)) {
    delete facts.assemblyNumber;
    delete facts.assembly;
  }
  for (const key of ['pollingStation', 'section'] as const) if (facts[key] && !confirmed(facts[key])) delete facts[key];
  // the header's dates are the supplement's period, not the roll's year
  delete facts.year;
  return facts;
}

export interface RollFacts {
  /** the serial range and electors the cover states (null: none read) */
  range: CoverRange | null;
  header: Header;
}

/**
 * What a text roll's cover states in numbers alone: the serial range and electors of its "number of
 * electors" table (statedRange: found by its own arithmetic, whatever the language) and the year its
 * dates name most often (statedYear). Read from the text layer's digits, which legacy font encodings
 * leave clean while they garble the letters (the Daman and Maharashtra rolls): so a scrambled roll
 * gets its year, and every text roll the same check of its voters against the cover's count that a
 * scanned roll gets from OCR.
 */
function textCoverNumbers(scans: PageScan[], classes: PageClass[]): { range: CoverRange | null; year: string | null } {
  const firstVoters = classes.findIndex((c) => c.kind === 'voters' || c.kind === 'supplement');
  const cover = classes.find((c, i) => c.kind === 'cover' && (firstVoters < 0 || i < firstVoters));
  if (!cover) return { range: null, year: null };
  const words = toLines(scans[cover.page - 1].pieces)
    .flatMap((line) => asciiDigits(line.text).split(/\s+/))
    // Indian grouping ("2,963"; "1,00,005") read as the number it is
    .map((w) => (/^\d{1,3}(?:,\d{2,3})+$/.test(w) ? w.replace(/,/g, '') : w));
  return { range: statedRange(words), year: statedYear(words) };
}

/**
 * The roll's facts: from a clean text layer's lines (the cover and the first voter pages' headers),
 * else from a scanned cover's OCR lines and its first voter page's header as OCR read it; the range from a scanned cover's numbers, else the text
 * layer's digits; the year of a roll without a clean text layer from the numbers (surer than the
 * text read's digits).
 */
export function readRollFacts(input: { scans: PageScan[]; classes: PageClass[]; textLayer: TextLayer; scannedCover: ScannedCover | null; scannedHeader?: CheckedHeader }): RollFacts {
  const { scans, classes, textLayer, scannedCover, scannedHeader } = input;
  const clean = textLayer === 'clean';
  const scanned = scannedCover ? { range: statedRange(scannedCover.numbers), year: statedYear(scannedCover.numbers) } : { range: null, year: null };
  const stated = textLayer !== 'none' ? textCoverNumbers(scans, classes) : { range: null, year: null };
  const year = clean ? null : (scanned.year ?? stated.year);
  // a scanned roll's cover, then what its first voter page's header adds (the assembly and part it repeats: the
  // only facts of a roll scanned without its cover)
  const header = clean
    ? readHeader(scans.slice(0, 3).flatMap((s) => toLines(s.pieces).map((l) => l.text)))
    : { ...(scannedHeader ? headerFacts(scannedHeader) : {}), ...readHeader(scannedCover?.lines ?? []) };
  if (year) header.year = year;
  return { range: scanned.range ?? stated.range, header };
}

/** The facts of a cover read by OCR on its own (a legacy-font roll's, after the draft). */
export function coverHeader(words: OcrWord[]): Header {
  return readHeader(coverLines(words).map(asciiDigits));
}

/** The facts a parse read, with those a cover read later adds where the parse had none (what the parse read stays). */
export function withCoverFacts(parsed: Header, cover: Header): Header {
  return { ...Object.fromEntries(Object.entries(cover).filter(([, v]) => v)), ...parsed };
}
