/**
 * Transliteration as the API serves it: the online provider when configured and answering, else the
 * offline engine, so there is always an answer. Text with digits, punctuation or several words keeps
 * everything that is not Latin letters and transliterates each Latin run.
 */
import { MAX_SUGGESTIONS, transliterateWord } from './engine';
import type { OnlineProvider } from './online';
import type { ScriptLanguage } from './scripts';

export const MAX_TEXT_LENGTH = 100;
/** No word of an Indian language is this long; a longer Latin run is kept as it is (and cannot cost a slow search). */
export const MAX_WORD_LETTERS = 40;

export type WordTransliterator = (word: string, num: number) => Promise<string[]>;

/** Clamps the number of options to 1..5. */
export function clampNum(num: number): number {
  if (!Number.isFinite(num)) return MAX_SUGGESTIONS;
  return Math.min(MAX_SUGGESTIONS, Math.max(1, Math.trunc(num)));
}

export function offlineWord(word: string, num: number, lang: ScriptLanguage = 'hi'): Promise<string[]> {
  return Promise.resolve(transliterateWord(word, num, lang));
}

/** The offline engine of one script as a word transliterator. */
export function offlineIn(lang: ScriptLanguage): WordTransliterator {
  return (word, num) => offlineWord(word, num, lang);
}

/** The most outbound calls one request may make to the online service (a 100-character text can hold 50 words). */
export const MAX_ONLINE_CALLS_PER_REQUEST = 6;

/**
 * Online first (when given), offline when it fails or answers nothing, both in the script of `lang`. Made once per request: the same
 * word is asked for once, and after `maxOnlineCalls` distinct words the rest go to the offline engine,
 * so one request cannot fan out into dozens of outbound calls.
 */
export function withFallback(online: OnlineProvider | null, maxOnlineCalls = MAX_ONLINE_CALLS_PER_REQUEST, lang: ScriptLanguage = 'hi'): WordTransliterator {
  const asked = new Map<string, Promise<string[] | null>>();
  return async (word, num) => {
    if (online) {
      const key = `${num}\u0000${word}`;
      let answer = asked.get(key);
      if (!answer && asked.size < maxOnlineCalls) {
        answer = online.suggest(word, num, lang);
        asked.set(key, answer);
      }
      const list = answer ? await answer : null;
      if (list && list.length > 0) return list;
    }
    return offlineWord(word, num, lang);
  };
}

/**
 * Ranked suggestions for `text`: at most `num`, best first, distinct. Text without Latin letters is
 * returned as it is (nothing to transliterate); empty text gives no suggestions.
 */
export async function suggest(text: string, num: number, word: WordTransliterator = offlineWord): Promise<string[]> {
  const n = clampNum(num);
  if (text === '') return [];
  const parts = text.split(/([A-Za-z]+)/);
  const latinIndexes = parts.flatMap((p, i) => (/^[A-Za-z]+$/.test(p) ? [i] : []));
  if (latinIndexes.length === 0) return [text];
  const spell = (latin: string) => (latin.length > MAX_WORD_LETTERS ? Promise.resolve([]) : word(latin.toLowerCase(), n));
  if (latinIndexes.length === 1 && parts.length === 3 && parts[0] === '' && parts[2] === '') {
    const single = dedupe(await spell(text)).slice(0, n);
    return single.length > 0 ? single : [text];
  }
  const options = await Promise.all(latinIndexes.map((i) => spell(parts[i])));
  const out: string[] = [];
  for (let k = 0; k < n; k++) {
    const copy = [...parts];
    latinIndexes.forEach((partIndex, j) => {
      const list = options[j];
      copy[partIndex] = list.length === 0 ? parts[partIndex] : list[Math.min(k, list.length - 1)];
    });
    out.push(copy.join(''));
  }
  return dedupe(out).slice(0, n);
}

function dedupe(list: string[]): string[] {
  return Array.from(new Set(list));
}
