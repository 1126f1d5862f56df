/** Loads the evaluation word list and measures the offline engine on it (top-1 / top-5). */
import fs from 'node:fs';
import path from 'node:path';
import { normaliseDevanagari } from '@/lib/transliterate/devanagari';
import type { Engine } from '@/lib/transliterate/engine';
import type { Lexicon } from '@/lib/transliterate/lexicon';
import type { ScriptLanguage } from '@/lib/transliterate/scripts';

export interface Pair {
  latin: string;
  accepted: string[];
  holdout: boolean;
}

export function loadPairs(file = path.resolve(process.cwd(), 'tests/transliterate/address-words.tsv')): Pair[] {
  const seen = new Set<string>();
  const lines = fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'));
  const pairs: Pair[] = [];
  lines.forEach((line, index) => {
    const [latin, dev] = line.split('\t');
    if (!latin || !dev) throw new Error(`bad line in word list: ${line}`);
    if (seen.has(latin)) return;
    seen.add(latin);
    pairs.push({ latin, accepted: dev.split('|').map((d) => normaliseDevanagari(d.trim())), holdout: index % 3 === 2 });
  });
  return pairs;
}

/** The judged list of a script: Hindi's address words, the others' place names (tests/transliterate/places/). */
export function judgedListFile(lang: ScriptLanguage): string {
  return lang === 'hi'
    ? path.resolve(process.cwd(), 'tests/transliterate/address-words.tsv')
    : path.resolve(process.cwd(), `tests/transliterate/places/${lang}.tsv`);
}

export interface Score {
  n: number;
  top1: number;
  top5: number;
}
export interface Report {
  all: Score;
  inLexicon: Score;
  outOfLexicon: Score;
  holdout: Score;
  misses: Array<{ pair: Pair; got: string[]; inLexicon: boolean }>;
}

function ratio(hits: number, n: number): number {
  return n === 0 ? 0 : hits / n;
}

export function evaluate(engine: Engine, lexicon: Lexicon, pairs: Pair[]): Report {
  const groups: Record<'all' | 'in' | 'out' | 'holdout', { n: number; t1: number; t5: number }> = {
    all: { n: 0, t1: 0, t5: 0 },
    in: { n: 0, t1: 0, t5: 0 },
    out: { n: 0, t1: 0, t5: 0 },
    holdout: { n: 0, t1: 0, t5: 0 },
  };
  const misses: Report['misses'] = [];
  for (const pair of pairs) {
    const got = engine.suggest(pair.latin, 5).map(normaliseDevanagari);
    const inLexicon = pair.accepted.some((a) => lexicon.has(a));
    const t1 = pair.accepted.includes(got[0] ?? '');
    const t5 = got.some((g) => pair.accepted.includes(g));
    const targets = [groups.all, inLexicon ? groups.in : groups.out, ...(pair.holdout ? [groups.holdout] : [])];
    for (const g of targets) {
      g.n++;
      if (t1) g.t1++;
      if (t5) g.t5++;
    }
    if (!t1) misses.push({ pair, got, inLexicon });
  }
  const score = (g: { n: number; t1: number; t5: number }): Score => ({ n: g.n, top1: ratio(g.t1, g.n), top5: ratio(g.t5, g.n) });
  return { all: score(groups.all), inLexicon: score(groups.in), outOfLexicon: score(groups.out), holdout: score(groups.holdout), misses };
}

export function formatScore(name: string, s: Score): string {
  return `${name.padEnd(16)} n=${String(s.n).padStart(3)}  top-1 ${(s.top1 * 100).toFixed(1)}%  top-5 ${(s.top5 * 100).toFixed(1)}%`;
}
