import { degrees, PDFDocument, rgb, type PDFPage } from '@cantoo/pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeOcr } from '@/lib/slips/ingest/engines/ocr';
import { parseVoterList } from '@/lib/slips/parse';
import type { VoterList } from '@/lib/slips/types';
import { drawRoll, inventVoters } from './inputs';

/**
 * A text roll whose DELETED stamp is drawn rather than written (drawn-stamps.ts): the word as
 * outlines over one box, as a picture over another (as the 2025 ECI roll paints it), and a level
 * picture over a third that is no stamp. No reason letter and no "DELETED" text anywhere: only the
 * drawing tells.
 */

/** Hollow block capitals as outlines (SVG path data, 10 units tall, y down). */
const LETTERS: Record<string, string> = {
  D: 'M0 0 H4 L7 3 V7 L4 10 H0 Z M1.6 1.6 V8.4 H3.4 L5.4 6.4 V3.6 L3.4 1.6 Z',
  E: 'M0 0 H7 V1.6 H1.6 V4.2 H6 V5.8 H1.6 V8.4 H7 V10 H0 Z',
  L: 'M0 0 H1.6 V8.4 H7 V10 H0 Z',
  T: 'M0 0 H7 V1.6 H4.3 V10 H2.7 V1.6 H0 Z',
};

/** The word as one path, letters 8.5 units apart (every x coordinate moved; D's slanted points too). */
function outlined(word: string): string {
  return [...word]
    .map((ch, i) => LETTERS[ch].replace(/([MLH])(-?[\d.]+)/g, (_, op: string, x: string) => `${op}${Number(x) + i * 8.5}`))
    .join(' ');
}

// drawRoll's layout: 3 × 10 boxes under a header
const MARGIN = 30;
const TOP = 842 - 60;
const BOX_W = (595 - 2 * MARGIN) / 3;
const BOX_H = (TOP - 50) / 10;
const boxAt = (k: number) => ({ x: MARGIN + (k % 3) * BOX_W, y: TOP - (Math.floor(k / 3) + 1) * BOX_H });

async function picture(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg), { density: 150 }).png().toBuffer();
}

/** A stamp picture the size of a box: the hollow word at 33°, on a transparent ground. */
const STAMP_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="${BOX_W}" height="${BOX_H}">
<text transform="translate(40,62) rotate(-33)" font-family="DejaVu Sans" font-weight="bold" font-size="15" fill="none" stroke="black" stroke-width="0.8">DELETED</text></svg>`;
/** Not a stamp: a level word in a frame, over the text of a box. */
const LEVEL_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="${BOX_W}" height="${BOX_H}">
<rect x="30" y="35" width="90" height="20" fill="none" stroke="black" stroke-width="0.8"/>
<text x="38" y="50" font-family="DejaVu Sans" font-weight="bold" font-size="13" fill="none" stroke="black" stroke-width="0.8">VERIFIED</text></svg>`;

async function stampedRoll(): Promise<Uint8Array> {
  const voters = inventVoters(60, 5);
  const doc = await PDFDocument.load(await drawRoll(voters, { cover: false, summary: false }));
  const page = (k: number): PDFPage => doc.getPage(Math.floor(k / 30));
  // serial 5: the word as outlines, stroked
  const a = boxAt(4);
  page(4).drawSvgPath(outlined('DELETED'), { x: a.x + 40, y: a.y + 18, scale: 1.3, rotate: degrees(33), borderColor: rgb(0, 0, 0), borderWidth: 0.8 });
  // serial 41: a picture of the stamp painted over the box
  const stamp = await doc.embedPng(await picture(STAMP_SVG));
  const b = boxAt(40 % 30);
  page(40).drawImage(stamp, { x: b.x, y: b.y, width: BOX_W, height: BOX_H });
  // serial 21: a level picture over the box's text, which is no stamp
  const level = await doc.embedPng(await picture(LEVEL_SVG));
  const c = boxAt(20);
  page(20).drawImage(level, { x: c.x, y: c.y, width: BOX_W, height: BOX_H });
  return doc.save();
}

describe('a text roll whose DELETED stamp is drawn, not written', () => {
  let list: VoterList;
  beforeAll(async () => {
    list = await parseVoterList({ bytes: await stampedRoll(), filename: 'stamped.pdf' });
  }, 120_000);
  afterAll(closeOcr);

  it('reads every voter from the text layer', () => {
    expect(list.voters.map((v) => v.serial)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
  });

  it('marks deleted the voters stamped as outlines or as a picture, and no other', () => {
    expect(list.voters.filter((v) => v.deleted).map((v) => v.serial)).toEqual([5, 41]);
    expect(list.report.deleted).toBe(2);
    expect(list.report.deletedByReason).toEqual({ unknown: 2 });
    // no reason letter is printed: the reason stays unknown
    expect(list.voters.filter((v) => v.deletionReason)).toEqual([]);
  });
});
