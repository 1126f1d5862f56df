import { afterAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { closeOcr } from '@/lib/slips/ingest/engines/ocr';
import { assemblyEntryOf, readBoxText } from '@/lib/slips/ingest/pdf/box-fields';
import type { TextPiece } from '@/lib/slips/ingest/engines/text-layer';
import { parseVoterListFile } from '@/lib/slips/parse';
import { HAVE_ROLLS, NO_ROLLS_REASON, pdftotextLayout, rollFiles, rollTruth, ROLLS_DIR } from './roll-truth';

/**
 * Lists built from assembly rolls (State Election Commission ward lists) print each voter's entry in
 * the assembly roll, "AC/part/serial", beside the EPIC; it is read into `assemblyEntry`.
 */
describe('the assembly-roll entry printed in a box', () => {
  it('reads AC/part/serial beside the serial and EPIC, in ASCII or Indic digits', () => {
    expect(assemblyEntryOf('1 RRG1000843 40/259/911')).toEqual({ assemblyNumber: '40', part: '259', serial: 911 });
    expect(assemblyEntryOf('2,962 XYZ0000001 170/123/456')).toEqual({ assemblyNumber: '170', part: '123', serial: 456 });
    expect(assemblyEntryOf('१२ ४०/२५९/९११')).toEqual({ assemblyNumber: '40', part: '259', serial: 911 });
  });

  it('is not read from old-format IDs, dates, longer runs or zeros', () => {
    expect(assemblyEntryOf('316 GJ/21/141/006050')).toBeUndefined();
    expect(assemblyEntryOf('12 UP/28/135/0117646')).toBeUndefined();
    expect(assemblyEntryOf('DOB 12/05/1990')).toBeUndefined();
    expect(assemblyEntryOf('1/2/3/4')).toBeUndefined();
    expect(assemblyEntryOf('0/12/5')).toBeUndefined();
    expect(assemblyEntryOf('12 ABC1234567')).toBeUndefined();
  });

  it('is read from the top band of a box, even when the text layer is scrambled', () => {
    const box = { x: 0, y: 0, width: 180, height: 72 };
    const piece = (str: string, x: number, y: number): TextPiece => ({ str, x, y, width: str.length * 5, height: 8 });
    const pieces = [piece('7', 4, 62), piece('JBT1164185', 60, 62), piece('40/260/879', 120, 62), piece('xyz 12/3/456', 4, 20)];
    for (const clean of [true, false]) {
      const text = readBoxText(box, pieces, clean);
      expect(text.serial).toBe(7);
      expect(text.epic).toBe('JBT1164185');
      expect(text.fields.assemblyEntry).toEqual({ assemblyNumber: '40', part: '260', serial: 879 });
    }
    // lower in the box (where names, houses and ages are) it is not taken for one
    expect(readBoxText(box, [piece('7', 4, 62), piece('12/3/456', 4, 20)], true).fields.assemblyEntry).toBeUndefined();
  });
});

/**
 * Truth from poppler's text layer: "AC/part/serial" printed right after a voter's ID, in reading order
 * (none in most rolls).
 */
const ENTRY = /\b(?:[A-Z]{3}[0-9]{7}|[A-Z]{2}\/[0-9]{2}\/[0-9]{2,3}\/[0-9]{5,7})\s+(\d{1,3})\/(\d{1,4})\/(\d{1,5})(?![\w/])/g;

describe.skipIf(!HAVE_ROLLS)(`every text roll's assembly-roll entries${HAVE_ROLLS ? '' : ` (skipped: ${NO_ROLLS_REASON})`}`, () => {
  afterAll(closeOcr);
  const textRolls = HAVE_ROLLS ? rollFiles().filter((f) => rollTruth(f).ids !== null) : [];
  for (const file of textRolls) {
    it(`${file}: each voter's entry as the text layer prints it, in order`, async () => {
      const pdf = path.join(ROLLS_DIR, file);
      const truth = [...pdftotextLayout(pdf).matchAll(ENTRY)].map((m) => `${Number(m[1])}/${Number(m[2])}/${Number(m[3])}`);
      const { voters } = await parseVoterListFile(pdf);
      const read = voters.flatMap((v) => (v.assemblyEntry ? [`${v.assemblyEntry.assemblyNumber}/${v.assemblyEntry.part}/${v.assemblyEntry.serial}`] : []));
      console.log(`${file}: ${read.length} assembly-roll entries read, ${truth.length} in the text layer, ${voters.length} voters`);
      expect(read).toEqual(truth);
    }, 300_000);
  }
});
