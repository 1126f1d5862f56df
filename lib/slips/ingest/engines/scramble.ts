/**
 * Judging whether a text layer says what the page shows. Rolls set in legacy font encodings
 * render correctly but extract as gibberish; names taken from such a layer must not be shown.
 *
 * Indic scripts: well-encoded words carry vowel signs and viramas (combining marks) after their
 * consonants; legacy encodings yield words with almost none, or with marks in impossible places.
 * Latin: legacy Hindi fonts (Kruti Dev and the like) extract as ASCII with punctuation inside
 * words and few vowels.
 */
export interface ScrambleVerdict {
  scrambled: boolean;
  /** Letters examined; too few means there was nothing to judge. */
  letters: number;
}

const INDIC_LETTER = /[\u0900-\u0DFF]/u;
const INDIC_MARK = /[\u0900-\u0903\u093A-\u094F\u0951-\u0957\u0962\u0963\u0981-\u0983\u09BC-\u09D7\u09E2\u09E3\u0A01-\u0A03\u0A3C-\u0A51\u0A70\u0A71\u0A75\u0A81-\u0A83\u0ABC-\u0ACD\u0AE2\u0AE3\u0B01-\u0B03\u0B3C-\u0B57\u0B62\u0B63\u0B82\u0BBE-\u0BCD\u0BD7\u0C00-\u0C04\u0C3C-\u0C56\u0C62\u0C63\u0C81-\u0C83\u0CBC-\u0CD6\u0CE2\u0CE3\u0D00-\u0D03\u0D3B-\u0D57\u0D62\u0D63]/u;
const INDIC_DIGIT = /[\u0966-\u096F\u09E6-\u09EF\u0A66-\u0A6F\u0AE6-\u0AEF\u0B66-\u0B6F\u0BE6-\u0BEF\u0C66-\u0C6F\u0CE6-\u0CEF\u0D66-\u0D6F]/u;

/** What each code point of the Indic blocks (U+0900-U+0DFF) is, from the patterns above, built once. */
const DIGIT = 1;
const MARK = 2;
const LETTER = 4;
/** nukta and anusvara/visarga/chandrabindu: may follow a sign */
const MAY_FOLLOW_SIGN = 8;
/** anusvara/visarga/chandrabindu: a sign after them is not at a syllable's start */
const ENDS_SYLLABLE = 16;
const INDIC_FIRST = 0x0900;
const INDIC_CLASS = (() => {
  const table = new Uint8Array(0x0e00 - INDIC_FIRST);
  for (let i = 0; i < table.length; i++) {
    const ch = String.fromCodePoint(INDIC_FIRST + i);
    if (INDIC_DIGIT.test(ch)) table[i] |= DIGIT;
    if (INDIC_MARK.test(ch)) table[i] |= MARK;
    if (INDIC_LETTER.test(ch)) table[i] |= LETTER;
    if (/[\u093C\u0900-\u0902\u0A81\u0A82\u0ABC\u0981\u0982]/u.test(ch)) table[i] |= MAY_FOLLOW_SIGN;
    if (/[\u0900-\u0903\u0981-\u0983\u0A81-\u0A83]/u.test(ch)) table[i] |= ENDS_SYLLABLE;
  }
  return table;
})();

export function judgeText(words: string[]): ScrambleVerdict {
  let indicLetters = 0;
  let indicMarks = 0;
  let badMarks = 0;
  let latinWords = 0;
  let oddLatinWords = 0;
  let privateUse = 0;
  for (const raw of words) {
    // (a code-point table instead of a pattern test per character: a roll's text layer holds some
    // hundred thousand characters, and this ran on the parse's busiest thread)
    const word = /^[\x00-\x7f]*$/.test(raw) ? raw : raw.normalize('NFC');
    let prevWasMarkOrStart = true;
    for (const ch of word) {
      const code = ch.codePointAt(0) ?? 0;
      if ((code >= 0xe000 && code <= 0xf8ff) || code === 0xfffd) privateUse++;
      const kind = code >= INDIC_FIRST && code < 0x0e00 ? INDIC_CLASS[code - INDIC_FIRST] : 0;
      if (kind & DIGIT) {
        prevWasMarkOrStart = true;
        continue;
      }
      if (kind & MARK) {
        indicMarks++;
        // a vowel sign at the start of a word or right after another sign is impossible
        // (nukta and anusvara/visarga/chandrabindu may follow a sign)
        if (prevWasMarkOrStart && !(kind & MAY_FOLLOW_SIGN)) badMarks++;
        prevWasMarkOrStart = !(kind & ENDS_SYLLABLE);
      } else if (kind & LETTER) {
        indicLetters++;
        prevWasMarkOrStart = false;
      } else prevWasMarkOrStart = true;
    }
    if (word.length >= 3 && /^[A-Za-z'`;\[\]{}~^|\\#&+=]+$/.test(word) && /[A-Za-z]/.test(word)) {
      latinWords++;
      // symbols inside a word, capitals after small letters ("pUnz"), or no vowel at all
      if (/.[`;\[\]{}~^|\\'#&+=]./.test(word) || /[a-z][A-Z]/.test(word) || !/[aeiouyAEIOUY]/.test(word)) oddLatinWords++;
    }
  }
  const letters = indicLetters + indicMarks + latinWords;
  if (privateUse > 5) return { scrambled: true, letters };
  if (indicLetters >= 40) {
    const markRatio = indicMarks / (indicLetters + indicMarks);
    if (markRatio < 0.12 || badMarks > indicMarks * 0.08) return { scrambled: true, letters };
  }
  if (latinWords >= 20 && oddLatinWords > latinWords * 0.3) return { scrambled: true, letters };
  return { scrambled: false, letters };
}
