/**
 * Slip rendering benchmark: `npx tsx bench/render.ts` (or `npm run bench -- render`).
 *
 * Scenarios, each in its own child process so peak memory (max RSS) is its own:
 *   roll-x10     the shared roll concatenated 10 times (380 source pages, 9,930 slips), a4 portrait 8
 *   excel-100k   100,000 Excel-style voters (Hindi/English names), a4 portrait 8
 *   ward-list    the Maharashtra ward list (162 pages, 2,963 slips), encrypted by its publisher (RC4,
 *                owner password): decrypted on load; beside it the same from a copy decrypted
 *                beforehand with qpdf, so the difference is the cost of decryption (skipped without
 *                the fixture or qpdf)
 *   chromium-*   the same kinds of slips as HTML printed to PDF by headless Chromium (page.pdf()),
 *                on a SAMPLE (CHROMIUM_ROLL_SAMPLE / CHROMIUM_EXCEL_SAMPLE slips); its per-slip rate is
 *                extrapolated. Browser launch is excluded (favours Chromium); roll boxes are shown as
 *                PNG crops pre-rendered with pdftoppm + sharp, also excluded (favours Chromium).
 *   *-facts, *-polling-day  roll-x10 and excel-100k again with the polling-day elements on: the roll's facts
 *                line alone, then the facts line and a QR code on every slip; their cost is printed as the
 *                CPU-time ratio to the plain runs, the median of RENDER_ROUNDS (5) rounds of the three in turn
 * Parsing the roll is not measured (ingestion has its own bench): voters are parsed once and cached.
 * Figures: wall-clock slips/s, CPU-time slips/s (robust when the machine is shared), peak RSS.
 * `--warm` (`npm run bench -- render --warm`): our renders measured after one unmeasured render in the same process.
 * `--paired` (`npm run bench -- render --paired`): only the polling-day elements' cost, as plain and polling-day
 * renders of each list in turn in one process (PAIRED_ROUNDS pairs, default 12; a side of a roll pair is five renders
 * in a row), each pair's CPU-time ratio.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument } from '@cantoo/pdf-lib';
import sharp from 'sharp';
import { renderSlips } from '@/lib/slips/render';
import { computeGrid } from '@/lib/slips/render/layout';
import type { VoterRecord } from '@/lib/slips/types';

const SELF = fileURLToPath(import.meta.url);
const ROOT = path.resolve(path.dirname(SELF), '..');
const ROLL = path.resolve(ROOT, '../shared/fixtures/rolls/daman-2017-part1-gujarati.pdf');
const WORK = path.join(os.tmpdir(), 'vsg-render-bench');
const ROLL_TIMES = 10;
const WARD_LIST = path.resolve(ROOT, '../shared/fixtures/rolls/maharashtra-2025-sec-ward4-marathi.pdf');
const EXCEL_ROWS = Number(process.env.EXCEL_ROWS ?? 100_000);
const CHROMIUM_ROLL_SAMPLE = Number(process.env.CHROMIUM_ROLL_SAMPLE ?? 400);
const CHROMIUM_EXCEL_SAMPLE = Number(process.env.CHROMIUM_EXCEL_SAMPLE ?? 800);
const ADDRESS = 'राजकीय प्राथमिक विद्यालय, कक्ष संख्या 2, गांधी नगर, जयपुर 302015';
const LAYOUT = { pageSize: 'a4', orientation: 'portrait', slipsPerPage: 8 } as const;
/** The polling-day elements: the roll's facts line and a QR code on every slip, labels in Hindi and English. */
const POLLING_DAY = { style: 'campaign', facts: true, qr: true, look: { language: 'hi', englishOnly: false, roll: { part: '12', pollingStation: '34 - राजकीय प्राथमिक विद्यालय', assemblyNumber: '40' } } } as const;

interface Figures {
  scenario: string;
  slips: number;
  pages: number;
  wallS: number;
  cpuS: number;
  maxRssMB: number;
  bytes: number;
  note?: string;
}

async function banner(): Promise<Uint8Array> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="240"><rect width="100%" height="100%" fill="#1e3c8c"/><circle cx="120" cy="120" r="90" fill="#ff9933"/><rect x="360" y="84" width="720" height="72" fill="#fff"/></svg>`;
  return new Uint8Array(await sharp(Buffer.from(svg)).png().toBuffer());
}

/** Invented names (no real voters): common given names and surnames combined. */
function excelVoters(n: number): VoterRecord[] {
  const given = ['राम', 'सुनीता', 'मोहन', 'गीता', 'अनिल', 'क्षमा', 'ज्ञानेंद्र', 'प्रिया', 'Rahul', 'Anita', 'Suresh', 'Kavita'];
  const family = ['शर्मा', 'वर्मा', 'गुप्ता', 'त्रिपाठी', 'द्विवेदी', 'कुमार', 'Singh', 'Patel', 'Yadav', 'Devi'];
  const out: VoterRecord[] = [];
  for (let i = 0; i < n; i++) {
    const g = given[i % given.length];
    const f = family[Math.floor(i / given.length) % family.length];
    out.push({
      serial: i + 1,
      epic: `XYZ${String(1_000_000 + i)}`,
      page: i + 2,
      name: `${g} ${f}`,
      relation: i % 2 ? 'husband' : 'father',
      relativeName: `${given[(i * 7) % given.length]} ${f}`,
      houseNumber: `${1 + (i % 400)}/${1 + (i % 7)}`,
      age: 18 + (i % 70),
      gender: i % 2 ? 'महिला' : 'पुरुष',
      part: String(1 + Math.floor(i / 1200)),
      section: `वार्ड ${1 + (i % 12)}`,
    });
  }
  return out;
}

/** Parsed roll voters and the ×10 roll, prepared once (not measured). */
async function prepareRoll(): Promise<{ votersFile: string; rollFile: string }> {
  fs.mkdirSync(WORK, { recursive: true });
  const votersFile = path.join(WORK, 'roll-x10-voters.json');
  const rollFile = path.join(WORK, 'roll-x10.pdf');
  if (fs.existsSync(votersFile) && fs.existsSync(rollFile)) return { votersFile, rollFile };
  const { parseVoterListFile } = await import('@/lib/slips/parse');
  const list = await parseVoterListFile(ROLL);
  const src = await PDFDocument.load(fs.readFileSync(ROLL));
  const out = await PDFDocument.create();
  const n = src.getPageCount();
  const voters: VoterRecord[] = [];
  for (let k = 0; k < ROLL_TIMES; k++) {
    for (const p of await out.copyPages(src, src.getPageIndices())) out.addPage(p);
    for (const v of list.voters) {
      if (!v.box) continue;
      voters.push({ ...v, serial: (v.serial ?? 0) + k * 1000, page: v.page + k * n, box: { ...v.box, page: v.box.page + k * n } });
    }
  }
  fs.writeFileSync(rollFile, await out.save());
  fs.writeFileSync(votersFile, JSON.stringify(voters));
  return { votersFile, rollFile };
}

/**
 * `--warm`: our scenarios render their slips once unmeasured (the code compiled, the fonts loaded, the QR flips
 * learnt: what a worker pays on its first task only), then three times, and the median render is reported; the
 * cost of the polling-day elements then is what each further task of a running worker pays.
 */
const WARM = process.argv.includes('--warm');

function measureOnce<T>(fn: () => Promise<T>): Promise<{ result: T; wallS: number; cpuS: number }> {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  return fn().then((result) => {
    const c = process.cpuUsage(c0);
    return { result, wallS: (performance.now() - t0) / 1000, cpuS: (c.user + c.system) / 1e6 };
  });
}

/** One render measured in a fresh process, or with `--warm` the median (by CPU time) of three after an unmeasured one. */
async function measure<T>(fn: () => Promise<T>): Promise<{ result: T; wallS: number; cpuS: number }> {
  if (!WARM) return measureOnce(fn);
  await fn();
  const runs: { result: T; wallS: number; cpuS: number }[] = [];
  for (let i = 0; i < 3; i++) runs.push(await measureOnce(fn));
  return runs.sort((a, b) => a.cpuS - b.cpuS)[1];
}

async function childRoll(elements: Elements = 'none'): Promise<Figures> {
  const input = (await renderInputs('roll'))(elements);
  const out = path.join(WORK, `roll-x10-slips-${elements}.pdf`);
  const { result, wallS, cpuS } = await measure(() => renderSlips(input, out));
  return { scenario: `roll-x10 (ours${labelOf(elements)})`, slips: result.slips, pages: result.pages, wallS, cpuS, maxRssMB: process.resourceUsage().maxRSS / 1024, bytes: result.bytes };
}

/** The ward list's voters (parsed once, cached) and a copy of the roll decrypted by qpdf; null when either is unavailable. */
async function prepareWardList(): Promise<{ votersFile: string; decrypted: string } | null> {
  if (!fs.existsSync(WARD_LIST)) return null;
  fs.mkdirSync(WORK, { recursive: true });
  const votersFile = path.join(WORK, 'ward-list-voters.json');
  const decrypted = path.join(WORK, 'ward-list-decrypted.pdf');
  if (!fs.existsSync(decrypted)) {
    try {
      execFileSync('qpdf', ['--decrypt', WARD_LIST, decrypted]);
    } catch {
      return null;
    }
  }
  if (!fs.existsSync(votersFile)) {
    const { parseVoterListFile } = await import('@/lib/slips/parse');
    fs.writeFileSync(votersFile, JSON.stringify((await parseVoterListFile(WARD_LIST)).voters));
  }
  return { votersFile, decrypted };
}

async function childWardList(which: 'encrypted' | 'decrypted'): Promise<Figures> {
  const prepared = await prepareWardList();
  const scenario = `ward-list ${which === 'encrypted' ? '(encrypted source)' : '(qpdf-decrypted copy)'}`;
  if (!prepared) return { scenario, slips: 0, pages: 0, wallS: Number.NaN, cpuS: Number.NaN, maxRssMB: Number.NaN, bytes: 0, note: 'skipped: no ward list fixture or no qpdf' };
  const voters = JSON.parse(fs.readFileSync(prepared.votersFile, 'utf8')) as VoterRecord[];
  const sourcePdf = new Uint8Array(fs.readFileSync(which === 'encrypted' ? WARD_LIST : prepared.decrypted));
  const b = await banner();
  const out = path.join(WORK, `ward-list-${which}-slips.pdf`);
  const { result, wallS, cpuS } = await measure(() =>
    renderSlips({ voters, sourcePdf, banner: b, address: ADDRESS, layout: LAYOUT, printPhotos: false, mode: { kind: 'final' } }, out),
  );
  return { scenario, slips: result.slips, pages: result.pages, wallS, cpuS, maxRssMB: process.resourceUsage().maxRSS / 1024, bytes: result.bytes };
}

/** Which polling-day elements a run draws: none (the plain slips), the facts line alone, or the facts line and the QR code. */
type Elements = 'none' | 'facts' | 'facts+qr';
const slipOf = (elements: Elements) => (elements === 'none' ? undefined : { ...POLLING_DAY, qr: elements === 'facts+qr' });
const labelOf = (elements: Elements) => (elements === 'none' ? '' : elements === 'facts' ? ', facts' : ', facts + QR');

async function childExcel(elements: Elements = 'none'): Promise<Figures> {
  const input = (await renderInputs('excel'))(elements);
  const out = path.join(WORK, `excel-slips-${elements}.pdf`);
  const { result, wallS, cpuS } = await measure(() => renderSlips(input, out));
  return { scenario: `excel-${EXCEL_ROWS / 1000}k (ours${labelOf(elements)})`, slips: result.slips, pages: result.pages, wallS, cpuS, maxRssMB: process.resourceUsage().maxRSS / 1024, bytes: result.bytes };
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

function htmlDocument(slipsHtml: string[], bannerDataUrl: string): string {
  const grid = computeGrid(LAYOUT);
  const fontUrl = `file://${path.join(ROOT, 'node_modules/@expo-google-fonts/noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf')}`;
  const pages: string[] = [];
  for (let i = 0; i < slipsHtml.length; i += LAYOUT.slipsPerPage) pages.push(`<section class="page">${slipsHtml.slice(i, i + LAYOUT.slipsPerPage).join('')}</section>`);
  return `<!doctype html><html><head><meta charset="utf-8"><style>
    @font-face { font-family: 'Noto Sans Devanagari'; src: url('${fontUrl}'); }
    @page { size: A4 portrait; margin: ${grid.margin}pt; }
    body { margin: 0; font-family: 'Noto Sans Devanagari', sans-serif; }
    .page { display: grid; grid-template-columns: repeat(${grid.cols}, 1fr); grid-template-rows: repeat(${grid.rows}, ${grid.cellHeight}pt); page-break-after: always; }
    .slip { border: 0.35pt dashed #999; padding: 6pt; display: flex; flex-direction: column; overflow: hidden; }
    .banner { height: 40pt; background: url('${bannerDataUrl}') center/contain no-repeat; }
    .content { flex: 1; font-size: 9pt; line-height: 1.3; overflow: hidden; }
    .box { flex: 1; background-repeat: no-repeat; }
    .address { border-top: 0.4pt solid #888; font-size: 8pt; text-align: center; padding-top: 2pt; }
    b { font-weight: 700; }
  </style></head><body>${pages.join('')}</body></html>`;
}

/** CPU seconds and RSS (MB) of this process's descendants (the browser tree), from /proc (Linux). */
function childTree(): { cpuS: number; rssMB: number } {
  const procs: { pid: number; ppid: number; cpu: number; rss: number }[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // fields[0] is state (stat field 3): ppid = 4, utime = 14, stime = 15, rss = 24 (pages).
      procs.push({ pid: Number(entry), ppid: Number(fields[1]), cpu: Number(fields[11]) + Number(fields[12]), rss: Number(fields[21]) });
    } catch {
      // the process ended meanwhile
    }
  }
  const mine = new Set([process.pid]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const p of procs) if (!mine.has(p.pid) && mine.has(p.ppid)) (mine.add(p.pid), (grew = true));
  }
  let cpu = 0;
  let rss = 0;
  for (const p of procs) if (p.pid !== process.pid && mine.has(p.pid)) (cpu += p.cpu, rss += p.rss);
  return { cpuS: cpu / 100, rssMB: (rss * 4096) / (1024 * 1024) };
}

async function chromiumPrint(name: string, html: string, slips: number, pages: number): Promise<Figures> {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  try {
    const page = await browser.newPage();
    const htmlFile = path.join(WORK, `${name}.html`);
    fs.writeFileSync(htmlFile, html);
    const before = childTree();
    let peakRss = before.rssMB;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, childTree().rssMB)), 200);
    const { result, wallS, cpuS } = await measureOnce(async () => {
      await page.goto(`file://${htmlFile}`, { waitUntil: 'load' });
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      return page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
    });
    clearInterval(sampler);
    const after = childTree();
    fs.writeFileSync(path.join(WORK, `${name}.pdf`), result);
    return {
      scenario: `${name} (Chromium, sample)`,
      slips,
      pages,
      wallS,
      // Node's own CPU (the driver) plus the browser processes' CPU.
      cpuS: cpuS + (after.cpuS - before.cpuS),
      maxRssMB: peakRss,
      bytes: result.length,
      note: 'launch excluded; CPU and peak RSS summed over the browser processes',
    };
  } finally {
    await browser.close();
  }
}

async function childChromiumRoll(): Promise<Figures> {
  const { votersFile, rollFile } = await prepareRoll();
  const voters = (JSON.parse(fs.readFileSync(votersFile, 'utf8')) as VoterRecord[]).slice(0, CHROMIUM_ROLL_SAMPLE);
  const dpi = 150;
  const lastPage = Math.max(...voters.map((v) => v.box?.page ?? 1));
  // Page images for the crops (how an HTML route shows vector boxes); not measured.
  execFileSync('pdftoppm', ['-r', String(dpi), '-png', '-f', '1', '-l', String(lastPage), rollFile, path.join(WORK, 'rollpage')]);
  const files = fs.readdirSync(WORK).filter((f) => f.startsWith('rollpage-'));
  const src = await PDFDocument.load(fs.readFileSync(rollFile));
  const width = String(src.getPageCount()).length; // pdftoppm pads page numbers to the document's page count
  const b = `data:image/png;base64,${Buffer.from(await banner()).toString('base64')}`;
  // Each box cropped to its own small PNG beforehand (not measured), as an HTML route would do.
  const slips: string[] = [];
  for (const [i, v] of voters.entries()) {
    const box = v.box!;
    const height = src.getPage(box.page - 1).getSize().height;
    const k = dpi / 72;
    const file = files.find((f) => f === `rollpage-${String(box.page).padStart(width, '0')}.png`) ?? '';
    if (!file) throw new Error(`no page image for page ${box.page}`);
    const crop = path.join(WORK, `box-${i}.png`);
    await sharp(path.join(WORK, file))
      .extract({ left: Math.round(box.rect.x * k), top: Math.round((height - box.rect.y - box.rect.height) * k), width: Math.round(box.rect.width * k), height: Math.round(box.rect.height * k) })
      .png()
      .toFile(crop);
    slips.push(`<div class="slip"><div class="banner"></div><img class="box" src="file://${crop}" style="object-fit:contain;min-height:0;width:100%"><div class="address">${esc(ADDRESS)}</div></div>`);
  }
  return chromiumPrint('roll-sample', htmlDocument(slips, b), voters.length, Math.ceil(voters.length / LAYOUT.slipsPerPage));
}

async function childChromiumExcel(): Promise<Figures> {
  const voters = excelVoters(CHROMIUM_EXCEL_SAMPLE);
  const b = `data:image/png;base64,${Buffer.from(await banner()).toString('base64')}`;
  const slips = voters.map(
    (v) => `<div class="slip"><div class="banner"></div><div class="content">
      <b>क्रमांक / Sr. No.: ${v.serial}</b> &nbsp; <b>EPIC: ${v.epic}</b><br><b>नाम / Name: ${esc(v.name ?? '')}</b><br>
      ${v.relation === 'husband' ? 'पति / Husband' : 'पिता / Father'}: ${esc(v.relativeName ?? '')}<br>मकान नं. / House No.: ${esc(v.houseNumber ?? '')}<br>
      आयु / Age: ${v.age} &nbsp; लिंग / Gender: ${esc(v.gender ?? '')}<br>भाग / Part: ${esc(v.part ?? '')} &nbsp; अनुभाग / Section: ${esc(v.section ?? '')}
    </div><div class="address">${esc(ADDRESS)}</div></div>`,
  );
  return chromiumPrint('excel-sample', htmlDocument(slips, b), voters.length, Math.ceil(voters.length / LAYOUT.slipsPerPage));
}

/** One list's render input, roll or Excel, with the polling-day elements or without. */
async function renderInputs(base: 'roll' | 'excel'): Promise<(elements: Elements) => Parameters<typeof renderSlips>[0]> {
  const b = await banner();
  if (base === 'excel') {
    const voters = excelVoters(EXCEL_ROWS);
    return (elements) => ({ voters, banner: b, address: ADDRESS, layout: LAYOUT, printPhotos: false, mode: { kind: 'final' }, slip: slipOf(elements) });
  }
  const { votersFile, rollFile } = await prepareRoll();
  const voters = JSON.parse(fs.readFileSync(votersFile, 'utf8')) as VoterRecord[];
  const sourcePdf = new Uint8Array(fs.readFileSync(rollFile));
  return (elements) => ({ voters, sourcePdf, banner: b, address: ADDRESS, layout: LAYOUT, printPhotos: false, mode: { kind: 'final' }, slip: slipOf(elements) });
}

interface PairedFigures {
  scenario: string;
  /** CPU time with the facts line and QR code over CPU time without, one per pair */
  ratios: number[];
  plainCpuS: number[];
  pollingDayCpuS: number[];
}

/** Pairs of renders measured (`--paired`; PAIRED_ROUNDS, default 12). */
const PAIRS = Math.max(2, Number(process.env.PAIRED_ROUNDS ?? 12));
/** Renders of the ×10 roll a side of a pair measures, one after the other (`--paired`). */
const ROLL_RENDERS_A_SIDE = 5;

/**
 * `--paired`: the plain and the polling-day render of one list in one process, one right after the other, PAIRS
 * times (which goes first alternating), after one unmeasured render of each. A pair's two renders share the
 * process's compiled code and, seconds apart, most of what else the machine was doing, so the ratio of their CPU
 * times varies less than that of renders in separate processes.
 */
async function childPaired(base: 'roll' | 'excel'): Promise<PairedFigures> {
  const inputs = await renderInputs(base);
  const out = path.join(WORK, `paired-${base}.pdf`);
  // a side of a pair: the ×10 roll rendered ROLL_RENDERS_A_SIDE times in a row (one render, 0.3 s, is as short as
  // one collection of the heap is long, and it lands in either render: one ratio of single renders ranged 0.9-1.7)
  const times = base === 'roll' ? ROLL_RENDERS_A_SIDE : 1;
  const render = (elements: Elements) =>
    measureOnce(async () => {
      for (let i = 0; i < times; i++) await renderSlips(inputs(elements), out);
    });
  await render('none');
  await render('facts+qr');
  const figures: PairedFigures = { scenario: base === 'roll' ? 'roll-x10' : `excel-${EXCEL_ROWS / 1000}k`, ratios: [], plainCpuS: [], pollingDayCpuS: [] };
  for (let pair = 0; pair < PAIRS; pair++) {
    const [first, second] = pair % 2 === 0 ? (['none', 'facts+qr'] as const) : (['facts+qr', 'none'] as const);
    const a = await render(first);
    const b = await render(second);
    const plain = first === 'none' ? a : b;
    const pollingDay = first === 'none' ? b : a;
    figures.plainCpuS.push(plain.cpuS);
    figures.pollingDayCpuS.push(pollingDay.cpuS);
    figures.ratios.push(pollingDay.cpuS / plain.cpuS);
  }
  return figures;
}

const CHILDREN: Record<string, () => Promise<Figures>> = {
  'roll-x10': () => childRoll(),
  'roll-x10-facts': () => childRoll('facts'),
  'roll-x10-polling-day': () => childRoll('facts+qr'),
  'excel-100k': () => childExcel(),
  'excel-100k-facts': () => childExcel('facts'),
  'excel-100k-polling-day': () => childExcel('facts+qr'),
  'ward-list': () => childWardList('encrypted'),
  'ward-list-decrypted': () => childWardList('decrypted'),
  'chromium-roll': childChromiumRoll,
  'chromium-excel': childChromiumExcel,
};

function runChild(name: string): Figures {
  const run = spawnSync(process.execPath, ['--import', 'tsx', SELF, '--child', name, ...(WARM ? ['--warm'] : [])], { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 24 });
  if (run.status !== 0) throw new Error(`bench child ${name} failed:\n${run.stderr}`);
  const line = run.stdout.trim().split('\n').pop() ?? '';
  return JSON.parse(line) as Figures;
}

/** Rounds of plain and polling-day renders in turn for the elements' cost (RENDER_ROUNDS; the table's runs are the first). */
const ROUNDS = Math.max(1, Number(process.env.RENDER_ROUNDS ?? 5));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const r0 = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : '–');
const r2 = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : '–');

async function main(): Promise<void> {
  const childIdx = process.argv.indexOf('--child');
  if (childIdx >= 0) {
    const name = process.argv[childIdx + 1];
    const figures = name === 'paired-roll' || name === 'paired-excel' ? await childPaired(name === 'paired-roll' ? 'roll' : 'excel') : await CHILDREN[name]();
    process.stdout.write(`${JSON.stringify(figures)}\n`);
    return;
  }
  if (process.argv.includes('--paired')) {
    if (!fs.existsSync(ROLL)) {
      console.log(`skipped: the shared roll ${ROLL} is absent`);
      return;
    }
    console.log(`paired: plain and polling-day renders in turn in one process, ${PAIRS} pairs after one unmeasured render of each`);
    for (const base of ['roll', 'excel'] as const) {
      const f = runChild(`paired-${base}`) as unknown as PairedFigures;
      // the second render of a pair tends to cost less than the first, so the pairs of each order are taken apart and
      // their medians' geometric mean is the estimate
      const plainFirst = f.ratios.filter((_, i) => i % 2 === 0);
      const pollingDayFirst = f.ratios.filter((_, i) => i % 2 === 1);
      const ratio = Math.sqrt(median(plainFirst) * median(pollingDayFirst));
      console.log(
        `${f.scenario}: facts line + QR code, CPU time with them / without ${r2(ratio)}× (${Math.round(100 * (1 - 1 / ratio))}% of the render with them); ` +
          `median ${r2(median(plainFirst))}× with the plain render first, ${r2(median(pollingDayFirst))}× with it second; ` +
          `plain ${r2(median(f.plainCpuS))} s, with them ${r2(median(f.pollingDayCpuS))} s CPU (medians${f.scenario === 'roll-x10' ? `, ${ROLL_RENDERS_A_SIDE} renders a side` : ''})`,
      );
      console.log(`  pairs in order: ${f.ratios.map(r2).join(' ')}`);
    }
    return;
  }
  if (!fs.existsSync(ROLL)) {
    console.log(`skipped: the shared roll ${ROLL} is absent`);
    return;
  }
  console.log(WARM ? 'warm: our renders measured after one unmeasured render in the same process (median of 3)' : 'each render measured in a fresh process (add --warm for a running worker\'s further tasks)');
  console.log(`machine: ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} (figures are noisy when the machine is shared; CPU-time rates are steadier)`);
  await prepareRoll();
  await prepareWardList();
  const rows: Figures[] = [];
  const byName = new Map<string, Figures>();
  for (const name of Object.keys(CHILDREN)) {
    const f = runChild(name);
    rows.push(f);
    byName.set(name, f);
    console.log(
      `${f.scenario.padEnd(32)} ${r0(f.slips).padStart(8)} slips ${r0(f.pages).padStart(6)} pages  ${r2(f.wallS).padStart(7)} s  ` +
        `${r0(f.slips / f.wallS).padStart(7)} slips/s wall  ${r0(f.slips / f.cpuS).padStart(7)} slips/s CPU  ` +
        `peak RSS ${r0(f.maxRssMB).padStart(5)} MB  ${r2(f.bytes / 1e6)} MB${f.note ? `  (${f.note})` : ''}`,
    );
  }
  const rate = (name: string, by: 'wallS' | 'cpuS') => {
    const f = rows.find((r) => r.scenario.startsWith(name) && !r.scenario.includes(', facts'));
    return f ? f.slips / f[by] : Number.NaN;
  };
  // the polling-day elements' cost: plain and with them, run in turn ROUNDS times (the table's runs the first), each
  // round's CPU-time ratios, their median and range (one pair on a shared machine can be off by a fifth either way)
  const excel = `excel-${EXCEL_ROWS / 1000}k`;
  for (const base of ['roll-x10', excel]) {
    const cpuOf = (name: string, round: number) => (round === 0 ? byName.get(name)! : runChild(name)).cpuS;
    const ratios: { facts: number[]; qr: number[] } = { facts: [], qr: [] };
    for (let round = 0; round < ROUNDS; round++) {
      const plain = cpuOf(base, round);
      ratios.facts.push(cpuOf(`${base}-facts`, round) / plain);
      ratios.qr.push(cpuOf(`${base}-polling-day`, round) / plain);
    }
    const spread = (values: number[]) => `${r2(median(values))}× (${r2(Math.min(...values))}–${r2(Math.max(...values))})`;
    console.log(
      `cost of the polling-day elements on ${base}, CPU time with them / without, median of ${ROUNDS} rounds (range): ` +
        `facts line ${spread(ratios.facts)}, facts line + QR code ${spread(ratios.qr)}`,
    );
  }
  for (const by of ['wallS', 'cpuS'] as const) {
    console.log(
      `speed-up vs Chromium by ${by === 'wallS' ? 'wall-clock' : 'CPU-time'} per-slip rate (Chromium extrapolated from its sample): ` +
        `rolls ${r2(rate('roll-x10', by) / rate('roll-sample', by))}×, Excel ${r2(rate('excel', by) / rate('excel-sample', by))}×`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
