import type { Supplement } from '../../types';
import { asciiDigits } from '../numbers';

/**
 * The headings that open a roll's lists: the main list, and the supplements printed after it
 * (additions, deletions, corrections), in English and the Indian scripts rolls print them in.
 * A heading stands at the start of its line (a cover or a footnote names the lists mid-sentence);
 * a supplement's heading block may name the supplement and its kind on separate lines
 * ("Supplementary List No. 1" above "List of Additions"), and those lines are one heading.
 */

/**
 * Lines are matched with their white space taken out ("વધા રા યા દી" is "વધારાયાદી": producers draw
 * words in pieces), against words written the same way: patterns of plain words compile in
 * milliseconds where patterns allowing a space between any two letters take most of a second.
 */
export function squeeze(text: string): string {
  return text.normalize('NFC').replace(/\s+/g, '');
}

const escape = (w: string) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const alt = (words: string[]) => `(?:${words.map((w) => escape(squeeze(w))).join('|')})`;

const ADDITIONS = ['Additions', 'Addition', 'Inclusions', 'Inclusion', 'परिवर्धन', 'जोड़े गए', 'जोड़े', 'जोड़', 'समावेश', 'समाविष्ट', 'वाढ', 'વધારા', 'ઉમેરો', 'ઉમેરા'];
const DELETIONS = ['Deletions', 'Deletion', 'विलोपन', 'हटाए गए', 'हटाये गये', 'वगळणी', 'वगळलेले', 'वगळलेली', 'કમી'];
const CORRECTIONS = ['Corrections', 'Correction', 'Modifications', 'Modification', 'संशोधित', 'संशोधन', 'दुरुस्ती', 'दुरुस्त्या', 'સુધારા'];
/** What follows the kind in a heading: "Additions List", "जोड़े गए नाम" (names added). */
const LIST = ['List', 'Names', 'सूची', 'यादी', 'યાદી', 'नाम', 'નામ'];
const SUPPLEMENT_WORD = ['Supplementary List', 'Supplement', 'पूरक सूची', 'अनुपूरक सूची', 'पुरक सूची', 'पूरक यादी', 'पुरक यादी', 'पुरवणी यादी', 'पुरवणी', 'પુરવણી યાદી', 'પુરવણી'];
const MAIN = ['Main List', 'Mother Roll', 'मूल सूची', 'मूळ यादी', 'મૂળ યાદી', 'મૂળ મતદાર યાદી'];

const KIND = alt([...ADDITIONS, ...DELETIONS, ...CORRECTIONS]);
const DIGIT = '[0-9\\u0966-\\u096F\\u0AE6-\\u0AEF]';
/** "Component - 1 :", "घटक - 1 :", "ઘટક - 1 :": how the 2025 ECI rolls number their lists. */
const COMPONENT = `(?:${alt(['Component', 'घटक', 'ઘટક'])}[-–:]?\\d{1,2}[:：-]?)`;
/** A list's own number before it: "1- परिवर्धन सूची - 1" (Rajasthan 2021). */
const NUMBERED = '(?:\\d{1,2}[-–.:)])?';
/** "No.", "क्र.", "क्रमांक", "સં.": the word before a supplement's number. */
const NUMBER_WORD = `${alt(['No.', 'No', 'Number', 'क्रमांक', 'क्र.', 'क्र', 'संख्या', 'सं.', 'ક્રમાંક', 'નં.', 'નંબર'])}?`;
/** The start of a line: a few marks (not letters or digits), a list number, a component. */
const START = `^[^\\p{L}\\p{N}]{0,3}${NUMBERED}${COMPONENT}?`;
/** The number after a heading's words ("Additions List 2", "पुरवणी यादी क्र. 1"), Indian digits too. */
const NUMBER_AFTER = `${NUMBER_WORD}[-–:]?(${DIGIT}{1,2})(?!${DIGIT})`;

/** "Additions List 2", "वगळणी यादी", "List of Additions", "ADDITIONS" alone on its line. */
const KIND_HEADING = [
  new RegExp(`${START}${KIND}${alt(LIST)}(?:${NUMBER_AFTER})?`, 'iu'),
  new RegExp(`${START}Listof(?:the)?${KIND}(?:${NUMBER_AFTER})?`, 'iu'),
  new RegExp(`${START}${KIND}[^\\p{L}\\p{N}]{0,3}$`, 'iu'),
];
/** "Supplement - 1", "पुरवणी यादी क्र. 2", "પુરવણી 1": a supplement named by its number. */
const SUPPLEMENT_HEADING = new RegExp(`${START}${alt(SUPPLEMENT_WORD)}${NUMBER_AFTER}`, 'iu');
const MAIN_HEADING = new RegExp(`${START}${alt(MAIN)}`, 'iu');
const IS_DELETIONS = new RegExp(alt(DELETIONS), 'iu');
const IS_ADDITIONS = new RegExp(alt(ADDITIONS), 'iu');
const IS_CORRECTIONS = new RegExp(alt(CORRECTIONS), 'iu');

function kindOf(heading: string): Supplement['kind'] {
  if (IS_DELETIONS.test(heading)) return 'deletions';
  if (IS_ADDITIONS.test(heading)) return 'additions';
  if (IS_CORRECTIONS.test(heading)) return 'corrections';
  return 'supplement';
}

const clip = (line: string) => line.replace(/\s+/g, ' ').trim().slice(0, 120);

/** What one line names: the main list, a supplement (its kind and number), or nothing. */
export function lineHeading(raw: string): Supplement | 'main' | null {
  const line = raw.normalize('NFC').trim();
  const squeezed = squeeze(line);
  if (MAIN_HEADING.test(squeezed)) return 'main';
  for (const re of KIND_HEADING) {
    const m = re.exec(squeezed);
    if (m) return { kind: kindOf(m[0]), heading: clip(line), ...(m[1] ? { number: Number(asciiDigits(m[1])) } : {}) };
  }
  const s = SUPPLEMENT_HEADING.exec(squeezed);
  if (s) return { kind: 'supplement', heading: clip(line), number: Number(asciiDigits(s[1])) };
  return null;
}

/** A line of text and where it stands on the page (its baseline, PDF points from the bottom). */
export interface PlacedLine {
  y: number;
  text: string;
}

/** A list's heading on a page: where it stands and the list it opens (null: the main list). */
export interface ListHeading {
  y: number;
  list: Supplement | null;
}

/**
 * The headings among a page's lines (top to bottom), one per heading block, and the supplement number in
 * force after them. Lines that follow each other closely (`blockGap`) are one block, and a block that
 * numbers a supplement ("Supplementary List No. 1") and, on another line, names its kind ("List of
 * Additions") is one heading of that kind and number. A kind heading without a number of its own takes
 * the number in force: the block's, else the last supplement number seen (`number`, carried from the
 * pages before); the main list's heading ends it.
 */
export function listHeadings(lines: PlacedLine[], blockGap: number, number?: number): { headings: ListHeading[]; number?: number } {
  const out: ListHeading[] = [];
  let current = number;
  let block: { y: number; named: Supplement | 'main' }[] = [];
  const close = () => {
    const numbered = block.find((b): b is { y: number; named: Supplement } => b.named !== 'main' && b.named.kind === 'supplement' && b.named.number !== undefined);
    const typed = block.filter((b) => b.named === 'main' || b.named.kind !== 'supplement');
    if (numbered) current = numbered.named.number;
    // a block that only numbers a supplement opens it as it is; otherwise its kind lines do, each with the number
    for (const b of typed.length > 0 ? typed : block) {
      if (b.named === 'main') {
        current = undefined;
        out.push({ y: b.y, list: null });
        continue;
      }
      const heading = numbered && numbered !== b ? `${numbered.named.heading} · ${b.named.heading}` : b.named.heading;
      const n = b.named.number ?? current;
      out.push({ y: b.y, list: { kind: b.named.kind, heading: heading.slice(0, 160), ...(n !== undefined ? { number: n } : {}) } });
    }
    block = [];
  };
  let lastY = Number.POSITIVE_INFINITY;
  for (const line of [...lines].sort((a, b) => b.y - a.y)) {
    if (block.length > 0 && lastY - line.y > blockGap) close();
    lastY = line.y;
    const named = lineHeading(line.text);
    if (named) block.push({ y: line.y, named });
  }
  close();
  return { headings: out, ...(current !== undefined ? { number: current } : {}) };
}

/**
 * Which list a supplement is, for telling its pages apart from another's: its kind and number (a
 * continuation page may repeat only "List of Additions" of "Supplement 1 · List of Additions"), else
 * its kind and heading. '' for the main list.
 */
export function listKey(list: Supplement | null): string {
  if (!list) return '';
  return `${list.kind}\u0000${list.number ?? `\u0000${list.heading}`}`;
}
