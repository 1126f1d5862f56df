import type { PageKind, Supplement } from '../../types';
import { readHeader, pageSection } from './header';
import type { PageBoxes, PageClass, PageScan, TextLayer } from './page-model';
import { lineHeading, listHeadings, listKey } from './list-headings';
import { statedCounts } from './list-counts';
import { loosePhrase, pieceCenter, toLines, type TextLine, type TextPiece } from '../engines/text-layer';
import { maxOf, minOf } from '../numbers';
import { scannedHeading, type PageHeader } from '../raster/page-header';

/**
 * Stage 2b of a roll parse (roll.ts): what each page is, told from its content. A voter page is
 * one with a grid of voter boxes (however they were found). A page without boxes is a summary when
 * it is titled as the summary of electors, a supplement heading page when a supplement list
 * (additions, deletions, corrections) is named at the start of a line, a map or photo page when it
 * says so or is mostly picture, and a cover when it states the roll's facts. A voter box belongs to
 * the list of the last heading above it (list-headings.ts): on its page, between its rows (additions,
 * then deletions, on one page), or carried from the pages before; the counts a page states under a
 * list are kept for the check against the boxes read (list-counts.ts). Without a readable text
 * layer (scans, legacy fonts) only position is left: before the first voter page is the cover,
 * after the last the summary (a page with next to nothing on it is neither); a scanned voter page's header, read
 * by OCR in a complete parse (raster/page-header.ts), still gives its section and a supplement's heading.
 */

function anyOf(phrases: string[], flags = 'iu'): RegExp {
  return new RegExp(`(?:${phrases.map(loosePhrase).join('|')})`, flags);
}

/** The title of the summary of electors (not the "summary revision" a cover names). */
const SUMMARY = anyOf([
  'Summary of Electors',
  'Net Electors',
  'मतदाताओं का सारांश',
  'सारांश',
  'निर्वाचकों का सारांश',
  'मतदाताओं का संक्षिप्त विवरण',
  'મતદારોનું સંક્ષિપ્ત વિવરણ',
  'મતદારોનો સારાંશ',
  'मतदारांचा सारांश',
  'मतदारांची संक्षिप्त माहिती',
]);

const MAP = anyOf(['Key Map', 'Map View', 'Nazri Naksha', 'Naksha', 'Location Map', 'नजरी नक्शा', 'नक्शा', 'नक्शे', 'નકશો', 'નકશા', 'नकाशा']);

/** The supplement a page's lines name in a heading; 'main' when they name the main list (the first line that names one). */
export function supplementHeading(lines: string[]): Supplement | 'main' | null {
  for (const line of lines) {
    const named = lineHeading(line);
    if (named) return named;
  }
  return null;
}

/** What a page without voter boxes is, from its own lines (null: nothing tells). */
export function boxlessKind(lines: string[], imageCover: number): PageKind | null {
  const text = lines.join('\n');
  if (SUMMARY.test(text)) return 'summary';
  if (supplementHeading(lines) !== null) return 'supplement';
  if (MAP.test(text)) return 'map';
  const facts = Object.keys(readHeader(lines)).length;
  if (facts >= 2) return 'cover';
  if (imageCover > 0.3 && lines.length < 25) return 'map';
  return null;
}

/** The lines of a page above its voter boxes (its header), or all of them on a page without. */
function headerLines(scan: PageScan, boxes: PageBoxes): string[] {
  if (boxes.boxes.length === 0) return toLines(scan.pieces).map((l) => l.text);
  const top = maxOf(boxes.boxes.map((b) => b.rect.y + b.rect.height));
  return toLines(scan.pieces.filter((p) => p.y > top)).map((l) => l.text);
}

/** The lines of a page outside its voter boxes: its header, the headings between lists, the counts under them. */
function linesOutsideBoxes(scan: PageScan, boxes: PageBoxes): TextLine[] {
  const inBox = (p: TextPiece) => {
    const [x, y] = pieceCenter(p);
    return boxes.boxes.some((b) => x >= b.rect.x && x <= b.rect.x + b.rect.width && y >= b.rect.y && y <= b.rect.y + b.rect.height);
  };
  return toLines(scan.pieces.filter((p) => !inBox(p)));
}

/**
 * The section a scanned page's header names, as the first page of the roll that names its number spells it (`seen`:
 * OCR may read a name a little differently on each page, and one section must stay one group). The number is the
 * text model's: a section is not printed on the slips, it groups and orders them.
 */
function scannedSection(header: PageHeader | undefined, seen: Map<string, string>): string | undefined {
  const section = header ? pageSection(header.lines.map((l) => l.text)) : undefined;
  const number = section ? /^\d+/.exec(section)?.[0] : undefined;
  if (!section || !number) return undefined;
  const first = seen.get(number);
  if (first) return first;
  seen.set(number, section);
  return section;
}

/** Lines further apart than this (points) are not one heading block. */
const HEADING_BLOCK_GAP = 30;

export function classifyPages(scans: PageScan[], found: PageBoxes[], textLayer: TextLayer): PageClass[] {
  const readable = textLayer === 'clean';
  const voterPages = found.filter((p) => p.boxes.length > 0).map((p) => p.page);
  const first = minOf(voterPages);
  const last = maxOf(voterPages);
  // the list in force, carried from page to page until a heading opens another, with the supplement
  // number in force; each list once (the first heading that named it), however its pages repeat it
  let supplement: Supplement | null = null;
  let number: number | undefined;
  const named = new Map<string, Supplement>();
  // a scanned roll's sections by number, as first read
  const sections = new Map<string, string>();
  const once = (list: Supplement | null) => {
    if (!list) return null;
    const first = named.get(listKey(list)) ?? list;
    named.set(listKey(list), first);
    return first;
  };
  return scans.map((scan): PageClass => {
    const boxes = found[scan.page - 1];
    // without a readable text layer a page says only what OCR read above its boxes and between their rows (a
    // scanned page's header, a list's heading under the list before it)
    const outside = readable ? linesOutsideBoxes(scan, boxes) : [];
    const scannedHeader = readable || !boxes.header ? [] : [...boxes.header.lines, ...boxes.header.between];
    const opens = () => {
      const at = supplement;
      // a heading stands above boxes it opens (or on a page without boxes): below the last row is the
      // page's footer, whose notes may name a list ("# as corrected in the supplement")
      const lowest = boxes.boxes.length > 0 ? minOf(boxes.boxes.map((b) => b.rect.y + b.rect.height)) : Number.NEGATIVE_INFINITY;
      const read = listHeadings([...outside, ...scannedHeader].filter((l) => l.y > lowest), HEADING_BLOCK_GAP, number);
      // a scanned page's heading is OCR's: shown without its brackets and the list number before it
      const headings = read.headings.map((h) => ({ y: h.y, list: once(readable || !h.list ? h.list : { ...h.list, heading: scannedHeading(h.list.heading) }) }));
      number = read.number;
      if (headings.length > 0) supplement = headings[headings.length - 1].list;
      return { supplement: at, headings, counts: statedCounts(outside) };
    };
    if (boxes.boxes.length > 0) {
      const section = readable ? pageSection(headerLines(scan, boxes)) : scannedSection(boxes.header, sections);
      return { page: scan.page, kind: 'voters', ...opens(), section: section ?? null };
    }
    const kind = readable ? boxlessKind(outside.map((l) => l.text), scan.imageCover) : null;
    if (kind === 'supplement') return { page: scan.page, kind, ...opens(), section: null };
    if (kind === 'summary') {
      supplement = null;
      number = undefined;
    }
    // a page with next to nothing on it (a blank page, an empty frame) is none of the roll's parts
    const blank = scan.pieces.length < 5 && scan.imageCover < 0.05;
    const where: PageKind = blank ? 'other' : scan.page < first ? 'cover' : scan.page > last ? 'summary' : 'other';
    // content decides; where it says nothing, position does (a roll's first pages are its cover)
    return { page: scan.page, kind: kind ?? where, supplement: null, headings: [], counts: [], section: null };
  });
}
