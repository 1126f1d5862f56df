/**
 * Pipeline benchmark: `npm run bench -- pipeline` (needs `npm run build` first).
 *
 * Starts the real server (`npm run serve`, PGlite, the local job runner) on a fresh data directory and,
 * for each input, times upload → draft_complete and payment (test mode) → complete, as a user's browser
 * would drive it over HTTP. While each job runs, POLLERS clients poll its status every POLL_MS.
 * Figures per input and stage: wall seconds, server CPU seconds (user+system of the server process over
 * the stage), slips per wall second, and the server's peak RSS (sampled over the whole process tree).
 *   roll        the shared Daman roll (38 pages, 993 voters), a4 portrait 8, twice: cold (the server's first
 *               job) and warm
 * BENCH_ONLY=roll runs only the inputs whose name starts so; BENCH_ROLL=<pdf> puts another roll in the shared roll's place.
 *   roll-x10    the same roll 10 times in one PDF (380 pages, 9,930 voters)
 *   excel-100k  a 100,000-row Excel list
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import * as XLSX from 'xlsx';

const ROOT = process.cwd();
const ROLL = path.resolve(ROOT, process.env.BENCH_ROLL ?? '../shared/fixtures/rolls/daman-2017-part1-gujarati.pdf');
const PORT = Number(process.env.BENCH_PORT ?? 3198);
const BASE = `http://127.0.0.1:${PORT}`;
const POLLERS = Number(process.env.POLLERS ?? 20);
const POLL_MS = Number(process.env.POLL_MS ?? 500);
const EXCEL_ROWS = Number(process.env.EXCEL_ROWS ?? 100_000);
const ADMIN = { email: 'bench@bench.test', password: 'bench-pass-123' };
const CLK_TCK = 100;

function treePids(root: number): number[] {
  const out = [root];
  for (let i = 0; i < out.length; i++) {
    try {
      const children = fs.readFileSync(`/proc/${out[i]}/task/${out[i]}/children`, 'utf8').trim();
      if (children) out.push(...children.split(/\s+/).map(Number));
    } catch {
      // gone
    }
  }
  return out;
}

function treeRssMb(root: number): number {
  let kb = 0;
  for (const pid of treePids(root)) {
    try {
      const m = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (m) kb += Number(m[1]);
    } catch {
      // gone
    }
  }
  return kb / 1024;
}

function treeCpuSeconds(root: number): number {
  let ticks = 0;
  for (const pid of treePids(root)) {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // gone
    }
  }
  return ticks / CLK_TCK;
}

async function api(pathname: string, init: RequestInit & { token?: string } = {}): Promise<any> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  const res = await fetch(`${BASE}${pathname}`, { ...init, headers });
  const body = await res.json();
  if (!res.ok) throw new Error(`${pathname}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

async function until(token: string, id: number, statuses: string[]): Promise<any> {
  for (;;) {
    const s = await api(`/api/documents/${id}`, { token });
    if (statuses.includes(s.status)) return s;
    if (s.status === 'error') throw new Error(`task ${id} failed: ${s.error_message}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function pollers(token: string, id: number): () => Promise<number> {
  let stop = false;
  let requests = 0;
  const loops = Array.from({ length: POLLERS }, async () => {
    while (!stop) {
      await fetch(`${BASE}/api/documents/${id}`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.arrayBuffer());
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
  if (!fs.existsSync(path.join(ROOT, '.next', 'BUILD_ID'))) throw new Error('Build first: npm run build');
  if (!fs.existsSync(ROLL)) throw new Error(`missing ${ROLL}`);
  if (await fetch(`${BASE}/`).then(() => true, () => false)) throw new Error(`port ${PORT} is taken (an old server?): set BENCH_PORT`);
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

  const dataDir = path.join(work, 'data');
  const server: ChildProcess = spawn('npm', ['run', 'serve'], {
    env: { ...process.env, PAYMENTS_TEST_MODE: 'true', PORT: String(PORT), DATA_DIR: dataDir, DATABASE_URL: '', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  let peakMb = 0;
  const sampler = setInterval(() => (peakMb = Math.max(peakMb, treeRssMb(server.pid!))), 100);
  try {
    for (let i = 0; i < 600; i++) {
      try {
        await fetch(`${BASE}/api/documents/pricing`);
        break;
      } catch {
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    const { access_token: token } = await api('/api/login', { method: 'POST', body: new URLSearchParams({ username: ADMIN.email, password: ADMIN.password }) });
    console.log(`server up; ${POLLERS} clients poll each job every ${POLL_MS} ms; idle RSS ${treeRssMb(server.pid!).toFixed(0)} MB`);
    console.log('input        stage      wall s   cpu s   slips/s  peak RSS MB  pages  polls');
    // The shared roll twice: the first job of a fresh server pays for starting the parser threads and loading
    // fonts and models (cold); the second is what every later job costs (warm).
    const inputs = [['roll (cold)', ROLL], ['roll (warm)', ROLL], ['roll-x10', roll10], ['excel-100k', excel]] as const;
    const only = process.env.BENCH_ONLY;
    for (const [name, file] of inputs.filter(([n]) => !only || n.startsWith(only))) {
      peakMb = treeRssMb(server.pid!);
      const form = new FormData();
      form.set('pdf_file', new Blob([new Uint8Array(fs.readFileSync(file))]), path.basename(file));
      form.set('banner_file', new Blob([new Uint8Array(banner)]), 'banner.png');
      for (const [k, v] of Object.entries({ page_size: 'a4', orientation: 'portrait', slips_per_page: '8', print_photo: 'false', booth_address: 'राजकीय प्राथमिक विद्यालय, कक्ष 2' })) form.set(k, v);
      let cpu0 = treeCpuSeconds(server.pid!);
      let t0 = performance.now();
      const { id } = await api('/api/documents/voter-slip-generator', { method: 'POST', body: form, token });
      let stopPolling = pollers(token, id);
      const draft = await until(token, id, ['draft_complete']);
      let polls = await stopPolling();
      const line = (stage: string, pages: number) => {
        const wall = (performance.now() - t0) / 1000;
        const cpu = treeCpuSeconds(server.pid!) - cpu0;
        console.log(
          `${name.padEnd(12)} ${stage.padEnd(9)} ${wall.toFixed(2).padStart(7)} ${cpu.toFixed(2).padStart(7)} ${(draft.voters / wall).toFixed(0).padStart(8)} ${peakMb.toFixed(0).padStart(12)} ${String(pages).padStart(6)} ${String(polls).padStart(6)}`,
        );
      };
      line('draft', draft.total_pages);
      const order = await api(`/api/documents/${id}/continue`, { method: 'POST', token });
      const signed = await api('/api/payments/test-checkout', { method: 'POST', token, body: JSON.stringify({ order_id: order.razorpay_order_id }), headers: { 'content-type': 'application/json' } });
      peakMb = treeRssMb(server.pid!);
      cpu0 = treeCpuSeconds(server.pid!);
      t0 = performance.now();
      await api(`/api/documents/${id}/payment`, { method: 'POST', token, body: JSON.stringify(signed), headers: { 'content-type': 'application/json' } });
      stopPolling = pollers(token, id);
      await until(token, id, ['complete']);
      polls = await stopPolling();
      line('final', draft.total_pages);
    }
  } finally {
    clearInterval(sampler);
    // the whole process group (npm and the server under it)
    process.kill(-server.pid!, 'SIGTERM');
    await new Promise((r) => server.once('exit', r));
    for (let i = 0; i < 50 && (await fetch(`${BASE}/`).then(() => true, () => false)); i++) await new Promise((r) => setTimeout(r, 200));
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
