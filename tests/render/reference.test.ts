/**
 * Reference renders: page 1 of a few documents rendered small (pdftoppm, grey) and compared with
 * PNGs kept in tests/render/reference/ — a per-pixel tolerance and a mismatch-fraction threshold make
 * it robust to anti-aliasing differences between poppler builds; every font used is embedded (ours
 * from npm, the roll's own), so a layout regression is what fails it.
 * Regenerate after an intended change: UPDATE_REFERENCE=1 npx vitest run tests/render/reference.test.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseVoterListFile } from '@/lib/slips/parse';
import { renderSlips, type RenderInput } from '@/lib/slips/render';
import type { VoterRecord } from '@/lib/slips/types';
import type { SlipPlacement } from '@/lib/slips/render';
import { HINDI_ADDRESS, ROLL_FIXTURE, bannerPng, excelVoters, hasRollFixture, pdftotext, renderPageGray, syntheticRoll, tmpDir } from './helpers';

const REFERENCE_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'reference');
const DPI = 40;
/** Grey levels a pixel may differ by before it counts as a mismatch. */
const PIXEL_TOLERANCE = 64;
/** Fraction of mismatching pixels allowed. */
const MAX_MISMATCH = 0.005;
const update = process.env.UPDATE_REFERENCE === '1';
// A run that rewrites its references compares nothing: never on CI.
if (update && process.env.CI) throw new Error('UPDATE_REFERENCE=1 rewrites the reference images instead of comparing them; it is refused on CI.');

let banner: Uint8Array;
let rollVoters: VoterRecord[] = [];
const dir = tmpDir();

beforeAll(async () => {
  banner = await bannerPng();
  if (hasRollFixture) rollVoters = (await parseVoterListFile(ROLL_FIXTURE)).voters;
}, 120_000);

async function compare(name: string, input: Omit<RenderInput, 'banner'>): Promise<void> {
  const file = path.join(dir, `${name}.pdf`);
  await renderSlips({ ...input, banner }, file);
  const actual = await renderPageGray(file, 1, DPI);
  const refFile = path.join(REFERENCE_DIR, `${name}.png`);
  if (update || !fs.existsSync(refFile)) {
    if (!update) throw new Error(`Missing reference ${refFile}; run with UPDATE_REFERENCE=1 to create it.`);
    fs.mkdirSync(REFERENCE_DIR, { recursive: true });
    await sharp(actual.data, { raw: { width: actual.width, height: actual.height, channels: 1 } }).png({ compressionLevel: 9, palette: true, colours: 16 }).toFile(refFile);
    return;
  }
  const ref = await sharp(refFile).greyscale().raw().toBuffer({ resolveWithObject: true });
  expect([actual.width, actual.height]).toEqual([ref.info.width, ref.info.height]);
  let mismatched = 0;
  for (let i = 0; i < actual.data.length; i++) if (Math.abs(actual.data[i] - ref.data[i]) > PIXEL_TOLERANCE) mismatched++;
  const fraction = mismatched / actual.data.length;
  expect(fraction, `${name}: ${(fraction * 100).toFixed(2)}% of pixels differ from the reference`).toBeLessThan(MAX_MISMATCH);
}

describe('reference renders', () => {
  it('Excel voters with Hindi, a4 portrait 8', async () => {
    await compare('excel-a4-portrait-8', {
      voters: excelVoters(8),
      address: HINDI_ADDRESS,
      layout: { pageSize: 'a4', orientation: 'portrait', slipsPerPage: 8 },
      printPhotos: false,
      mode: { kind: 'final' },
    });
  });

  it('Excel voters, a3 landscape 30, draft', async () => {
    await compare('excel-a3-landscape-30-draft', {
      voters: excelVoters(30),
      address: HINDI_ADDRESS,
      layout: { pageSize: 'a3', orientation: 'landscape', slipsPerPage: 30 },
      printPhotos: false,
      mode: { kind: 'draft' },
    });
  });

  // Roll references use a synthetic roll: the shared roll carries real names, which must not be committed
  // even as pictures. The shared roll is still rendered and checked below (structure, not pixels).
  it('synthetic roll (rotated page, shifted MediaBox, photos), a4 portrait 8', async () => {
    const roll = await syntheticRoll(10, { text: false });
    await compare('roll-a4-portrait-8', {
      voters: roll.voters.slice(26),
      sourcePdf: roll.bytes,
      address: HINDI_ADDRESS,
      layout: { pageSize: 'a4', orientation: 'portrait', slipsPerPage: 8 },
      printPhotos: false,
      mode: { kind: 'final' },
    });
  });

  it('synthetic roll, a3 landscape 30, photos on', async () => {
    const roll = await syntheticRoll(10, { text: false });
    await compare('roll-a3-landscape-30', {
      voters: roll.voters,
      sourcePdf: roll.bytes,
      address: HINDI_ADDRESS,
      layout: { pageSize: 'a3', orientation: 'landscape', slipsPerPage: 30 },
      printPhotos: true,
      mode: { kind: 'final' },
    });
  });

  it.skipIf(!hasRollFixture)('shared roll: one slip per voter, EPICs in order, 125 a4 pages / 34 a3 pages (skipped without ../shared/fixtures)', async () => {
    const sourcePdf = new Uint8Array(fs.readFileSync(ROLL_FIXTURE));
    for (const [layout, pages] of [
      [{ pageSize: 'a4', orientation: 'portrait', slipsPerPage: 8 }, 125],
      [{ pageSize: 'a3', orientation: 'landscape', slipsPerPage: 30 }, 34],
    ] as const) {
      const file = path.join(dir, `shared-${layout.pageSize}.pdf`);
      const placements: SlipPlacement[] = [];
      const result = await renderSlips(
        { voters: rollVoters, sourcePdf, banner, address: HINDI_ADDRESS, layout, printPhotos: false, mode: { kind: 'final' }, onSlip: (p) => placements.push(p) },
        file,
      );
      expect(result).toMatchObject({ pages, slips: rollVoters.length });
      expect(placements).toHaveLength(rollVoters.length);
      // Each output page carries the EPICs of its voters (clean in this roll's text layer). The text of
      // neighbouring boxes on the same source page is clipped away but still in the form, so this
      // checks containment, not equality.
      for (const page of [1, 2, pages]) {
        const text = pdftotext(file, page, page);
        for (const p of placements.filter((x) => x.page === page)) {
          const epic = rollVoters[p.index].epic;
          if (epic) expect(text).toContain(epic);
        }
      }
      // One form XObject per roll page with voters, not one per slip.
      const forms = (fs.readFileSync(file).toString('latin1').match(/\/Subtype \/Form/g) ?? []).length;
      expect(forms).toBe(new Set(rollVoters.map((v) => v.box?.page)).size + 1);
    }
  });
});
