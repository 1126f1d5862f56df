import type { VoterRecord } from '@/lib/slips/types';
import { isTamil, nameKeys, nameWords, wordKeys, type NameKeys, type WordKeys } from './keys';

/**
 * Finding voters in one task's list: by name (in the list's script, or typed in Latin letters), by
 * EPIC (whole or part), by house number and by serial. The index is built once per list (search-cache.ts
 * keeps a few): each name's keys (keys.ts) made once, and the voters listed by the first letter of each of
 * their name words' consonant keys, so that a name query scores only the voters that can match; a code
 * (EPIC, house, serial) is a scan of compact strings. `npm run bench -- search` measures it on 300,000 voters.
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

/** GET /api/documents/{id}/voters: the search's result and whether the list has names to search. */
export interface VoterSearchAnswer extends VoterSearchResult {
  /** false when the list gives no name as text (a legacy-font or image-only roll): search by EPIC, serial or house. */
  names_readable: boolean;
  /** Voters of an image-only roll whose ID numbers are still being read after the draft (0 when none): an ID search misses them until then. */
  ids_pending: number;
  /** The step reading them after the draft gave up: the final slips read them; an ID search misses them until then. */
  ids_at_final: boolean;
}

/** Latin query words turned into Devanagari candidates (the offline transliterator), for a second way to meet a name. */
export type Transliterate = (word: string) => string[];

export interface VoterIndex {
  readonly size: number;
  readonly withName: number;
  search(query: string, limit: number, transliterate?: Transliterate): VoterSearchResult;
}

interface Entry {
  /** the hit without its index: what a result shows (the voter's box and section are not kept) */
  hit: Omit<VoterHit, 'index'>;
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

/** House numbers and EPICs compared without case or spaces. */
function compact(text: string | undefined | null): string {
  return (text ?? '').toUpperCase().replace(/\s+/g, '');
}

function hitOf(v: VoterRecord): Omit<VoterHit, 'index'> {
  return {
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

/** The first name word (not yet taken) at whose start `key` holds `word` (running on into later words is allowed), or -1. */
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
      let at = -1;
      if (best < 3 && q.loose && (at = startsAtWord(keys.loose, keys.looseStarts, q.loose, used)) >= 0) {
        best = 3;
        bestWord = at;
        break;
      }
      if (best < 2 && q.skeleton && (at = startsAtWord(keys.skeleton, keys.skeletonStarts, q.skeleton, used)) >= 0) {
        best = 2;
        bestWord = at;
      } else if (best < 1 && q.consonants && (at = startsAtWord(keys.consonants, keys.consonantStarts, q.consonants, used)) >= 0) {
        best = 1;
        bestWord = at;
      }
    }
    if (best === 0) return 0;
    if (bestWord < 31) used |= 1 << bestWord;
    score += best * 10 + (bestWord === 0 ? 5 : 0);
  }
  return score;
}

const LATIN_WORD = /^[a-z]+$/i;

/** The `limit` best (highest score, then list order) of the matches, found without sorting them all. */
function best(indices: Int32Array, scores: Int32Array, count: number, limit: number): number[] {
  if (count <= limit) {
    const all = Array.from(indices.subarray(0, count));
    const score = new Map(all.map((index, k) => [index, scores[k]]));
    return all.sort((a, b) => score.get(b)! - score.get(a)! || a - b);
  }
  // the lowest score that still makes the cut, from a count of each score
  const counts = new Map<number, number>();
  for (let k = 0; k < count; k++) counts.set(scores[k], (counts.get(scores[k]) ?? 0) + 1);
  let cutoff = 0;
  let taken = 0;
  for (const s of [...counts.keys()].sort((a, b) => b - a)) {
    taken += counts.get(s)!;
    cutoff = s;
    if (taken >= limit) break;
  }
  const chosen: Array<[number, number]> = [];
  for (let k = 0; k < count; k++) if (scores[k] >= cutoff) chosen.push([indices[k], scores[k]]);
  return chosen
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, limit)
    .map(([index]) => index);
}

/** The index of one list: keys made once (each distinct word once), queries scored against them. */
export function buildVoterIndex(voters: readonly VoterRecord[]): VoterIndex {
  const entries: Entry[] = new Array(voters.length);
  const wordCache = new Map<string, WordKeys>();
  const keysOf = (word: string) => {
    let k = wordCache.get(word);
    if (!k) wordCache.set(word, (k = wordKeys(word)));
    return k;
  };
  /** voters by the first letter of a name word's consonant key */
  const lists = new Map<string, number[]>();
  let withName = 0;
  /** whether a name is in Tamil: a Latin query word is then also folded as Tamil's keys are (keys.ts wordKeys) */
  let tamilNames = false;
  for (let i = 0; i < voters.length; i++) {
    const v = voters[i];
    if (!tamilNames && v.name && isTamil(v.name)) tamilNames = true;
    const made = v.name ? nameKeys(v.name, keysOf) : null;
    const keys = made && (made.loose || made.consonants) ? made : null;
    if (keys) {
      withName++;
      const firsts = new Set<string>();
      for (const start of keys.consonantStarts) firsts.add(keys.consonants[start] ?? '');
      for (const first of firsts) {
        const list = lists.get(first);
        if (list) list.push(i);
        else lists.set(first, [i]);
      }
    }
    entries[i] = { hit: hitOf(v), epic: compact(v.epic), house: compact(v.houseNumber), keys };
  }
  wordCache.clear();

  /** The voters a name query can match: those with a name word starting as the first query word (in any of its spellings). */
  function candidates(first: WordKeys[]): Uint8Array | null {
    if (first.some((k) => !k.consonants)) return null; // a word of vowels only: every voter
    const mark = new Uint8Array(entries.length);
    // a word's consonant key starting with a letter, or (an empty word: a key starting at the next word) any
    for (const k of first) for (const i of lists.get(k.consonants[0]) ?? []) mark[i] = 1;
    for (const i of lists.get('') ?? []) mark[i] = 1;
    return mark;
  }

  function search(rawQuery: string, limit: number, transliterate?: Transliterate): VoterSearchResult {
    const query = rawQuery.normalize('NFC').replace(/\s+/g, ' ').trim();
    let indices = new Int32Array(64);
    let scores = new Int32Array(64);
    let count = 0;
    const add = (index: number, score: number) => {
      if (count === indices.length) {
        const grow = (a: Int32Array) => {
          const b = new Int32Array(a.length * 2);
          b.set(a);
          return b;
        };
        indices = grow(indices);
        scores = grow(scores);
      }
      indices[count] = index;
      scores[count++] = score;
    };
    const result = (): VoterSearchResult => ({
      voters: best(indices, scores, count, limit).map((index) => ({ index, ...entries[index].hit })),
      matches: count,
      total: entries.length,
      with_name: withName,
    });
    if (!query) return result();
    const code = compact(query);
    if (/\d/.test(query)) {
      // a query with a digit is a code (EPIC, house number, serial), never a name
      const serial = /^\d{1,7}$/.test(code) ? Number(code) : null;
      for (let i = 0; i < entries.length; i++) {
        const e = entries[i];
        let score = serial !== null && e.hit.serial === serial ? SCORE.serial : 0;
        if (e.epic) {
          if (e.epic === code) score = Math.max(score, SCORE.epicExact);
          else if (e.epic.startsWith(code)) score = Math.max(score, SCORE.epicPrefix);
          else if (code.length >= 3 && e.epic.includes(code)) score = Math.max(score, SCORE.epicPart);
        }
        if (e.house) {
          if (e.house === code) score = Math.max(score, SCORE.houseExact);
          else if (e.house.startsWith(code) && !/\d/.test(e.house[code.length] ?? '')) score = Math.max(score, SCORE.housePrefix);
        }
        if (score > 0) add(i, score);
      }
      return result();
    }
    // letters: a name, or the letters an EPIC starts with
    const epicPrefix = /^[A-Z]{3}$/.test(code) ? code : null;
    const words: WordKeys[][] = nameWords(query).map((word) => {
      const seen = new Set<string>();
      const alternatives: WordKeys[] = [];
      const offer = (k: WordKeys) => {
        const id = `${k.loose}|${k.skeleton}|${k.consonants}`;
        if ((k.loose || k.consonants) && !seen.has(id)) {
          seen.add(id);
          alternatives.push(k);
        }
      };
      offer(wordKeys(word));
      if (tamilNames && LATIN_WORD.test(word)) offer(wordKeys(word, true));
      if (transliterate && LATIN_WORD.test(word)) for (const candidate of transliterate(word.toLowerCase()).slice(0, 3)) offer(wordKeys(candidate));
      return alternatives;
    });
    const byName = words.length > 0 && words.every((a) => a.length > 0);
    const mark = byName ? candidates(words[0]) : null;
    for (let i = 0; i < entries.length; i++) {
      const e = entries[i];
      let score = epicPrefix && e.epic.startsWith(epicPrefix) ? SCORE.epicPrefix : 0;
      if (score === 0 && byName && e.keys && (mark === null || mark[i] === 1)) {
        const s = nameScore(e.keys, words);
        if (s > 0) score = SCORE.name + s;
      }
      if (score > 0) add(i, score);
    }
    return result();
  }

  return { size: entries.length, withName, search };
}
