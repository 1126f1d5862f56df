/**
 * Reading through the sandbox against reading in this process: `npm run bench -- sandbox-read`.
 *
 * The server reads every upload in a warm sandbox process (lib/sandbox); before, it read in its own
 * process. For three kinds of list — a text roll, a legacy-font roll and an Excel sheet of 20,000 rows —
 * both are run in turn (in this process, then through a warm sandbox process, five times each, after one
 * warm-up of each), and the medians printed: wall time, and the CPU time of this process and its sandbox
 * processes together, with the ratio sandbox / in-process. The sandbox's cost is copying the file in and
 * the voters out (JSON) and the process hop.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SandboxPool, sandboxLimitsFrom } from '@/lib/sandbox';
import { getConfig } from '@/lib/config';
import { parseVoterList } from '@/lib/slips/parse';
import { closeOcr } from '@/lib/slips/ingest/engines/ocr';
import { ENGLISH_HEADER, voterRows, workbook } from '@/tests/ingest/sheets';
import { parseInSandbox } from '@/scripts/vsg/parse';
import { treeCpuSeconds } from './lib/server';

const ROLLS = path.resolve(process.cwd(), '../shared/fixtures/rolls');
const ROUNDS = 5;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function timed(fn: () => Promise<unknown>): Promise<{ wall: number; cpu: number }> {
  const cpu0 = treeCpuSeconds(process.pid);
  const t0 = performance.now();
  await fn();
  return { wall: (performance.now() - t0) / 1000, cpu: treeCpuSeconds(process.pid) - cpu0 };
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vsg-sandbox-read-'));
  const excel = path.join(dir, 'list.xlsx');
  fs.writeFileSync(excel, workbook([ENGLISH_HEADER, ...voterRows(20_000, true)], 'xlsx'));
  const inputs = [
    ['text roll (Gujarat 2025)', path.join(ROLLS, 'gujarat-2025-ac137-part1.pdf')],
    ['legacy-font roll (Daman 2017)', path.join(ROLLS, 'daman-2017-part1-gujarati.pdf')],
    ['text roll (Maharashtra ward)', path.join(ROLLS, 'maharashtra-2025-sec-ward4-marathi.pdf')],
    ['Excel, 20,000 rows', excel],
  ].filter(([, file]) => fs.existsSync(file));
  const pool = new SandboxPool(sandboxLimitsFrom(getConfig()), { keepWarm: 1 });
  console.log(`${os.availableParallelism()} CPUs, load average ${os.loadavg()[0].toFixed(1)}; medians of ${ROUNDS}, in this process and through a warm sandbox process in turn`);
  try {
    for (const [name, file] of inputs) {
      const bytes = new Uint8Array(fs.readFileSync(file));
      const inProcess = () => parseVoterList({ bytes, filename: path.basename(file) });
      // as `vsg parse` reads: the voters come back through their JSON file
      const sandboxed = () => parseInSandbox(pool, file, { maxBytes: 200 * 1024 * 1024 });
      await inProcess();
      await sandboxed();
      const a: { wall: number; cpu: number }[] = [];
      const b: { wall: number; cpu: number }[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        a.push(await timed(inProcess));
        b.push(await timed(sandboxed));
      }
      const [aw, ac, bw, bc] = [median(a.map((x) => x.wall)), median(a.map((x) => x.cpu)), median(b.map((x) => x.wall)), median(b.map((x) => x.cpu))];
      console.log(
        `${name.padEnd(30)} in-process ${aw.toFixed(2)} s wall ${ac.toFixed(2)} s CPU · sandbox ${bw.toFixed(2)} s wall ${bc.toFixed(2)} s CPU · ` +
          `sandbox / in-process ${(bw / aw).toFixed(2)}x wall ${(bc / ac).toFixed(2)}x CPU`,
      );
    }
  } finally {
    await pool.close();
    await closeOcr();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
