/**
 * Ingestion benchmark: `npm run bench -- ingest [--quick]`.
 * For every real roll in ../shared/fixtures/rolls, side by side in this one run: poppler's
 * `pdftotext -layout` on the file (a child process; wall and CPU) and our parse, warm, in this
 * process as the server runs it (wall, and CPU of all its threads). Prints pages/s and our time
 * over pdftotext's, with the roll's score against its truth (tests/ingest/roll-truth.ts). Text rolls
 * are parsed once to warm up and then measured (median of 3, 2 with --quick); image-only rolls are
 * measured after the OCR workers have started, once when longer than 3 pages, else as text rolls are; and
 * again read to the draft first (IDs after it), alternating with the whole parse. Then a long roll, ten copies of the
 * Daman roll in one 380-page file (made with qpdf, when it is installed), the same way. Then a 100,000-row Excel sheet. The machine's
 * load average is printed with the figures: other work on the 2 cores slows everything down.
 * `--rolls=a,b` times only the rolls whose file name contains a or b (and skips the ten-copy file and
 * the Excel sheet).
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { closeOcr } from '@/lib/slips/ingest/engines/ocr';
import { parseVoterList } from '@/lib/slips/parse';
import type { VoterList } from '@/lib/slips/types';
import { formatScore, rollFiles, rollTruth, ROLLS_DIR, scoreRoll } from '@/tests/ingest/roll-truth';
import { ENGLISH_HEADER, voterRows, workbook } from '@/tests/ingest/sheets';

const quick = process.argv.includes('--quick');
/** `--rolls=scan,karnataka`: only the fixture rolls whose file name contains one of these (no ten-copy file, no Excel sheet). */
const rollsArg = process.argv.find((a) => a.startsWith('--rolls='));
const only = rollsArg ? rollsArg.slice('--rolls='.length).split(',').filter(Boolean) : null;

function load(): string {
  return os.loadavg().map((n) => n.toFixed(1)).join(' ');
}

interface Timed<T> {
  wallMs: number;
  cpuMs: number;
  out: T;
}

/** Wall time of `fn` and the CPU time of this process (all threads) meanwhile. */
async function time<T>(fn: () => Promise<T>): Promise<Timed<T>> {
  const cpu = process.cpuUsage();
  const t = performance.now();
  const out = await fn();
  const used = process.cpuUsage(cpu);
  return { wallMs: performance.now() - t, cpuMs: (used.user + used.system) / 1000, out };
}

/** pdftotext -layout on the file, timed by bash's `time` (wall, and the child's user+sys CPU). */
function pdftotext(pdf: string): { wallMs: number; cpuMs: number } {
  const script = 'TIMEFORMAT="%R %U %S"; { time pdftotext -layout "$1" /dev/null 2>/dev/null; } 2>&1';
  const [real, user, sys] = execFileSync('bash', ['-c', script, 'bash', pdf]).toString().trim().split(/\s+/).map(Number);
  return { wallMs: real * 1000, cpuMs: (user + sys) * 1000 };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

const sec = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function main(): Promise<void> {
  console.log(`ingest bench — ${os.cpus().length} cores, node ${process.version}, load average ${load()}`);
  const files = rollFiles().filter((f) => !only || only.some((o) => f.includes(o)));
  if (files.length === 0) console.log(`no fixture rolls at ${ROLLS_DIR}: roll figures skipped`);
  let ocrStarted = false;
  for (const file of files) {
    const pdf = path.join(ROLLS_DIR, file);
    const bytes = new Uint8Array(readFileSync(pdf));
    const truth = rollTruth(file);
    const imageOnly = truth.ids === null;
    const parse = () => parseVoterList({ bytes, filename: file });
    if (!imageOnly || !ocrStarted) await parse(); // warm-up: threads, pdf.js, OCR workers
    ocrStarted ||= imageOnly;
    // a short image-only roll is timed three times too (one page's time alone is mostly noise); a long one once
    const rounds = imageOnly && truth.pages > 3 ? 1 : quick ? 2 : 3;
    const { wall, cpu, pop, popCpu, last } = await sideBySide(pdf, parse, rounds);
    const pages = truth.pages;
    console.log(
      `${file}: ${pages} pages${imageOnly ? ' (image-only, OCR)' : ''} — parse ${sec(wall)} wall, ${sec(cpu)} cpu = ${(pages / (wall / 1000)).toFixed(1)} pages/s` +
        (imageOnly ? ` (${(wall / 1000 / pages).toFixed(2)} s/page)` : '') +
        `; pdftotext -layout ${sec(pop)} wall, ${sec(popCpu)} cpu; ratio ${(wall / pop).toFixed(2)}x wall, ${(cpu / Math.max(1, popCpu)).toFixed(2)}x cpu (load ${load()})`,
    );
    console.log(`  ${formatScore(scoreRoll(truth, last))}`);
    if (imageOnly) await draftFirst(bytes, file, pages, rounds);
  }
  await closeOcr();
  if (only) return;
  await tenCopies(path.join(ROLLS_DIR, 'daman-2017-part1-gujarati.pdf'));

  const rows = quick ? 20_000 : 100_000;
  const sheet = workbook([ENGLISH_HEADER, ...voterRows(rows, true)], 'xlsx');
  const xl = await time(() => parseVoterList({ bytes: sheet, filename: 'big.xlsx' }));
  if (xl.out.voters.length !== rows) throw new Error(`expected ${rows} rows, got ${xl.out.voters.length}`);
  console.log(`excel: ${rows.toLocaleString('en-IN')} rows (${(sheet.length / 1e6).toFixed(1)} MB .xlsx, Hindi text) in ${sec(xl.wallMs)}, cpu ${sec(xl.cpuMs)} (load ${load()})`);
}

/**
 * An image-only roll read the two ways the app reads it: to the draft first (ParseOptions.scanIds 'later':
 * boxes, serials and deleted marks, most IDs left for later) and whole (the complete parse that reads the IDs
 * after the draft), alternating, `n` rounds each; medians, with what the draft read.
 */
async function draftFirst(bytes: Uint8Array, file: string, pages: number, n: number): Promise<void> {
  const draft: Timed<VoterList>[] = [];
  const whole: Timed<VoterList>[] = [];
  for (let i = 0; i < n; i++) {
    draft.push(await time(() => parseVoterList({ bytes, filename: file }, { scanIds: 'later' })));
    whole.push(await time(() => parseVoterList({ bytes, filename: file })));
  }
  const d = { wall: median(draft.map((r) => r.wallMs)), cpu: median(draft.map((r) => r.cpuMs)) };
  const w = { wall: median(whole.map((r) => r.wallMs)), cpu: median(whole.map((r) => r.cpuMs)) };
  const perPage = (ms: number) => `${(ms / 1000 / pages).toFixed(2)} s/page`;
  const list = draft[draft.length - 1].out;
  const complete = whole[whole.length - 1].out;
  const same = list.voters.length === complete.voters.length && list.voters.every((v, i) => v.serial === complete.voters[i].serial && (v.deleted ?? false) === (complete.voters[i].deleted ?? false));
  console.log(
    `  to the draft (IDs after it): ${sec(d.wall)} wall, ${sec(d.cpu)} cpu = ${perPage(d.wall)} (${perPage(d.cpu)} cpu); whole, beside it: ${sec(w.wall)} wall, ${sec(w.cpu)} cpu = ${perPage(w.wall)} (${perPage(w.cpu)} cpu); ` +
      `draft/whole ${(d.wall / w.wall).toFixed(2)}x wall, ${(d.cpu / w.cpu).toFixed(2)}x cpu; the draft's voters, serials and deleted marks ${same ? 'equal' : 'DIFFER from'} the whole parse's; IDs left for later ${list.report.idsLater ?? 0} (load ${load()})`,
  );
}

/** `n` rounds of pdftotext then our parse on `pdf`, alternating; the medians and the last parse. */
async function sideBySide(pdf: string, parse: () => Promise<VoterList>, n: number): Promise<{ wall: number; cpu: number; pop: number; popCpu: number; last: VoterList }> {
  const runs: Timed<VoterList>[] = [];
  const popplerRuns: { wallMs: number; cpuMs: number }[] = [];
  for (let i = 0; i < n; i++) {
    popplerRuns.push(pdftotext(pdf));
    runs.push(await time(parse));
  }
  return {
    wall: median(runs.map((r) => r.wallMs)),
    cpu: median(runs.map((r) => r.cpuMs)),
    pop: median(popplerRuns.map((r) => r.wallMs)),
    popCpu: median(popplerRuns.map((r) => r.cpuMs)),
    last: runs[runs.length - 1].out,
  };
}

/** Parse and pdftotext side by side on ten copies of `roll` in one file (380 pages for the 38-page Daman roll). */
async function tenCopies(roll: string): Promise<void> {
  if (!existsSync(roll)) return;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vsg-bench-'));
  try {
    const pdf = path.join(dir, 'ten-copies.pdf');
    try {
      execFileSync('qpdf', ['--empty', '--pages', ...Array<string>(10).fill(roll), '--', pdf], { stdio: 'ignore' });
    } catch {
      console.log('ten copies: qpdf is not installed, skipped');
      return;
    }
    const bytes = new Uint8Array(readFileSync(pdf));
    const parse = () => parseVoterList({ bytes, filename: 'ten-copies.pdf' });
    await parse();
    const { wall, cpu, pop, popCpu, last } = await sideBySide(pdf, parse, quick ? 2 : 3);
    const pages = last.report.totalPages;
    console.log(
      `${path.basename(roll)} ×10 in one file: ${pages} pages, ${last.voters.length} voters — parse ${sec(wall)} wall, ${sec(cpu)} cpu = ${(pages / (wall / 1000)).toFixed(1)} pages/s` +
        `; pdftotext -layout ${sec(pop)} wall, ${sec(popCpu)} cpu; ratio ${(wall / pop).toFixed(2)}x wall, ${(cpu / Math.max(1, popCpu)).toFixed(2)}x cpu (load ${load()})`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
