/** Test helpers for the slip renderer: synthetic rolls with known boxes, sample voters, PDF tools. */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument, StandardFonts, degrees, rgb } from '@cantoo/pdf-lib';
import sharp from 'sharp';
import jsQR from 'jsqr';
import type { Rect, VoterRecord } from '@/lib/slips/types';

export const ROLL_FIXTURE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../shared/fixtures/rolls/daman-2017-part1-gujarati.pdf');
export const hasRollFixture = fs.existsSync(ROLL_FIXTURE);

export function tmpDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'render-test-'));
}

export async function bannerPng(width = 1200, height = 240): Promise<Uint8Array> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#1e3c8c"/><circle cx="${height / 2}" cy="${height / 2}" r="${height * 0.38}" fill="#ff9933" fill-opacity="0.8"/>
    <rect x="${width * 0.3}" y="${height * 0.35}" width="${width * 0.6}" height="${height * 0.3}" fill="#ffffff"/></svg>`;
  return new Uint8Array(await sharp(Buffer.from(svg)).png().toBuffer());
}

export const HINDI_ADDRESS = 'राजकीय प्राथमिक विद्यालय, कक्ष संख्या 2, गांधी नगर, जयपुर 302015';
export const HINDI_NAMES = ['रामकृष्ण शर्मा', 'सुनीता देवी', 'श्रीमती क्षमा त्रिपाठी', 'ज्ञानेंद्र प्रसाद द्विवेदी'];

/** Invented voters (no real names), Hindi and English mixed. */
export function excelVoters(n: number): VoterRecord[] {
  return Array.from({ length: n }, (_, i) => ({
    serial: i + 1,
    epic: `XYZ${String(1000000 + i)}`,
    page: i + 2,
    name: i % 3 === 2 ? `Test Voter ${i + 1}` : HINDI_NAMES[i % HINDI_NAMES.length],
    relation: i % 2 ? 'husband' : 'father',
    relativeName: 'मोहनलाल गुप्ता',
    houseNumber: `${10 + i}/ख`,
    age: 18 + (i % 70),
    gender: i % 2 ? 'महिला' : 'पुरुष',
    part: '45',
    section: 'वार्ड 3, गांधी नगर',
  }));
}

export interface SyntheticRoll {
  bytes: Uint8Array;
  voters: VoterRecord[];
}

/**
 * A roll drawn with pdf-lib: page 1 plain A4, page 2 with /Rotate 90, page 3 with a MediaBox whose
 * origin is not zero. Boxes 179.5 × 71.5 pt, 0.5 pt lines, 0.5 pt apart, 3 columns × `rows`; each
 * box carries a label "B<serial>" and a grey photo area at its right.
 */
export async function syntheticRoll(rows = 4, opts: { text?: boolean } = {}): Promise<SyntheticRoll> {
  const withText = opts.text ?? true;
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const voters: VoterRecord[] = [];
  const W = 595.28;
  const H = 841.89;
  let serial = 0;
  for (let p = 0; p < 3; p++) {
    const page = doc.addPage([W, H]);
    const ox = p === 2 ? 100 : 0;
    const oy = p === 2 ? 200 : 0;
    if (p === 2) page.setMediaBox(ox, oy, W, H);
    if (p === 1) page.setRotation(degrees(90));
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < 3; c++) {
        serial++;
        const rect: Rect = { x: ox + 30 + c * 180, y: oy + H - 60 - (r + 1) * 72, width: 179.5, height: 71.5 };
        const photo: Rect = { x: rect.x + 125, y: rect.y + 6, width: 48, height: 58 };
        page.drawRectangle({ ...rect, borderWidth: 0.5, borderColor: rgb(0, 0, 0) });
        // a framed photo, as rolls print it
        page.drawRectangle({ ...photo, color: rgb(0.5, 0.5, 0.5), borderWidth: 0.6, borderColor: rgb(0, 0, 0) });
        const label = `B${serial}`;
        if (!withText) {
          // No text (its standard font would be machine-dependent): a bar whose length encodes the serial.
          const bar = p === 1 ? { x: rect.x + 20, y: rect.y + 8, width: 6, height: 4 + serial * 2 } : { x: rect.x + 8, y: rect.y + 50, width: 4 + serial * 2, height: 6 };
          page.drawRectangle({ ...bar, color: rgb(0, 0, 0) });
        } else if (p === 1) {
          // Upright for the reader of the rotated page: drawn turned 90° counter-clockwise.
          page.drawText(label, { x: rect.x + 30, y: rect.y + 10, size: 12, font, rotate: degrees(90) });
        } else {
          page.drawText(label, { x: rect.x + 8, y: rect.y + 50, size: 12, font });
        }
        voters.push({ serial, epic: `SYN${String(1000000 + serial)}`, page: p + 1, box: { page: p + 1, rect, photo } });
      }
    }
  }
  return { bytes: await doc.save(), voters };
}

export function pdftotext(file: string, first?: number, last?: number): string {
  const args = [...(first ? ['-f', String(first)] : []), ...(last ? ['-l', String(last)] : []), file, '-'];
  return execFileSync('pdftotext', args, { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
}

/** Renders one page to an 8-bit grey raw buffer at `dpi`. */
export async function renderPageGray(file: string, page: number, dpi: number): Promise<{ data: Buffer; width: number; height: number }> {
  const out = path.join(tmpDir(), 'page');
  execFileSync('pdftoppm', ['-r', String(dpi), '-gray', '-png', '-f', String(page), '-l', String(page), '-singlefile', file, out]);
  const { data, info } = await sharp(`${out}.png`).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

export function rectInside(inner: Rect, outer: Rect, eps = 1e-6): boolean {
  return (
    inner.x >= outer.x - eps &&
    inner.y >= outer.y - eps &&
    inner.x + inner.width <= outer.x + outer.width + eps &&
    inner.y + inner.height <= outer.y + outer.height + eps
  );
}

export function rectsOverlap(a: Rect, b: Rect, eps = 1e-6): boolean {
  return a.x < b.x + b.width - eps && b.x < a.x + a.width - eps && a.y < b.y + b.height - eps && b.y < a.y + a.height - eps;
}

/**
 * The text of the QR code drawn in `square` (PDF points) on a page rasterised at `dpi` to `png`, as a phone
 * camera would read it (jsQR), or null when none decodes. The square is cut out with a little margin.
 */
export async function decodeQrAt(png: string, square: Rect, dpi: number): Promise<string | null> {
  const scale = dpi / 72;
  const meta = await sharp(png).metadata();
  // PDF y runs up, image y down
  const left = Math.max(0, Math.floor((square.x - 4) * scale));
  const top = Math.max(0, Math.floor(((meta.height ?? 0) / scale - (square.y + square.height) - 4) * scale));
  const size = Math.ceil((square.width + 8) * scale);
  const { data, info } = await sharp(png).extract({ left, top, width: size, height: size }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data ?? null;
}
