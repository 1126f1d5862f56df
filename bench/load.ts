/**
 * Load benchmark: `npm run bench -- load` (needs `npm run build` first).
 *
 * Starts the real server (`npm run serve`, PGlite, the local job runner, its sandbox processes) and asks:
 * do status polls stay fast while rolls generate? First each of six voter lists is generated alone, one
 * after another (upload → draft), for the time and CPU each needs. Then 200 clients poll one task's status
 * as the generator page does (each its own 3 s after each answer; bench/lib/pollers.ts), first for 10 s
 * with nothing generating, then for 30 s while the same six lists are uploaded at once; printed: the polls' latency
 * (p50, p99, max), their errors and non-2xx answers, each upload's time (upload → 201) and each list's
 * upload → draft beside its time alone, and the CPU of the server's process tree beside wall time.
 *   --pollers=N      clients polling (default 200)
 *   --seconds=N      how long they poll (default 30)
 *   --every=MS       each client's pause between polls (default 3000, as the generator page polls; 0: as fast as
 *                    it can, with autocannon)
 *   --quiet-seconds=N  first, the same polls for N s with nothing generating: the floor (default 10)
 * BENCH_PORT sets the port (default 3197). Six tasks at once need MAX_OPEN_TASKS 6: the bench's server gets 10.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import sharp from 'sharp';
import * as XLSX from 'xlsx';
import { flag } from './lib/args';
import { pollLikeBrowsers, type PollFigures } from './lib/pollers';
import { generatorForm, startBenchServer, treeCpuSeconds, treeRssMb, waitForStatus, type BenchServer } from './lib/server';

const ROOT = process.cwd();
const ROLLS = path.resolve(ROOT, '../shared/fixtures/rolls');
const PORT = Number(process.env.BENCH_PORT ?? 3197);

const POLLERS = flag('pollers', 200);
const SECONDS = flag('seconds', 30);
const EVERY_MS = flag('every', 3000);
const QUIET_SECONDS = flag('quiet-seconds', 10);

interface Input {
  name: string;
  bytes: Uint8Array;
  file: string;
}

/** Six voter lists: the fixture rolls of different kinds (text, legacy-font, scanned) where present, and an Excel list. */
function inputs(): Input[] {
  const rows: (string | number)[][] = [['Sl. No.', 'EPIC No.', 'Name of Elector', "Father's/Husband's Name", 'House No.', 'Age', 'Gender']];
  for (let i = 1; i <= 20_000; i++) rows.push([i, `LDB${String(1000000 + i)}`, `Voter ${i}`, `Relative ${i % 97}`, String(i % 400), 18 + (i % 70), i % 2 ? 'F' : 'M']);
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Voters');
  const excel: Input = { name: 'excel-20k', file: 'list.xlsx', bytes: new Uint8Array(XLSX.write(wb, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer) };
  const rolls = [
    ['gujarat-2025', 'gujarat-2025-ac137-part1.pdf'],
    ['daman-2017', 'daman-2017-part1-gujarati.pdf'],
    ['maharashtra-ward', 'maharashtra-2025-sec-ward4-marathi.pdf'],
    ['karnataka-scan', 'karnataka-bellary-screenshot-3pp.pdf'],
    ['up-scan', 'up-2023-kalyanpur-page-scan300.pdf'],
  ]
    .filter(([, file]) => fs.existsSync(path.join(ROLLS, file)))
    .map(([name, file]) => ({ name, file, bytes: new Uint8Array(fs.readFileSync(path.join(ROLLS, file))) }));
  const list = [...rolls, excel];
  while (list.length < 6) list.push({ ...excel, name: `excel-20k-${list.length}` });
  return list.slice(0, 6);
}

/** Waits until no sandbox process of the server is working (a job's last step, after its draft, may still run). */
async function settled(pid: number): Promise<void> {
  for (let i = 0; i < 600; i++) {
    let busy = false;
    for (const p of fs.readdirSync('/proc').filter((e) => /^\d+$/.test(e))) {
      try {
        const cmd = fs.readFileSync(`/proc/${p}/cmdline`, 'utf8');
        if (cmd.startsWith('vsg-sandbox') && !cmd.startsWith('vsg-sandbox idle')) {
          const stat = fs.readFileSync(`/proc/${p}/stat`, 'utf8');
          if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]) === pid) busy = true;
        }
      } catch {
        // gone
      }
    }
    if (!busy) return;
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function generate(server: BenchServer, token: string, input: Input, banner: Uint8Array): Promise<{ uploadS: number; draftS: number; id: number }> {
  const t0 = performance.now();
  const { id } = await server.api('/api/documents/voter-slip-generator', { method: 'POST', body: generatorForm({ bytes: input.bytes, name: input.file }, banner), token });
  const uploadS = (performance.now() - t0) / 1000;
  await waitForStatus(server, token, id, ['draft_complete'], 250);
  return { uploadS, draftS: (performance.now() - t0) / 1000, id };
}

const f = (n: number, d = 2) => n.toFixed(d);
const figures = (p: PollFigures) => `p50 ${f(p.p50, 0)} ms · p99 ${f(p.p99, 0)} ms · max ${f(p.max, 0)} ms · errors ${p.errors} · non-2xx ${p.non2xx}`;

/**
 * POLLERS clients polling for `seconds`: as the page polls (each its own 3 s after each answer, spread out),
 * or with --every=0 as fast as they can (autocannon, MIT: the server's throughput).
 */
async function pollStatus(url: string, token: string, seconds: number): Promise<PollFigures> {
  if (EVERY_MS > 0) return pollLikeBrowsers({ url, token, clients: POLLERS, everyMs: EVERY_MS, seconds });
  const r = await autocannon({ url, connections: POLLERS, duration: seconds, timeout: 10, headers: { authorization: `Bearer ${token}` } });
  return { requests: r.requests.total, p50: r.latency.p50, p99: r.latency.p99, max: r.latency.max, errors: r.errors + r.timeouts, non2xx: r.non2xx };
}

async function main(): Promise<void> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'vsg-load-bench-'));
  const lists = inputs();
  const banner = await sharp({ create: { width: 1200, height: 240, channels: 3, background: '#1e3c8c' } }).png().toBuffer();
  const server = await startBenchServer({ root: ROOT, port: PORT, dataDir: path.join(work, 'data'), env: { MAX_OPEN_TASKS: '10' } });
  const pid = server.process.pid!;
  try {
    const token = await server.login();
    const load = os.loadavg().map((l) => l.toFixed(2)).join(' ');
    console.log(`server up on ${os.availableParallelism()} CPUs, load average ${load}; ${POLLERS} pollers, ${SECONDS} s, a poll every ${EVERY_MS} ms per client`);
    // a first job warms the sandbox (its result is not counted)
    await generate(server, token, lists[0], banner);
    await settled(pid);

    const alone = new Map<string, { draftS: number; cpuS: number }>();
    let pollTarget = 0;
    for (const input of lists) {
      const cpu0 = treeCpuSeconds(pid);
      const run = await generate(server, token, input, banner);
      await settled(pid);
      alone.set(input.name, { draftS: run.draftS, cpuS: treeCpuSeconds(pid) - cpu0 });
      pollTarget = run.id;
    }

    const poll = (seconds: number) => pollStatus(`${server.base}/api/documents/${pollTarget}`, token, seconds);
    // the floor: the same polls with nothing generating
    const quiet = await poll(QUIET_SECONDS);
    console.log(`polls with nothing generating (${quiet.requests} in ${QUIET_SECONDS} s): ${figures(quiet)}`);

    let peakMb = 0;
    const sampler = setInterval(() => (peakMb = Math.max(peakMb, treeRssMb(pid))), 200);
    const cpu0 = treeCpuSeconds(pid);
    const webCpu0 = treeCpuSeconds(pid, true);
    const t0 = performance.now();
    const polling = poll(SECONDS);
    await new Promise((r) => setTimeout(r, 1000));
    const runs = await Promise.all(lists.map((input) => generate(server, token, input, banner).then((r) => ({ input, ...r }))));
    const drafted = (performance.now() - t0) / 1000;
    const polls = await polling;
    await settled(pid);
    clearInterval(sampler);
    const cpu = treeCpuSeconds(pid) - cpu0;
    const webCpu = treeCpuSeconds(pid, true) - webCpu0;

    console.log(`\npolls while the six generate (${polls.requests} in ${SECONDS} s, ${f(polls.requests / SECONDS, 0)}/s): ${figures(polls)}`);
    console.log(`\nlist               alone: draft s  cpu s   under load: upload s  draft s   ratio`);
    for (const run of runs) {
      const a = alone.get(run.input.name)!;
      console.log(`${run.input.name.padEnd(18)} ${f(a.draftS).padStart(14)} ${f(a.cpuS).padStart(6)} ${f(run.uploadS).padStart(21)} ${f(run.draftS).padStart(8)} ${f(run.draftS / a.draftS).padStart(7)}`);
    }
    const aloneCpu = [...alone.values()].reduce((s, a) => s + a.cpuS, 0);
    console.log(
      `\nall six drafts under load: ${f(drafted)} s wall; server tree CPU ${f(cpu)} s (web server ${f(webCpu)} s), the six alone needed ${f(aloneCpu)} s CPU; peak RSS of the tree ${peakMb.toFixed(0)} MB`,
    );
  } finally {
    await server.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
