/**
 * Pipeline benchmark: `npm run bench -- pipeline` (needs `npm run build` first).
 *
 * Starts the real server (`npm run serve`, PGlite, the local job runner) on a fresh data directory and,
 * for each input, times upload → draft_complete and payment (test mode) → complete, as a user's browser
 * would drive it over HTTP. While each job runs, POLLERS clients poll its status every POLL_MS.
 * Figures per input and stage: wall seconds, server CPU seconds (user+system of the server process over
 * the stage), slips per wall second, and the server's peak RSS (sampled over the whole process tree, and
 * without its sandbox processes: the web server's own).
 *   roll        the shared Daman roll (38 pages, 993 voters), a4 portrait 8, twice: cold (the server's first
 *               job) and warm
 * BENCH_ONLY=roll runs only the inputs whose name starts so; BENCH_ROLL=<pdf> puts another roll in the shared roll's place.
 *   roll-x10    the same roll 10 times in one PDF (380 pages, 9,930 voters)
 *   excel-100k  a 100,000-row Excel list
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import * as XLSX from 'xlsx';
import { generatorForm, startBenchServer, treeCpuSeconds, treeRssMb, waitForStatus, type BenchServer } from './lib/server';

const ROOT = process.cwd();
const ROLL = path.resolve(ROOT, process.env.BENCH_ROLL ?? '../shared/fixtures/rolls/daman-2017-part1-gujarati.pdf');
const PORT = Number(process.env.BENCH_PORT ?? 3198);
const POLLERS = Number(process.env.POLLERS ?? 20);
const POLL_MS = Number(process.env.POLL_MS ?? 500);
const EXCEL_ROWS = Number(process.env.EXCEL_ROWS ?? 100_000);

function pollers(server: BenchServer, token: string, id: number): () => Promise<number> {
  let stop = false;
  let requests = 0;
  const loops = Array.from({ length: POLLERS }, async () => {
    while (!stop) {
      await fetch(`${server.base}/api/documents/${id}`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.arrayBuffer());
      requests++;
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  });
  return async () => {
    stop = true;
    await Promise.all(loops);
    return requests;
  };
}

async function main(): Promise<void> {
  if (!fs.existsSync(ROLL)) throw new Error(`missing ${ROLL}`);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'vsg-pipeline-bench-'));
  const roll10 = path.join(work, 'roll-x10.pdf');
  execFileSync('qpdf', ['--empty', '--pages', ...Array(10).fill(ROLL), '--', roll10]);
  const rows: (string | number)[][] = [['Sl. No.', 'EPIC No.', 'Name of Elector', "Father's/Husband's Name", 'House No.', 'Age', 'Gender']];
  for (let i = 1; i <= EXCEL_ROWS; i++) rows.push([i, `BNC${String(1000000 + i)}`, `Voter ${i}`, `Relative ${i % 97}`, String(i % 400), 18 + (i % 70), i % 2 ? 'F' : 'M']);
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Voters');
  const excel = path.join(work, 'excel-100k.xlsx');
  fs.writeFileSync(excel, XLSX.write(wb, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer);
  const banner = await sharp({ create: { width: 1200, height: 240, channels: 3, background: '#1e3c8c' } }).png().toBuffer();

  const server = await startBenchServer({ root: ROOT, port: PORT, dataDir: path.join(work, 'data') });
  const pid = server.process.pid!;
  let peakMb = 0;
  let webPeakMb = 0;
  const sampler = setInterval(() => {
    peakMb = Math.max(peakMb, treeRssMb(pid));
    webPeakMb = Math.max(webPeakMb, treeRssMb(pid, true));
  }, 100);
  try {
    const token = await server.login();
    console.log(`server up; ${POLLERS} clients poll each job every ${POLL_MS} ms; idle RSS ${treeRssMb(pid).toFixed(0)} MB`);
    console.log('input        stage      wall s   cpu s   slips/s  peak RSS MB  web MB  pages  polls');
    // The shared roll twice: the first job of a fresh server pays for starting the parser threads and loading
    // fonts and models (cold); the second is what every later job costs (warm).
    const inputs = [['roll (cold)', ROLL], ['roll (warm)', ROLL], ['roll-x10', roll10], ['excel-100k', excel]] as const;
    const only = process.env.BENCH_ONLY;
    for (const [name, file] of inputs.filter(([n]) => !only || n.startsWith(only))) {
      peakMb = treeRssMb(pid);
      webPeakMb = treeRssMb(pid, true);
      const form = generatorForm({ bytes: fs.readFileSync(file), name: path.basename(file) }, banner);
      let cpu0 = treeCpuSeconds(pid);
      let t0 = performance.now();
      const { id } = await server.api('/api/documents/voter-slip-generator', { method: 'POST', body: form, token });
      let stopPolling = pollers(server, token, id);
      const draft = await waitForStatus(server, token, id, ['draft_complete'], 50);
      let polls = await stopPolling();
      const line = (stage: string, pages: number) => {
        const wall = (performance.now() - t0) / 1000;
        const cpu = treeCpuSeconds(pid) - cpu0;
        console.log(
          `${name.padEnd(12)} ${stage.padEnd(9)} ${wall.toFixed(2).padStart(7)} ${cpu.toFixed(2).padStart(7)} ${(draft.voters / wall).toFixed(0).padStart(8)} ${peakMb.toFixed(0).padStart(12)} ${webPeakMb.toFixed(0).padStart(7)} ${String(pages).padStart(6)} ${String(polls).padStart(6)}`,
        );
      };
      line('draft', draft.total_pages);
      const order = await server.api(`/api/documents/${id}/continue`, { method: 'POST', token });
      const signed = await server.api('/api/payments/test-checkout', { method: 'POST', token, body: JSON.stringify({ order_id: order.razorpay_order_id }), headers: { 'content-type': 'application/json' } });
      peakMb = treeRssMb(pid);
      webPeakMb = treeRssMb(pid, true);
      cpu0 = treeCpuSeconds(pid);
      t0 = performance.now();
      await server.api(`/api/documents/${id}/payment`, { method: 'POST', token, body: JSON.stringify(signed), headers: { 'content-type': 'application/json' } });
      stopPolling = pollers(server, token, id);
      await waitForStatus(server, token, id, ['complete'], 50);
      polls = await stopPolling();
      line('final', draft.total_pages);
    }
  } finally {
    clearInterval(sampler);
    await server.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
