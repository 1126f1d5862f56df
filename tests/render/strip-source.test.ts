import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { degrees, PDFDocument } from '@cantoo/pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderSlips } from '@/lib/slips/render';
import { keepOnlyBoxes } from '@/lib/slips/render/strip-source';
import { parseVoterList } from '@/lib/slips/parse';
import type { VoterRecord } from '@/lib/slips/types';
import { HAVE_ROLLS, NO_ROLLS_REASON, ROLLS_DIR } from '@/tests/ingest/roll-truth';
import { bannerPng, pdftotext, syntheticRoll, tmpDir } from './helpers';

/**
 * Selected slips carry only their voters: the roll is cut down to the chosen boxes before their slips are
 * drawn (strip-source.ts), on a plain page, a rotated one and one whose MediaBox does not start at 0.
 */
const EPIC = /\b[A-Z]{3}[0-9]{7}\b|\b[A-Z]{2}\/[0-9]{2}\/[0-9]{3}\/[0-9]{6,7}\b/g;

async function selectedPdf(roll: Uint8Array, voters: VoterRecord[], onePerPage = false): Promise<string> {
  const cut = await keepOnlyBoxes(roll, voters.map((v) => ({ page: v.box!.page, rect: v.box!.rect })));
  const out = path.join(tmpDir(), 'selected.pdf');
  const moved = voters.map((v, k) => ({ ...v, box: { ...v.box!, page: k + 1 } }));
  await renderSlips(
    { voters: moved, sourcePdf: cut.pdf, banner: await bannerPng(), address: 'Polling station', layout: { pageSize: 'a4', orientation: 'portrait', slipsPerPage: 8 }, onePerPage, printPhotos: false, mode: { kind: 'final' } },
    out,
  );
  return out;
}

describe('selected slips carry only their voters', () => {
  it('a drawn roll: a box on a plain, a rotated and an offset page keeps its own label only', async () => {
    const roll = await syntheticRoll(4);
    // the whole page would give every label of it: B1…B12
    for (const serial of [5, 17, 30]) {
      const voter = roll.voters.find((v) => v.serial === serial)!;
      const text = pdftotext(await selectedPdf(roll.bytes, [voter]));
      expect(text.match(/B\d+/g)).toEqual([`B${serial}`]);
    }
    const two = roll.voters.filter((v) => v.serial === 5 || v.serial === 6);
    const file = await selectedPdf(roll.bytes, two, true);
    expect(pdftotext(file).match(/B\d+/g)?.sort()).toEqual(['B5', 'B6']);
    expect(fs.existsSync(file)).toBe(true);
  });

  it('gives each box a page of its own, and refuses a page the roll does not have', async () => {
    const roll = await syntheticRoll(2);
    const [a, b] = roll.voters.filter((v) => v.page === 3);
    const cut = await keepOnlyBoxes(roll.bytes, [a, b, a].map((v) => ({ page: 3, rect: v.box!.rect })));
    const file = path.join(tmpDir(), 'cut.pdf');
    fs.writeFileSync(file, cut.pdf);
    expect([1, 2, 3].map((p) => pdftotext(file, p, p).match(/B\d+/g))).toEqual([[`B${a.serial}`], [`B${b.serial}`], [`B${a.serial}`]]);
    expect(cut.removed).toBeGreaterThan(0);
    await expect(keepOnlyBoxes(roll.bytes, [{ page: 4, rect: a.box!.rect }])).rejects.toThrow(/page 4/);
  });

  it.skipIf(!HAVE_ROLLS)(`the 2025 roll: one voter's slip gives that voter's EPIC and no other${HAVE_ROLLS ? '' : ` (skipped: ${NO_ROLLS_REASON})`}`, { timeout: 60_000 }, async () => {
    const bytes = new Uint8Array(fs.readFileSync(path.join(ROLLS_DIR, 'gujarat-2025-ac137-part1.pdf')));
    const { voters } = await parseVoterList({ bytes, filename: 'roll.pdf' }, { ocr: 'off' });
    for (const serial of [1, 3, 30, 400]) {
      const voter = voters.find((v) => v.serial === serial)!;
      const text = pdftotext(await selectedPdf(bytes, [voter]));
      expect(text.match(EPIC)).toEqual([voter.epic]);
      // the name is still text
      expect(text.replace(/\s+/g, '')).toContain(voter.name!.split(' ')[1]);
    }
  });

  it.skipIf(!HAVE_ROLLS)(`a scanned roll: the page's one picture becomes a picture of the box alone${HAVE_ROLLS ? '' : ` (skipped: ${NO_ROLLS_REASON})`}`, { timeout: 120_000 }, async () => {
    const bytes = new Uint8Array(fs.readFileSync(path.join(ROLLS_DIR, 'up-2023-kalyanpur-page-scan300.pdf')));
    const { voters } = await parseVoterList({ bytes, filename: 'roll.pdf' }, { ocr: 'auto' });
    const voter = voters.find((v) => v.box)!;
    const cut = await keepOnlyBoxes(bytes, [{ page: 1, rect: voter.box!.rect }]);
    const file = path.join(tmpDir(), 'cut.pdf');
    fs.writeFileSync(file, cut.pdf);
    // pdfimages -list: one picture, the box's size at 150 dpi (the page is one 300 dpi scan)
    const rows = execFileSync('pdfimages', ['-list', file]).toString().trim().split('\n').slice(2);
    expect(rows).toHaveLength(1);
    const [width, height] = rows[0].trim().split(/\s+/).slice(3, 5).map(Number);
    expect(Math.abs(width - Math.ceil((voter.box!.rect.width * 150) / 72))).toBeLessThanOrEqual(1);
    expect(Math.abs(height - Math.ceil((voter.box!.rect.height * 150) / 72))).toBeLessThanOrEqual(1);
    expect(cut.pdf.length).toBeLessThan(bytes.length / 5);

    // the same page turned a quarter (/Rotate 90): the box's picture is cut the same, with the voter's ink in it
    const turned = await PDFDocument.load(bytes);
    turned.getPage(0).setRotation(degrees(90));
    const cutTurned = await keepOnlyBoxes(new Uint8Array(await turned.save()), [{ page: 1, rect: voter.box!.rect }]);
    const turnedFile = path.join(tmpDir(), 'cut-turned.pdf');
    fs.writeFileSync(turnedFile, cutTurned.pdf);
    const turnedRows = execFileSync('pdfimages', ['-list', turnedFile]).toString().trim().split('\n').slice(2);
    expect(turnedRows).toHaveLength(1);
    expect(turnedRows[0].trim().split(/\s+/).slice(3, 5).map(Number)).toEqual([width, height]);
    const out = path.join(tmpDir(), 'turned-image');
    execFileSync('pdfimages', ['-png', turnedFile, out]);
    const { data } = await sharp(`${out}-000.png`).greyscale().raw().toBuffer({ resolveWithObject: true });
    const ink = data.reduce((n, v) => n + (v < 128 ? 1 : 0), 0) / data.length;
    expect(ink).toBeGreaterThan(0.02);
  });
});
