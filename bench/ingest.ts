/**
 * Ingestion benchmark (issue #3): `npx tsx bench/ingest.ts [--quick]`.
 * Prints pages/s for the vector roll, s/page for image-only rolls with OCR, and the time for a
 * 100,000-row Excel sheet. Inputs are made in a temp dir (never committed). The machine's load
 * average is printed with the figures: other work on the 2 cores slows everything down.
 */
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { closeOcr } from '@/lib/slips/ingest/ocr';
import { parseVoterList } from '@/lib/slips/parse';
import { scannedRoll } from '@/tests/ingest/inputs';
import { ENGLISH_HEADER, voterRows, workbook } from '@/tests/ingest/sheets';

const ROLL = path.resolve(process.cwd(), '../shared/fixtures/rolls/daman-2017-part1-gujarati.pdf');
const quick = process.argv.includes('--quick');

function load(): string {
  return os.loadavg().map((n) => n.toFixed(1)).join(' ');
}

let lastCpu = 0;

/** Wall time of `fn`; its CPU time (all threads of this process) is kept in `lastCpu` (ms). */
async function time<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const cpu = process.cpuUsage();
  const t = performance.now();
  const out = await fn();
  const used = process.cpuUsage(cpu);
  lastCpu = (used.user + used.system) / 1000;
  return [performance.now() - t, out];
}

function cpu(): string {
  return `cpu ${(lastCpu / 1000).toFixed(2)} s`;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

async function main(): Promise<void> {
  console.log(`ingest bench — ${os.cpus().length} cores, node ${process.version}, load average ${load()}`);
  if (!existsSync(ROLL)) {
    console.log(`shared roll not found at ${ROLL}: vector and image-only figures skipped`);
  } else {
    const bytes = new Uint8Array(readFileSync(ROLL));
    const runs: number[] = [];
    const cpus: number[] = [];
    let pages = 0;
    for (let i = 0; i < (quick ? 2 : 4); i++) {
      const [ms, list] = await time(() => parseVoterList({ bytes, filename: 'roll.pdf' }));
      runs.push(ms);
      cpus.push(lastCpu);
      pages = list.report.totalPages;
      if (list.voters.length !== 993) throw new Error(`expected 993 voters, got ${list.voters.length}`);
    }
    const warm = median(runs.slice(1));
    console.log(`vector roll: ${pages} pages, 993 voters — first ${(runs[0] / 1000).toFixed(2)} s (cold), warm median ${(warm / 1000).toFixed(2)} s = ${(pages / (warm / 1000)).toFixed(1)} pages/s; warm cpu ${(median(cpus.slice(1)) / 1000).toFixed(2)} s (load ${load()})`);

    const n = quick ? 2 : 4;
    const scan = await scannedRoll(ROLL, 2, 1 + n);
    // the first image-only parse also starts the OCR workers (once per process)
    const [coldMs] = await time(() => parseVoterList({ bytes: scan, filename: 'scan.pdf' }));
    const coldCpu = cpu();
    const [warmMs, list] = await time(() => parseVoterList({ bytes: scan, filename: 'scan.pdf' }));
    const exact = list.voters.filter((v, i) => v.serial === i + 1).length;
    console.log(
      `image-only roll (OCR): ${n} pages, ${list.voters.length} voters (${exact} serials in place) — cold ${(coldMs / 1000).toFixed(2)} s (${coldCpu}) incl. OCR worker start, warm ${(warmMs / 1000).toFixed(2)} s = ${(warmMs / 1000 / n).toFixed(2)} s/page, ${cpu()} = ${(lastCpu / 1000 / n).toFixed(2)} cpu-s/page over 2 threads (load ${load()})`,
    );
    await closeOcr();
  }

  const rows = quick ? 20_000 : 100_000;
  const sheet = workbook([ENGLISH_HEADER, ...voterRows(rows, true)], 'xlsx');
  const [xlMs, xl] = await time(() => parseVoterList({ bytes: sheet, filename: 'big.xlsx' }));
  if (xl.voters.length !== rows) throw new Error(`expected ${rows} rows, got ${xl.voters.length}`);
  console.log(`excel: ${rows.toLocaleString('en-IN')} rows (${(sheet.length / 1e6).toFixed(1)} MB .xlsx, Hindi text) in ${(xlMs / 1000).toFixed(2)} s, ${cpu()} (load ${load()})`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
