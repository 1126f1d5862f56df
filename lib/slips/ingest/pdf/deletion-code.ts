import { squeeze } from './list-headings';

/**
 * Why a roll deletes an entry, as the letter rolls use: S shifted (change of residence), E expired,
 * R repeated (duplicate), M missing (absent), Q disqualified. A deletion list prints it alone in the
 * box's top band ("E", or "E2" with the supplement's number, as a 2025 summary's legend writes it), or
 * labelled inside the box ("Reason for deletion : Shifted", "वगळणीचे कारण : S").
 */

const CODE = /^([ESRMQ])\d?$/;

/** The letter a piece of the top band is, when it is a deletion code alone, else null. */
export function deletionCode(piece: string): string | null {
  return CODE.exec(piece.trim())?.[1] ?? null;
}

/**
 * The deletion code a scanned deletions-list box prints between its serial and its ID, as OCR read the ID's part of
 * the box's top band: a code letter alone before the ID ("E GOW2009613"), or run into it ("RGOW5688706": a letter
 * before an ID's three letters). Else null.
 */
export function codeBeforeId(idText: string): string | null {
  const [first = '', second] = idText.trim().split(/\s+/);
  const alone = second !== undefined ? deletionCode(first) : null;
  return alone ?? /^([ESRMQ])[A-Z]{3}[A-Z0-9]{7,}$/.exec(first)?.[1] ?? null;
}

const escape = (w: string) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const alt = (words: string[]) => `(?:${words.map((w) => escape(squeeze(w))).join('|')})`;

const LABEL = alt([
  'Reason for Deletion', 'Reason of Deletion', 'Deletion Reason', 'Deletion Code', 'Reason Code', 'Reason',
  'विलोपन का कारण', 'हटाने का कारण', 'वगळणीचे कारण', 'कारण', 'કમી કરવાનું કારણ', 'કારણ',
]);
const WORDS: [string, string[]][] = [
  ['S', ['Shifted', 'Change of Residence', 'स्थानांतरित', 'स्थानान्तरित', 'स्थलांतरित', 'સ્થળાંતરિત', 'સ્થળાંતર']],
  ['E', ['Expired', 'Dead', 'Death', 'मृत्यु', 'मृत', 'मयत', 'મૃત્યુ', 'મૃત', 'અવસાન']],
  ['R', ['Repeated', 'Duplicate', 'दोहरी', 'दोहरा', 'दुबार', 'બેવડું', 'ડુપ્લીકેટ']],
  ['M', ['Missing', 'Absent', 'अनुपस्थित', 'लापता', 'गैरहजर', 'ગેરહાજર']],
  ['Q', ['Disqualified', 'अयोग्य', 'अपात्र', 'ગેરલાયક']],
];
/**
 * On the box's text with its white space taken out (squeeze: producers draw words in pieces): the
 * label, its separator, then a code letter (not the start of a word) or a reason word.
 */
const LABELLED = new RegExp(`${LABEL}[:：\\-–]((?:[ESRMQ]\\d?)(?![A-Za-z])|${alt(WORDS.flatMap(([, w]) => w))})`, 'iu');

/** The deletion code a box's text gives under a reason label, as its letter, else null. */
export function labelledDeletionCode(text: string): string | null {
  // white space out of each line, line breaks kept (a code letter ends its line)
  const m = LABELLED.exec(text.normalize('NFC').replace(/[^\S\n]+/g, ''));
  if (!m) return null;
  const found = m[1].toLowerCase();
  if (/^[esrmq]\d?$/.test(found)) return found[0].toUpperCase();
  return WORDS.find(([, words]) => words.some((w) => squeeze(w).toLowerCase() === found))?.[0] ?? null;
}
