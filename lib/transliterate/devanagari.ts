/**
 * Devanagari facts used by the offline transliterator: the vowel signs, the halant, and a
 * reverse romaniser that turns a Devanagari word into the loose Latin people type, so that
 * lexicon words can be found by a typed spelling (see `looseKey`).
 */
export const HALANT = '\u094D';
export const NUKTA = '\u093C';
export const ANUSVARA = '\u0902';
export const CHANDRABINDU = '\u0901';
export const VISARGA = '\u0903';

/** Independent vowel → Latin. */
const INDEPENDENT: Record<string, string> = {
  अ: 'a', आ: 'aa', इ: 'i', ई: 'ee', उ: 'u', ऊ: 'oo', ऋ: 'ri', ए: 'e', ऐ: 'ai', ओ: 'o', औ: 'au', ऑ: 'o',
  // short e and o: not Hindi's, but the pivot's for the Dravidian scripts (see scripts.ts)
  ऎ: 'e', ऒ: 'o',
};
/** Vowel sign (matra) → Latin. */
const MATRA: Record<string, string> = {
  'ा': 'aa', 'ि': 'i', 'ी': 'ee', 'ु': 'u', 'ू': 'oo', 'ृ': 'ri', 'े': 'e', 'ै': 'ai', 'ो': 'o', 'ौ': 'au', 'ॉ': 'o',
  'ॆ': 'e', 'ॊ': 'o',
};
/** Consonant (with its nukta form) → Latin. */
const CONSONANT: Record<string, string> = {
  क: 'k', ख: 'kh', ग: 'g', घ: 'gh', ङ: 'n', च: 'ch', छ: 'chh', ज: 'j', झ: 'jh', ञ: 'n',
  ट: 't', ठ: 'th', ड: 'd', ढ: 'dh', ण: 'n', त: 't', थ: 'th', द: 'd', ध: 'dh', न: 'n',
  प: 'p', फ: 'ph', ब: 'b', भ: 'bh', म: 'm', य: 'y', र: 'r', ल: 'l', व: 'v', श: 'sh', ष: 'sh',
  स: 's', ह: 'h', ळ: 'l',
  'क़': 'q', 'ख़': 'kh', 'ग़': 'g', 'ज़': 'z', 'ड़': 'r', 'ढ़': 'rh', 'फ़': 'f', 'य़': 'y',
  // the Dravidian letters ன, ற, ழ as the pivot writes them
  'ऩ': 'n', 'ऱ': 'r', 'ऴ': 'zh',
};
const PRECOMPOSED_NUKTA: Record<string, string> = {
  '\u0958': 'क़', '\u0959': 'ख़', '\u095A': 'ग़', '\u095B': 'ज़', '\u095C': 'ड़', '\u095D': 'ढ़', '\u095E': 'फ़', '\u095F': 'य़',
};

/** Decomposes precomposed nukta letters so that every table lookup sees one form. */
export function normaliseDevanagari(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC')) out += PRECOMPOSED_NUKTA[ch] ?? ch;
  return out;
}

export function isDevanagari(text: string): boolean {
  return /[\u0900-\u097F]/.test(text);
}

/**
 * Devanagari word → a plain romanisation. The inherent vowel is dropped at the end of the word (unless `keepFinalA`), and
 * with `deleteMedialSchwa` also inside the word where Hindi drops it (between a vowel + consonant and
 * a consonant + vowel: रामपुर → raampur, not raamapur).
 */
export function romanise(word: string, deleteMedialSchwa = true, keepFinalA = false): string {
  const chars = Array.from(normaliseDevanagari(word));
  // pieces: a consonant (carrying a sign, the inherent vowel, or a halant), a vowel, or a nasal/visarga
  type Piece = { latin: string; kind: 'C' | 'V' | 'X'; vowel: 'sign' | 'inherent' | 'none' };
  const pieces: Piece[] = [];
  for (let i = 0; i < chars.length; i++) {
    let ch = chars[i];
    if (chars[i + 1] === NUKTA) {
      // a nukta letter the table does not know reads as its plain letter
      if (CONSONANT[ch + NUKTA] !== undefined) ch += NUKTA;
      i++;
    }
    if (CONSONANT[ch] !== undefined) {
      const next = chars[i + 1];
      const vowel = next === HALANT ? 'none' : next !== undefined && MATRA[next] !== undefined ? 'sign' : 'inherent';
      pieces.push({ latin: CONSONANT[ch], kind: 'C', vowel });
    } else if (MATRA[ch] !== undefined) pieces.push({ latin: MATRA[ch], kind: 'V', vowel: 'sign' });
    else if (INDEPENDENT[ch] !== undefined) pieces.push({ latin: INDEPENDENT[ch], kind: 'V', vowel: 'sign' });
    else if (ch === ANUSVARA || ch === CHANDRABINDU) pieces.push({ latin: 'n', kind: 'X', vowel: 'none' });
    else if (ch === VISARGA) pieces.push({ latin: 'h', kind: 'X', vowel: 'none' });
  }
  let lastConsonant = -1;
  for (let k = 0; k < pieces.length; k++) if (pieces[k].kind === 'C') lastConsonant = k;
  const before = (k: number) => pieces[k - 1]?.kind === 'V';
  let out = '';
  for (let k = 0; k < pieces.length; k++) {
    const p = pieces[k];
    out += p.latin;
    if (p.kind !== 'C' || p.vowel !== 'inherent') continue;
    const final = k === lastConsonant && pieces.slice(k + 1).every((q) => q.kind === 'X');
    if (final && !keepFinalA) continue;
    // VC_CV: a vowel before this consonant, and the next consonant carries a vowel that is not final.
    const next = pieces[k + 1];
    const nextCarries = next?.kind === 'C' && (next.vowel === 'sign' || (next.vowel === 'inherent' && k + 1 !== lastConsonant));
    const medialDrop = deleteMedialSchwa && k > 0 && (before(k) || pieces[k - 1]?.kind === 'X') && nextCarries;
    if (!medialDrop) out += 'a';
  }
  return out;
}

const LATIN_VOWEL = /[aeiou]/;

/**
 * A forgiving key for a Latin spelling: vowel length, w/v, ph/f, z/j, q/k, c/k, doubled letters and a
 * final `a` do not matter. A typed word and the romanisation of its Devanagari meet on this key. With `keepAi`, ai
 * stays apart from e (the Dravidian scripts' own vowel ai; see ScriptTable.aiDistinct).
 */
export function looseKey(latin: string, keepAi = false): string {
  let s = latin.toLowerCase().replace(/[^a-z]/g, '');
  s = s.replace(/ow(?![aeiou])/g, 'au').replace(/aw(?![aeiou])/g, 'au');
  s = s.replace(/ck/g, 'k').replace(/c(?!h)/g, 'k').replace(/x/g, 'ks').replace(/q/g, 'k');
  s = s.replace(/w/g, 'v').replace(/ph/g, 'f').replace(/z/g, 'j');
  s = s.replace(/ee|ii|ie/g, 'i').replace(/([^aeiou])y$/, '$1i').replace(/oo|uu/g, 'u').replace(/aa/g, 'a');
  s = s.replace(keepAi ? /ae|ei/g : /ai|ae|ei/g, 'e').replace(/au|ou/g, 'o');
  s = singleConsonants(s);
  if (s.length > 2 && s.endsWith('a') && !LATIN_VOWEL.test(s[s.length - 2])) s = s.slice(0, -1);
  return s;
}

/** A Latin spelling with each doubled consonant written once (`pattinam` → `patinam`). */
export function singleConsonants(latin: string): string {
  return latin.replace(/([b-df-hj-np-tv-z])\1/g, '$1');
}

/** A looser key still: no short `a` at all (schwa-insensitive), sh=s. Used for a weaker match. */
export function skeletonKey(latin: string): string {
  return looseKey(latin).replace(/a/g, '').replace(/sh/g, 's');
}
