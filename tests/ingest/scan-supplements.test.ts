import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeOcr } from '@/lib/slips/ingest/engines/ocr';
import { withLateIds } from '@/lib/slips/ingest/late-ids';
import { codeBeforeId } from '@/lib/slips/ingest/pdf/deletion-code';
import { bandsBetweenRows } from '@/lib/slips/ingest/raster/page-header';
import { parseVoterList } from '@/lib/slips/parse';
import type { VoterList } from '@/lib/slips/types';
import { listsOnOnePage, scannedListsOnOnePage, type Layout, type Script } from './supplement-rolls';

afterAll(() => closeOcr());

describe('the bands between rows of boxes', () => {
  const cell = (y: number, height = 150) => ({ x: 10, y, width: 340, height });

  it('are where rows stand apart by a line of text at least; touching rows and the cells inside a box give none', () => {
    // two rows touching, then a gap of 60 pixels, then a row; a serial cell inside the first box
    const cells = [cell(100), cell(250), { x: 14, y: 104, width: 40, height: 20 }, cell(460), cell(462, 148)];
    expect(bandsBetweenRows(cells)).toEqual([{ top: 400, bottom: 460 }]);
    // a rule's width apart is no band
    expect(bandsBetweenRows([cell(100), cell(254)])).toEqual([]);
    expect(bandsBetweenRows([])).toEqual([]);
  });
});

describe("a scanned deletions list's code beside the ID", () => {
  it('is a code letter alone before the ID, or run into its three letters', () => {
    expect(codeBeforeId('E GOW2009613')).toBe('E');
    expect(codeBeforeId('RGOW5688706')).toBe('R');
    expect(codeBeforeId('MGOWO0085952')).toBe('M');
    expect(codeBeforeId('S2 GOW4204691')).toBe('S');
    // an ID that starts with a code's letter is only an ID
    expect(codeBeforeId('SGO1234567')).toBeNull();
    expect(codeBeforeId('GOW2009613')).toBeNull();
    expect(codeBeforeId('GJ/22/150/123456')).toBeNull();
    expect(codeBeforeId('')).toBeNull();
  });
});

/** The roll of supplements.test.ts with its additions and deletions on one page, scanned (scannedListsOnOnePage). */
const roll = listsOnOnePage();
const { main, added, deleted } = roll;
const REASONS = roll.reasons;

/** The cases whose script the OCR models read (English, Hindi, Gujarati), in both layouts. */
const CASES: [Layout, Script][] = [
  ['eci2025', 'english'],
  ['older', 'hindi'],
  ['eci2025', 'gujarati'],
];

/** Each case scanned and parsed whole once, for all the tests that read it. */
const scans = new Map<string, Promise<{ bytes: Uint8Array; list: VoterList }>>();
function scanned(layout: Layout, script: Script): Promise<{ bytes: Uint8Array; list: VoterList }> {
  const key = `${layout}-${script}`;
  let read = scans.get(key);
  if (!read) {
    read = scannedListsOnOnePage(layout, script, roll).then(async (bytes) => ({ bytes, list: await parseVoterList({ bytes, filename: 'scan.pdf' }) }));
    scans.set(key, read);
  }
  return read;
}

describe.each(CASES)('a scanned %s roll whose supplement page holds additions, then deletions, headed in %s', (layout, script) => {
  let list: VoterList;
  beforeAll(async () => {
    ({ list } = await scanned(layout, script));
  }, 240_000);

  it('reads every box once, in its list: the heading between rows opens the deletions list', () => {
    expect(list.voters.map((v) => v.serial)).toEqual([...main, ...added, ...deleted].map((v) => v.serial));
    expect(list.voters.slice(0, 36).every((v) => v.supplement === undefined)).toBe(true);
    expect(list.voters.slice(36, 41).map((v) => v.supplement?.kind)).toEqual(added.map(() => 'additions'));
    expect(list.voters.slice(41).map((v) => v.supplement?.kind)).toEqual(deleted.map(() => 'deletions'));
    expect(list.report.lists?.map((l) => [l.kind, l.voters, l.deleted])).toEqual([
      ['main', 36, 4],
      ['additions', 5, 0],
      ['deletions', 4, 4],
    ]);
  });

  it("deletes the main list's entries the deletions list names, with their codes, and no other voter", () => {
    const deletedMain = list.voters.slice(0, 36).filter((v) => v.deleted);
    expect(deletedMain.map((v) => [v.serial, v.epic, v.deletionReason])).toEqual(deleted.map((d, k) => [d.serial, d.epic, REASONS[k]]));
    expect(list.voters.slice(41).map((v) => [v.deleted, v.deletionReason])).toEqual(REASONS.map((r) => [true, r]));
    expect(list.voters.slice(36, 41).some((v) => v.deleted)).toBe(false);
    expect(list.report.deleted).toBe(4);
  });
});

describe('the same scanned roll read to its draft first', () => {
  it('has no lists in the draft (no page header is read); the complete parse brings them, and the deletions, before payment', async () => {
    const { bytes, list } = await scanned('eci2025', 'english');
    const draft = await parseVoterList({ bytes, filename: 'scan.pdf' }, { scanIds: 'later' });
    expect(draft.voters).toHaveLength(45);
    expect(draft.voters.some((v) => v.supplement?.kind === 'deletions' || v.deleted)).toBe(false);
    const { voters } = withLateIds(draft.voters, list.voters, { serials: true });
    const shape = (v: VoterList['voters'][number]) => [v.serial, v.supplement?.kind ?? 'main', v.deleted ?? false, v.deletionReason ?? null];
    expect(voters.map(shape)).toEqual(list.voters.map(shape));
  }, 240_000);
});
