import type { VoterRecord } from '@/lib/slips/types';
import { nameKeys, nameWords, wordKeys, type NameKeys, type WordKeys } from './keys';

/**
 * Finding voters in one task's list: by name (in the list's script, or typed in Latin letters), by
 * EPIC (whole or part), by house number and by serial. The index is built once per list (search-cache.ts
 * keeps a few) and a query is a scan of its precomputed keys: a 300,000-voter list answers in a few
 * milliseconds (`npm run bench -- search`).
 */

/** What a search answers for one voter. */
export interface VoterHit {
  /** Position in the task's list: what selected slips are asked for by. */
  index: number;
  serial: number | null;
  part: string | null;
  page: number;
  name: string | null;
  relation: string | null;
  relative_name: string | null;
  house_number: string | null;
  age: number | null;
  gender: string | null;
  epic: string | null;
  deleted: boolean;
}

export interface VoterSearchResult {
  voters: VoterHit[];
  /** Voters matching, of which `voters` are the best `limit`. */
  matches: number;
  /** Voters in the list, and how many of them have a name as text (a legacy-font or scanned roll has none). */
  total: number;
  with_name: number;
}

/** Latin query words turned into Devanagari candidates (the offline transliterator), for a second way to meet a name. */
export type Transliterate = (word: string) => string[];

export interface VoterIndex {
  readonly size: number;
  readonly withName: number;
  search(query: string, limit: number, transliterate?: Transliterate): VoterSearchResult;
}

interface Entry {
  voter: VoterRecord;
  epic: string;
  house: string;
  keys: NameKeys | null;
}

const SCORE = {
  serial: 1000,
  epicExact: 900,
  houseExact: 700,
  epicPrefix: 600,
  housePrefix: 400,
  epicPart: 300,
  name: 100,
};

/** House numbers and EPICs compared without case, spaces or punctuation around their parts. */
function compact(text: string | undefined | null): string {
  return (text ?? '').toUpperCase().replace(/[\s]+/g, '');
}

function hitOf(entry: Entry, index: number): VoterHit {
  const v = entry.voter;
  return {
    index,
    serial: v.serial,
    part: v.part ?? null,
    page: v.page,
    name: v.name ?? null,
    relation: v.relation ?? null,
    relative_name: v.relativeName ?? null,
    house_number: v.houseNumber ?? null,
    age: v.age ?? null,
    gender: v.gender ?? null,
    epic: v.epic,
    deleted: v.deleted === true,
  };
}

/** Does `key` hold `word` at one of the word starts (running on into later words is allowed)? */
function startsAtWord(key: string, starts: number[], word: string, used: number): number {
  for (let w = 0; w < starts.length; w++) {
    if ((used & (1 << w)) !== 0) continue;
    if (key.startsWith(word, starts[w])) return w;
  }
  return -1;
}

/**
 * How well the name matches every query word (each at its own name word): 0 for no match; more for
 * a strict key (3: loose spelling, 2: no short a, 1: consonants only), and for the first name word.
 */
function nameScore(keys: NameKeys, words: WordKeys[][]): number {
  let score = 0;
  let used = 0;
  for (const alternatives of words) {
    let best = 0;
    let bestWord = -1;
    for (const q of alternatives) {
      const levels: Array<[string, number[], string, number]> = [
        [keys.loose, keys.looseStarts, q.loose, 3],
        [keys.skeleton, keys.skeletonStarts, q.skeleton, 2],
        [keys.consonants, keys.consonantStarts, q.consonants, 1],
      ];
      for (const [key, starts, word, level] of levels) {
        if (level <= best || !word) continue;
        const at = startsAtWord(key, starts, word, used);
        if (at >= 0) {
          best = level;
          bestWord = at;
          break;
        }
      }
    }
    if (best === 0) return 0;
    if (bestWord < 31) used |= 1 << bestWord;
    score += best * 10 + (bestWord === 0 ? 5 : 0);
  }
  return score;
}

const LATIN_WORD = /^[a-z]+$/i;

/** The index of one list: keys made once, queries scanned against them. */
export function buildVoterIndex(voters: readonly VoterRecord[]): VoterIndex {
  const entries: Entry[] = new Array(voters.length);
  let withName = 0;
  for (let i = 0; i < voters.length; i++) {
    const v = voters[i];
    const keys = v.name ? nameKeys(v.name) : null;
    if (keys && keys.consonants) withName++;
    entries[i] = { voter: v, epic: compact(v.epic), house: compact(v.houseNumber), keys: keys && (keys.loose || keys.consonants) ? keys : null };
  }

  function search(rawQuery: string, limit: number, transliterate?: Transliterate): VoterSearchResult {
    const query = rawQuery.normalize('NFC').replace(/\s+/g, ' ').trim();
    const found: Array<{ index: number; score: number }> = [];
    const result = (): VoterSearchResult => {
      found.sort((a, b) => b.score - a.score || a.index - b.index);
      return { voters: found.slice(0, limit).map((f) => hitOf(entries[f.index], f.index)), matches: found.length, total: entries.length, with_name: withName };
    };
    if (!query) return result();
    const code = compact(query);
    const serial = /^\d{1,7}$/.test(code) ? Number(code) : null;
    // an EPIC or a house number has a digit; a name has letters
    const codeLike = /\d/.test(code) && code.length >= 1;
    const epicLike = codeLike || /^[A-Z]{3,}$/.test(code);
    const words = nameWords(query);
    const nameQuery: WordKeys[][] = words.map((word) => {
      const own = wordKeys(word);
      const alternatives = [own];
      if (transliterate && LATIN_WORD.test(word)) {
        for (const candidate of transliterate(word.toLowerCase()).slice(0, 3)) alternatives.push(wordKeys(candidate));
      }
      return alternatives.filter((k) => k.consonants || k.loose);
    });
    // a query with a digit is a code (EPIC, house, serial), never a name
    const byName = !/\d/.test(query) && nameQuery.length > 0 && nameQuery.every((a) => a.length > 0);
    for (let i = 0; i < entries.length; i++) {
      const e = entries[i];
      let score = 0;
      if (serial !== null && e.voter.serial === serial) score = SCORE.serial;
      if (epicLike && e.epic) {
        if (e.epic === code) score = Math.max(score, SCORE.epicExact);
        else if (e.epic.startsWith(code)) score = Math.max(score, SCORE.epicPrefix);
        else if (code.length >= 3 && e.epic.includes(code)) score = Math.max(score, SCORE.epicPart);
      }
      if (codeLike && e.house) {
        if (e.house === code) score = Math.max(score, SCORE.houseExact);
        else if (e.house.startsWith(code) && !/\d/.test(e.house[code.length] ?? '')) score = Math.max(score, SCORE.housePrefix);
      }
      if (score === 0 && byName && e.keys) {
        const s = nameScore(e.keys, nameQuery);
        if (s > 0) score = SCORE.name + s;
      }
      if (score > 0) found.push({ index: i, score });
    }
    return result();
  }

  return { size: entries.length, withName, search };
}
