/**
 * Test inputs made at test time (never committed): image-only rolls rebuilt from the shared roll's
 * pages (rendered by poppler, rotated a little, grey, noisy, JPEG) and rolls drawn with pdf-lib.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, rgb, StandardFonts } from '@cantoo/pdf-lib';
import sharp from 'sharp';
import { parseVoterList } from '@/lib/slips/parse';
import type { VoterList } from '@/lib/slips/types';

export function tempDir(prefix = 'ingest-'): string {
  return mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** A small deterministic random generator (tests must be repeatable). */
export function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

export interface ScanOptions {
  dpi?: number;
  /** Rotation in degrees (positive = clockwise). */
  angle?: number;
  /** Noise amplitude in grey levels (0..255) and the share of pixels hit by dark specks. */
  noise?: number;
  specks?: number;
  jpegQuality?: number;
  seed?: number;
}

/** Degrades a greyscale page image the way a cheap scan does, returning JPEG bytes. */
export async function scanLike(png: Buffer, opts: ScanOptions = {}): Promise<{ jpeg: Buffer; width: number; height: number }> {
  const { angle = 1, noise = 30, specks = 0.002, jpegQuality = 70, seed = 1 } = opts;
  const rotated = await sharp(png).greyscale().rotate(angle, { background: { r: 255, g: 255, b: 255 } }).raw().toBuffer({ resolveWithObject: true });
  const { data, info } = rotated;
  const channels = info.channels;
  const rand = rng(seed);
  const grey = Buffer.alloc(info.width * info.height);
  for (let i = 0; i < grey.length; i++) {
    // paper is not white, ink is not black
    let v = data[i * channels] * 0.8 + 35 + (rand() - 0.5) * 2 * noise;
    if (rand() < specks) v = 40 + rand() * 60;
    grey[i] = Math.max(0, Math.min(255, Math.round(v)));
  }
  const jpeg = await sharp(grey, { raw: { width: info.width, height: info.height, channels: 1 } }).jpeg({ quality: jpegQuality }).toBuffer();
  return { jpeg, width: info.width, height: info.height };
}

/** Renders pages of a PDF to greyscale PNGs with poppler (test tooling only). */
export function renderPages(pdf: string, first: number, last: number, dpi: number, dir: string): Buffer[] {
  const prefix = path.join(dir, 'page');
  execFileSync('pdftoppm', ['-gray', '-png', '-r', String(dpi), '-f', String(first), '-l', String(last), pdf, prefix]);
  return readdirSync(dir)
    .filter((f) => f.startsWith('page') && f.endsWith('.png'))
    .sort()
    .map((f) => readFileSync(path.join(dir, f)));
}

/** An image-only PDF: each image becomes one A4 page, drawn to fill it. */
export async function imagePdf(images: Buffer[], pageSize: [number, number] = [595, 841]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (const img of images) {
    const embedded = img[0] === 0x89 ? await doc.embedPng(img) : await doc.embedJpg(img);
    const page = doc.addPage(pageSize);
    page.drawImage(embedded, { x: 0, y: 0, width: pageSize[0], height: pageSize[1] });
  }
  return doc.save();
}

/** Rebuilds pages of a roll as a scanned, image-only PDF. */
export async function scannedRoll(source: string, first: number, last: number, opts: ScanOptions = {}): Promise<Uint8Array> {
  const dir = tempDir('ingest-scan-');
  const pngs = renderPages(source, first, last, opts.dpi ?? 150, dir);
  const jpegs: Buffer[] = [];
  for (let i = 0; i < pngs.length; i++) {
    const angle = opts.angle ?? (i % 2 === 0 ? 1 : -0.8);
    jpegs.push((await scanLike(pngs[i], { ...opts, angle, seed: (opts.seed ?? 7) + i })).jpeg);
  }
  return imagePdf(jpegs);
}

/**
 * Pages `first`..`last` of a roll twice: as its own text layer reads them (the truth) and rebuilt
 * as a scanned, image-only PDF (scannedRoll), both parsed.
 */
export async function truthAndScan(source: string, first: number, last: number, opts: ScanOptions = {}): Promise<{ truth: VoterList; scan: VoterList }> {
  const cut = path.join(tempDir('ingest-cut-'), 'cut.pdf');
  execFileSync('qpdf', ['--empty', '--pages', source, `${first}-${last}`, '--', cut]);
  const truth = await parseVoterList({ bytes: new Uint8Array(readFileSync(cut)), filename: 'cut.pdf' });
  const scan = await parseVoterList({ bytes: await scannedRoll(source, first, last, opts), filename: 'scan.pdf' });
  return { truth, scan };
}

export interface DrawnVoter {
  serial: number;
  epic: string | null;
  name: string;
  relative: string;
  house: string;
  age: number;
  gender: 'Male' | 'Female';
  deleted?: boolean;
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const SYLLABLES = ['ra', 'mes', 'ka', 'lan', 'deep', 'su', 'nil', 'pri', 'ya', 'an', 'jay', 'vi', 'shal', 'go', 'pal', 'na', 'reen', 'ma', 'hesh'];

/** Invented voters (no real names): serials from `start`, some without EPIC. */
export function inventVoters(count: number, seed = 3, start = 1): DrawnVoter[] {
  const rand = rng(seed);
  const word = () => {
    const n = 2 + Math.floor(rand() * 2);
    const w = Array.from({ length: n }, () => SYLLABLES[Math.floor(rand() * SYLLABLES.length)]).join('');
    return w[0].toUpperCase() + w.slice(1);
  };
  const prefix = Array.from({ length: 3 }, () => LETTERS[Math.floor(rand() * 26)]).join('');
  return Array.from({ length: count }, (_, i) => ({
    serial: start + i,
    epic: rand() < 0.05 ? null : `${rand() < 0.9 ? prefix : 'XZA'}${String(Math.floor(rand() * 1e7)).padStart(7, '0')}`,
    name: `${word()} ${word()}`,
    relative: `${word()} ${word()}`,
    house: String(1 + Math.floor(rand() * 400)),
    age: 18 + Math.floor(rand() * 70),
    gender: rand() < 0.5 ? 'Male' : 'Female',
  }));
}

export interface DrawOptions {
  /** 'rect': boxes as stroked rectangles; 'lines': separate line segments; 'none': no ruling at all. */
  style?: 'rect' | 'lines' | 'none';
  cols?: number;
  rows?: number;
  cover?: boolean;
  summary?: boolean;
  photo?: boolean;
  /** A map page after the cover (a titled frame, no boxes). */
  map?: boolean;
  /**
   * Supplement lists after the main voters: each heading printed above its voters' boxes, and on a
   * page of its own first when `headingPage` is set.
   */
  supplements?: { heading: string; voters: DrawnVoter[]; headingPage?: boolean }[];
}

/** Draws an English-labelled roll with pdf-lib: cover, voter pages (cols x rows boxes), summary. */
export async function drawRoll(voters: DrawnVoter[], opts: DrawOptions = {}): Promise<Uint8Array> {
  const { style = 'rect', cols = 3, rows = 10, cover = true, summary = true, photo = true } = opts;
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const W = 595;
  const H = 842;
  if (cover) {
    const p = doc.addPage([W, H]);
    p.drawText('ELECTORAL ROLL 2024', { x: 180, y: 760, size: 18, font: bold });
    p.drawText('Assembly Constituency : 42 - Example Nagar', { x: 60, y: 700, size: 11, font });
    p.drawText('Part No. : 17', { x: 60, y: 680, size: 11, font });
    p.drawText('Polling Station : Government School, Room 2', { x: 60, y: 660, size: 11, font });
    p.drawRectangle({ x: 60, y: 300, width: 475, height: 300, borderWidth: 1, borderColor: rgb(0, 0, 0) });
  }
  if (opts.map) {
    const p = doc.addPage([W, H]);
    p.drawText('Key Map of the Part', { x: 200, y: 760, size: 14, font: bold });
    p.drawRectangle({ x: 60, y: 120, width: 475, height: 600, borderWidth: 1, borderColor: rgb(0, 0, 0) });
  }
  const margin = 30;
  const top = H - 60;
  const boxW = (W - 2 * margin) / cols;
  const boxH = (top - 50) / rows;
  const perPage = cols * rows;
  const drawVoters = (list: DrawnVoter[], heading?: string) => {
  for (let start = 0; start < list.length; start += perPage) {
    const p = doc.addPage([W, H]);
    p.drawText('Assembly Constituency : 42 - Example Nagar    Part No. : 17', { x: margin, y: H - 40, size: 9, font });
    if (heading) p.drawText(heading, { x: margin, y: H - 54, size: 9, font: bold });
    list.slice(start, start + perPage).forEach((v, k) => {
      const r = Math.floor(k / cols);
      const c = k % cols;
      const x = margin + c * boxW;
      const y = top - (r + 1) * boxH;
      const black = rgb(0, 0, 0);
      if (style === 'rect') p.drawRectangle({ x: x + 1, y: y + 1, width: boxW - 2, height: boxH - 2, borderWidth: 0.8, borderColor: black });
      else if (style === 'lines') {
        const x0 = x + 1;
        const x1 = x + boxW - 1;
        const y0 = y + 1;
        const y1 = y + boxH - 1;
        p.drawLine({ start: { x: x0, y: y0 }, end: { x: x1, y: y0 }, thickness: 0.8, color: black });
        p.drawLine({ start: { x: x0, y: y1 }, end: { x: x1, y: y1 }, thickness: 0.8, color: black });
        p.drawLine({ start: { x: x0, y: y0 }, end: { x: x0, y: y1 }, thickness: 0.8, color: black });
        p.drawLine({ start: { x: x1, y: y0 }, end: { x: x1, y: y1 }, thickness: 0.8, color: black });
      }
      // serial cell at the top-left
      if (style !== 'none') p.drawRectangle({ x: x + 1, y: y + boxH - 15, width: 34, height: 14, borderWidth: 0.6, borderColor: black });
      p.drawText(String(v.serial), { x: x + 5, y: y + boxH - 12, size: 10, font: bold });
      if (v.epic) p.drawText(v.epic, { x: x + boxW - 8 - bold.widthOfTextAtSize(v.epic, 10), y: y + boxH - 12, size: 10, font: bold });
      const lx = x + 6;
      p.drawText(`Name : ${v.name}`, { x: lx, y: y + boxH - 28, size: 8, font });
      p.drawText(`Father's Name : ${v.relative}`, { x: lx, y: y + boxH - 40, size: 8, font });
      p.drawText(`House Number : ${v.house}`, { x: lx, y: y + boxH - 52, size: 8, font });
      p.drawText(`Age : ${v.age}   Gender : ${v.gender}`, { x: lx, y: y + boxH - 64, size: 8, font });
      if (photo && style !== 'none') p.drawRectangle({ x: x + boxW - 50, y: y + 6, width: 42, height: boxH - 26, borderWidth: 0.5, borderColor: black });
      if (v.deleted) p.drawText('DELETED', { x: x + 40, y: y + 20, size: 14, font: bold, color: rgb(0.4, 0.4, 0.4) });
    });
  }
  };
  drawVoters(voters);
  for (const s of opts.supplements ?? []) {
    if (s.headingPage) {
      const p = doc.addPage([W, H]);
      p.drawText(s.heading, { x: 60, y: 760, size: 14, font: bold });
    }
    drawVoters(s.voters, s.heading);
  }
  if (summary) {
    const p = doc.addPage([W, H]);
    p.drawText('Summary of Electors', { x: 200, y: 760, size: 14, font: bold });
    p.drawRectangle({ x: 60, y: 500, width: 475, height: 200, borderWidth: 1, borderColor: rgb(0, 0, 0) });
    p.drawText(`Total ${voters.length}`, { x: 80, y: 600, size: 11, font });
  }
  return doc.save();
}

/**
 * Prints a stand-in photo (grey ground, dark head and shoulders, no border of its own) inside each
 * of `photos` (PDF points on a page `pageHeight` tall) on a rendered page image.
 */
export async function printPhotos(png: Buffer, photos: { x: number; y: number; width: number; height: number }[], pageHeight: number): Promise<Buffer> {
  const meta = await sharp(png).metadata();
  const k = (meta.height ?? 0) / pageHeight;
  const layers = photos.map((p) => {
    const w = Math.round(p.width * k) - 6;
    const h = Math.round(p.height * k) - 6;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="${w}" height="${h}" fill="#888"/><ellipse cx="${w / 2}" cy="${h * 0.45}" rx="${w * 0.3}" ry="${h * 0.35}" fill="#222"/><rect y="${h * 0.8}" width="${w}" height="${h * 0.2}" fill="#111"/></svg>`;
    return { input: Buffer.from(svg), left: Math.round(p.x * k) + 3, top: Math.round((pageHeight - p.y - p.height) * k) + 3 };
  });
  return sharp(png).composite(layers).png().toBuffer();
}
