/**
 * Voter search on a large task: `npm run bench -- search [--voters=300000]`.
 *
 * A 300,000-voter list (Hindi names made up of syllables and common surnames, house numbers, EPICs, roll boxes: a voters
 * file as the parse writes it) is written to disk, then read and indexed as the server does on a task's
 * first search (the stored JSON parsed, the index built through the cache); the build's wall and CPU time
 * and the heap it holds are printed. Then 200 queries of each kind — a name in Devanagari, a name without
 * its vowel signs, a name typed in Latin letters (through the offline transliterator), an EPIC, part of an
 * EPIC, a serial, a house number — with the p50 and p95 of each, wall and CPU.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import type { VoterRecord } from '@/lib/slips/types';
import { romanise } from '@/lib/transliterate/devanagari';
import { transliterateWord } from '@/lib/transliterate/engine';
import { VoterIndexCache } from '@/lib/voters/search-cache';

const arg = (name: string, fallback: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const VOTERS = arg('voters', 300_000);
const QUERIES = 200;

// names made of syllables (a few thousand first names, as a real list has), common surnames
const CONSONANTS = Array.from('कगचजटडतदनपबमयरलवशसह');
const SIGNS = ['', '', 'ा', 'ि', 'ी', 'ु', 'े', 'ो'];
const ENDINGS = ['', 'ेश', 'ा', 'ी', 'न', 'द', 'ता', 'मा'];
const LAST = ['शर्मा', 'वर्मा', 'यादव', 'सिंह', 'गुप्ता', 'पटेल', 'मिश्रा', 'तिवारी', 'चौहान', 'जोशी', 'पांडे', 'राठौर', 'नायक', 'मीणा', 'जाट', 'खान', 'कुशवाहा', 'मौर्य', 'सोनी', 'साहू'];
const MIDDLE = ['', '', '', 'कुमार', 'देवी', 'लाल', 'प्रसाद', 'चंद'];

// mulberry32: a small seeded generator (the same list every run)
let seed = 12345;
const rand = (n: number) => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
};
const pick = <T>(xs: T[]) => xs[rand(xs.length)];

const firstName = () => `${pick(CONSONANTS)}${pick(SIGNS)}${pick(CONSONANTS)}${pick(SIGNS)}${pick(ENDINGS)}`;
/** How a desk would type a name: the plain romanisation, Hindi's schwa dropped. */
const typedName = (name: string) => name.split(' ').map((w) => romanise(w)).join(' ');

function voters(n: number): { list: VoterRecord[]; typed: string[] } {
  const list: VoterRecord[] = [];
  const typed: string[] = [];
  for (let i = 0; i < n; i++) {
    const name = [firstName(), pick(MIDDLE), pick(LAST)].filter(Boolean).join(' ');
    typed.push(typedName(name));
    const part = Math.floor(i / 1200) + 1;
    const serial = (i % 1200) + 1;
    const slot = serial % 30;
    list.push({
      serial,
      epic: `${String.fromCharCode(65 + rand(26), 65 + rand(26), 65 + rand(26))}${String(1_000_000 + rand(8_999_999))}`,
      page: Math.floor(serial / 30) + 3,
      name,
      relation: 'father',
      relativeName: `${firstName()} ${pick(LAST)}`,
      houseNumber: `${Math.floor(serial / 4) + 1}${rand(5) === 0 ? '-A' : ''}`,
      age: 18 + rand(70),
      gender: rand(2) ? 'पुरुष' : 'महिला',
      part: String(part),
      section: `${part}-वार्ड ${part}`,
      box: { page: Math.floor(serial / 30) + 3, rect: { x: 14 + (slot % 3) * 190, y: 700 - Math.floor(slot / 3) * 75, width: 185.5, height: 74.8 }, photo: null },
    });
  }
  return { list, typed };
}

function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
}

// a full collection before each heap reading, for an honest figure of what the index holds
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

const dropMatras = (text: string) => text.replace(/[\u093E-\u094C]/g, '');

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vsg-bench-search-'));
  const file = path.join(dir, 'voters.json');
  const { list, typed } = voters(VOTERS);
  fs.writeFileSync(file, JSON.stringify(list));
  const size = fs.statSync(file).size;
  console.log(`${os.availableParallelism()} CPUs, load average ${os.loadavg()[0].toFixed(1)}; ${VOTERS.toLocaleString('en')} voters, voters file ${(size / 1e6).toFixed(1)} MB`);
  const sample = list.map((v, i) => ({ v, typed: typed[i] }));
  list.length = 0;

  gc();
  const heap0 = process.memoryUsage().heapUsed;
  const cache = new VoterIndexCache(1_000_000);
  const t0 = performance.now();
  const c0 = cpuMs();
  const index = await cache.get('bench', async () => JSON.parse(fs.readFileSync(file, 'utf8')) as VoterRecord[]);
  const build = { wall: performance.now() - t0, cpu: cpuMs() - c0 };
  gc();
  const held = process.memoryUsage().heapUsed - heap0;
  console.log(`index: read + parse + build ${build.wall.toFixed(0)} ms wall, ${build.cpu.toFixed(0)} ms CPU; heap held ${(held / 1e6).toFixed(0)} MB (${((held / VOTERS) | 0).toLocaleString('en')} B a voter)`);

  const transliterate = (word: string) => transliterateWord(word, 3);
  const kinds: Array<[string, (s: (typeof sample)[number]) => string]> = [
    ['name (Devanagari, first + last)', (s) => `${s.v.name!.split(' ')[0]} ${s.v.name!.split(' ').at(-1)}`],
    ['name prefix (Devanagari, 3 letters)', (s) => Array.from(s.v.name!).slice(0, 3).join('')],
    ['name without vowel signs', (s) => dropMatras(s.v.name!.split(' ')[0])],
    ['name typed in Latin letters', (s) => `${s.typed.split(' ')[0]} ${s.typed.split(' ').at(-1)}`],
    ['EPIC', (s) => s.v.epic!],
    ['EPIC in part (5 digits)', (s) => s.v.epic!.slice(4, 9)],
    ['serial', (s) => String(s.v.serial)],
    ['house number', (s) => s.v.houseNumber!],
  ];
  console.log('query kind                              p50 wall  p95 wall   p50 CPU   p95 CPU   matches (median)');
  for (const [kind, make] of kinds) {
    const walls: number[] = [];
    const cpus: number[] = [];
    const matches: number[] = [];
    for (let q = 0; q < QUERIES + 5; q++) {
      const query = make(sample[rand(sample.length)]);
      const c = cpuMs();
      const t = performance.now();
      const result = index.search(query, 20, transliterate);
      const wall = performance.now() - t;
      if (q < 5) continue; // warm-up
      walls.push(wall);
      cpus.push(cpuMs() - c);
      matches.push(result.matches);
    }
    const ms = (x: number) => `${x.toFixed(1).padStart(6)} ms`;
    console.log(`${kind.padEnd(38)} ${ms(pct(walls, 50))} ${ms(pct(walls, 95))} ${ms(pct(cpus, 50))} ${ms(pct(cpus, 95))}   ${pct(matches, 50)}`);
  }
  fs.rmSync(dir, { recursive: true, force: true });
}

await main();
