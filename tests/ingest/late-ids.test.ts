import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeOcr } from '@/lib/slips/ingest/engines/ocr';
import { withLateIds } from '@/lib/slips/ingest/late-ids';
import { EVIDENCE_IDS } from '@/lib/slips/ingest/raster/page-cells';
import { parseVoterList } from '@/lib/slips/parse';
import type { VoterList, VoterRecord } from '@/lib/slips/types';
import { ROLLS_DIR } from './roll-truth';

const box = (page: number, x: number, y: number) => ({ page, rect: { x, y, width: 180, height: 70 }, photo: null });
const voter = (serial: number | null, epic: string | null, page: number, x: number, y: number): VoterRecord => ({ serial, epic, page, box: box(page, x, y) });

describe('withLateIds: the IDs a complete parse read, given to the draft voters in the same boxes', () => {
  it("gives each box the complete parse's ID (an unread one filled, one recogniser's read decided again), and leaves everything else as the draft had it", () => {
    const draft = [voter(1, null, 2, 20, 700), voter(2, 'ABC1234567', 2, 210, 700), { ...voter(3, null, 2, 400, 700), deleted: true, name: 'Asha' }, voter(4, null, 3, 20, 700), voter(5, 'ABC0000005', 3, 210, 700), voter(6, 'ABC0000006', 3, 400, 700)];
    // the complete parse's boxes are cut a point or two apart; it read one ID differently, one alike, one not at all
    const complete = [voter(1, 'XYZ0000001', 2, 21, 699), voter(2, 'ABC7654321', 2, 210, 700), voter(3, 'XYZ0000003', 2, 401, 701), voter(4, null, 3, 20, 700), voter(5, 'ABC0000005', 3, 210, 700), voter(6, null, 3, 400, 700)];
    const { voters, filled } = withLateIds(draft, complete);
    expect(filled).toBe(3);
    expect(voters.map((v) => v.epic)).toEqual(['XYZ0000001', 'ABC7654321', 'XYZ0000003', null, 'ABC0000005', 'ABC0000006']);
    expect(voters[2]).toMatchObject({ serial: 3, deleted: true, name: 'Asha' });
  });

  it("takes the complete parse's serial too when asked (before payment), and never otherwise", () => {
    const draft = [voter(31, null, 2, 20, 700), voter(33, null, 2, 210, 700), voter(33, null, 2, 400, 700)];
    const complete = [voter(31, 'XYZ0000031', 2, 20, 700), voter(32, 'XYZ0000032', 2, 210, 700), voter(null, 'XYZ0000033', 2, 400, 700)];
    const before = withLateIds(draft, complete, { serials: true });
    expect(before.voters.map((v) => v.serial)).toEqual([31, 32, 33]);
    expect(before.serialsChanged).toBe(1);
    const after = withLateIds(draft, complete);
    expect(after.voters.map((v) => v.serial)).toEqual([31, 33, 33]);
    expect(after.serialsChanged).toBe(0);
    expect(after.filled).toBe(3);
  });

  it("takes the section and the list its page's header names, and before payment a deletion that list makes", () => {
    const additions = { kind: 'additions' as const, heading: 'ઘટક - 1 : વધારા યાદી 1', number: 1 };
    const deletions = { kind: 'deletions' as const, heading: 'Deletions List' };
    const draft = [voter(1, null, 2, 20, 700), voter(2, null, 2, 210, 700), { ...voter(3, null, 2, 400, 700), section: '2-Kept' }];
    const complete = [
      { ...voter(1, 'XYZ0000001', 2, 20, 700), section: '1-Main Road' },
      { ...voter(2, 'XYZ0000002', 2, 210, 700), supplement: deletions, deleted: true, deletionReason: 'D' },
      { ...voter(3, 'XYZ0000003', 2, 400, 700), section: '1-Main Road', supplement: additions },
    ];
    const before = withLateIds(draft, complete, { serials: true }).voters;
    expect(before[0]).toMatchObject({ section: '1-Main Road' });
    expect(before[0].supplement).toBeUndefined();
    expect(before[1]).toMatchObject({ supplement: deletions, deleted: true, deletionReason: 'D' });
    // what the draft had stays
    expect(before[2]).toMatchObject({ section: '2-Kept', supplement: additions });
    // after payment the paid set stays: the list is named, the voter is not deleted
    const after = withLateIds(draft, complete).voters;
    expect(after[1]).toMatchObject({ supplement: deletions });
    expect(after[1].deleted).toBeUndefined();
  });

  it('takes no ID from another page or from a box that only overlaps', () => {
    const draft = [voter(1, null, 2, 20, 700)];
    expect(withLateIds(draft, [voter(1, 'XYZ0000001', 3, 20, 700)]).filled).toBe(0);
    expect(withLateIds(draft, [voter(1, 'XYZ0000001', 2, 150, 700)]).filled).toBe(0);
    expect(withLateIds([{ serial: 1, epic: null, page: 2 }], [voter(1, 'XYZ0000001', 2, 20, 700)]).filled).toBe(0);
  });
});

const FILE = path.join(ROLLS_DIR, 'karnataka-bellary-screenshot-3pp.pdf');
const HAVE = existsSync(FILE);
const onCi = process.env.CI === 'true';

afterAll(() => closeOcr());

describe('an image-only roll read to its draft first (scanIds: later)', () => {
  it.runIf(onCi)('has its fixture on CI', () => expect(HAVE, `missing ${FILE}`).toBe(true));
});

describe.skipIf(!HAVE)(`an image-only roll read to its draft first, its IDs after${HAVE ? '' : ` (skipped: no ${FILE})`}`, () => {
  let draft: VoterList;
  let whole: VoterList;
  beforeAll(async () => {
    const bytes = new Uint8Array(readFileSync(FILE));
    draft = await parseVoterList({ bytes, filename: path.basename(FILE) }, { scanIds: 'later' });
    whole = await parseVoterList({ bytes, filename: path.basename(FILE) });
  }, 240_000);

  it('finds the same voters, serials, deleted marks and boxes as the complete parse', () => {
    const shape = (l: VoterList) => l.voters.map((v) => ({ serial: v.serial, deleted: v.deleted ?? false, page: v.page, box: v.box?.rect }));
    expect(draft.voters.length).toBe(90);
    expect(shape(draft)).toEqual(shape(whole));
  });

  it('leaves every ID to be read again, counted, the pages after the first unread, with no unread-ID warning', () => {
    // the first page of boxes has the IDs of its first boxes read by tesseract: they are the evidence that the
    // roll's boxes hold voters; its other IDs are left, as every later page's
    const first = draft.voters[0].page;
    const onFirst = draft.voters.filter((v) => v.page === first);
    expect(draft.report.idsLater).toBe(90);
    expect(onFirst.slice(0, EVIDENCE_IDS).filter((v) => v.epic !== null).length).toBeGreaterThan(EVIDENCE_IDS * 0.7);
    expect(onFirst.slice(EVIDENCE_IDS).every((v) => v.epic === null)).toBe(true);
    expect(draft.voters.filter((v) => v.page > first).every((v) => v.epic === null)).toBe(true);
    expect(draft.report.warnings.filter((w) => /the ID \(EPIC\)/.test(w.message))).toEqual([]);
    expect(whole.report.idsLater).toBeUndefined();
  });

  it('gets every ID the complete parse read once the two are put together', () => {
    const { voters } = withLateIds(draft.voters, whole.voters);
    expect(voters.map((v) => v.epic)).toEqual(whole.voters.map((v) => v.epic));
  });
});
