import path from 'node:path';
import { existsSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseVoterListFile } from '@/lib/slips/parse';
import type { VoterList } from '@/lib/slips/types';
import { ROLLS_DIR } from './roll-truth';

/**
 * The 2025 ECI roll in the fixtures (Gujarat AC 137 part 1): its pages told apart by content —
 * cover, the map and photo page, 22 voter pages, additions list 1 (8 voters, on the last voter
 * page), the heading page of additions list 2 (no voters) and the summary of electors.
 */
const FILE = path.join(ROLLS_DIR, 'gujarat-2025-ac137-part1.pdf');
const HAVE = existsSync(FILE);
const onCi = process.env.CI === 'true';

describe('the 2025 ECI roll fixture', () => {
  it.runIf(onCi)('is present on CI', () => expect(HAVE, `missing ${FILE}`).toBe(true));
});

describe.skipIf(!HAVE)(`the 2025 ECI roll's pages${HAVE ? '' : ` (skipped: no ${FILE})`}`, () => {
  let list: VoterList;
  beforeAll(async () => {
    list = await parseVoterListFile(FILE);
  }, 120_000);

  it('classifies cover, map, voters, supplement heading and summary from their content', () => {
    expect(list.report.pageKinds).toEqual(['cover', 'map', ...Array(22).fill('voters'), 'supplement', 'summary']);
  });

  it('reads the additions list as voters marked with their list, and the main roll unmarked', () => {
    const added = list.voters.filter((v) => v.supplement);
    expect(added).toHaveLength(8);
    expect(added.every((v) => v.page === 24 && v.supplement?.kind === 'additions' && !v.deleted)).toBe(true);
    expect(added[0].supplement?.heading).toMatch(/^ઘટક - 1 : વધારા યાદી ?1/);
    expect(list.voters.filter((v) => v.page < 24).every((v) => v.supplement === undefined)).toBe(true);
    // each page's section comes from its own header
    expect(list.voters[0].section).toMatch(/^1-/);
  });

  it('keeps the 7 deleted entries, marked by the reason code beside their serial, in their place', () => {
    // the summary of electors states 7 deletions; each box prints "E" beside its serial under a drawn stamp
    expect(list.report.deleted).toBe(7);
    expect(list.voters.filter((v) => v.deleted).map((v) => v.serial)).toEqual([67, 106, 113, 343, 363, 369, 386]);
    expect(list.voters).toHaveLength(595);
  });
});
