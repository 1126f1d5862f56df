import type { PageKind, Supplement } from '../../types';
import { readHeader, pageSection } from './header';
import type { PageBoxes, PageClass, PageScan, TextLayer } from './page-model';
import { loosePhrase, toLines } from '../engines/text-layer';
import { maxOf, minOf } from '../numbers';

/**
 * Stage 2b of a roll parse (roll.ts): what each page is, told from its content. A voter page is
 * one with a grid of voter boxes (however they were found). A page without boxes is a summary when
 * it is titled as the summary of electors, a supplement heading page when a supplement list
 * (additions, deletions, corrections) is named at the start of a line, a map or photo page when it
 * says so or is mostly picture, and a cover when it states the roll's facts. Voter pages after a
 * supplement heading belong to that supplement until the next heading. Without a readable text
 * layer (scans, legacy fonts) only position is left: before the first voter page is the cover,
 * after the last the summary (a page with next to nothing on it is neither).
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

const ADDITIONS = ['Additions', 'Addition', 'परिवर्धन', 'जोड़े गए', 'जोड़े', 'વધારા', 'समाविष्ट', 'वाढ'];
const DELETIONS = ['Deletions', 'Deletion', 'विलोपन', 'हटाए गए', 'हटाये गये', 'કમી', 'वगळलेले', 'वगळणी'];
const CORRECTIONS = ['Corrections', 'Correction', 'Modifications', 'Modification', 'संशोधित', 'संशोधन', 'સુધારા', 'दुरुस्ती'];
/** What follows the kind in a heading: "Additions List", "जोड़े गए नाम" (names added). */
const LIST = ['List', 'Names', 'सूची', 'यादी', 'યાદી', 'नाम', 'નામ'];
const SUPPLEMENT_WORD = ['Supplement', 'Supplementary List', 'पूरक सूची', 'अनुपूरक सूची', 'પુરવણી યાદી', 'पुरवणी यादी'];
/** "Component - 1 :", "घटक - 1 :", "ઘટક - 1 :": how the 2025 ECI rolls number their lists. */
const COMPONENT = `(?:Component|${loosePhrase('घटक')}|${loosePhrase('ઘટક')})\\s*[-–:]?\\s*\\d{1,2}\\s*[:：-]?\\s*`;
const KIND_LIST = `(?:${[...ADDITIONS, ...DELETIONS, ...CORRECTIONS].map(loosePhrase).join('|')})\\s*(?:${LIST.map(loosePhrase).join('|')})`;
/** A supplement heading at the start of a line (a cover names the lists mid-sentence). */
/** A list's own number before it: "1- परिवर्धन सूची - 1" (Rajasthan 2021). */
const NUMBERED = '(?:\\d{1,2}\\s*[-–.:)]\\s*)?';
const SUPPLEMENT_HEADING = new RegExp(`^\\W{0,3}${NUMBERED}(?:${COMPONENT})?(?:${KIND_LIST}|(?:${SUPPLEMENT_WORD.map(loosePhrase).join('|')})\\s*(?:No\\.?\\s*)?[-–:]?\\s*\\d)`, 'iu');
const MAIN_HEADING = new RegExp(`^\\W{0,3}${NUMBERED}(?:${COMPONENT})?(?:${['Main List', 'Mother Roll', 'मूल सूची', 'મૂળ યાદી', 'મૂળ મતદાર યાદી', 'मूळ यादी'].map(loosePhrase).join('|')})`, 'iu');

function supplementKind(heading: string): Supplement['kind'] {
  if (anyOf(DELETIONS).test(heading)) return 'deletions';
  if (anyOf(ADDITIONS).test(heading)) return 'additions';
  if (anyOf(CORRECTIONS).test(heading)) return 'corrections';
  return 'supplement';
}

/** The supplement a page's lines name in a heading; 'main' when they name the main list. */
export function supplementHeading(lines: string[]): Supplement | 'main' | null {
  for (const raw of lines) {
    const line = raw.trim();
    if (MAIN_HEADING.test(line)) return 'main';
    if (SUPPLEMENT_HEADING.test(line)) return { kind: supplementKind(line), heading: line.replace(/\s+/g, ' ').slice(0, 120) };
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

export function classifyPages(scans: PageScan[], found: PageBoxes[], textLayer: TextLayer): PageClass[] {
  const readable = textLayer === 'clean';
  const voterPages = found.filter((p) => p.boxes.length > 0).map((p) => p.page);
  const first = minOf(voterPages);
  const last = maxOf(voterPages);
  let supplement: Supplement | null = null;
  return scans.map((scan): PageClass => {
    const boxes = found[scan.page - 1];
    const lines = readable ? headerLines(scan, boxes) : [];
    if (boxes.boxes.length > 0) {
      const named = supplementHeading(lines);
      if (named === 'main') supplement = null;
      else if (named) supplement = named;
      return { page: scan.page, kind: 'voters', supplement, section: readable ? (pageSection(lines) ?? null) : null };
    }
    // without a readable text layer a page says nothing (a scanned page is all picture)
    const kind = readable ? boxlessKind(lines, scan.imageCover) : null;
    if (kind === 'supplement') {
      const named = supplementHeading(lines);
      supplement = named === 'main' ? null : named;
      return { page: scan.page, kind, supplement, section: null };
    }
    if (kind === 'summary') supplement = null;
    // a page with next to nothing on it (a blank page, an empty frame) is none of the roll's parts
    const blank = scan.pieces.length < 5 && scan.imageCover < 0.05;
    const where: PageKind = blank ? 'other' : scan.page < first ? 'cover' : scan.page > last ? 'summary' : 'other';
    // content decides; where it says nothing, position does (a roll's first pages are its cover)
    return { page: scan.page, kind: kind ?? where, supplement: null, section: null };
  });
}
