/**
 * Offline transliteration benchmark: `npm run bench -- transliterate` (or `npx tsx bench/transliterate.ts`).
 *
 * For each script, the judged list (Hindi: tests/transliterate/address-words.tsv; the others:
 * tests/transliterate/places/<lang>.tsv): how often the right spelling is the first suggestion (top-1)
 * and among the five (top-5), for all words and for those outside the script's lexicon (which only the
 * spelling rules can find), and the time per word of one suggestion call (engine built and warmed first;
 * the median of several passes over the list, CPU time, so a busy machine distorts it less).
 */
import { performance } from 'node:perf_hooks';
import { getEngine } from '@/lib/transliterate/engine';
import { getLexicon } from '@/lib/transliterate/lexicon';
import { SCRIPT_LANGUAGES, SCRIPT_LANGUAGE_NAMES } from '@/lib/transliterate/scripts';
import { evaluate, judgedListFile, loadPairs } from '../tests/transliterate/evaluate';

const PASSES = process.argv.includes('--quick') ? 3 : 9;
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

const rows: string[][] = [['script', 'words', 'top-1', 'top-5', 'outside lexicon', 'top-1 there', 'µs/word', 'build ms']];
for (const lang of SCRIPT_LANGUAGES) {
  const pairs = loadPairs(judgedListFile(lang));
  const built = performance.now();
  const engine = getEngine(lang);
  const lexicon = getLexicon(lang);
  const buildMs = performance.now() - built;
  const report = evaluate(engine, lexicon, pairs);
  const times: number[] = [];
  for (let pass = 0; pass < PASSES; pass++) {
    const start = process.cpuUsage();
    for (const pair of pairs) engine.suggest(pair.latin, 5);
    const used = process.cpuUsage(start);
    times.push((used.user + used.system) / pairs.length);
  }
  times.sort((a, b) => a - b);
  rows.push([
    `${lang} ${SCRIPT_LANGUAGE_NAMES[lang]}`,
    String(report.all.n),
    pct(report.all.top1),
    pct(report.all.top5),
    String(report.outOfLexicon.n),
    pct(report.outOfLexicon.top1),
    times[Math.floor(times.length / 2)].toFixed(0),
    buildMs.toFixed(0),
  ]);
}

const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
for (const [i, row] of rows.entries()) {
  console.log(row.map((cell, j) => (j === 0 ? cell.padEnd(widths[j]) : cell.padStart(widths[j]))).join('  '));
  if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
}
