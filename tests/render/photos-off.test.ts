import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { PDFDocument, StandardFonts, rgb } from '@cantoo/pdf-lib';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderSlips, type SlipPlacement } from '@/lib/slips/render';
import type { Rect, TextCut, VoterRecord } from '@/lib/slips/types';
import { HINDI_ADDRESS, bannerPng, pdftotext, tmpDir } from './helpers';

/**
 * Photos off: a box the parser found a safe cut in is drawn as its top strip and its text part, the photo
 * column dropped and the text larger; a box without one is drawn whole, its photo blanked, as before.
 * A roll of two boxes alike (a header row with the ID over the photo column, four lines of text, a red
 * photo in a frame), the first with a cut, the second without.
 */

const dir = tmpDir();
const DPI = 150;
let banner: Uint8Array;
let roll: Uint8Array;
const boxes: Rect[] = [
  { x: 30, y: 700, width: 180, height: 72 },
  { x: 30, y: 600, width: 180, height: 72 },
];
const photoOf = (b: Rect): Rect => ({ x: b.x + 134, y: b.y + 6, width: 40, height: 50 });
// between the header's ink (baseline 760, no descenders) and the first line's (baseline 745, cap height 6.5)
const cutOf = (b: Rect): TextCut => ({ y: b.y + 55, right: b.x + 132 });

beforeAll(async () => {
  banner = await bannerPng();
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595.28, 841.89]);
  for (const b of boxes) {
    const photo = photoOf(b);
    page.drawRectangle({ ...b, borderWidth: 0.5, borderColor: rgb(0, 0, 0) });
    page.drawRectangle({ ...photo, color: rgb(1, 0, 0), borderWidth: 0.6, borderColor: rgb(0, 0, 0) });
    page.drawText('12', { x: b.x + 6, y: b.y + 60, size: 9, font });
    page.drawText('ABC1234567', { x: b.x + 120, y: b.y + 60, size: 9, font });
    for (let k = 0; k < 4; k++) page.drawText(`HHHH ${'EFHI'[k]}`, { x: b.x + 6, y: b.y + 45 - k * 12, size: 9, font });
  }
  roll = await doc.save();
});

function voters(cut: boolean): VoterRecord[] {
  return boxes.map((rect, i) => ({
    serial: 12 + i,
    epic: `ABC123456${i}`,
    page: 1,
    box: { page: 1, rect, photo: photoOf(rect), textCut: cut && i === 0 ? cutOf(rect) : null },
  }));
}

async function render(name: string, list: VoterRecord[], printPhotos: boolean): Promise<{ file: string; placements: SlipPlacement[] }> {
  const file = path.join(dir, `${name}.pdf`);
  const placements: SlipPlacement[] = [];
  await renderSlips(
    { voters: list, sourcePdf: roll, banner, address: HINDI_ADDRESS, layout: { pageSize: 'a4', orientation: 'portrait', slipsPerPage: 16 }, printPhotos, mode: { kind: 'final' }, onSlip: (p) => placements.push(p) },
    file,
  );
  return { file, placements };
}

interface Raster {
  data: Buffer;
  width: number;
  height: number;
}

async function raster(file: string): Promise<Raster> {
  const out = path.join(dir, path.basename(file, '.pdf'));
  execFileSync('pdftoppm', ['-r', String(DPI), '-png', '-singlefile', file, out]);
  const { data, info } = await sharp(`${out}.png`).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Pixels of `r` (page points) that are red: the photo. */
function redIn(img: Raster, r: Rect): number {
  const k = DPI / 72;
  let n = 0;
  for (let y = Math.floor(img.height - (r.y + r.height) * k); y < img.height - r.y * k; y++) {
    for (let x = Math.floor(r.x * k); x < (r.x + r.width) * k; x++) {
      const i = (y * img.width + x) * 3;
      if (img.data[i] > 180 && img.data[i + 1] < 90 && img.data[i + 2] < 90) n++;
    }
  }
  return n;
}

/**
 * The heights (pixels) of the runs of rows holding text in the left half of `r`: a row of text has some dark
 * pixels there, a ruled line has them nearly all along (not text).
 */
function textRuns(img: Raster, r: Rect): number[] {
  const k = DPI / 72;
  const x0 = Math.floor((r.x + r.width * 0.02) * k);
  const x1 = Math.floor((r.x + r.width * 0.5) * k);
  const runs: number[] = [];
  let run = 0;
  for (let y = Math.floor(img.height - (r.y + r.height) * k); y < img.height - r.y * k; y++) {
    let dark = 0;
    for (let x = x0; x < x1; x++) if (img.data[(y * img.width + x) * 3] < 128) dark++;
    const text = dark > 0 && dark < (x1 - x0) * 0.5;
    if (text) run++;
    else if (run > 0) {
      runs.push(run);
      run = 0;
    }
  }
  if (run > 0) runs.push(run);
  return runs;
}

describe('photos off', () => {
  it('draws a box with a safe cut without its photo column and its text larger; a box without one whole, photo blanked', async () => {
    const off = await render('off', voters(true), false);
    const on = await render('on', voters(true), true);
    const [offImg, onImg] = [await raster(off.file), await raster(on.file)];
    const [cutSlip, wholeSlip] = off.placements.map((p) => p.content);

    // the photo shows when photos are on, in neither slip when off
    expect(redIn(onImg, on.placements[0].content)).toBeGreaterThan(100);
    expect(redIn(offImg, cutSlip)).toBe(0);
    expect(redIn(offImg, wholeSlip)).toBe(0);

    // both slips show the header row and the four lines, each whole (one run of rows each; a line cut in two
    // would make two runs, or one of another height)
    const cutRuns = textRuns(offImg, cutSlip);
    const wholeRuns = textRuns(offImg, wholeSlip);
    expect(cutRuns).toHaveLength(5);
    expect(wholeRuns).toHaveLength(5);
    const lines = (runs: number[]) => runs.slice(1);
    expect(Math.max(...lines(cutRuns)) - Math.min(...lines(cutRuns))).toBeLessThanOrEqual(1);
    // the text part is drawn larger: the box loses its photo column (a quarter of its width), and a slip of
    // 16 on a sheet is narrow: its width is what bounds the box
    const ratio = lines(cutRuns)[0] / lines(wholeRuns)[0];
    expect(ratio).toBeGreaterThan(1.2);
    // and it fills the slip's width
    expect(cutSlip.width).toBeGreaterThan(wholeSlip.width * 0.98);
    // the box without a cut is drawn as with photos on
    expect(wholeSlip).toEqual(on.placements[1].content);
    // the page's text comes out once a slip (the strip's drawing of it is marked as saying nothing): the source page
    // holds two IDs alike, so two slips give four, as with photos on
    const ids = (file: string) => pdftotext(file).match(/ABC1234567/g)?.length;
    expect(ids(off.file)).toBe(ids(on.file));
    expect(ids(off.file)).toBe(4);
  });

  it('draws every box whole when the list has no cuts (a list read before they were recorded)', async () => {
    const old = voters(false).map((v) => ({ ...v, box: { page: 1, rect: v.box!.rect, photo: v.box!.photo } }));
    const a = await render('old', old, false);
    const b = await render('none', voters(false), false);
    expect(a.placements.map((p) => p.content)).toEqual(b.placements.map((p) => p.content));
    const img = await raster(a.file);
    expect(redIn(img, a.placements[0].content)).toBe(0);
    expect(textRuns(img, a.placements[0].content)).toHaveLength(5);
  });
});
