/**
 * The offline Hindi transliterator: romanised Hindi word → ranked Devanagari candidates.
 * Candidates come from the spelling rules (rules.ts), from the lexicon by typed key, and from
 * compounds of a rule-spelt stem with a common place-name ending (…pur, …nagar, …ganj). Lexicon words
 * are ranked first; the rest by rule cost plus a character model of real spellings.
 */
import { trainCharModel, type CharModel } from './char-model';
import { getLexicon, type Lexicon } from './lexicon';
import { generateCandidates } from './rules';

export const MAX_SUGGESTIONS = 5;

/** Common endings of place names: typed ending → Devanagari. */
const PLACE_ENDINGS: Array<[string, string]> = [
  ['pur', 'पुर'], ['nagar', 'नगर'], ['ganj', 'गंज'], ['garh', 'गढ़'], ['abad', 'ाबाद'], ['bad', 'बाद'],
  ['pura', 'पुरा'], ['puri', 'पुरी'], ['gaon', 'गांव'], ['gaon', 'गाँव'], ['khera', 'खेड़ा'], ['wala', 'वाला'],
  ['wali', 'वाली'], ['kot', 'कोट'], ['ghat', 'घाट'], ['tola', 'टोला'], ['patti', 'पट्टी'], ['ser', 'सर'],
];

const CHAR_MODEL_WEIGHT = 0.5;

export interface Engine {
  suggest(word: string, max?: number): string[];
}

export interface EngineOptions {
  /** Weight of the character model against the rule cost. */
  charModelWeight?: number;
}

export function createEngine(lexicon: Lexicon = getLexicon(), options: EngineOptions = {}): Engine {
  const weight = options.charModelWeight ?? CHAR_MODEL_WEIGHT;
  const model: CharModel = trainCharModel(lexicon.words());

  function ruleScored(word: string, limit: number): Array<{ text: string; score: number }> {
    return generateCandidates(word, limit).map((c) => ({
      text: c.text,
      score: c.cost + weight * model.cost(c.text),
    }));
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
    for (const e of lexicon.byKey(word)) {
      // `kaksha` is कक्षा before कक्ष: the typed final a prefers a word ending in a vowel sign
      const finalMismatch = typedFinalA !== /[\u093E-\u094C]$/.test(e.word) ? 0.5 : 0;
      offer(e.word, -10 + finalMismatch + e.rank * 0.001);
    }
    for (const e of lexicon.bySkeleton(word)) offer(e.word, -1 + e.rank * 0.001);

    for (const c of ruleScored(word, 40)) offer(c.text, lexicon.has(c.text) ? c.score - 8 : c.score);

    // Compounds: a stem spelt by the rules (or found in the lexicon) + a place-name ending.
    for (const [ending, dev] of PLACE_ENDINGS) {
      if (!word.endsWith(ending) || word.length - ending.length < 2) continue;
      const stem = word.slice(0, -ending.length);
      const stems = new Map<string, number>();
      for (const e of lexicon.byKey(stem)) stems.set(e.word, -2);
      for (const c of ruleScored(stem, 6)) if (!stems.has(c.text)) stems.set(c.text, c.score);
      for (const [text, score] of stems) {
        if (dev.startsWith('ा')) {
          // …abad: the stem's final inherent vowel becomes ā
          if (!/[\u0915-\u0939\u0958-\u095F]\u093C?$/.test(text)) continue;
        }
        offer(text + dev, score + 0.2);
      }
    }

    return Array.from(scores)
      .sort((a, b) => a[1] - b[1])
      .slice(0, Math.max(0, max))
      .map(([text]) => text);
  }

  return { suggest };
}

let defaultEngine: Engine | undefined;
export function getEngine(): Engine {
  defaultEngine ??= createEngine();
  return defaultEngine;
}

/** Suggestions for one romanised word (lower- or upper-case Latin letters). */
export function transliterateWord(word: string, max = MAX_SUGGESTIONS): string[] {
  return getEngine().suggest(word, max);
}
