import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { closeOcr } from '@/lib/slips/ingest/engines/ocr';
import { parseVoterListFile } from '@/lib/slips/parse';
import type { VoterList } from '@/lib/slips/types';
import { HAVE_ROLL, NO_ROLL_REASON, ROLL_PATH } from './fixture';
import { tempDir } from './inputs';

/** EPICs as poppler's pdftotext reads the text layer, in layout (reading) order: an independent truth. */
function textLayerEpics(): string[] {
  const text = execFileSync('pdftotext', ['-layout', ROLL_PATH, '-'], { maxBuffer: 64 * 1024 * 1024 }).toString();
  return [...text.matchAll(/\b([A-Z]{3}[0-9]{7}|[A-Z]{2}\/[0-9]{2}\/[0-9]{2,3}\/[0-9]{5,7})\b/g)].map((m) => m[1]);
}

describe.skipIf(!HAVE_ROLL)(`the shared vector roll${HAVE_ROLL ? '' : ` (skipped: ${NO_ROLL_REASON})`}`, () => {
  let list: VoterList;
  const progress: [number, number][] = [];

  it('parses with progress reports', async () => {
    list = await parseVoterListFile(ROLL_PATH, { onProgress: (d, t) => progress.push([d, t]) });
    expect(progress.length).toBeGreaterThan(0);
    const last = progress[progress.length - 1];
    expect(last[0]).toBe(last[1]);
  });

  it('finds exactly the 993 voters, serials 1..993 in order', () => {
    expect(list.voters).toHaveLength(993);
    expect(list.voters.map((v) => v.serial)).toEqual(Array.from({ length: 993 }, (_, i) => i + 1));
    expect(list.report.voters).toBe(993);
  });

  it('reads EPICs equal to the text layer, in order', () => {
    const epics = list.voters.map((v) => v.epic).filter((e): e is string => e !== null);
    expect(epics).toEqual(textLayerEpics());
    const modern = epics.filter((e) => /^[A-Z]{3}[0-9]{7}$/.test(e));
    expect(modern).toHaveLength(979); // README: 979 current-format EPICs
    // README: 14 boxes without a current-format EPIC; two of them carry an old-format number
    expect(list.voters.filter((v) => v.epic === null || !/^[A-Z]{3}[0-9]{7}$/.test(v.epic))).toHaveLength(14);
    expect(list.report.withoutEpic).toBe(12);
  });

  it('classifies pages and judges the text layer scrambled (no gibberish names)', () => {
    expect(list.report.pages).toEqual({ cover: 1, map: 0, voters: 36, supplement: 0, summary: 1, other: 0 });
    expect(list.report.totalPages).toBe(38);
    expect(list.report.textLayer).toBe('scrambled');
    expect(list.voters.some((v) => v.name !== undefined || v.relativeName !== undefined)).toBe(false);
    expect(list.report.ocrRead).toBe(0);
    // one warning only: the scrambled text layer (no serial gaps, no image pages)
    expect(list.report.warnings).toHaveLength(1);
    expect(list.report.warnings[0].message).toMatch(/cannot be read as text \(it is written in an old font\)/);
    expect(list.report.warnings[0].detail).toMatch(/legacy \(non-Unicode\) font encoding/);
  });

  it('records each box on its page, 179.5 x 71.5 pt, in reading order', () => {
    for (const v of list.voters) {
      expect(v.box?.page).toBe(v.page);
      expect(v.box?.rect.width).toBeCloseTo(179.5, 0);
      expect(v.box?.rect.height).toBeCloseTo(71.5, 0);
    }
    const page2 = list.voters.filter((v) => v.page === 2);
    expect(page2).toHaveLength(30);
    // first row: left to right at the same height; second row lower
    expect(page2[0].box!.rect.y).toBeCloseTo(page2[2].box!.rect.y, 1);
    expect(page2[1].box!.rect.x).toBeGreaterThan(page2[0].box!.rect.x);
    expect(page2[3].box!.rect.y).toBeLessThan(page2[0].box!.rect.y);
    expect(list.voters[0].page).toBe(2);
    expect(list.voters[992].page).toBe(37);
  });
});

afterAll(() => closeOcr());

describe.skipIf(!HAVE_ROLL)(`OCR of vector boxes${HAVE_ROLL ? '' : ` (skipped: ${NO_ROLL_REASON})`}`, () => {
  it("reads serials and EPICs from the boxes' pixels as the text layer gives them (ocr: 'always')", async () => {
    // pages 3-4 of the roll as their own PDF: the boxes are vector, the numbers come from OCR alone
    const part = path.join(tempDir(), 'pages-3-4.pdf');
    execFileSync('qpdf', [ROLL_PATH, '--pages', '.', '3-4', '--', part]);
    const [byText, byOcr] = await Promise.all([parseVoterListFile(part), parseVoterListFile(part, { ocr: 'always' })]);
    expect(byText.voters).toHaveLength(60);
    expect(byOcr.voters.map((v) => v.serial)).toEqual(byText.voters.map((v) => v.serial));
    const exact = byOcr.voters.filter((v, i) => v.epic === byText.voters[i].epic).length;
    expect(exact / 60).toBeGreaterThanOrEqual(0.95);
    expect(byOcr.report.ocrRead).toBeGreaterThan(100);
  }, 120_000);
});
