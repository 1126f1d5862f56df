import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EPIC_CURRENT, EPIC_OLD } from '@/lib/slips/ingest/epic';
import { closeOcr } from '@/lib/slips/ingest/engines/ocr';
import type { VoterList } from '@/lib/slips/types';
import { truthAndScan } from './inputs';
import { ROLLS_DIR } from './roll-truth';

/**
 * The 2025 ECI roll's voter pages 3-10 rebuilt as a cheap 150 dpi scan (grey paper, noise, specks,
 * JPEG, a degree of skew): current IDs (AGP…) mixed with old-format ones (GJ/21/141/…). Truth: the
 * same pages' text layer. OCR slips on the old format (slashes lost or read as 7, J read as U) must
 * never turn into another voter's ID in the current shape.
 */
const FILE = path.join(ROLLS_DIR, 'gujarat-2025-ac137-part1.pdf');
const HAVE = existsSync(FILE);
const onCi = process.env.CI === 'true';
const whole = (re: RegExp, s: string) => re.exec(s)?.[1] === s;

afterAll(() => closeOcr());

describe('the 2025 ECI roll fixture (scanned)', () => {
  it.runIf(onCi)('is present on CI', () => expect(HAVE, `missing ${FILE}`).toBe(true));
});

describe.skipIf(!HAVE)(`the 2025 ECI roll scanned at 150 dpi${HAVE ? '' : ` (skipped: no ${FILE})`}`, () => {
  let truth: VoterList;
  let scan: VoterList;
  beforeAll(async () => {
    ({ truth, scan } = await truthAndScan(FILE, 3, 10, { dpi: 150 }));
  }, 240_000);

  it('finds every box, in order, with its serial', () => {
    expect(truth.voters).toHaveLength(226);
    expect(scan.voters.map((v) => v.serial)).toEqual(truth.voters.map((v) => v.serial));
  });

  it('reads at least 95% of IDs exactly, old-format ones included', () => {
    const exact = scan.voters.filter((v, i) => v.epic === truth.voters[i].epic).length;
    expect(exact / truth.voters.length).toBeGreaterThanOrEqual(0.95);
    const old = truth.voters.map((v, i) => [v.epic, scan.voters[i].epic]).filter(([t]) => t && whole(EPIC_OLD, t));
    expect(old.length).toBeGreaterThan(20);
    expect(old.filter(([t, s]) => t === s).length / old.length).toBeGreaterThanOrEqual(0.9);
  });

  it('finds the deleted voters from their DELETED stamp, and no other', () => {
    const deleted = (list: VoterList) => list.voters.filter((v) => v.deleted).map((v) => v.serial);
    // the text layer's reason letters give the truth: three stamped entries on these pages
    expect(deleted(truth)).toHaveLength(3);
    expect(deleted(scan)).toEqual(deleted(truth));
  });

  it('never reads an old-format ID as a current-format one', () => {
    const misshapen = truth.voters
      .map((v, i) => [v.epic, scan.voters[i].epic])
      .filter(([t, s]) => t && whole(EPIC_OLD, t) && s && whole(EPIC_CURRENT, s));
    expect(misshapen).toEqual([]);
  });
});
