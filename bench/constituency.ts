/**
 * Constituency benchmark: `npm run bench -- constituency` (needs `npm run build` first).
 *
 * Starts the real server (`npm run serve`, PGlite, the disk file store, the local job runner and its sandbox
 * processes) and runs a whole constituency through it as one task: N text rolls (copies of the shared 2025
 * Gujarat roll and the 2017 Daman roll, alternating; the server keeps no cache of files, so copies are read
 * as any roll is) sent as one ZIP → draft (every list read, two at a time) → paid in test mode → final (a PDF
 * per list, in one ZIP). Then, apart, a few image-only parts (the 115 dpi scan) → draft, for the time per
 * scanned page. Printed: time to draft, time to final, slips per second, the peak RSS of the server's
 * process tree (sampled every 200 ms), and its CPU time beside the wall time.
 *   --parts=N        text parts (default 300)
 *   --scan-parts=N   image-only parts, run as a second task (default 4; 0 skips it)
 * BENCH_PORT sets the port (default 3196).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { zipSync } from 'fflate';
import { flag } from './lib/args';
import { startBenchServer, treeCpuSeconds, treeRssMb, waitForStatus, type BenchServer } from './lib/server';

const ROOT = process.cwd();
const ROLLS = path.resolve(ROOT, '../shared/fixtures/rolls');
const PORT = Number(process.env.BENCH_PORT ?? 3196);

const PARTS = flag('parts', 300);
const SCAN_PARTS = flag('scan-parts', 4);

function roll(file: string): Uint8Array {
  const full = path.join(ROLLS, file);
  if (!fs.existsSync(full)) throw new Error(`the shared roll ${full} is needed`);
  return new Uint8Array(fs.readFileSync(full));
}

/** A ZIP of `count` lists named part-001.pdf …, taken in turn from `rolls` (stored: PDFs are compressed already). */
function zipOf(rolls: Uint8Array[], count: number): Uint8Array {
  const entries: Record<string, [Uint8Array, { level: 0 }]> = {};
  for (let i = 0; i < count; i++) entries[`part-${String(i + 1).padStart(3, '0')}.pdf`] = [rolls[i % rolls.length], { level: 0 }];
  return zipSync(entries);
}

function form(zip: Uint8Array, banner: Uint8Array): FormData {
  const body = new FormData();
  for (const [k, v] of Object.entries({ page_size: 'a4', orientation: 'portrait', slips_per_page: '8', print_photo: 'false', booth_address: 'राजकीय प्राथमिक विद्यालय, कक्ष 2' })) body.set(k, v);
  body.set('pdf_file', new Blob([Buffer.from(zip)]), 'constituency.zip');
  body.set('banner_file', new Blob([Buffer.from(banner)]), 'banner.png');
  return body;
}

/** Samples the peak RSS of the server's tree while `work` runs. */
async function sampled<T>(pid: number, work: () => Promise<T>): Promise<{ value: T; peakMb: number; wallS: number; cpuS: number }> {
  let peakMb = treeRssMb(pid);
  const timer = setInterval(() => (peakMb = Math.max(peakMb, treeRssMb(pid))), 200);
  const cpu0 = treeCpuSeconds(pid);
  const t0 = performance.now();
  try {
    const value = await work();
    return { value, peakMb, wallS: (performance.now() - t0) / 1000, cpuS: treeCpuSeconds(pid) - cpu0 };
  } finally {
    clearInterval(timer);
  }
}

async function pay(server: BenchServer, token: string, id: number): Promise<void> {
  const order = await server.api(`/api/documents/${id}/continue`, { method: 'POST', token });
  const signed = await server.api('/api/payments/test-checkout', { method: 'POST', token, body: JSON.stringify({ order_id: order.razorpay_order_id }), headers: { 'content-type': 'application/json' } });
  await server.api(`/api/documents/${id}/payment`, { method: 'POST', token, body: JSON.stringify(signed), headers: { 'content-type': 'application/json' } });
}

const f = (n: number, d = 1) => n.toFixed(d);

async function main(): Promise<void> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'vsg-constituency-bench-'));
  const banner = await sharp({ create: { width: 1200, height: 240, channels: 3, background: '#1e3c8c' } }).png().toBuffer();
  const textZip = zipOf([roll('gujarat-2025-ac137-part1.pdf'), roll('daman-2017-part1-gujarati.pdf')], PARTS);
  const server = await startBenchServer({
    root: ROOT,
    port: PORT,
    dataDir: path.join(work, 'data'),
    env: { FILES_STORE: 'disk' },
  });
  const pid = server.process.pid!;
  try {
    const token = await server.login();
    console.log(`server up on ${os.availableParallelism()} CPUs, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    console.log(`${PARTS} text parts (Gujarat 2025 and Daman 2017 rolls in turn) in one ZIP of ${f(textZip.length / 1024 / 1024)} MB`);

    const draft = await sampled(pid, async () => {
      const { id } = (await server.api('/api/documents/voter-slip-generator', { method: 'POST', body: form(textZip, banner), token })) as { id: number };
      const uploadedAt = performance.now();
      const s = await waitForStatus(server, token, id, ['draft_complete'], 500);
      return { id, s, uploadedAt };
    });
    const d = draft.value.s;
    const failedParts = (d.parts as { error: string | null }[]).filter((p) => p.error).length;
    console.log(
      `draft: ${f(draft.wallS)} s wall (upload and unpacking included), server tree CPU ${f(draft.cpuS)} s; ${d.voters.toLocaleString('en-IN')} voters, ${d.total_pages.toLocaleString('en-IN')} pages; ${failedParts} parts unread; peak RSS ${f(draft.peakMb, 0)} MB`,
    );

    const final = await sampled(pid, async () => {
      await pay(server, token, draft.value.id);
      return waitForStatus(server, token, draft.value.id, ['complete'], 500);
    });
    const printed = final.value.printed as number;
    // the first byte alone: the answer's Content-Range names the whole ZIP's size
    const zip = await fetch(`${server.base}${final.value.download_url}`, { headers: { range: 'bytes=0-0' } });
    const zipBytes = Number(/\/(\d+)$/.exec(zip.headers.get('content-range') ?? '')?.[1] ?? 0);
    await zip.arrayBuffer();
    console.log(
      `final: ${f(final.wallS)} s wall, server tree CPU ${f(final.cpuS)} s; ${printed.toLocaleString('en-IN')} slips on ${final.value.total_pages.toLocaleString('en-IN')} pages, ${f(printed / final.wallS, 0)} slips/s; ZIP ${f(zipBytes / 1024 / 1024)} MB; peak RSS ${f(final.peakMb, 0)} MB`,
    );

    if (SCAN_PARTS > 0) {
      const scanZip = zipOf([roll('gujarat-2025-ac137-part1-scan115.pdf')], SCAN_PARTS);
      const scan = await sampled(pid, async () => {
        const { id } = (await server.api('/api/documents/voter-slip-generator', { method: 'POST', body: form(scanZip, banner), token })) as { id: number };
        return waitForStatus(server, token, id, ['draft_complete'], 500);
      });
      const pages = (scan.value.summary?.source_pages as number) ?? 0;
      console.log(
        `image-only: ${SCAN_PARTS} parts, ${pages} pages → draft in ${f(scan.wallS)} s wall, CPU ${f(scan.cpuS)} s: ${f(scan.wallS / Math.max(1, pages), 2)} s/page wall, ${f(scan.cpuS / Math.max(1, pages), 2)} s/page CPU; peak RSS ${f(scan.peakMb, 0)} MB`,
      );
    }
    console.log(`load average at the end ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  } finally {
    await server.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
