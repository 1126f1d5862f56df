import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeOcr } from '@/lib/slips/ingest/engines/ocr';
import type { VoterList } from '@/lib/slips/types';
import { truthAndScan } from './inputs';
import { ROLLS_DIR } from './roll-truth';

/**
 * A scanned roll whose cover holds a table of equal cells, and whose first voter pages hold one to
 * three voters each: the first eight pages of the Maharashtra ward list, rebuilt as a cheap scan.
 * The cover's cells must not be taken for the roll's voter boxes (they read no IDs), and the sparse
 * pages must be read with the box size they share. Truth: the same pages' text layer.
 */
const FILE = path.join(ROLLS_DIR, 'maharashtra-2025-sec-ward4-marathi.pdf');
const HAVE = existsSync(FILE);
const onCi = process.env.CI === 'true';

afterAll(() => closeOcr());

describe('the ward list fixture', () => {
  it.runIf(onCi)('is present on CI', () => expect(HAVE, `missing ${FILE}`).toBe(true));
});

describe.skipIf(!HAVE)(`a scanned roll with a table on its cover and sparse first pages${HAVE ? '' : ` (skipped: no ${FILE})`}`, () => {
  let truth: VoterList;
  let scan: VoterList;
  beforeAll(async () => {
    ({ truth, scan } = await truthAndScan(FILE, 1, 8, { dpi: 150, angle: 0.6 }));
  }, 180_000);

  it('the text layer holds 11 voters on pages 3 to 8 (the truth this test relies on)', () => {
    expect(truth.voters.map((v) => v.serial)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(new Set(truth.voters.map((v) => v.box?.page))).toEqual(new Set([3, 4, 5, 6, 7, 8]));
  });

  it('reads the same voters, in order, with their serials; the cover table gives none', () => {
    expect(scan.voters.map((v) => v.box?.page)).toEqual(truth.voters.map((v) => v.box?.page));
    expect(scan.voters.map((v) => v.serial)).toEqual(truth.voters.map((v) => v.serial));
  });

  it('reads an ID in every box, exactly in all but one', () => {
    // the one: OCR reads this scan's "RRG4598074" as "RRGA4598074" run on into the number printed after it
    expect(scan.voters.every((v) => v.epic !== null && /^[A-Z]{3}\d{7}$/.test(v.epic))).toBe(true);
    const exact = scan.voters.filter((v, i) => v.epic === truth.voters[i].epic).length;
    expect(exact).toBeGreaterThanOrEqual(10);
  });

  it('states no cover range it did not read (the cover has no electors table)', () => {
    expect(scan.report.warnings.filter((w) => /The cover states/.test(w.message))).toEqual([]);
  });
});
