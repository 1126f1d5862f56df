/**
 * Offline transliteration benchmark: `npm run bench -- transliterate` (or `npx tsx bench/transliterate.ts`).
 *
 * For each script, the judged list (Hindi: tests/transliterate/address-words.tsv; the others:
 * tests/transliterate/places/<lang>.tsv): how often the right spelling is the first suggestion (top-1)
 * and among the five (top-5), for all words and for those outside the script's lexicon (which only the
 * spelling rules can find), and the time per word of one suggestion call (engine built and warmed first;
 * the median of several passes over the list, CPU time, so a busy machine distorts it less).
 *
 * `--model-words`: beside each script's row, the engine the server answers with once the script's model words are
 * installed: its lexicon grown by the word list inside the script's tesseract model (lib/transliterate/model-words.ts;
 * the `@tesseract.js-data/<lang>` packages) through a word index (word-index.ts). Its build ms is the index made
 * (a sandbox process's work, the server answering from the built-in words meanwhile) and read back, then the
 * engine built.
 */
import { performance } from 'node:perf_hooks';
import { getEngine, installWordIndex, type Engine } from '@/lib/transliterate/engine';
import { getLexicon, type Lexicon } from '@/lib/transliterate/lexicon';
import { modelWordIndex } from '@/lib/transliterate/model-words';
import { grownLexicon, readWordIndex } from '@/lib/transliterate/word-index';
import { SCRIPT_LANGUAGES, SCRIPT_LANGUAGE_NAMES, SCRIPT_TABLES } from '@/lib/transliterate/scripts';
import { evaluate, judgedListFile, loadPairs } from '../tests/transliterate/evaluate';

const PASSES = process.argv.includes('--quick') ? 3 : 9;
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

const withModelWords = process.argv.includes('--model-words');

const rows: string[][] = [['script', 'lexicon', 'words', 'top-1', 'top-5', 'outside lexicon', 'top-1 there', 'µs/word', 'build ms']];
/** One row: the engine measured on the script's judged list. */
function measure(label: string, engine: Engine, lexicon: Lexicon, pairs: ReturnType<typeof loadPairs>, buildMs: number): string[] {
  const report = evaluate(engine, lexicon, pairs);
  const times: number[] = [];
  for (let pass = 0; pass < PASSES; pass++) {
    const start = process.cpuUsage();
    for (const pair of pairs) engine.suggest(pair.latin, 5);
    const used = process.cpuUsage(start);
    times.push((used.user + used.system) / pairs.length);
  }
  times.sort((a, b) => a - b);
  return [
    label,
    lexicon.words().length.toLocaleString('en-US'),
    String(report.all.n),
    pct(report.all.top1),
    pct(report.all.top5),
    String(report.outOfLexicon.n),
    pct(report.outOfLexicon.top1),
    times[Math.floor(times.length / 2)].toFixed(0),
    buildMs.toFixed(0),
  ];
}

for (const lang of SCRIPT_LANGUAGES) {
  const pairs = loadPairs(judgedListFile(lang));
  let built = performance.now();
  const engine = getEngine(lang);
  const lexicon = getLexicon(lang);
  rows.push(measure(`${lang} ${SCRIPT_LANGUAGE_NAMES[lang]}`, engine, lexicon, pairs, performance.now() - built));
  if (!withModelWords) continue;
  // the model read as well as the lexicon built: what a first suggestion in the script would wait for
  built = performance.now();
  const made = modelWordIndex(lang);
  if (!made) {
    rows.push([`${lang} + model words`, 'its model is not installed', '', '', '', '', '', '', '']);
    continue;
  }
  const index = readWordIndex(made.text);
  installWordIndex(index);
  rows.push(measure(`${lang} + model words`, getEngine(lang), grownLexicon(lexicon, index, SCRIPT_TABLES[lang]), pairs, performance.now() - built));
}

const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
for (const [i, row] of rows.entries()) {
  console.log(row.map((cell, j) => (j === 0 ? cell.padEnd(widths[j]) : cell.padStart(widths[j]))).join('  '));
  if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
}
