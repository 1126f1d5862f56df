/**
 * A large word list (a script's model words, tens of thousands to 234,000 of them) as a lexicon that costs
 * little to hold and nothing to load: built once elsewhere (a sandbox process, where working out every word's
 * keys takes up to a few seconds) and written as text, then read back as three sorted tables searched by
 * halving: the words, and the (typed key, word) and (skeleton key, word) pairs. The server keeps the text and
 * the rows' offsets, not a map entry per word.
 *
 * The text: a first line `vsg-word-index 1 <lang>`, then three sections, each a line `<letter> <rows>` and its
 * rows: `W` the words as `word<TAB>rank` (sorted by word, a word's number is its row), `K` the typed keys and `S` the
 * skeleton keys as `key<TAB>word number` (sorted by key, then number).
 *
 * A word list without frequencies does not say which of the words sharing a key (इंदापुर, इंदापूर) is the usual
 * spelling. A word's rank says it instead: its cost under a character trigram model of the list's own words
 * (char-model.ts; in thousandths of a nat a character), low for letter sequences the language writes often.
 */
import { trainCharModel } from './char-model';
import { normaliseDevanagari } from './devanagari';
import { lexiconKeys, wordKeys, type Lexicon, type LexiconEntry } from './lexicon';
import { SCRIPT_LANGUAGES, type ScriptLanguage, type ScriptTable } from './scripts';

const isScriptLanguage = (text: string): text is ScriptLanguage => (SCRIPT_LANGUAGES as readonly string[]).includes(text);

const FORMAT = 'vsg-word-index 1';

const byCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The index text of `words` in `table`'s script (NFC, as the lexicon normalises them), leaving out the ones
 * `known` already has (the built-in lexicon's).
 */
export function writeWordIndex(lang: ScriptLanguage, words: Iterable<string>, table: ScriptTable, known: (word: string) => boolean = () => false): string {
  const kept = new Set<string>();
  for (const raw of words) {
    const word = normaliseDevanagari(raw);
    if (word !== '' && !/\s/.test(word) && !known(word)) kept.add(word);
  }
  const sorted = Array.from(kept).sort(byCodeUnits);
  const model = trainCharModel(sorted);
  const rank = (word: string) => Math.round(1000 * model.cost(word));
  const keyRows: Array<{ key: string; id: number }> = [];
  const skeletonRows: Array<{ key: string; id: number }> = [];
  sorted.forEach((word, id) => {
    const { keys, skeletons } = wordKeys(word, [], table);
    for (const key of new Set(keys)) if (key !== '') keyRows.push({ key, id });
    for (const key of new Set(skeletons)) if (key !== '') skeletonRows.push({ key, id });
  });
  // a stable sort by key keeps each key's words in number order
  const lines = (rows: Array<{ key: string; id: number }>) => rows.sort((a, b) => byCodeUnits(a.key, b.key)).map(({ key, id }) => `${key}\t${id}`);
  const section = (letter: string, rows: string[]) => `${letter} ${rows.length}\n${rows.join('\n')}${rows.length > 0 ? '\n' : ''}`;
  return `${FORMAT} ${lang}\n${section('W', sorted.map((word) => `${word}\t${rank(word)}`))}${section('K', lines(keyRows))}${section('S', lines(skeletonRows))}`;
}

/** One section's rows: where each starts in the section's text and where the last ends. */
interface Rows {
  text: string;
  /** row i is text[starts[i], starts[i + 1] - 1) (the -1 drops its line feed) */
  starts: Uint32Array;
}

export class WordIndexFormatError extends Error {
  constructor(what: string) {
    super(`not a word index: ${what}`);
  }
}

const LINE_FEED = 0x0a;

/** Where the line starting at `at` ends (its line feed), or -1. */
const lineEnd = (bytes: Buffer, at: number): number => bytes.indexOf(LINE_FEED, at);

/**
 * Reads section `letter` from `at`: its rows decoded as `encoding` (the keys are Latin letters and digits, held as
 * one byte a character; the words as UTF-8), and where the next section starts.
 */
function readSection(bytes: Buffer, at: number, letter: string, encoding: 'latin1' | 'utf8'): { rows: Rows; next: number } {
  const headEnd = lineEnd(bytes, at);
  const head = headEnd < 0 ? '' : bytes.toString('latin1', at, headEnd);
  const match = new RegExp(`^${letter} (\\d+)$`).exec(head);
  if (!match) throw new WordIndexFormatError(`section ${letter} missing`);
  const count = Number(match[1]);
  let end = headEnd + 1;
  for (let i = 0; i < count; i++) {
    const feed = lineEnd(bytes, end);
    if (feed < 0) throw new WordIndexFormatError(`section ${letter} ends early`);
    end = feed + 1;
  }
  const text = bytes.toString(encoding, headEnd + 1, end);
  const starts = new Uint32Array(count + 1);
  for (let i = 0, pos = 0; i < count; i++) {
    starts[i] = pos;
    pos = text.indexOf('\n', pos) + 1;
  }
  starts[count] = text.length;
  return { rows: { text, starts }, next: end };
}

const rowCount = (rows: Rows): number => rows.starts.length - 1;
const rowText = (rows: Rows, i: number): string => rows.text.slice(rows.starts[i], rows.starts[i + 1] - 1);

/** Compares `key` with row i's key (the row up to its tab, or all of it): negative when the key sorts first. */
function compareRow(rows: Rows, i: number, key: string): number {
  const { text } = rows;
  let p = rows.starts[i];
  const end = rows.starts[i + 1] - 1;
  for (let k = 0; k < key.length; k++, p++) {
    const c = p < end ? text.charCodeAt(p) : -1;
    // the row's key ended (a tab or the row's end) before the key did: the row sorts first
    if (c === -1 || c === 9) return 1;
    const d = key.charCodeAt(k) - c;
    if (d !== 0) return d;
  }
  return p < end && text.charCodeAt(p) !== 9 ? -1 : 0;
}

/** The first row whose key is not below `key`. */
function lowerBound(rows: Rows, key: string): number {
  let lo = 0;
  let hi = rowCount(rows);
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareRow(rows, mid, key) > 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Row i's key and the number after its tab. */
function splitRow(rows: Rows, i: number): { key: string; value: number } {
  const row = rowText(rows, i);
  const tab = row.indexOf('\t');
  return { key: row.slice(0, tab), value: Number(row.slice(tab + 1)) };
}

/** The word numbers of the rows whose key is `key`. */
function idsOf(rows: Rows, key: string): number[] {
  const ids: number[] = [];
  for (let i = lowerBound(rows, key); i < rowCount(rows) && compareRow(rows, i, key) === 0; i++) ids.push(splitRow(rows, i).value);
  return ids;
}

export interface WordIndex {
  readonly lang: ScriptLanguage;
  readonly size: number;
  word(id: number): string;
  /** How unusual the word's spelling is in its language (0 the most usual; see the file's comment). */
  rank(id: number): number;
  has(word: string): boolean;
  /** The numbers of the words whose typed key (or skeleton key) is this one. */
  byKey(key: string): number[];
  bySkeleton(key: string): number[];
  /** How many of the words begin with `prefix` (the word itself among them). */
  countPrefix(prefix: string): number;
}

/** An index back from its text, as UTF-8 bytes or a string (the sections checked as they are read). */
export function readWordIndex(input: Buffer | string): WordIndex {
  const bytes = typeof input === 'string' ? Buffer.from(input, 'utf8') : input;
  const firstEnd = lineEnd(bytes, 0);
  const first = bytes.toString('latin1', 0, firstEnd < 0 ? bytes.length : firstEnd);
  if (!first.startsWith(`${FORMAT} `) || firstEnd < 0) throw new WordIndexFormatError('no header');
  const lang = first.slice(FORMAT.length + 1);
  if (!isScriptLanguage(lang)) throw new WordIndexFormatError(`no script "${lang}"`);
  const words = readSection(bytes, firstEnd + 1, 'W', 'utf8');
  const keys = readSection(bytes, words.next, 'K', 'latin1');
  const skeletons = readSection(bytes, keys.next, 'S', 'latin1');
  const size = rowCount(words.rows);
  return {
    lang,
    size,
    word: (id) => splitRow(words.rows, id).key,
    rank: (id) => splitRow(words.rows, id).value,
    has: (word) => {
      const i = lowerBound(words.rows, word);
      return i < size && compareRow(words.rows, i, word) === 0;
    },
    byKey: (key) => idsOf(keys.rows, key),
    bySkeleton: (key) => idsOf(skeletons.rows, key),
    // the words are sorted by code units, and no letter of a script's block sorts after U+FFFF
    countPrefix: (prefix) => (prefix === '' ? size : lowerBound(words.rows, `${prefix}\uffff`) - lowerBound(words.rows, prefix)),
  };
}

/**
 * A built-in lexicon grown by an index's words: found after the built-in ones and ranked after them (a rank
 * unit is a thousandth: a model word's score is its spelling's cost in nats a character), the usual spellings first.
 */
export function grownLexicon(builtIn: Lexicon, index: WordIndex, table: ScriptTable): Lexicon {
  const { key, skeleton } = lexiconKeys(table);
  const base = builtIn.words().length;
  // in rank order, as a lexicon lists a key's words (callers that score them alike keep that order)
  const entries = (ids: number[]): LexiconEntry[] => ids.map((id) => ({ word: index.word(id), rank: base + index.rank(id) })).sort((a, b) => a.rank - b.rank);
  return {
    has: (word) => builtIn.has(word) || index.has(normaliseDevanagari(word)),
    byKey: (latin) => [...builtIn.byKey(latin), ...entries(index.byKey(key(latin)))],
    bySkeleton: (latin) => [...builtIn.bySkeleton(latin), ...entries(index.bySkeleton(skeleton(latin)))],
    words: () => [...builtIn.words(), ...Array.from({ length: index.size }, (_, id) => index.word(id))],
    countPrefix: (prefix) => index.countPrefix(normaliseDevanagari(prefix)),
  };
}
