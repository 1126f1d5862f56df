/**
 * The offline transliterator: a romanised word → ranked candidates in one script (Hindi's Devanagari by
 * default; Marathi, Gujarati, Bengali, Gurmukhi, Odia, Tamil, Telugu, Kannada, Malayalam by their tables
 * in scripts.ts). Candidates come from the spelling rules (rules.ts, in the Devanagari pivot, moved into
 * the script), from the script's lexicon by typed key, and from compounds of a rule-spelt stem with a
 * common place-name ending (…pur, …nagar, …ganj). Lexicon words are ranked first; the rest by rule cost
 * plus a character model of the script's real spellings.
 */
import { trainCharModel, type CharModel } from './char-model';
import { getLexicon, type Lexicon } from './lexicon';
import { generateCandidates } from './rules';
import { HALANT } from './devanagari';
import { fromPivot, romaniseIn, SCRIPT_TABLES, withFinals, type ScriptLanguage, type ScriptTable } from './scripts';
import { grownLexicon, type WordIndex } from './word-index';

export const MAX_SUGGESTIONS = 5;

const CHAR_MODEL_WEIGHT = 0.5;
/** The extra cost of an r joined to the next consonant (reph) in the stem of a place name. */
const REPH_IN_PLACE_STEM = 0.4;
const REPH = /र्/g;
/**
 * The extra cost of a lexicon word that ends otherwise than the script writes the typed place-name ending
 * (`sindhanur`: ಸಿಂಧನೂರ, the form a Kannada name takes before another word, below ಸಿಂಧನೂರು). A word list read
 * from a recogniser's model holds such inflected forms beside the names, with no counts to tell them apart.
 */
const ENDING_MISMATCH = 2.5;
/**
 * The cost of a lexicon word written without the final u the script added to it, where the typed place-name ending
 * is written with the virama (see suggest): below the lexicon's own words that end as typed.
 */
const UNTYPED_U_DROPPED = 0.2;
/** The cost, as a rule spelling's, of a lexicon word ending in a vowel where a final consonant was typed (see suggest). */
const VOWEL_NOT_TYPED = 1;
/**
 * The extra cost of a stem ending in a doubled hard consonant and a short u (பட்டு, மேட்டு) joined to an ending
 * without doubling the ending's hard consonant (see joinStem).
 */
const SANDHI_UNDOUBLED = 0.3;
/** The extra cost of a known stem ending in ā where the typed stem ends in a short a, in a script that says a bare letter's a. */
const STEM_LONG_A = 0.5;
/**
 * The weight of a word's family (see suggest): the credit of a model word whose stem begins FAMILY_MOST words of the list
 * or more is FAMILY_WEIGHT * ln(1 + FAMILY_MOST), about 1.1, less than the lead of a built-in word over a model word.
 */
const FAMILY_WEIGHT = 0.5;
/** Past this many words beginning with a stem, more are mostly other words that begin the same way (a short stem's). */
const FAMILY_MOST = 8;
/**
 * The cost of each doubled consonant of a lexicon word that the typed word writes single: English spellings write a
 * doubled consonant doubled (Pollachi, Kollegal, Pattambi), so ಬಳ್ಳೂರು is a worse match for `balur` than ಬಳೂರು.
 */
const UNTYPED_DOUBLING = 0.3;
/** The cost of each typed au (or ou) a lexicon word does not say as one, and of each typed chh it writes without the aspirate (see suggest). */
const UNMET_TYPED_MARK = 0.5;

export interface Engine {
  suggest(word: string, max?: number): string[];
}

export interface EngineOptions {
  /** Weight of the character model against the rule cost. */
  charModelWeight?: number;
  /** The script written (default Hindi's); its lexicon is the one given. */
  script?: ScriptTable;
  /**
   * The words the character model learns spellings from (default: the lexicon's). A lexicon grown by a
   * model's word list keeps its built-in words here: top-1 on each script's judged list as good as with every
   * word or better (Hindi 86.3% against 85.5%, Bengali 75.9% against 74.1%, Odia 92.2% against 88.2%), and a
   * model trained in milliseconds.
   */
  charModelWords?: readonly string[];
}

export function createEngine(lexicon: Lexicon = getLexicon(), options: EngineOptions = {}): Engine {
  const weight = options.charModelWeight ?? CHAR_MODEL_WEIGHT;
  const table = options.script ?? SCRIPT_TABLES.hi;
  const model: CharModel = trainCharModel(options.charModelWords ?? lexicon.words());
  // the vowel signs sit at the same offsets in every block (ा..ौ)
  const sign = (offset: number) => `\\u{${(table.base + offset).toString(16)}}`;
  const endsInVowelSign = new RegExp(`[${sign(0x3e)}-${sign(0x4c)}]$`, 'u');
  // a final u the script adds to a typed final consonant (Telugu, Kannada), and what it costs there
  const finalU = String.fromCodePoint(table.base + 0x41);
  const finalUCost = table.finals.find(([ending]) => ending === 'ु')?.[1];
  /**
   * Whether a word ends in a vowel: a bare letter (a consonant with its own vowel, a nukta letter too), an independent
   * vowel or a vowel sign, but for the final u a script adds to a typed final consonant (Telugu, Kannada).
   */
  const endsInVowel = (text: string): boolean => {
    const offset = (text.codePointAt(text.length - 1) ?? 0) - table.base;
    if (offset === 0x41 && finalUCost !== undefined) return false;
    return offset === 0x3c || (offset >= 0x05 && offset <= 0x39) || (offset >= 0x3e && offset <= 0x4c) || (offset >= 0x58 && offset <= 0x63);
  };
  /** Whether the script writes a typed final consonant as a bare letter (Hindi's schwa deletion, Kannada's ಕೋಲಾರ). */
  const bareEndsTypedConsonant = table.schwaDeletion || table.finals.some(([written]) => written === '');

  /** The rules' spellings in the script's letters, each with its rule cost plus the character model's. */
  function ruleScored(word: string, limit: number, placeStem = false): Array<{ text: string; score: number; rule: number }> {
    const best = new Map<string, number>();
    const rules = new Map<string, number>();
    // only a typed final consonant ends the way the script ends one (a typed final a is the inherent vowel)
    const typedFinalConsonant = !placeStem && /[^aeiouy]$/.test(word);
    for (const c of generateCandidates(word, limit, table.profile)) {
      // The stem of a place name is mostly a person's name in its everyday spelling, which keeps the
      // vowel that Sanskrit spellings drop before r + consonant: नरपतगंज, धरमपुर (not नर्पत, धर्म).
      const rephs = placeStem ? (c.text.match(REPH) ?? []).length : 0;
      for (const [pivot, extra] of typedFinalConsonant ? withFinals(c.text, table) : [[c.text, 0] as const]) {
        const text = fromPivot(pivot, table);
        if (text === null) continue;
        const rule = c.cost + extra + rephs * REPH_IN_PLACE_STEM;
        const score = rule + weight * model.cost(text);
        const prev = best.get(text);
        if (prev === undefined || score < prev) {
          best.set(text, score);
          rules.set(text, rule);
        }
      }
    }
    return Array.from(best, ([text, score]) => ({ text, score, rule: rules.get(text) ?? 0 }));
  }

  const virama = String.fromCodePoint(table.base + 0x4d);
  // the script's m, and how it writes a word's final m
  const letterM = fromPivot('म', table) ?? '';
  const finalM = fromPivot(`म${HALANT}`, table) ?? '';
  // a stem ending in a doubled hard consonant (the script's doubling letters, ட, ற) and a short u: பட்டு, மேட்டு, பத்து
  const hardDoubledU = new RegExp(
    `([${table.sandhiDoubling ?? ''}${sign(0x1f)}${sign(0x31)}])${virama}\\1${finalU}$`,
    'u',
  );
  const signAa = String.fromCodePoint(table.base + 0x3e);
  // a final vowel sign or virama (ಹಳೇಬೀಡು's u, where the case endings join: ಹಳೇಬೀಡಿನ); not the anusvara, kept before them (పాలెంలో)
  const finalVowelSign = new RegExp(`[${sign(0x3e)}-${sign(0x4d)}]$`, 'u');
  // a word ending in no vowel: a final virama or anusvara
  const endsVowelless = new RegExp(`[${virama}${sign(0x02)}]$`, 'u');
  // a doubled consonant in the script's letters, but for the hard consonants Tamil and Malayalam double where a word
  // joins another (கீழக்கரை, typed kilakarai): written there, and mostly typed single
  const doubled = new RegExp(`(\\p{L})${virama}\\1`, 'gu');
  const doublings = (text: string): number => Array.from(text.matchAll(doubled)).filter((m) => !table.sandhiDoubling?.includes(m[1])).length;
  const consonantLetter = new RegExp(`[\\u{${(table.base + 0x15).toString(16)}}-\\u{${(table.base + 0x39).toString(16)}}]$`, 'u');
  /**
   * A stem and a place-name ending joined: in scripts that write every vowel, a stem ending in a bare
   * consonant takes the virama (பட்டுக்|கோட்டை); in Tamil and Malayalam a hard consonant beginning the
   * ending may also be doubled after a vowel (மேட்டு|ப்|பாளையம், பரம|க்|குடி), and is doubled after a doubled
   * hard consonant and a short u (Tamil's வன்தொடர்க் குற்றியலுகரம்: பட்டுக்கோட்டை, மேட்டுப்பாளையம்).
   */
  function joinStem(stem: string, ending: string, typedStem: string): Array<{ text: string; extra: number }> {
    if (table.schwaDeletion || /^\p{M}/u.test(ending)) return [{ text: stem + ending, extra: 0 }];
    // a typed final consonant (not a typed final a, the bare letter's own vowel); a final m as the script writes
    // one (Malayalam and Telugu: the anusvara, കുന്നം|കുളം)
    if (consonantLetter.test(stem) && /[^aeiou]$/.test(typedStem) && table.finals[0]?.[0] === HALANT) {
      const bareM = stem.endsWith(letterM) && !stem.endsWith(virama + letterM) && finalM !== letterM + virama;
      return [{ text: bareM ? stem.slice(0, -1) + finalM + ending : stem + virama + ending, extra: 0 }];
    }
    const first = ending[0];
    if (table.sandhiDoubling?.includes(first) && ending[1] !== virama && !stem.endsWith(virama)) {
      return [
        { text: stem + ending, extra: hardDoubledU.test(stem) ? SANDHI_UNDOUBLED : 0 },
        { text: stem + first + virama + ending, extra: 0 },
      ];
    }
    return [{ text: stem + ending, extra: 0 }];
  }

  function suggest(rawWord: string, max = MAX_SUGGESTIONS): string[] {
    const word = rawWord.toLowerCase();
    if (!/^[a-z]+$/.test(word)) return [];
    const scores = new Map<string, number>();
    const offer = (text: string, score: number) => {
      const prev = scores.get(text);
      if (prev === undefined || score < prev) scores.set(text, score);
    };

    const typedFinalA = /[^aeiou]a$/.test(word);
    const typedFinalConsonant = /[^aeiouy]$/.test(word);
    // the script's ways of writing the place-name endings the typed word ends with (…ur: Kannada ೂರು)
    const typedEndings = table.endings.filter(([ending]) => word.endsWith(ending) && word.length > ending.length + 1).map(([, written]) => written);
    const endsAsTyped = (text: string) => typedEndings.some((written) => text.endsWith(written));
    // A typed final consonant in a script that says a bare letter's vowel and writes a final consonant with the
    // virama (Tamil, Telugu, Malayalam): a word ending in a vowel (ஆடுற for `attur`, గద్వాల for `gadwal`, బోధనా for
    // `bodhan`: keys drop a final a) ends in a vowel that was not typed, and is weighed as a rule spelling with a wrong end,
    // unless it ends as the script writes the typed place-name ending (నారాయణ|పేట for `narayanpet`) or the lexicon
    // lists the typed spelling for it (`gopal` గోపాల).
    const vowelNotTyped = typedFinalConsonant && !bareEndsTypedConsonant ? (text: string) => endsInVowel(text) && !endsAsTyped(text) : () => false;

    // A word list read from a recogniser's model has no counts, but in a language that joins its case endings to the
    // noun, a name written often stands in it with its inflected forms (ಹಳೇಬೀಡು with ಹಳೇಬೀಡಿನ, ಹಳೇಬೀಡಲ್ಲಿ…), a rare spelling
    // of it alone or with few (ಹಲೇಬೀಡು): of the words a typed key meets, the one whose stem (the word without its final
    // vowel sign or virama) begins more words of the list is the likelier.
    const familyCredit = (text: string): number => {
      if (!table.joinedEndings || !lexicon.countPrefix) return 0;
      const family = lexicon.countPrefix(text.replace(finalVowelSign, ''));
      return FAMILY_WEIGHT * Math.log(1 + Math.min(family, FAMILY_MOST));
    };
    const typedDoublings = (word.match(/([b-df-hj-np-tv-z])\1/g) ?? []).length;
    // Letters the keys fold that a typist writes only for what they say. A typed au (ou) is the diphthong or an a and a u
    // said apart (मौर, मऊ), folded into o: a word that has neither where it was typed is a worse match (मोर for `maur`); a
    // typed o for the diphthong is the common slip, not this. A typed chh is the aspirate (छाल, छत), folded into ch:
    // typists write ch for it as well, but chh for ch hardly ever.
    const typedMarks = [
      { typed: (word.match(/au|ou/g) ?? []).length, said: /a[uo]|ou/g },
      { typed: (word.match(/chh/g) ?? []).length, said: /chh/g },
    ].filter((mark) => mark.typed > 0);
    // each typed mark the word's romanisation does not say as often (romanised once, and only when a mark was typed)
    const unmetTypedMarks = (text: string): number => {
      if (typedMarks.length === 0) return 0;
      const said = romaniseIn(text, table);
      return typedMarks.reduce((cost, mark) => cost + UNMET_TYPED_MARK * Math.max(0, mark.typed - (said.match(mark.said) ?? []).length), 0);
    };
    const untypedDoubling = (text: string): number => UNTYPED_DOUBLING * Math.max(0, doublings(text) - typedDoublings);
    for (const e of lexicon.byKey(word)) {
      if (!e.listed && vowelNotTyped(e.word)) {
        offer(e.word, VOWEL_NOT_TYPED + weight * model.cost(e.word));
        continue;
      }
      // `kaksha` is कक्षा before कक्ष: the typed final a prefers a word ending in a vowel sign
      // in a script that says a bare letter's a, a typed final a is a vowel said: a word ending in none (the anusvara's m,
      // the virama) is a worse match still (`sitarama`: సీతారామ before సీతారాం, both keyed sitaram)
      const finalMismatch =
        (typedFinalA !== endsInVowelSign.test(e.word) ? 0.5 : 0) + (typedFinalA && !table.schwaDeletion && endsVowelless.test(e.word) ? 0.5 : 0);
      const endingMismatch = typedEndings.length > 0 && !endsAsTyped(e.word) ? ENDING_MISMATCH : 0;
      // ಬೇಲೂರು found as `belur` (lexicon.ts): its u is the script's, not typed; after a typed final vowel (`sira`,
      // whose final a the key drops) the word is another one
      const untypedU = finalUCost !== undefined && e.word.endsWith(finalU) && !word.endsWith('u') ? (typedFinalConsonant ? finalUCost : ENDING_MISMATCH) : 0;
      offer(e.word, -10 + finalMismatch + endingMismatch + untypedU + e.rank * 0.001 - familyCredit(e.word) + (e.listed ? 0 : untypedDoubling(e.word) + unmetTypedMarks(e.word)));
      // జహీరాబాదు for `zaheerabad`, where the script writes the typed ending with the virama (…ాబాద్): the word as
      // the ending is written, the lexicon's spelling of the rest kept
      if (endingMismatch > 0 && untypedU > 0 && typedFinalConsonant) {
        const asTyped = e.word.slice(0, -finalU.length) + virama;
        if (endsAsTyped(asTyped)) offer(asTyped, -10 + UNTYPED_U_DROPPED + e.rank * 0.001);
      }
    }
    for (const e of lexicon.bySkeleton(word)) offer(e.word, vowelNotTyped(e.word) ? VOWEL_NOT_TYPED + weight * model.cost(e.word) : -1 + e.rank * 0.001);

    for (const c of ruleScored(word, 40)) offer(c.text, lexicon.has(c.text) ? c.score - 8 : c.score);

    // Compounds: a stem spelt by the rules (or found in the lexicon) + a place-name ending.
    for (const [ending, dev, cost = 0.2] of table.endings) {
      if (!word.endsWith(ending) || word.length - ending.length < 2) continue;
      const stem = word.slice(0, -ending.length);
      const stems = new Map<string, number>();
      const lexStems = new Set<string>();
      // in a script that says a bare letter's vowel, a typed stem's final short a is that vowel: a known stem ending in
      // ā (ராஜா for `raja|palayam`) is another word, after the one ending as typed (ராஜ)
      const longAForTypedA = !table.schwaDeletion && /[^a]a$/.test(stem);
      for (const e of lexicon.byKey(stem)) {
        stems.set(e.word, -2 + (longAForTypedA && e.word.endsWith(signAa) ? STEM_LONG_A : 0));
        lexStems.add(e.word);
      }
      for (const c of ruleScored(stem, 6, true)) if (!stems.has(c.text)) stems.set(c.text, table.compoundWhole ? c.rule : c.score);
      for (const [text, score] of stems) {
        if (/^\p{M}/u.test(dev)) {
          // …abad: the stem's final inherent vowel becomes ā, so the stem must end in a bare letter
          if (!/\p{Lo}\p{Mn}?$/u.test(text) || /[\u094D\u09CD\u0A4D\u0ACD\u0B4D\u0BCD\u0C4D\u0CCD\u0D4D]$/.test(text)) continue;
        }
        // the character model judges the whole compound where the script's table asks (a short stem alone
        // looks less like a word than the place name it begins)
        const judged = (compound: string, extra = 0) =>
          offer(compound, table.compoundWhole && !lexStems.has(text) ? score + cost + extra + weight * model.cost(compound) : score + cost + extra);
        for (const joined of joinStem(text, dev, stem)) judged(joined.text, joined.extra);
      }
    }

    return Array.from(scores)
      .sort((a, b) => a[1] - b[1])
      .slice(0, Math.max(0, max))
      .map(([text]) => text);
  }

  return { suggest };
}

const engines = new Map<ScriptLanguage, Engine>();
/** The scripts whose engine has its model's words (installWordIndex). */
const grown = new Set<ScriptLanguage>();

/** The engine of one script (Hindi's by default): its built-in lexicon, grown by its model's words once installed. */
export function getEngine(lang: ScriptLanguage = 'hi'): Engine {
  let engine = engines.get(lang);
  if (!engine) {
    engine = createEngine(getLexicon(lang), { script: SCRIPT_TABLES[lang] });
    engines.set(lang, engine);
  }
  return engine;
}

/** From now on, the index's script is suggested from its built-in lexicon grown by the index's words. */
export function installWordIndex(index: WordIndex): void {
  const builtIn = getLexicon(index.lang);
  const table = SCRIPT_TABLES[index.lang];
  engines.set(index.lang, createEngine(grownLexicon(builtIn, index, table), { script: table, charModelWords: builtIn.words() }));
  grown.add(index.lang);
}

/** Whether the script's engine has its model's words. */
export function hasWordIndex(lang: ScriptLanguage): boolean {
  return grown.has(lang);
}

/** Suggestions for one romanised word (lower- or upper-case Latin letters) in a script (Hindi's by default). */
export function transliterateWord(word: string, max = MAX_SUGGESTIONS, lang: ScriptLanguage = 'hi'): string[] {
  return getEngine(lang).suggest(word, max);
}
