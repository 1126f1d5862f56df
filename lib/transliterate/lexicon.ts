/**
 * The lexicon: known words of addresses in one script, indexed by the loose key of their romanisation
 * and of their listed typed spellings, so that a typed word finds them even when the spelling rules
 * alone would not (loanwords like `school`, irregular names like `lucknow`).
 */
import { looseKey, normaliseDevanagari, skeletonKey } from './devanagari';
import { LEXICON_TEXT } from './lexicon-words';
import { SCRIPT_LEXICONS } from './lexicons';
import { foldKey, romaniseIn, SCRIPT_TABLES, type ScriptLanguage, type ScriptTable } from './scripts';

export interface LexiconEntry {
  word: string;
  /** 0 for the first word of the list; later words are slightly less likely. */
  rank: number;
  /** Found by a typed spelling the lexicon lists for the word (not only by its romanisation). */
  listed?: true;
}

export interface Lexicon {
  has(word: string): boolean;
  /** Words whose typed key equals this word's key: exact (alias or romanisation) matches. */
  byKey(latin: string): LexiconEntry[];
  /** Words matching on the looser schwa-insensitive key. */
  bySkeleton(latin: string): LexiconEntry[];
  words(): string[];
  /**
   * How many words of a large word list (a model's, see word-index.ts) begin with `prefix`; a built-in lexicon has
   * no such list.
   */
  countPrefix?(prefix: string): number;
}

export function parseLexicon(text: string): Array<{ word: string; spellings: string[] }> {
  const seen = new Set<string>();
  const out: Array<{ word: string; spellings: string[] }> = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const [word, ...spellings] = line.split(/\s+/);
    const normalised = normaliseDevanagari(word);
    if (seen.has(normalised)) continue;
    seen.add(normalised);
    out.push({ word: normalised, spellings: spellings.map((s) => s.toLowerCase()) });
  }
  return out;
}

function push(map: Map<string, LexiconEntry[]>, key: string, entry: LexiconEntry): void {
  if (key === '') return;
  const list = map.get(key);
  if (!list) map.set(key, [entry]);
  else if (!list.some((e) => e.word === entry.word)) list.push(entry);
}

/** The typed key and the looser schwa-insensitive key of a romanised spelling, as a lexicon of `table`'s script indexes them. */
export function lexiconKeys(table: ScriptTable): { key: (latin: string) => string; skeleton: (latin: string) => string } {
  const keepAi = table.aiDistinct ?? false;
  return { key: (latin) => foldKey(looseKey(latin, keepAi), table), skeleton: (latin) => foldKey(skeletonKey(latin), table) };
}

/**
 * The keys a word is found by: those of its romanisation and of its listed typed spellings, and (skeletons only)
 * the romanisation with (or without) the medial schwa (ramapur for रामपुर), a weaker match.
 */
export function wordKeys(word: string, spellings: readonly string[], table: ScriptTable): { keys: string[]; skeletons: string[] } {
  const { key, skeleton } = lexiconKeys(table);
  const romanised = romaniseIn(word, table);
  // Telugu and Kannada give a word's final consonant a u that is typed as often as not (నెల్లూరు is typed nellur
  // or nellore, ಬೇಲೂರು belur): such a word is found without its final u as well
  const unsaidU = table.finals.some(([ending]) => ending === 'ु') && /[^aeiou]u$/.test(romanised);
  const typed = [romanised, ...(unsaidU ? [romanised.slice(0, -1)] : []), ...spellings];
  return { keys: typed.map(key), skeletons: [...typed.map(skeleton), skeleton(romaniseIn(word, table, !table.schwaDeletion))] };
}

export function buildLexicon(text: string, table: ScriptTable = SCRIPT_TABLES.hi): Lexicon {
  const entries = parseLexicon(text);
  const { key, skeleton } = lexiconKeys(table);
  const words = new Set<string>();
  const keys = new Map<string, LexiconEntry[]>();
  const skeletons = new Map<string, LexiconEntry[]>();
  entries.forEach(({ word, spellings }, rank) => {
    const entry = { word, rank };
    words.add(word);
    const found = wordKeys(word, spellings, table);
    // the listed spellings' keys find the word as listed
    const listedKeys = new Set(spellings.map(key));
    const listed = { word, rank, listed: true as const };
    for (const k of found.keys) push(keys, k, listedKeys.has(k) ? listed : entry);
    for (const k of found.skeletons) push(skeletons, k, entry);
  });
  return {
    has: (word) => words.has(normaliseDevanagari(word)),
    byKey: (latin) => keys.get(key(latin)) ?? [],
    bySkeleton: (latin) => skeletons.get(skeleton(latin)) ?? [],
    words: () => Array.from(words),
  };
}

/** The text of a script's built-in lexicon (Hindi's in lexicon-words.ts, the others' in lexicons/). */
export function builtInLexiconText(lang: ScriptLanguage): string {
  return lang === 'hi' ? LEXICON_TEXT : SCRIPT_LEXICONS[lang];
}

const lexicons = new Map<ScriptLanguage, Lexicon>();
/** The built-in lexicon of a script (Hindi's by default), built once. */
export function getLexicon(lang: ScriptLanguage = 'hi'): Lexicon {
  let lexicon = lexicons.get(lang);
  if (!lexicon) {
    lexicon = buildLexicon(builtInLexiconText(lang), SCRIPT_TABLES[lang]);
    lexicons.set(lang, lexicon);
  }
  return lexicon;
}
