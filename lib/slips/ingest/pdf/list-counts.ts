import type { TextLine, TextPiece } from '../engines/text-layer';
import { COLUMN } from '../engines/text-layer';
import { asciiDigits } from '../numbers';
import { squeeze } from './list-headings';

/**
 * The counts a roll states under a list: a total line ("Total additions : 12", "एकूण : 12") or a
 * small table of voters by gender whose "Total" column holds the count. Read from a page's lines
 * outside its voter boxes, to be checked against the boxes read in that list.
 */

export interface StatedCount {
  /** where the statement stands on the page (its baseline, PDF points from the bottom) */
  y: number;
  count: number;
}

const lower = (words: string[]) => words.map((w) => squeeze(w).toLowerCase());

const TOTAL = lower(['Grand Total', 'Total', 'कुल योग', 'कुल', 'एकूण', 'एकुण', 'કુલ']);
/** "Number of additions : 12" starts so. */
const NUMBER_OF = lower(['Number of', 'No. of', 'No of']);
/** What may stand between "Total" and its number: what is counted, never another number's name. */
const COUNTED = lower([
  'number of', 'no. of', 'no of', 'of',
  'additions', 'addition', 'deletions', 'deletion', 'corrections', 'modifications', 'inclusions',
  'voters', 'electors', 'names', 'entries', 'in this list', 'in the list', 'list',
  'जोड़े गए नाम', 'जोड़े गए', 'परिवर्धन', 'विलोपन', 'संशोधन', 'हटाए गए', 'मतदाताओं की संख्या', 'मतदाता', 'नाम', 'संख्या', 'सूची',
  'समावेश', 'वगळणी', 'दुरुस्ती', 'मतदारांची संख्या', 'मतदार', 'नावे', 'यादी',
  'ઉમેરો', 'વધારા', 'કમી', 'સુધારા', 'મતદારો', 'મતદાર', 'સંખ્યા', 'નામ', 'યાદી',
]);
const escape = (w: string) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Words of COUNTED one after another, and nothing else (squeezed, lower case). */
const COUNTED_RUN = new RegExp(`^(?:${COUNTED.map(escape).join('|')})*$`);
const DIGITS = '[0-9\\u0966-\\u096F\\u0AE6-\\u0AEF]{1,5}';
/** A statement ending in its number: the words, a separator, the number, at most a closing mark. */
const ENDS_IN_NUMBER = new RegExp(`^(.*?)\\s*[:：=\\-–]?\\s*(${DIGITS})[\\s.)]*$`);
const MAX_STATEMENT = 120;
const NUMBER_ONLY = new RegExp(`^${DIGITS}$`);
const GENDER = lower(['Male', 'Female', 'Third Gender', 'Others', 'पुरुष', 'महिला', 'स्त्री', 'तृतीय लिंग', 'इतर', 'अन्य', 'પુરુષ', 'સ્ત્રી', 'ત્રીજી જાતિ', 'અન્ય']);

/** The count a cell states ("Total additions : 12", "एकूण : 7", "Number of deletions - 3"), else null. */
function countIn(cell: string): number | null {
  // a count is a short statement (and a long cell would only cost time to examine)
  if (cell.length > MAX_STATEMENT) return null;
  const m = ENDS_IN_NUMBER.exec(cell.trim());
  if (!m) return null;
  const words = squeeze(m[1]).toLowerCase().replace(/^[^\p{L}\p{N}]+/u, '');
  const lead = TOTAL.find((t) => words.startsWith(t)) ?? NUMBER_OF.find((t) => words.startsWith(t));
  if (!lead || !COUNTED_RUN.test(words.slice(lead.length))) return null;
  return Number(asciiDigits(m[2]));
}

const center = (p: TextPiece) => p.x + p.width / 2;

/** The count in a gender table: the number under the header's "Total" cell, on one of the next two lines. */
function tableCount(header: TextLine, below: TextLine[]): number | null {
  const cells = header.pieces.map((p) => squeeze(p.str).toLowerCase());
  const at = cells.findIndex((c) => TOTAL.includes(c));
  if (at < 0 || !cells.some((c, k) => k !== at && GENDER.some((g) => c.includes(g)))) return null;
  const total = header.pieces[at];
  for (const line of below.slice(0, 2)) {
    const numbers = line.pieces.filter((p) => NUMBER_ONLY.test(p.str.trim()));
    if (numbers.length === 0) continue;
    const nearest = numbers.reduce((a, b) => (Math.abs(center(a) - center(total)) <= Math.abs(center(b) - center(total)) ? a : b));
    // under the Total cell: its centre within the cell's reach (a column is at least a number wide)
    if (Math.abs(center(nearest) - center(total)) > Math.max(total.width, nearest.width, 20)) return null;
    return Number(asciiDigits(nearest.str.trim()));
  }
  return null;
}

/** The counts the lines state (lines top to bottom, as toLines gives them). */
export function statedCounts(lines: TextLine[]): StatedCount[] {
  const out: StatedCount[] = [];
  lines.forEach((line, i) => {
    const fromTable = tableCount(line, lines.slice(i + 1));
    const count = fromTable ?? line.text.split(COLUMN).map(countIn).find((c) => c !== null) ?? null;
    if (count !== null) out.push({ y: line.y, count });
  });
  return out;
}
