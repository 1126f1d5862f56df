/**
 * Slip pictures for phones: `npm run bench -- images`.
 *
 * A 1,000-voter part (the shared Daman roll, 993 voters, as a task prints them: the facts line and a QR code,
 * campaign style) → the one-slip-per-page PDF → one PNG per voter, 800 px wide, drawn by PDFium. Printed: the
 * one-per-page PDF's time, then pictures per second by wall clock and by CPU time, in one process and split over two
 * processes side by side (what a request for a part's pictures does on a machine of two cores), and the
 * pictures' sizes.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { writeSlipImages } from '@/lib/slips/images';
import { renderSlips } from '@/lib/slips/render';
import type { VoterRecord } from '@/lib/slips/types';

const SELF = fileURLToPath(import.meta.url);
const ROOT = path.resolve(path.dirname(SELF), '..');
const ROLL = path.resolve(ROOT, '../shared/fixtures/rolls/daman-2017-part1-gujarati.pdf');
const WORK = path.join(os.tmpdir(), 'vsg-images-bench');
const LAYOUT = { pageSize: 'a4', orientation: 'portrait', slipsPerPage: 8 } as const;

function cpuSeconds(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
}

/** The one-per-page PDF of the roll's voters (timed), prepared once per run. */
async function prepare(): Promise<{ pdf: string; slips: number; wallS: number; cpuS: number }> {
  fs.rmSync(WORK, { recursive: true, force: true });
  fs.mkdirSync(WORK, { recursive: true });
  const { parseVoterListFile } = await import('@/lib/slips/parse');
  const list = await parseVoterListFile(ROLL);
  const voters: VoterRecord[] = list.voters;
  const banner = await sharp({ create: { width: 1200, height: 240, channels: 3, background: '#1e3c8c' } }).png().toBuffer();
  const pdf = path.join(WORK, 'cards.pdf');
  const c0 = cpuSeconds();
  const t0 = performance.now();
  const result = await renderSlips(
    {
      voters,
      sourcePdf: new Uint8Array(fs.readFileSync(ROLL)),
      banner: new Uint8Array(banner),
      address: 'Government Primary School, Room 2',
      layout: LAYOUT,
      printPhotos: false,
      mode: { kind: 'final' },
      onePerPage: true,
      slip: { style: 'campaign', facts: true, qr: true, look: { language: 'gu', englishOnly: false, roll: { part: '1', pollingStation: '1 - School', assemblyNumber: '1' } } },
    },
    pdf,
  );
  return { pdf, slips: result.slips, wallS: (performance.now() - t0) / 1000, cpuS: cpuSeconds() - c0 };
}

/** Child: draws its share of the pages; prints {images, wallS, cpuS, bytes}. */
async function child(index: number, of: number): Promise<void> {
  const dir = path.join(WORK, `share-${index}-of-${of}`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const pdf = new Uint8Array(fs.readFileSync(path.join(WORK, 'cards.pdf')));
  const c0 = cpuSeconds();
  const t0 = performance.now();
  const pages = await writeSlipImages(pdf, dir, { share: { index, of } });
  const wallS = (performance.now() - t0) / 1000;
  const cpuS = cpuSeconds() - c0;
  const bytes = fs.readdirSync(dir).reduce((sum, f) => sum + fs.statSync(path.join(dir, f)).size, 0);
  const first = await sharp(path.join(dir, fs.readdirSync(dir).sort()[0])).metadata();
  process.stdout.write(`${JSON.stringify({ images: pages.length, wallS, cpuS, bytes, width: first.width, height: first.height })}\n`);
}

interface Share {
  images: number;
  wallS: number;
  cpuS: number;
  bytes: number;
  width: number;
  height: number;
}

async function runShares(of: number): Promise<{ wallS: number; shares: Share[] }> {
  const t0 = performance.now();
  const shares = await Promise.all(
    Array.from(
      { length: of },
      (_, index) =>
        new Promise<Share>((resolve, reject) => {
          const proc = spawn(process.execPath, ['--import', 'tsx', SELF, '--child', String(index), String(of)], { cwd: ROOT });
          let out = '';
          proc.stdout.on('data', (d: Buffer) => (out += d.toString()));
          proc.on('error', reject);
          proc.on('close', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').pop() ?? '{}') as Share) : reject(new Error(`share ${index} exited ${code}`))));
        }),
    ),
  );
  return { wallS: (performance.now() - t0) / 1000, shares };
}

async function main(): Promise<void> {
  const at = process.argv.indexOf('--child');
  if (at >= 0) return child(Number(process.argv[at + 1]), Number(process.argv[at + 2]));
  if (!fs.existsSync(ROLL)) {
    console.log(`skipped: the shared roll ${ROLL} is absent`);
    return;
  }
  console.log(`machine: ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  const cards = await prepare();
  console.log(`one-per-page PDF: ${cards.slips} slips in ${cards.wallS.toFixed(2)} s wall, ${cards.cpuS.toFixed(2)} s CPU`);
  const one = await runShares(1);
  const o = one.shares[0];
  console.log(
    `one process:   ${o.images} pictures ${o.width}×${o.height} px in ${o.wallS.toFixed(2)} s wall, ${o.cpuS.toFixed(2)} s CPU: ` +
      `${(o.images / o.wallS).toFixed(1)} pictures/s wall, ${(o.images / o.cpuS).toFixed(1)} pictures/s CPU; ${(o.bytes / o.images / 1024).toFixed(0)} KB each`,
  );
  const two = await runShares(2);
  const images = two.shares.reduce((s, x) => s + x.images, 0);
  const cpu = two.shares.reduce((s, x) => s + x.cpuS, 0);
  console.log(
    `two processes: ${images} pictures in ${two.wallS.toFixed(2)} s wall (processes started and the roll's PDF loaded included), ${cpu.toFixed(2)} s CPU: ` +
      `${(images / two.wallS).toFixed(1)} pictures/s wall`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
