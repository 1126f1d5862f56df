import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { closeOcr } from '@/lib/slips/ingest/engines/ocr';
import { parseVoterListFile } from '@/lib/slips/parse';
import { exactAgainstTwin, formatScore, HAVE_ROLLS, listsAgainstTwin, NO_ROLLS_REASON, rollFiles, rollTruth, ROLLS_DIR, scoreRoll, twinOf } from './roll-truth';

/**
 * The parser over every real roll in ../shared/fixtures/rolls: a roll dropped into the
 * folder is tested here without new code. Truth: poppler's text layer for text rolls, the README's
 * stated serial range for image-only ones (roll-truth.ts). One line per roll is printed.
 */
const onCi = process.env.CI === 'true';

/**
 * Targets not reached yet, each with what is known. The test holds the roll to the figure reached and
 * fails once the target is met, so that the entry is removed.
 */
interface ShortOfTarget {
  why: string;
  /** voters found (the target: the stated count) */
  found?: number;
  /** stated deleted voters found (the target: all of them, and no other) */
  deleted?: number;
  /** serials are not yet consecutive past a gap the roll states (the target: they are) */
  serialGap?: true;
  /** share of unique ID-shaped reads (the target: 97%) */
  idExact?: number;
}

const SHORT_OF_TARGET: Record<string, ShortOfTarget> = {};

/**
 * Deleted entries seen on a roll's page images where its README row states none, with the reason letter each
 * prints (`pdftoppm -r 150 -f 10 -l 10` on the Rajasthan scan: two boxes under the DELETED stamp, "S 205" and
 * "S 208" in their serial cells, the letter one space before the serial).
 */
const SEEN_DELETED: Record<string, Record<number, string>> = {
  'rajasthan-2021-ac98-part2-scanned.pdf': { 205: 'S', 208: 'S' },
};

describe('the shared roll fixtures', () => {
  it.runIf(onCi)('are present on CI', () => {
    expect(HAVE_ROLLS, NO_ROLLS_REASON).toBe(true);
  });
});

describe.skipIf(!HAVE_ROLLS)(`every fixture roll${HAVE_ROLLS ? '' : ` (skipped: ${NO_ROLLS_REASON})`}`, () => {
  afterAll(closeOcr);

  for (const file of rollFiles()) {
    it(`reads ${file} whole`, { timeout: 240_000 }, async () => {
      const truth = rollTruth(file);
      const list = await parseVoterListFile(path.join(ROLLS_DIR, file));
      const score = scoreRoll(truth, list);
      console.log(formatScore(score));
      console.log(`  pages by kind: ${Object.entries(list.report.pages).filter(([, n]) => n > 0).map(([k, n]) => `${k} ${n}`).join(', ')}`);
      expect(list.report.totalPages).toBe(truth.pages);
      // every page classified, and every voter on a page classified as a voter page
      expect(list.report.pageKinds).toHaveLength(truth.pages);
      expect(list.voters.every((v) => list.report.pageKinds?.[v.page - 1] === 'voters')).toBe(true);
      // every box once and in reading order
      if (truth.ids) {
        expect(score.idExact, 'IDs equal to the text layer’s, in order').toBeGreaterThanOrEqual(0.995);
        expect(list.voters.filter((v) => v.epic !== null)).toHaveLength(truth.ids.length);
      } else {
        // the stated count (or the length of the stated serial range), every box with a serial one
        // above the box before's; where the range starts is printed, not asserted (the README's
        // Karnataka row says 571..660 while its pages print 511..600)
        const short = SHORT_OF_TARGET[file];
        if (short) console.log(`  short of target: ${short.why}`);
        if (short?.found !== undefined && truth.voters !== null) {
          expect(score.found).toBeGreaterThanOrEqual(short.found);
          expect(score.found, 'target reached: remove the SHORT_OF_TARGET entry').toBeLessThan(truth.voters);
        } else if (truth.voters !== null) expect(score.found).toBe(truth.voters);
        const held = SHORT_OF_TARGET[file];
        if (held?.serialGap) expect(score.consecutive, 'target reached: serials consecutive; remove serialGap').toBe(false);
        else expect(score.consecutive, 'serials consecutive').toBe(true);
        if (held?.idExact !== undefined) {
          expect(score.idExact).toBeGreaterThanOrEqual(held.idExact);
          expect(score.idExact, 'target reached: remove idExact').toBeLessThan(0.97);
        } else expect(score.idExact, 'ID-shaped reads').toBeGreaterThanOrEqual(0.97);
        // a scan printed from a text roll in the folder: its IDs exactly the text roll's, serial by serial
        const twin = await twinOf(file);
        if (twin) {
          const { exact, of } = exactAgainstTwin(list, twin.ids);
          console.log(`  IDs exact against the text roll: ${exact}/${of} ${((100 * exact) / of).toFixed(1)}%`);
          expect(of).toBe(twin.ids.size);
          expect(exact / of, 'IDs exact against the text roll').toBeGreaterThanOrEqual(0.97);
          // each voter in the section and the list (main, a supplement's additions) the text roll puts it in: read
          // from the scanned pages' headers
          const lists = listsAgainstTwin(list, twin);
          expect(lists.of).toBe(twin.lists.size);
          expect(lists.different, 'serials in another section or list than in the text roll').toEqual([]);
        }
      }
      expect(score.serialsRead).toBeGreaterThanOrEqual(0.98);
      // the deleted voters the README states: exactly those, no other box
      if (truth.deleted) {
        const short = SHORT_OF_TARGET[file];
        if (short?.deleted !== undefined) {
          expect(score.deletedSerials.filter((s) => truth.deleted?.includes(s)).length).toBeGreaterThanOrEqual(short.deleted);
          expect(score.deletedSerials, 'target reached: remove the SHORT_OF_TARGET entry').not.toEqual(truth.deleted);
        } else expect(score.deletedSerials).toEqual(truth.deleted);
      }
      const seen = SEEN_DELETED[file];
      if (seen) expect(Object.fromEntries(list.voters.filter((v) => v.deleted).map((v) => [v.serial, v.deletionReason]))).toEqual(seen);
      // a roll read whole agrees with the count its cover states, when it has one (text layer or OCR)
      expect(list.report.warnings.filter((w) => w.message.startsWith('The cover states')).map((w) => w.message)).toEqual([]);
      // at most one unread-serial warning per page
      const unread = list.report.warnings.filter((w) => /serial number/i.test(w.message) && /could not be read/i.test(w.message));
      expect(new Set(unread.map((w) => w.page)).size).toBe(unread.length);
    });
  }
});
