/**
 * Recognisers benchmark: `npm run bench -- recognisers [--rolls=a,b] [--dump=file.json] [--disagreements=dir]`.
 * For every image-only roll in ../shared/fixtures/rolls, the serial and ID bands the parser cuts
 * (taken as it reads them: page-cells.ts `watchBands`) are read again, page by page, by each reader
 * side by side in this one run:
 * - tesseract: tesseract.js alone, as the parser read IDs before the second recogniser;
 * - line model: PaddleOCR's PP-OCRv4 recognition model through ONNX Runtime alone (engines/line-rec.ts);
 * - combined: what the parser does now (page-cells.ts readBands: tesseract, then the line model on
 *   every ID band tesseract was not sure of (second-reading.ts FIRST_SURE), the two decided by the roll's
 *   ID shapes, decideRollIds).
 * Per roll and reader: crops, IDs exact (only where the truth is known: a scan whose text roll is in the
 * folder too, `<name>-scanNNN.pdf` beside `<name>.pdf`, the text roll's ID for the serial), IDs in an ID's
 * shape and held by one box only (the every-roll test's measure for image-only rolls), serials equal to
 * the parse's (continuity-checked) serial, and ms per crop, wall and CPU (all threads of this process).
 * IDs are counted after the roll's prefix repair (epic.ts repairEpicPrefixes), as the parse does.
 * The readers take turns on the same crops; the load average is printed with the figures.
 */
import os from 'node:os';
import path from 'node:path';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import sharp from 'sharp';
import { closeOcr } from '@/lib/slips/ingest/engines/ocr';
import { repairEpicPrefixes } from '@/lib/slips/ingest/epic';
import { readBands, readBandsByTesseract, watchBands, type BandSeen } from '@/lib/slips/ingest/raster/page-cells';
import { decideRollIds, FIRST_SURE, lineReadings } from '@/lib/slips/ingest/raster/second-reading';
import type { BandReading } from '@/lib/slips/ingest/raster/strips';
import { parseVoterList } from '@/lib/slips/parse';
import { rollFiles, rollTruth, ROLLS_DIR, twinIds } from '@/tests/ingest/roll-truth';

const rollsArg = process.argv.find((a) => a.startsWith('--rolls='));
const only = rollsArg ? rollsArg.slice('--rolls='.length).split(',').filter(Boolean) : null;
const dumpArg = process.argv.find((a) => a.startsWith('--dump='));
/** `--disagreements=dir`: the ID bands tesseract and the line model read differently, as PNG files named by roll, serial and reads (to judge by eye). */
const disagreementsArg = process.argv.find((a) => a.startsWith('--disagreements='));

const ID_SHAPE = /^([A-Z]{3}[0-9]{7}|[A-Z]{2}\/[0-9]{2}\/[0-9]{2,3}\/[0-9]{5,7})$/;

function load(): string {
  return os.loadavg().map((n) => n.toFixed(1)).join(' ');
}

interface Crop extends BandSeen {
  page: number;
  /** the parse's serial for this box (continuity-checked) */
  serial: number | null;
  /** the ID the text roll prints for that serial, when the roll has a text twin */
  truth: string | null;
}

type Reader = { name: string; read: (seen: BandSeen[]) => Promise<BandReading[]> };

const READERS: Reader[] = [
  { name: 'tesseract', read: (seen) => readBandsByTesseract(seen.map((s) => s.band)) },
  {
    name: 'line model',
    read: async (seen) =>
      (await lineReadings(seen.map((s) => s.band))).map((r) => {
        const reading = r?.reading ?? { serial: null, epic: null, epicFragment: null, text: '', idText: '' };
        return { ...reading, text: r ? `${r.epic.text} ${r.epic.confidence.toFixed(3)}` : '' };
      }),
  },
  { name: 'combined', read: (seen) => readBands(seen.map((s) => s.band)) },
];

async function cropsOf(file: string): Promise<Crop[]> {
  const seen: { page: number; s: BandSeen }[] = [];
  watchBands((page, list) => list.forEach((s) => seen.push({ page, s })));
  let list;
  try {
    list = await parseVoterList({ bytes: new Uint8Array(readFileSync(path.join(ROLLS_DIR, file))), filename: file });
  } finally {
    watchBands(null);
  }
  // each voter's box, matched to the band seen on its page whose box centre is nearest (within a few points)
  const truth = await twinIds(file);
  const crops: Crop[] = [];
  const taken = new Set<number>();
  for (const v of list.voters) {
    if (!v.box) continue;
    const { page, rect } = v.box;
    let best = -1;
    let bestDistance = 6;
    seen.forEach((s, i) => {
      if (s.page !== page || taken.has(i)) return;
      const d = Math.hypot(s.s.rect.x + s.s.rect.width / 2 - rect.x - rect.width / 2, s.s.rect.y + s.s.rect.height / 2 - rect.y - rect.height / 2);
      if (d < bestDistance) {
        bestDistance = d;
        best = i;
      }
    });
    if (best < 0) continue;
    taken.add(best);
    crops.push({ ...seen[best].s, page, serial: v.serial, truth: truth && v.serial !== null ? (truth.get(v.serial) ?? null) : null });
  }
  const missing = list.voters.length - crops.length;
  if (missing > 0) console.log(`  ${file}: ${missing} of ${list.voters.length} voters' bands were not seen (read where no band is watched)`);
  return crops;
}

interface Row {
  reader: string;
  crops: number;
  idsExact: number | null;
  idsShaped: number;
  serialsExact: number;
  wallMs: number;
  cpuMs: number;
  epics: (string | null)[];
  /** the reader's own IDs before the roll's decision and repair, with tesseract's confidence where it gave one */
  firstReads: { epic: string | null; confidence: number | undefined }[];
  serials: (number | null)[];
  texts: string[];
}

async function runReader(reader: Reader, crops: Crop[], hasTruth: boolean): Promise<Row> {
  const pages = [...new Set(crops.map((c) => c.page))];
  const readings: BandReading[] = new Array(crops.length);
  const cpu = process.cpuUsage();
  const t = performance.now();
  for (const page of pages) {
    const idx = crops.flatMap((c, i) => (c.page === page ? [i] : []));
    const out = await reader.read(idx.map((i) => crops[i]));
    idx.forEach((i, k) => (readings[i] = out[k]));
  }
  const used = process.cpuUsage(cpu);
  const wallMs = performance.now() - t;
  // the roll's decision between two reads and its prefix repair, as the parse makes them (check-numbers.ts)
  const decided = decideRollIds(readings);
  const items = readings.map((r, i) => ({ epic: decided[i], fromOcr: true, fragment: decided[i] ? null : r.epicFragment }));
  repairEpicPrefixes(items);
  const epics = items.map((it) => it.epic);
  const times = new Map<string, number>();
  for (const e of epics) if (e) times.set(e, (times.get(e) ?? 0) + 1);
  return {
    reader: reader.name,
    crops: crops.length,
    idsExact: hasTruth ? epics.filter((e, i) => e !== null && e === crops[i].truth).length : null,
    idsShaped: epics.filter((e) => e !== null && ID_SHAPE.test(e) && times.get(e) === 1).length,
    serialsExact: readings.filter((r, i) => r.serial !== null && r.serial === crops[i].serial).length,
    wallMs,
    cpuMs: (used.user + used.system) / 1000,
    epics,
    firstReads: readings.map((r) => ({ epic: r.epic, confidence: r.idConfidence })),
    serials: readings.map((r) => r.serial),
    texts: readings.map((r) => r.text),
  };
}

/** Tesseract's first-read IDs in bands of its confidence, each band's IDs exact against the text roll's. */
function byConfidence(reads: Row['firstReads'], crops: Crop[]): string {
  const edges = [90, FIRST_SURE, 75, 70, 50, 0];
  const bands = edges.map((from, k) => ({ label: k === 0 ? `${from}+` : `${from}–${edges[k - 1]}`, from, exact: 0, all: 0 }));
  reads.forEach((r, i) => {
    if (r.epic === null || r.confidence === undefined || crops[i].truth === null) return;
    const band = bands.find((b) => r.confidence! >= b.from) ?? bands[bands.length - 1];
    band.all++;
    if (r.epic === crops[i].truth) band.exact++;
  });
  return bands.map((b) => `${b.label}: ${b.exact}/${b.all}`).join(', ');
}

const pct = (n: number, of: number) => `${n}/${of} ${((100 * n) / Math.max(1, of)).toFixed(1)}%`;

async function main(): Promise<void> {
  console.log(`recognisers bench — ${os.cpus().length} cores, node ${process.version}, load average ${load()}`);
  const files = rollFiles().filter((f) => (!only || only.some((o) => f.includes(o))) && rollTruth(f).ids === null);
  if (files.length === 0) console.log(`no image-only fixture rolls at ${ROLLS_DIR}: nothing to compare`);
  const dump: Record<string, unknown> = {};
  for (const file of files) {
    const crops = await cropsOf(file);
    const withTruth = crops.filter((c) => c.truth !== null).length;
    const hasTruth = withTruth > 0;
    const rows: Row[] = [];
    for (const reader of READERS) rows.push(await runReader(reader, crops, hasTruth));
    console.log(`\n${file}: ${crops.length} crops${hasTruth ? `, ${withTruth} with the text roll's ID` : ', no text twin: IDs judged by shape and agreement'} (load ${load()})`);
    console.log('  reader       | IDs exact            | IDs shaped, unique   | serials exact        | ms/crop wall | ms/crop cpu');
    for (const r of rows) {
      console.log(
        `  ${r.reader.padEnd(12)} | ${(r.idsExact === null ? '—' : pct(r.idsExact, withTruth)).padEnd(20)} | ${pct(r.idsShaped, r.crops).padEnd(20)} | ${pct(r.serialsExact, r.crops).padEnd(20)} | ${(r.wallMs / Math.max(1, r.crops)).toFixed(1).padStart(12)} | ${(r.cpuMs / Math.max(1, r.crops)).toFixed(1).padStart(11)}`,
      );
    }
    const [t, l] = rows;
    const agree = t.epics.filter((e, i) => e !== null && e === l.epics[i]).length;
    console.log(`  tesseract and the line model read the same ID in ${pct(agree, crops.length)} of the crops`);
    if (hasTruth) console.log(`  tesseract's IDs as first read, exact by its confidence (the line model reads those below ${FIRST_SURE}): ${byConfidence(t.firstReads, crops)}`);
    if (disagreementsArg) {
      const dir = disagreementsArg.slice('--disagreements='.length);
      mkdirSync(dir, { recursive: true });
      for (const [i, c] of crops.entries()) {
        if (t.epics[i] === l.epics[i] || !c.band.epic) continue;
        const name = `${path.basename(file, '.pdf')}-${c.serial ?? 'x'}-T_${t.epics[i] ?? 'none'}-L_${l.epics[i] ?? 'none'}`.replace(/\//g, '_');
        await sharp(Buffer.from(c.band.epic.data), { raw: { width: c.band.epic.width, height: c.band.epic.height, channels: 1 } }).png().toFile(path.join(dir, `${name}.png`));
      }
    }
    if (dumpArg) {
      dump[file] = crops.map((c, i) => ({ page: c.page, serial: c.serial, truth: c.truth, reads: Object.fromEntries(rows.map((r) => [r.reader, { epic: r.epics[i], serial: r.serials[i], text: r.texts[i] }])) }));
    }
  }
  if (dumpArg) writeFileSync(dumpArg.slice('--dump='.length), JSON.stringify(dump, null, 1));
  await closeOcr();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
