import { loosePhrase } from '../engines/text-layer';

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

const alt = (words: string[]) => `(?:${words.map((w) => loosePhrase(w.normalize('NFC'))).join('|')})`;

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
const LABELLED = new RegExp(`${LABEL}\\s*[:：\\-–]?\\s*(?:([ESRMQ])\\d?(?![A-Za-z])|(${alt(WORDS.flatMap(([, w]) => w))}))`, 'iu');

/** The deletion code a box's text gives under a reason label, as its letter, else null. */
export function labelledDeletionCode(text: string): string | null {
  const m = LABELLED.exec(text.normalize('NFC'));
  if (!m) return null;
  if (m[1]) return m[1].toUpperCase();
  const word = m[2];
  return WORDS.find(([, words]) => words.some((w) => new RegExp(`^${loosePhrase(w.normalize('NFC'))}$`, 'iu').test(word)))?.[0] ?? null;
}
