/**
 * Rule-based generation of Devanagari spellings for one romanised Hindi word, as people type it on
 * an English keyboard (no diacritics, loose vowels). A beam search over the ways of cutting the Latin
 * word into letters; each way has a cost (lower is likelier). The script rules live here: vowel signs
 * after consonants, independent vowels elsewhere, halant for conjuncts, the unwritten short `a`
 * between consonants (Hindi schwa deletion), anusvara/chandrabindu for nasals, nukta letters.
 */
import { ANUSVARA, CHANDRABINDU, HALANT } from './devanagari';

export type ConsonantUnit = { kind: 'C'; dev: string; cost: number };
export type VowelUnit = { kind: 'V'; independent: string; sign: string; cost: number };
type NasalUnit = { kind: 'N'; dev: string; cost: number };
type Unit = ConsonantUnit | VowelUnit | NasalUnit;

export const C = (dev: string, cost = 0): ConsonantUnit => ({ kind: 'C', dev, cost });
export const V = (independent: string, sign: string, cost = 0): VowelUnit => ({ kind: 'V', independent, sign, cost });

/**
 * How one script's typists differ from Hindi's, in the rules' own (Devanagari) letters: other readings of
 * some typed letters and vowels, and how readily a short `a` goes unwritten between typed consonants.
 * Hindi's profile is empty.
 */
export interface RuleProfile {
  /** Typed consonant chunk → its readings, replacing Hindi's (new chunks such as `zh` may be added). */
  consonants?: Record<string, ConsonantUnit[]>;
  /** Readings of a typed vowel chunk, replacing Hindi's when an answer is given. */
  vowels?: (chunk: string, atEnd: boolean, afterConsonant: boolean) => VowelUnit[] | undefined;
  /** Added to the cost of an unwritten short `a` between typed consonants (scripts that write every vowel typed). */
  schwaExtra?: number;
  /**
   * The cost of an unwritten short `a` between a vowel + consonant and a following र + vowel, where the consonant
   * commonly joins र (Hindi's 1.2: ग्र, ब्र more often than ग|र).
   */
  schwaBeforeR?: number;
}

const CONSONANTS: Record<string, ConsonantUnit[]> = {
  k: [C('क')], kh: [C('ख'), C('ख़', 1.0)], g: [C('ग')], gh: [C('घ'), C('ग़', 1.2)],
  ch: [C('च'), C('छ', 0.9)], chh: [C('छ')], c: [C('क', 0.3), C('च', 0.6)], ck: [C('क')],
  j: [C('ज'), C('ज़', 1.2)], jh: [C('झ')],
  t: [C('त'), C('ट', 0.5)], th: [C('थ'), C('ठ', 0.5)],
  d: [C('द'), C('ड', 0.5), C('ड़', 1.1)], dh: [C('ध'), C('ढ', 0.6), C('ढ़', 1.2)],
  n: [C('न'), C('ण', 1.2)], p: [C('प')], ph: [C('फ'), C('फ़', 0.8)], f: [C('फ़', 0.1), C('फ', 0.4)],
  b: [C('ब')], bh: [C('भ')], m: [C('म')], y: [C('य')], r: [C('र'), C('ड़', 1.0)], rh: [C('ढ़', 0.6)],
  l: [C('ल')], v: [C('व')], w: [C('व')], sh: [C('श'), C('ष', 0.7)], s: [C('स'), C('श', 1.4)], h: [C('ह')],
  x: [C('क्ष', 0.4), C('क्स', 0.6)], ksh: [C('क्ष')], gy: [C('ज्ञ', 0.6)], z: [C('ज़'), C('ज', 0.5)],
  q: [C('क़', 0.2), C('क', 0.3)],
};

/** A doubled letter may stand for one consonant (typed `ll` for a single ल) at a small cost. */
for (const letter of 'bcdfghjklmnpqrstvwxyz') {
  const single = CONSONANTS[letter];
  if (single) CONSONANTS[letter + letter] = single.map((u) => C(u.dev, u.cost + 0.8));
}

const STOPS = new Set(Array.from('कखगघचछजझटठडढतथदधपफबभ'));
const SEMIVOWELS = new Set(['य', 'र', 'व']);
const SIBILANTS = new Set(['स', 'श', 'ष']);
const NASALS = new Set(['न', 'म', 'ण']);
/** Consonants commonly joined with a following र (प्र, त्र, क्र, श्र …); स्र, ख्र, म्र are rare. */
const R_CLUSTER_FIRST = new Set(Array.from('पतदकगबभधशटडफवज'));
const LATIN_VOWELS = new Set(Array.from('aeiou'));

/** Cost of joining two consonants with a halant (a conjunct). */
function conjunctCost(first: string, second: string): number {
  if (first === second) return 0.15;
  if (second === 'य') return 0.3;
  if (second === 'र') return R_CLUSTER_FIRST.has(first) ? 0.3 : 1.0;
  if (second === 'व') return 0.7;
  if (first === 'र') return 0.5;
  if (SIBILANTS.has(first) && (STOPS.has(second) || second === 'म' || second === 'न')) return 0.5;
  if (NASALS.has(first) && STOPS.has(second)) return 0.7;
  if (second === 'ल') return 0.9;
  return 1.2;
}

/** Cost of an unwritten short `a` between two consonants typed together (`ramPur` → राम|पुर). */
function schwaCost(first: string, second: string, vowelBefore: boolean, vowelAfter: boolean | 'cluster', profile: RuleProfile): number {
  if (!vowelBefore || !vowelAfter) return 3.5;
  // VC_CCV, as in compounds: dev|sthan → देवस्थान
  if (vowelAfter === 'cluster') return 1.0;
  if (first === second) return 2.0;
  if (second === 'य') return 1.2;
  if (second === 'र') return R_CLUSTER_FIRST.has(first) ? (profile.schwaBeforeR ?? 1.2) : 0.4;
  return 0.4;
}

function vowelUnits(chunk: string, atEnd: boolean, afterConsonant: boolean, profile: RuleProfile): VowelUnit[] {
  const own = profile.vowels?.(chunk, atEnd, afterConsonant);
  if (own) return own;
  switch (chunk) {
    case 'a':
      return [V('अ', '', atEnd ? 0.3 : 0), V('आ', 'ा', atEnd ? 0.15 : medialAa)];
    case 'aa':
      return [V('आ', 'ा')];
    case 'ia':
      // chakia, ballia → …िया
      return afterConsonant && atEnd ? [V('इया', 'िया', 0.1)] : [];
    case 'aon':
      // dumraon, gaon → …ांव
      return afterConsonant && atEnd ? [V('आंव', 'ांव', 0.1), V('आँव', 'ाँव', 0.3)] : [];
    case 'i':
      return [V('इ', 'ि', atEnd ? 0.5 : 0), V('ई', 'ी', atEnd ? 0.1 : 0.6)];
    case 'ee':
    case 'ii':
      return [V('ई', 'ी')];
    case 'u':
      return [V('उ', 'ु', atEnd ? 0.3 : 0), V('ऊ', 'ू', atEnd ? 0.4 : 0.7)];
    case 'oo':
    case 'uu':
      return [V('ऊ', 'ू'), V('उ', 'ु', 0.8)];
    case 'e':
      return [V('ए', 'े'), V('ऐ', 'ै', 1.2)];
    case 'ai':
      return [V('ऐ', 'ै'), V('आइ', 'ाइ', 0.9), ...(atEnd ? [V('आई', 'ाई', 0.6)] : [])];
    case 'ae':
      return [V('ऐ', 'ै', 0.2), V('ए', 'े', 0.6)];
    case 'ei':
      return [V('ऐ', 'ै', 0.4), V('ए', 'े', 0.5)];
    case 'o':
      return [V('ओ', 'ो'), V('औ', 'ौ', 1.2)];
    case 'au':
    case 'ou':
      return [V('औ', 'ौ')];
    case 'ow':
    case 'aw':
      return [V('औ', 'ौ', 0.1)];
    case 'ri':
      return afterConsonant ? [V('ऋ', 'ृ', 0.4)] : [V('ऋ', 'ृ', 1.5)];
    case 'y':
      return afterConsonant && atEnd ? [V('ई', 'ी', 0.3), V('इ', 'ि', 0.8)] : [];
    default:
      return [];
  }
}

/** Cost of reading a typed medial `a` as ā (आ/ा) rather than the inherent vowel. */
export const MEDIAL_AA = 0.35;
let medialAa = MEDIAL_AA;
/** For tuning only: change the medial ā cost (returns the previous value). */
export function setMedialAaCostForTuning(cost: number): number {
  const prev = medialAa;
  medialAa = cost;
  return prev;
}

const VOWEL_CHUNKS = ['aon', 'ia', 'aa', 'ai', 'ae', 'au', 'ee', 'ei', 'ii', 'oo', 'ou', 'ow', 'aw', 'uu', 'ri', 'a', 'e', 'i', 'o', 'u', 'y'];

interface Tables {
  profile: RuleProfile;
  consonants: Record<string, ConsonantUnit[]>;
  chunks: string[];
}
const tablesOf = new WeakMap<RuleProfile, Tables>();
const HINDI: RuleProfile = {};
function tables(profile: RuleProfile): Tables {
  let t = tablesOf.get(profile);
  if (!t) {
    const consonants = { ...CONSONANTS, ...profile.consonants };
    // a doubled letter follows its single letter's readings (ll → ल or ळ where l may be ळ)
    for (const [chunk, units] of Object.entries(profile.consonants ?? {})) {
      if (chunk.length === 1 && !profile.consonants?.[chunk + chunk]) consonants[chunk + chunk] = units.map((u) => C(u.dev, u.cost + 0.8));
    }
    t = { profile, consonants, chunks: Object.keys(consonants).sort((a, b) => b.length - a.length) };
    tablesOf.set(profile, t);
  }
  return t;
}

/** All units that may start at position `i` of the word, with the chunk length. */
function unitsAt(word: string, i: number, afterConsonant: boolean, t: Tables): Array<{ unit: Unit; length: number }> {
  const out: Array<{ unit: Unit; length: number }> = [];
  for (const chunk of VOWEL_CHUNKS) {
    if (!word.startsWith(chunk, i)) continue;
    const end = i + chunk.length;
    if ((chunk === 'ow' || chunk === 'aw') && end < word.length && LATIN_VOWELS.has(word[end])) continue;
    for (const unit of vowelUnits(chunk, end === word.length, afterConsonant, t.profile)) out.push({ unit, length: chunk.length });
  }
  for (const chunk of t.chunks) {
    if (!word.startsWith(chunk, i)) continue;
    for (const unit of t.consonants[chunk]) out.push({ unit: inContext(unit, word, i, chunk.length), length: chunk.length });
  }
  // Nasalisation: n (or m before a labial) after a vowel, before a consonant or at the end.
  const letter = word[i];
  if (letter === 'n' || letter === 'm') {
    const next = word[i + 1];
    const atEnd = next === undefined;
    const beforeConsonant = next !== undefined && !LATIN_VOWELS.has(next) && next !== 'y' && next !== 'h';
    if (letter === 'n' && (beforeConsonant || atEnd)) {
      out.push({ unit: { kind: 'N', dev: ANUSVARA, cost: atEnd ? 1.0 : 0.2 }, length: 1 });
      out.push({ unit: { kind: 'N', dev: CHANDRABINDU, cost: atEnd ? 1.2 : 0.9 }, length: 1 });
    }
    if (letter === 'm' && beforeConsonant) {
      out.push({ unit: { kind: 'N', dev: ANUSVARA, cost: 'pbm'.includes(next) ? 0.5 : 1.5 }, length: 1 });
    }
  }
  return out;
}

/**
 * Context changes a consonant's likelihood: after n, `d`/`dh` are often retroflex (मंडी, खंड); between
 * vowels or at the end after a vowel, `d` is often the flapped ड़ (सड़क, अखाड़ा).
 */
function inContext(unit: ConsonantUnit, word: string, i: number, length: number): ConsonantUnit {
  const prev = word[i - 1];
  const next = word[i + length];
  if ((unit.dev === 'ड' || unit.dev === 'ढ') && prev === 'n') return C(unit.dev, 0.2);
  if ((unit.dev === 'ड़' || unit.dev === 'ढ़') && prev !== undefined && LATIN_VOWELS.has(prev) && (next === undefined || LATIN_VOWELS.has(next))) {
    return C(unit.dev, unit.cost - 0.4);
  }
  return unit;
}

type State = 'start' | 'consonant' | 'vowel';
interface Hypothesis {
  out: string;
  cost: number;
  state: State;
  /** The consonant waiting for a vowel (state `consonant`). */
  pending: string;
  /** Whether a vowel came before the pending consonant cluster. */
  vowelBefore: boolean;
}

const BEAM = 80;

export interface RuleCandidate {
  text: string;
  cost: number;
}

/**
 * Ranked Devanagari spellings of one lower-case Latin word (letters a–z only). Another script's profile
 * changes the readings; its own letters come from these spellings (see scripts.ts).
 */
export function generateCandidates(word: string, limit = 40, profile: RuleProfile = HINDI): RuleCandidate[] {
  const t = tables(profile);
  if (!/^[a-z]+$/.test(word)) return [];
  let beams: Hypothesis[][] = Array.from({ length: word.length + 1 }, () => []);
  beams[0] = [{ out: '', cost: 0, state: 'start', pending: '', vowelBefore: false }];

  for (let i = 0; i < word.length; i++) {
    const here = prune(beams[i]);
    for (const hyp of here) {
      for (const { unit, length } of unitsAt(word, i, hyp.state === 'consonant', t)) {
        const j = i + length;
        for (const next of extend(hyp, unit, word, j, profile)) beams[j].push(next);
      }
    }
    beams[i] = [];
  }
  const finals = prune(beams[word.length]);
  beams = [];
  const best = new Map<string, number>();
  for (const hyp of finals) {
    const prev = best.get(hyp.out);
    if (prev === undefined || hyp.cost < prev) best.set(hyp.out, hyp.cost);
  }
  return Array.from(best, ([text, cost]) => ({ text, cost }))
    .sort((a, b) => a.cost - b.cost)
    .slice(0, limit);
}

function extend(hyp: Hypothesis, unit: Unit, word: string, j: number, profile: RuleProfile): Hypothesis[] {
  const directVowel = j < word.length && (LATIN_VOWELS.has(word[j]) || (word[j] === 'y' && j === word.length - 1));
  const vowelAfter: boolean | 'cluster' = directVowel
    ? true
    : /^(?:[bcdfghjklmnpqrstvwxz]h?)[aeiou]/.test(word.slice(j)) && !/^h/.test(word.slice(j))
      ? 'cluster'
      : false;
  if (unit.kind === 'C') {
    if (hyp.state !== 'consonant') {
      return [{ out: hyp.out + unit.dev, cost: hyp.cost + unit.cost, state: 'consonant', pending: unit.dev, vowelBefore: hyp.state === 'vowel' }];
    }
    const first = lastConsonant(hyp.pending);
    const second = firstConsonant(unit.dev);
    return [
      {
        out: hyp.out + HALANT + unit.dev,
        cost: hyp.cost + unit.cost + conjunctCost(first, second),
        state: 'consonant',
        pending: unit.dev,
        vowelBefore: hyp.vowelBefore,
      },
      {
        out: hyp.out + unit.dev,
        cost: hyp.cost + unit.cost + schwaCost(first, second, hyp.vowelBefore, vowelAfter, profile) + (profile.schwaExtra ?? 0),
        state: 'consonant',
        pending: unit.dev,
        vowelBefore: true,
      },
    ];
  }
  if (unit.kind === 'V') {
    if (hyp.state === 'consonant') {
      return [{ out: hyp.out + unit.sign, cost: hyp.cost + unit.cost, state: 'vowel', pending: '', vowelBefore: true }];
    }
    if (unit.sign === 'ृ' || (hyp.state === 'start' && unit.independent === 'ई' && j === word.length)) return [];
    const extra = hyp.state === 'vowel' ? (unit.independent === 'अ' ? 1.5 : 0.4) : 0;
    return [{ out: hyp.out + unit.independent, cost: hyp.cost + unit.cost + extra, state: 'vowel', pending: '', vowelBefore: true }];
  }
  // nasal sign: only after a vowel
  if (hyp.state !== 'vowel') return [];
  return [{ out: hyp.out + unit.dev, cost: hyp.cost + unit.cost, state: 'vowel', pending: '', vowelBefore: true }];
}

function firstConsonant(dev: string): string {
  return Array.from(dev)[0];
}
function lastConsonant(dev: string): string {
  const chars = Array.from(dev).filter((c) => c !== '\u093C');
  return chars[chars.length - 1];
}

function prune(hyps: Hypothesis[]): Hypothesis[] {
  const best = new Map<string, Hypothesis>();
  for (const h of hyps) {
    const key = `${h.out}|${h.state}|${h.vowelBefore ? 1 : 0}`;
    const prev = best.get(key);
    if (!prev || h.cost < prev.cost) best.set(key, h);
  }
  return Array.from(best.values())
    .sort((a, b) => a.cost - b.cost)
    .slice(0, BEAM);
}
