import type { TextLine, TextPiece } from '../engines/text-layer';
import { COLUMN, loosePhrase } from '../engines/text-layer';
import { asciiDigits } from '../numbers';

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

const nfc = (words: string[]) => words.map((w) => w.normalize('NFC'));
const alt = (words: string[]) => `(?:${nfc(words).map(loosePhrase).join('|')})`;

const TOTAL = alt(['Grand Total', 'Total', 'कुल योग', 'कुल', 'एकूण', 'एकुण', 'કુલ']);
/** What may stand between "Total" and its number: what is counted, never another number's name. */
const COUNTED = alt([
  'number of', 'no. of', 'no of', 'of',
  'additions', 'addition', 'deletions', 'deletion', 'corrections', 'modifications', 'inclusions',
  'voters', 'electors', 'names', 'entries', 'in this list', 'in the list', 'list',
  'जोड़े गए नाम', 'जोड़े गए', 'परिवर्धन', 'विलोपन', 'संशोधन', 'हटाए गए', 'मतदाता', 'मतदाताओं की संख्या', 'नाम', 'संख्या', 'सूची',
  'समावेश', 'वगळणी', 'दुरुस्ती', 'मतदार', 'मतदारांची संख्या', 'नावे', 'यादी',
  'ઉમેરો', 'વધારા', 'કમી', 'સુધારા', 'મતદારો', 'મતદાર', 'સંખ્યા', 'નામ', 'યાદી',
]);
const NUMBER = '([0-9\\u0966-\\u096F\\u0AE6-\\u0AEF]{1,5})';
/** A total line: "Total", what it counts, a separator, the number, and nothing after. */
const TOTAL_LINE = new RegExp(`^\\W{0,3}${TOTAL}(?:\\s*${COUNTED})*\\s*[:：=\\-–]?\\s*${NUMBER}\\W{0,2}$`, 'iu');
/** "Number of additions : 12". */
const NUMBER_OF_LINE = new RegExp(`^\\W{0,3}(?:Number|No\\.?)\\s*of(?:\\s*${COUNTED})+\\s*[:：=\\-–]\\s*${NUMBER}\\W{0,2}$`, 'iu');
/** A table's "Total" heading cell, and the gender columns beside it. */
const TOTAL_CELL = new RegExp(`^${TOTAL}$`, 'iu');
const GENDER = new RegExp(alt(['Male', 'Female', 'Third Gender', 'Others', 'पुरुष', 'महिला', 'स्त्री', 'तृतीय लिंग', 'इतर', 'अन्य', 'પુરુષ', 'સ્ત્રી', 'ત્રીજી જાતિ', 'અન્ય']), 'iu');
const DIGITS = new RegExp(`^${NUMBER}$`, 'u');

const center = (p: TextPiece) => p.x + p.width / 2;

/** The count in a gender table: the number under the header's "Total" cell, on one of the next two lines. */
function tableCount(header: TextLine, below: TextLine[]): number | null {
  const total = header.pieces.find((p) => TOTAL_CELL.test(p.str.normalize('NFC').trim()));
  if (!total || !header.pieces.some((p) => p !== total && GENDER.test(p.str.normalize('NFC')))) return null;
  for (const line of below.slice(0, 2)) {
    const cells = line.pieces.filter((p) => DIGITS.test(p.str.trim()));
    if (cells.length === 0) continue;
    const nearest = cells.reduce((a, b) => (Math.abs(center(a) - center(total)) <= Math.abs(center(b) - center(total)) ? a : b));
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
    if (fromTable !== null) {
      out.push({ y: line.y, count: fromTable });
      return;
    }
    for (const cell of line.text.normalize('NFC').split(COLUMN)) {
      const m = TOTAL_LINE.exec(cell.trim()) ?? NUMBER_OF_LINE.exec(cell.trim());
      if (m) {
        out.push({ y: line.y, count: Number(asciiDigits(m[1])) });
        break;
      }
    }
  });
  return out;
}
