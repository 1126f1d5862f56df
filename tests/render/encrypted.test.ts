import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseVoterListFile } from '@/lib/slips/parse';
import { renderSlips, SlipInputError, type RenderInput } from '@/lib/slips/render';
import type { VoterRecord } from '@/lib/slips/types';
import { ROLLS_DIR } from '../ingest/roll-truth';
import { HINDI_ADDRESS, bannerPng, pdftotext, renderPageGray, syntheticRoll, tmpDir } from './helpers';

/**
 * Source rolls encrypted by their publisher. State sites publish rolls with an owner password only
 * (anyone may open and print them; "copying" is marked as not allowed): their pages must be copied onto
 * slips exactly as from the plain file. A roll that needs a password to open is refused with a reason.
 * The encrypted files are made here with qpdf (a test tool only; the renderer decrypts by itself).
 */
const onCi = process.env.CI === 'true';
const dir = tmpDir();
let banner: Uint8Array;
beforeAll(async () => {
  banner = await bannerPng();
});

function input(voters: readonly VoterRecord[], sourcePdf: Uint8Array): RenderInput {
  return { voters, sourcePdf, banner, address: HINDI_ADDRESS, layout: { pageSize: 'a4', orientation: 'portrait', slipsPerPage: 8 }, printPhotos: true, mode: { kind: 'final' } };
}

function qpdf(args: string[]): void {
  execFileSync('qpdf', args, { stdio: 'pipe' });
}

/** Pixels of page `page` in two PDFs that differ by more than a few grey levels. */
async function differingPixels(a: string, b: string, page: number, dpi = 50): Promise<number> {
  const [x, y] = await Promise.all([renderPageGray(a, page, dpi), renderPageGray(b, page, dpi)]);
  expect([x.width, x.height]).toEqual([y.width, y.height]);
  let n = 0;
  for (let i = 0; i < x.data.length; i++) if (Math.abs(x.data[i] - y.data[i]) > 8) n++;
  return n;
}

describe('a source roll encrypted with an owner password only', () => {
  // the standard security handler's revisions as publishers use them; R3 (RC4, 128 bits) is the
  // Maharashtra ward list's
  const handlers: { name: string; args: string[] }[] = [
    { name: 'AES-256 (R6), objects in object streams', args: ['256', '--', '--object-streams=generate'] },
    { name: 'AES-128 (R4)', args: ['128', '--use-aes=y', '--'] },
    { name: 'RC4-128 (R3)', args: ['128', '--use-aes=n', '--'] },
    { name: 'RC4-40 (R2)', args: ['40', '--'] },
  ];
  handlers.forEach((h, i) => {
    it(`${h.name}: slips identical to those from the plain roll`, async () => {
      const roll = await syntheticRoll(2);
      const plain = path.join(dir, `plain-${i}.pdf`);
      const locked = `${plain}.locked.pdf`;
      fs.writeFileSync(plain, roll.bytes);
      qpdf(['--allow-weak-crypto', '--encrypt', '', 'owner-secret', ...h.args, plain, locked]);
      expect(execFileSync('pdfinfo', [locked], { encoding: 'utf8' })).toMatch(/Encrypted:\s+yes/);

      const fromPlain = path.join(dir, `slips-${path.basename(plain)}`);
      const fromLocked = path.join(dir, `slips-${path.basename(locked)}`);
      const a = await renderSlips(input(roll.voters, roll.bytes), fromPlain);
      const b = await renderSlips(input(roll.voters, new Uint8Array(fs.readFileSync(locked))), fromLocked);
      expect(b).toMatchObject({ pages: a.pages, slips: roll.voters.length });
      for (let page = 1; page <= a.pages; page++) expect(await differingPixels(fromPlain, fromLocked, page)).toBe(0);
      // the copied text is the roll's, decrypted (B1, B2 … are the boxes' labels)
      const text = pdftotext(fromLocked);
      for (const v of roll.voters) expect(text).toContain(`B${v.serial}`);
      expect(execFileSync('pdfinfo', [fromLocked], { encoding: 'utf8' })).toMatch(/Encrypted:\s+no/);
    });
  });
});

describe('a source roll that needs a password to open', () => {
  for (const bits of ['256', '128']) {
    it(`is refused with a clear reason, and no file is left (${bits}-bit)`, async () => {
      const roll = await syntheticRoll(1);
      const plain = path.join(dir, `user-plain-${bits}.pdf`);
      const locked = path.join(dir, `user-locked-${bits}.pdf`);
      fs.writeFileSync(plain, roll.bytes);
      qpdf(['--allow-weak-crypto', '--encrypt', 'user-secret', 'owner-secret', bits, '--', plain, locked]);
      const out = path.join(dir, `from-user-locked-${bits}.pdf`);
      const rendering = renderSlips(input(roll.voters, new Uint8Array(fs.readFileSync(locked))), out);
      await expect(rendering).rejects.toBeInstanceOf(SlipInputError);
      await expect(rendering).rejects.toThrow(/needs a password to open/);
      expect(fs.existsSync(out)).toBe(false);
    });
  }
});

/** The real encrypted roll (RC4-128, owner password only, embedded legacy Marathi fonts). */
const WARD_LIST = path.join(ROLLS_DIR, 'maharashtra-2025-sec-ward4-marathi.pdf');
const HAVE_WARD_LIST = fs.existsSync(WARD_LIST);
const NO_WARD_LIST = `the shared roll ${WARD_LIST} is absent`;

describe('the shared encrypted roll', () => {
  it.runIf(onCi)('is present on CI', () => {
    expect(HAVE_WARD_LIST, NO_WARD_LIST).toBe(true);
  });
});

describe.skipIf(!HAVE_WARD_LIST)(`the Maharashtra ward list (encrypted by its publisher)${HAVE_WARD_LIST ? '' : ` (skipped: ${NO_WARD_LIST})`}`, () => {
  let voters: VoterRecord[] = [];
  beforeAll(async () => {
    voters = (await parseVoterListFile(WARD_LIST)).voters;
  }, 300_000);

  it('renders every voter, pages identical to slips from a decrypted copy of the roll', async () => {
    expect(voters.length).toBeGreaterThan(2900);
    const decrypted = path.join(dir, 'ward-list-decrypted.pdf');
    qpdf(['--decrypt', WARD_LIST, decrypted]);
    const fromRoll = path.join(dir, 'ward-list-slips.pdf');
    const fromDecrypted = path.join(dir, 'ward-list-decrypted-slips.pdf');
    // the voters as the job pipeline hands them to the renderer (its stored voters file is JSON); each
    // carries its assembly-roll entry ("AC/part/serial", printed in its box) for the slip to print later
    const stored = JSON.parse(JSON.stringify(voters)) as VoterRecord[];
    const drawn: number[] = [];
    const a = await renderSlips({ ...input(stored, new Uint8Array(fs.readFileSync(WARD_LIST))), onSlip: (p) => drawn.push(p.index) }, fromRoll);
    expect(drawn).toHaveLength(voters.length);
    for (const i of drawn) expect(stored[i].assemblyEntry, `voter ${i}`).toMatchObject({ assemblyNumber: expect.stringMatching(/^\d+$/), part: expect.stringMatching(/^\d+$/) });
    const b = await renderSlips(input(voters, new Uint8Array(fs.readFileSync(decrypted))), fromDecrypted);
    expect(a).toMatchObject({ slips: voters.length, pages: Math.ceil(voters.length / 8) });
    expect(b.pages).toBe(a.pages);
    // the legacy-font Marathi glyphs are drawn from the roll's embedded (decrypted) fonts: any byte
    // decrypted wrongly shows as missing or different glyphs
    for (const page of [1, Math.ceil(a.pages / 2), a.pages]) expect(await differingPixels(fromRoll, fromDecrypted, page)).toBe(0);
    // the EPICs are clean in this roll's text layer: each slip page carries its voters'
    const first = pdftotext(fromRoll, 1, 1);
    for (const v of voters.slice(0, 8)) if (v.epic) expect(first).toContain(v.epic);
  }, 120_000);
});
