import { looseKey, romanise, skeletonKey } from '@/lib/transliterate/devanagari';
import { foldKey, isInScript, SCRIPT_TABLES } from '@/lib/transliterate/scripts';

/**
 * Loose keys of a name, whatever its script, so that a typed query meets it: the name in an Indian
 * script is read as Devanagari (the Unicode blocks of the Indian scripts share one layout, so a
 * Gujarati or Bengali letter is the Devanagari letter at the same offset), romanised, and reduced to
 * three keys of decreasing strictness:
 *
 * - `loose`: vowel length, w/v, ph/f, z/j, doubled letters and a final `a` do not matter (looseKey);
 * - `skeleton`: no short `a` at all, sh = s (skeletonKey): the inherent vowel a typist drops or adds;
 * - `consonants`: no vowels at all, aspirates as their plain consonant: a query typed without its
 *   vowel signs (matras), or spelt with other vowels, still finds the name.
 *
 * A Latin name (an English list, an Excel sheet) and a Latin query go through the same keys.
 */

/** First code points of the Indian scripts' blocks (each 128 long, laid out as Devanagari's). */
const INDIC_BLOCKS = [0x0900, 0x0980, 0x0a00, 0x0a80, 0x0b00, 0x0b80, 0x0c00, 0x0c80, 0x0d00];

/** Letters with no counterpart at the same Devanagari offset: Gurmukhi's tippi and addak, Malayalam's chillus. */
const SPECIAL: Record<number, string> = {
  0x0a70: '\u0902', // ੰ tippi: a nasal, as the anusvara
  0x0a71: '', // ੱ addak: doubles the next consonant (doubling does not matter)
  0x0a72: '\u0907',
  0x0a73: '\u0909',
  0x0d7a: '\u0923\u094d',
  0x0d7b: '\u0928\u094d',
  0x0d7c: '\u0930\u094d',
  0x0d7d: '\u0932\u094d',
  0x0d7e: '\u0933\u094d',
  0x0d7f: '\u0915\u094d',
};

/** Text in any Indian script → the same text in Devanagari letters (other characters kept). */
export function toDevanagari(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC')) {
    const cp = ch.codePointAt(0) ?? 0;
    if (cp >= 0x0980 && cp < 0x0d80) {
      const special = SPECIAL[cp];
      if (special !== undefined) {
        out += special;
        continue;
      }
      const block = INDIC_BLOCKS.find((b) => cp >= b && cp < b + 0x80) ?? 0x0900;
      out += String.fromCodePoint(0x0900 + (cp - block));
    } else out += ch;
  }
  // Gurmukhi writes sha as sa + nukta (ਸ਼: Unicode keeps it decomposed)
  return out.replace(/\u0938\u093c/g, '\u0936');
}

const INDIC = /[\u0900-\u0D7F]/;

/** One word of a name or a query (any script) → its Latin spelling as keys are made from. */
export function latinOf(word: string): string {
  if (!INDIC.test(word)) return word.toLowerCase();
  // no medial schwa deletion: a name's spelling by letters, the keys below forgive the a's
  return romanise(toDevanagari(word), false);
}

/** The strictest-to-loosest keys of one word. */
export interface WordKeys {
  loose: string;
  skeleton: string;
  consonants: string;
}

/** No vowels, y/v as written, aspirate h after a consonant dropped, doubled letters once. */
export function consonantKey(latin: string): string {
  const s = skeletonKey(latin)
    .replace(/([bcdgjkptsr])h/g, '$1')
    .replace(/[aeiou]/g, '');
  return s.replace(/(.)\1+/g, '$1');
}

/**
 * A spelling folded as Tamil writes it (scripts.ts foldKey), and ks as ts: Tamil names write the ksh of
 * Sanskrit names as ட்ச (லட்சுமி `latcumi`, typed "lakshmi").
 */
function tamilSpelling(latin: string): string {
  return foldKey(latin, SCRIPT_TABLES.ta).replace(/ks/g, 'ts');
}

/** Whether a word is in the Tamil script (its keys are folded: wordKeys). */
export function isTamil(word: string): boolean {
  return isInScript(word, SCRIPT_TABLES.ta);
}

/**
 * A word's keys. Tamil writes one letter for k and g, t and d, p and b, c, ch, j and s (and no aspirates):
 * a Tamil name romanises to its unvoiced spelling (துரை `turai`), which a typist writes voiced ("durai").
 * So a Tamil word's spelling, and a Latin query word with `tamilFold` (offered beside its plain keys when the
 * list holds Tamil names), are folded as the Tamil script's keys are (scripts.ts foldKey) before their keys
 * are made: "durai", "thurai" and துரை meet.
 */
export function wordKeys(word: string, tamilFold = isTamil(word)): WordKeys {
  const latin = tamilFold ? tamilSpelling(latinOf(word)) : latinOf(word);
  return { loose: looseKey(latin), skeleton: skeletonKey(latin), consonants: consonantKey(latin) };
}

/** A name's words as written (letters and marks only), split on anything else. */
export function nameWords(name: string): string[] {
  return name
    .normalize('NFC')
    .split(/[^\p{L}\p{M}]+/u)
    .filter(Boolean);
}

/**
 * The name's keys, each as one string of its words' keys joined without spaces, and where each word
 * begins: a query word matches at a word's start and may run on into the next word ("jentibhai"
 * typed for a name printed as two words).
 */
export interface NameKeys {
  loose: string;
  looseStarts: number[];
  skeleton: string;
  skeletonStarts: number[];
  consonants: string;
  consonantStarts: number[];
}

export function nameKeys(name: string, keysOf: (word: string) => WordKeys = wordKeys): NameKeys {
  const keys: NameKeys = { loose: '', looseStarts: [], skeleton: '', skeletonStarts: [], consonants: '', consonantStarts: [] };
  for (const word of nameWords(name)) {
    const k = keysOf(word);
    if (!k.loose && !k.consonants) continue;
    keys.looseStarts.push(keys.loose.length);
    keys.loose += k.loose;
    keys.skeletonStarts.push(keys.skeleton.length);
    keys.skeleton += k.skeleton;
    keys.consonantStarts.push(keys.consonants.length);
    keys.consonants += k.consonants;
  }
  return keys;
}
