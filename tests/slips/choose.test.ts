import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chooseVoters, compareHouse, DEFAULT_SLIP_CHOICES, parseSerialRanges, SlipChoiceError, slipChoicesSchema } from '@/lib/slips/choose';
import { parseVoterList } from '@/lib/slips/parse';
import type { VoterRecord } from '@/lib/slips/types';
import { HAVE_ROLLS, NO_ROLLS_REASON, ROLLS_DIR } from '@/tests/ingest/roll-truth';

const v = (serial: number, extra: Partial<VoterRecord> = {}): VoterRecord => ({ serial, epic: `ABC${1000000 + serial}`, page: 1, ...extra });
const serials = (voters: VoterRecord[]) => voters.map((x) => x.serial);

describe('who gets a slip', () => {
  it('deleted voters get none by default and are listed; asked for, they get one', () => {
    const all = [v(1), v(2, { deleted: true }), v(3)];
    const chosen = chooseVoters(all, DEFAULT_SLIP_CHOICES);
    expect(serials(chosen.voters)).toEqual([1, 3]);
    expect(chosen.deletedLeftOut).toEqual([{ serial: 2, epic: 'ABC1000002', reason: null, page: 1 }]);
    expect(serials(chooseVoters(all, { ...DEFAULT_SLIP_CHOICES, deleted: true }).voters)).toEqual([1, 2, 3]);
  });

  it('serial ranges, sections and supplements choose; what they leave out is counted', () => {
    const all = [v(1, { section: 'A' }), v(2, { section: 'B' }), v(300, { section: 'A' }), v(450, { section: 'A', supplement: { kind: 'additions', heading: 'Additions' } })];
    expect(serials(chooseVoters(all, { ...DEFAULT_SLIP_CHOICES, serials: '1-300, 450-460' }).voters)).toEqual([1, 2, 300, 450]);
    expect(serials(chooseVoters(all, { ...DEFAULT_SLIP_CHOICES, serials: '2' }).voters)).toEqual([2]);
    const bySection = chooseVoters(all, { ...DEFAULT_SLIP_CHOICES, sections: ['A'] });
    expect(serials(bySection.voters)).toEqual([1, 300, 450]);
    expect(bySection.leftOutByChoice).toBe(1);
    expect(serials(chooseVoters(all, { ...DEFAULT_SLIP_CHOICES, supplements: false }).voters)).toEqual([1, 2, 300]);
  });

  it("a corrections list's entry is printed once, in the place of the entry it amends (by ID, else serial), with the section it had", () => {
    const corrections = { kind: 'corrections' as const, heading: 'List of Modifications' };
    const additions = { kind: 'additions' as const, heading: 'Additions' };
    const all = [
      v(1, { section: 'A', houseNumber: '4' }),
      v(2, { section: 'A', deleted: true }),
      v(3, { section: 'B', epic: null }),
      v(40, { supplement: additions, section: 'B' }),
      // amends 1 (its ID), 3 (no ID: its serial), the addition 40, and the deleted 2 (which stays deleted)
      v(1, { houseNumber: '4-A', supplement: corrections }),
      v(3, { epic: null, age: 41, supplement: corrections }),
      v(40, { age: 30, supplement: corrections }),
      v(2, { supplement: corrections }),
      // amends no entry of the roll: printed as a list's voter
      v(77, { supplement: corrections }),
    ];
    const chosen = chooseVoters(all, DEFAULT_SLIP_CHOICES);
    expect(chosen.voters).toEqual([all[4], all[5], all[6], all[8]]);
    expect(chosen.deletedLeftOut.map((d) => d.serial)).toEqual([2]);
    // the corrected entry keeps its place when the lists' own voters are left out, and its section when it names none
    expect(chooseVoters(all, { ...DEFAULT_SLIP_CHOICES, supplements: false }).voters).toEqual([all[4], all[5]]);
    expect(chooseVoters(all, { ...DEFAULT_SLIP_CHOICES, sections: ['B'] }).voters).toEqual([all[5], all[6]]);
  });

  it('serial ranges are read as written or refused with the reason', () => {
    expect(parseSerialRanges('1-300, 450–460 ;512')).toEqual([[1, 300], [450, 460], [512, 512]]);
    expect(() => parseSerialRanges('300-1')).toThrow(SlipChoiceError);
    expect(() => parseSerialRanges('1-300, abc')).toThrow('"abc" is not a serial number or a range; write them like 1-300, 450-460.');
    expect(slipChoicesSchema.parse({})).toEqual(DEFAULT_SLIP_CHOICES);
  });

  it('house numbers in natural order: 1-114 < 1-114-A < 1-115 < 2 < 10', () => {
    expect(['10', '1-115', '2', '1-114-A', '1-114'].sort(compareHouse)).toEqual(['1-114', '1-114-A', '1-115', '2', '10']);
  });

  it('house order: section in roll order, then house; family order keeps relatives together, oldest first', () => {
    const all = [
      v(1, { section: 'S1', houseNumber: '10', name: 'Ram', age: 40 }),
      v(2, { section: 'S1', houseNumber: '2', name: 'Sita', age: 30 }),
      v(3, { section: 'S1', houseNumber: '10', name: 'Lakshman', age: 35 }),
      v(4, { section: 'S2', houseNumber: '1', name: 'Bharat', age: 50 }),
      v(5, { section: 'S1', houseNumber: '10', name: 'Urmila', relativeName: 'Lakshman', age: 33 }),
      v(6, { section: 'S1', houseNumber: '10', name: 'Dasharath', age: 70, supplement: { kind: 'additions', heading: 'Additions' } }),
      v(7, { section: 'S1', houseNumber: '10', name: 'Luv', relativeName: 'Ram', age: 8 }),
    ];
    expect(serials(chooseVoters(all, { ...DEFAULT_SLIP_CHOICES, order: 'house' }).voters)).toEqual([2, 1, 3, 5, 6, 7, 4]);
    // house 10: Ram's family (Ram 40, Luv 8), Lakshman's (Lakshman 35, Urmila 33), Dasharath alone; by first serial
    expect(serials(chooseVoters(all, { ...DEFAULT_SLIP_CHOICES, order: 'family' }).voters)).toEqual([2, 1, 7, 3, 5, 6, 4]);
  });

  it('without house numbers the roll keeps its order, and says so', () => {
    const chosen = chooseVoters([v(1), v(2), v(3, { houseNumber: '4' })], { ...DEFAULT_SLIP_CHOICES, order: 'family' });
    expect(serials(chosen.voters)).toEqual([1, 2, 3]);
    expect(chosen.orderNote).toMatch(/^House numbers could not be read from this list \(1 of 3 voters have one/);
  });
});

describe.skipIf(!HAVE_ROLLS)(`house and family order on the 2025-format roll${HAVE_ROLLS ? '' : ` (skipped: ${NO_ROLLS_REASON})`}`, () => {
  it('every voter once, none lost or added; supplement additions join their houses; houses in natural order within each section', async () => {
    const file = path.join(ROLLS_DIR, 'gujarat-2025-ac137-part1.pdf');
    const list = await parseVoterList({ bytes: new Uint8Array(fs.readFileSync(file)), filename: 'roll.pdf' });
    const living = list.voters.filter((x) => !x.deleted);
    for (const order of ['house', 'family'] as const) {
      const chosen = chooseVoters(list.voters, { ...DEFAULT_SLIP_CHOICES, order });
      expect(chosen.orderNote).toBeNull();
      expect(chosen.deletedLeftOut.map((d) => d.serial)).toEqual([67, 106, 113, 343, 363, 369, 386]);
      // the printed set equals the chosen set: every living voter once
      expect([...serials(chosen.voters)].sort((a, b) => a! - b!)).toEqual(serials(living));
      // within a section, house numbers never go back (an entry without a section sits in its house's)
      for (let i = 1; i < chosen.voters.length; i++) {
        const a = chosen.voters[i - 1];
        const b = chosen.voters[i];
        if (a.section && a.section === b.section) expect(compareHouse(a.houseNumber ?? '', b.houseNumber ?? ''), `${a.serial} → ${b.serial}`).toBeLessThanOrEqual(0);
      }
    }
    // a supplement's addition sits with its house, not at the end
    const family = chooseVoters(list.voters, { ...DEFAULT_SLIP_CHOICES, order: 'family' }).voters;
    const added = family.findIndex((x) => x.supplement?.kind === 'additions');
    expect(added).toBeGreaterThanOrEqual(0);
    expect(added).toBeLessThan(family.length - list.voters.filter((x) => x.supplement?.kind === 'additions').length);
    // beside a voter of the same house
    const neighbours = [family[added - 1], family[added + 1]].filter(Boolean);
    expect(neighbours.some((n) => n.houseNumber === family[added].houseNumber)).toBe(true);
  });
});
