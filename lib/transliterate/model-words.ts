/**
 * The word list inside a tesseract language model: the dictionary its LSTM recogniser checks words against, a
 * DAWG (a compressed trie) of the words tesseract's trainers took from web text in that language, tens of
 * thousands of them, place and person names among them. The models ship on npm as `@tesseract.js-data/<lang>`
 * (the packages MIT, the models Apache-2.0); the app already reads scans with the Hindi and Gujarati ones.
 *
 * A `.traineddata` file is a table of components (an int32 count, then an int64 offset each, -1 for a missing
 * one); the LSTM word DAWG and the LSTM character set are components 19 and 21. The DAWG (tesseract's
 * SquishedDawg) is an int16 magic, the character set's size and the edge count (int32 each), then one 64-bit
 * record per edge: the character's id in the low bits, three flags above it (last edge of its node, a backward
 * edge, end of a word) and the next node's first edge above those. A node is the index of its first edge; the
 * root is 0. Words are the paths from the root to an edge that ends a word.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { getLexicon } from './lexicon';
import { SCRIPT_TABLES, type ScriptLanguage } from './scripts';
import { writeWordIndex } from './word-index';
import { tesseractModelFolder } from '../packages';

/** Each script's tesseract model. */
export const MODEL_OF: Record<ScriptLanguage, string> = { hi: 'hin', mr: 'mar', gu: 'guj', bn: 'ben', pa: 'pan', or: 'ori', ta: 'tam', te: 'tel', kn: 'kan', ml: 'mal' };

const LSTM_SYSTEM_DAWG = 19;
const LSTM_UNICHARSET = 21;
const DAWG_MAGIC = 42;
const MARKER_FLAG = 1n;
const BACKWARD_FLAG = 2n;
const WORD_END_FLAG = 4n;
/** The longest word followed (in characters of the model's set): a guard against a malformed trie. */
const MAX_WORD = 64;

function bad(what: string): Error {
  return new Error(`not a tesseract model with an LSTM word list: ${what}`);
}

/** Component `index` of a `.traineddata` file (uncompressed), or null when the file has none. */
function component(data: Buffer, index: number): Buffer | null {
  if (data.length < 4) throw bad('too short');
  const count = data.readInt32LE(0);
  if (count <= index || 4 + 8 * count > data.length) throw bad('no component table');
  const offsets = Array.from({ length: count }, (_, i) => Number(data.readBigInt64LE(4 + 8 * i)));
  const start = offsets[index];
  if (start < 0) return null;
  const end = Math.min(data.length, ...offsets.filter((o) => o > start));
  if (start >= end) throw bad(`component ${index} out of range`);
  return data.subarray(start, end);
}

/** The words of a model file (`.traineddata`, gzipped or not), depth first (a node's words before those below it). */
export function traineddataWords(file: Buffer): string[] {
  const data = file[0] === 0x1f && file[1] === 0x8b ? zlib.gunzipSync(file) : file;
  const dawg = component(data, LSTM_SYSTEM_DAWG);
  const charset = component(data, LSTM_UNICHARSET);
  if (!dawg || !charset) throw bad('no LSTM word list');
  // the character set: a count, then a line per character, its text first ("NULL" for id 0)
  const lines = charset.toString('utf8').split('\n');
  const size = Number(lines[0]);
  if (!Number.isInteger(size) || size < 1 || lines.length <= size) throw bad('character set');
  const chars = lines.slice(1, 1 + size).map((line) => {
    const text = line.split(' ')[0];
    return text === 'NULL' ? '' : text;
  });
  if (dawg.length < 10 || dawg.readInt16LE(0) !== DAWG_MAGIC) throw bad('word list header');
  const unicharsetSize = dawg.readInt32LE(2);
  const edgeCount = dawg.readInt32LE(6);
  if (unicharsetSize < 1 || edgeCount < 1 || 10 + 8 * edgeCount > dawg.length) throw bad('word list size');
  const flagShift = BigInt(Math.ceil(Math.log2(unicharsetSize)));
  const letterMask = (1n << flagShift) - 1n;
  const nextShift = flagShift + 3n;
  const words: string[] = [];
  // depth-first from the root, each node's edges in order
  const stack: { edge: number; prefix: string; depth: number }[] = [{ edge: 0, prefix: '', depth: 0 }];
  while (stack.length > 0) {
    const { edge: first, prefix, depth } = stack.pop()!;
    const children: { edge: number; prefix: string; depth: number }[] = [];
    for (let e = first; e < edgeCount; e++) {
      const record = dawg.readBigUInt64LE(10 + 8 * e);
      const flags = (record >> flagShift) & 7n;
      if ((flags & BACKWARD_FLAG) === 0n) {
        const text = prefix + (chars[Number(record & letterMask)] ?? '');
        if (flags & WORD_END_FLAG) words.push(text);
        const next = Number(record >> nextShift);
        if (next > 0 && next < edgeCount && depth + 1 < MAX_WORD) children.push({ edge: next, prefix: text, depth: depth + 1 });
      }
      if (flags & MARKER_FLAG) break;
    }
    // pushed in reverse so that they are taken in the trie's order
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
  }
  return words;
}

/**
 * The words of a script's model that are written in that script's letters alone (two or more; no joiners,
 * digits or punctuation), NFC; null when the model's package is not installed.
 */
export function modelWords(lang: ScriptLanguage): string[] | null {
  const model = MODEL_OF[lang];
  let file: string;
  try {
    file = path.join(tesseractModelFolder(model), `${model}.traineddata.gz`);
  } catch {
    return null;
  }
  const { base } = SCRIPT_TABLES[lang];
  const inScript = (word: string) => {
    let letters = 0;
    for (const ch of word) {
      const code = ch.codePointAt(0)!;
      if (code < base || code > base + 0x7f) return false;
      // a letter or a vowel sign, not a digit or a mark of punctuation the block holds (Bengali's ৷, written for the
      // danda: নেই৷, a word and its full stop)
      if (!/[\p{L}\p{M}]/u.test(ch)) return false;
      letters++;
    }
    return letters >= 2;
  };
  return traineddataWords(fs.readFileSync(file))
    .map((w) => w.normalize('NFC'))
    .filter(inScript);
}

/**
 * The word index (word-index.ts) of a script's model words, the words its built-in lexicon has left out: what a
 * sandbox process makes for the server, and what the bench and the tests measure; null when the model's package is
 * not installed. `words`: the model's words, before the built-in ones are left out.
 */
export function modelWordIndex(lang: ScriptLanguage): { text: string; words: number } | null {
  const words = modelWords(lang);
  if (!words) return null;
  const builtIn = getLexicon(lang);
  return { text: writeWordIndex(lang, words, SCRIPT_TABLES[lang], (word) => builtIn.has(word)), words: words.length };
}
