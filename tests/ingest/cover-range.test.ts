import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { closeOcr } from '@/lib/slips/ingest/engines/ocr';
import { readHeader } from '@/lib/slips/ingest/pdf/header';
import { COLUMN } from '@/lib/slips/ingest/engines/text-layer';
import type { OcrWord } from '@/lib/slips/ingest/engines/ocr';
import { coverLines } from '@/lib/slips/ingest/raster/cover';
import { statedRange, statedYear, withCoverFacts } from '@/lib/slips/ingest/pdf/roll-facts';
import { withLateIds } from '@/lib/slips/ingest/late-ids';
import { coverWarnings, type SerialSlot } from '@/lib/slips/ingest/serials';
import { parseVoterList } from '@/lib/slips/parse';
import { HAVE_ROLLS, ROLLS_DIR } from './roll-truth';

const slots = (xs: (number | null)[]): SerialSlot[] => xs.map((serial) => ({ serial, fromOcr: true, page: 2 }));

describe('the serial range a cover states', () => {
  it('finds the electors row by its arithmetic among the cover’s other numbers (third-gender column or not)', () => {
    // what OCR reads on Rajasthan's cover (digits only, sparse): dates, AC and part numbers, then the row
    const words = '202120 8111-98- 13-13-3 2021 1 01-01-2021 12020 1 -2021 18-01-2021 1 2 3 4 1 582 309 271 580 25-1'.split(' ');
    expect(statedRange(words)).toEqual({ first: 1, last: 582, electors: 580 });
    expect(statedRange(['4', '571', '660', '45', '44', '1', '90'])).toEqual({ first: 571, last: 660, electors: 90 });
  });

  it('keeps the row when the first serial ran into the number before it (its last serial and total are what is relied on)', () => {
    // Rajasthan's cover read from another rendering: the lone "1" joined the cell before it
    expect(statedRange('3911 29 1 37 4 351 51 614 81 137 4311 582 309 271 580 3'.split(' '))).toEqual({ first: null, last: 582, electors: 580 });
  });

  it('takes the roll’s year as the one its dates state most often', () => {
    const words = '202120 8111-98- 13-13-3 2021 1 01-01-2021 12020 1 -2021 18-01-2021 1 2 3 4 1 582 309 271 580 25-1'.split(' ');
    expect(statedYear(words)).toBe('2021');
    expect(statedYear(['1', '582', '12'])).toBeNull();
  });

  it('reads nothing from numbers that do not add up', () => {
    expect(statedRange('1 582 309 270 580'.split(' '))).toBeNull();
    expect(statedRange('2021 18 1 2 3 4 5'.split(' '))).toBeNull();
  });

  it('reads no table from a run of small numbers that happens to add up, nor from a count without men or women', () => {
    // a ward list's scanned cover: "1", "1", "0", "1", "1" (ward 1, ...) is no electors' table
    expect(statedRange('4 1 1 0 1 1 2025'.split(' '))).toBeNull();
    expect(statedRange('1 9 5 4 9'.split(' '))).toBeNull();
    expect(statedRange('1 582 580 0 580'.split(' '))).toBeNull();
    expect(statedRange('1 12 6 5 11'.split(' '))).toEqual({ first: 1, last: 12, electors: 11 });
  });

  it('warns when the boxes found fall short of the cover, and not when they do not', () => {
    const cover = { first: 1, last: 5, electors: 4 };
    expect(coverWarnings(cover, slots([1, 2, 3, 4, 5]))).toEqual([]);
    expect(coverWarnings(cover, slots([1, 2, 3])).map((w) => w.message)).toEqual([
      'The cover states 4 electors with serials up to 5, but 3 voter boxes were found (the last serial read is 3).',
    ]);
    // enough boxes, but the last ones are missing
    expect(coverWarnings(cover, slots([1, 2, 3, 4]))).toHaveLength(1);
    expect(coverWarnings(null, slots([1, 2]))).toEqual([]);
  });
});

describe('a scanned cover’s text', () => {
  const word = (text: string, left: number, top: number, line: string): OcrWord => ({ text, left, top, width: text.length * 12, height: 30, line, confidence: 90 });

  it('becomes lines with column breaks, a right-hand column marked, a word read twice once, the danda beside digits read as 1', () => {
    const words = [
      word('निर्वाचक', 40, 10, '1.1.1'),
      word('नामावली', 150, 12, '1.1.1'),
      word('202।', 250, 10, '1.1.1'),
      word('मतदान', 40, 100, '2.1.1'),
      word('केंद्र', 120, 102, '2.1.1'),
      word('का', 200, 100, '2.1.1'),
      word('पता', 240, 98, '2.1.1'),
      // the cell to the right, on the same row (another block) and the row below
      word('सहायक', 700, 101, '3.1.1'),
      word('केन्द्रों', 790, 100, '3.1.1'),
      word('संख्या', 700, 140, '3.1.2'),
      word('0', 900, 140, '3.1.2'),
      word('राजकीय', 40, 180, '2.1.2'),
      word('राजकीय', 41, 181, '5.1.1'),
      // the same word read again, cut in two
      word('विद्या', 131, 182, '5.1.1'),
      word('लय', 205, 180, '5.1.1'),
      word('विद्यालय', 130, 181, '2.1.2'),
      word('पृष्ठ', 800, 400, '4.1.1'),
      word('।', 870, 400, '4.1.1'),
    ];
    expect(coverLines(words)).toEqual([
      'निर्वाचक नामावली 2021',
      `मतदान केंद्र का पता${COLUMN}सहायक केन्द्रों`,
      `${COLUMN}संख्या${COLUMN}0`,
      'राजकीय विद्यालय',
      `${COLUMN}पृष्ठ ।`,
    ]);
  });

  it('gives the roll’s facts: “एवं” and “केंद्र” label forms, values below their labels, a far column left out', () => {
    const lines = [
      'निर्वाचक नामावली 2021 राजस्थान',
      `विधानसभा क्षेत्र की संख्या, नाम एवं आरक्षण की स्थिति : 98 - नमूना (सामान्य)${COLUMN}भाग संख्या`,
      `${COLUMN}2`,
      `पुनरीक्षण का वर्ष${COLUMN}2021`,
      `मतदान केंद्र की संख्या एवं नाम${COLUMN}मतदान केंद्र का प्रकार${COLUMN}सामान्य`,
      `2-नमूना गांव${COLUMN}(पुरुष/स्त्री/सामान्य)`,
      `मतदान केंद्र का पता${COLUMN}मतदान क्षेत्र के सहायक मतदान केन्द्रों`,
      `${COLUMN}की संख्या${COLUMN}0`,
      `राजकीय विद्यालय, नमूना गांव${COLUMN}की संख्या 0`,
      '4. मतदाताओं की संख्या',
    ];
    expect(readHeader(lines)).toEqual({
      part: '2',
      assemblyNumber: '98',
      assemblyName: 'नमूना (सामान्य)',
      assembly: '98 - नमूना (सामान्य)',
      pollingStation: '2-नमूना गांव',
      pollingStationAddress: 'राजकीय विद्यालय, नमूना गांव',
      year: '2021',
    });
  });
});

describe('an older Gujarati cover’s wording (the Daman roll read by OCR)', () => {
  it('gives the part, the polling station numbered with a comma, and the year', () => {
    const lines = [
      'ફોટો મતદાર યાદી - 2017, સંધપ્રદેશ (યૂ04) દમણ અને દીવ',
      `લોકસભા ક્ષેત્ર નો ક્રમાક, નામ${COLUMN}ભાગ નંબર`,
      `${COLUMN}1, દમણ અને દીવ , (General)`,
      `નરીક્ષણનું વર્ષ${COLUMN};- 2017`,
      `મતદાન કેન્દ્રનો ક્રમાક અને નામ :-${COLUMN}મતદાર કેન્દ્રનો પ્રકાર${COLUMN}સામાન્ય`,
      '1 , સરકારી પ્રાથમિક શાળા (નવુ મકાન) તાઈવાડ, દેવકા',
      `${COLUMN}આ મતદાર કેન્દ્રના`,
    ];
    // (the number read after "ભાગ નંબર" is the Lok Sabha constituency's, on the next line: OCR reads the
    // part's own "1", lower in its box, as "!"; both are 1 on this roll)
    expect(readHeader(lines)).toEqual({ part: '1', pollingStation: '1 , સરકારી પ્રાથમિક શાળા (નવુ મકાન) તાઈવાડ, દેવકા', year: '2017' });
  });
});

const RAJASTHAN = path.join(ROLLS_DIR, 'rajasthan-2021-ac98-part2-scanned.pdf');
let have = false;
try {
  readFileSync(RAJASTHAN);
  have = true;
} catch {
  have = false;
}

describe.skipIf(!have)('an image-only roll’s cover', () => {
  afterAll(closeOcr);

  it('is read, and a roll cut short is reported against it', { timeout: 120_000 }, async () => {
    // the cover and one voter page of the Rajasthan roll: the cover states 1..582, 30 boxes are there
    const dir = mkdtempSync(path.join(os.tmpdir(), 'vsg-cover-'));
    try {
      const out = path.join(dir, 'cut.pdf');
      execFileSync('qpdf', ['--decrypt', RAJASTHAN, '--pages', RAJASTHAN, '1,3', '--', out]);
      const list = await parseVoterList({ bytes: new Uint8Array(readFileSync(out)), filename: 'cut.pdf' });
      expect(list.voters).toHaveLength(30);
      // the roll's own facts, from the cover's text (Hindi OCR)
      expect(list.report.header).toMatchObject({ assemblyNumber: '98', assemblyName: 'किशनगढ़ (सामान्य)', part: '2', pollingStation: '2-मोरडी', year: '2021' });
      expect(list.report.header.pollingStationAddress).toMatch(/^राजकीय उच्च प्राथमिक विद्यालय, मोर\S*$/u);
      expect(list.voters.every((v) => v.part === '2')).toBe(true);
      expect(list.report.warnings.map((w) => w.message)).toContain(
        'The cover states 580 electors with serials up to 582, but 30 voter boxes were found (the last serial read is 30).',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('read to the draft first: its numbers checked at once, its facts from the complete parse after', { timeout: 120_000 }, async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'vsg-cover-'));
    try {
      const out = path.join(dir, 'cut.pdf');
      execFileSync('qpdf', ['--decrypt', RAJASTHAN, '--pages', RAJASTHAN, '1,3', '--', out]);
      const bytes = new Uint8Array(readFileSync(out));
      const draft = await parseVoterList({ bytes, filename: 'cut.pdf' }, { scanIds: 'later' });
      expect(draft.voters).toHaveLength(30);
      // the cover's numbers are read for the draft: the year, and the range the boxes are checked against
      expect(draft.report.header).toEqual({ year: '2021' });
      expect(draft.report.warnings.map((w) => w.message)).toContain(
        'The cover states 580 electors with serials up to 582, but 30 voter boxes were found (the last serial read is 30).',
      );
      const complete = await parseVoterList({ bytes, filename: 'cut.pdf' });
      expect(withCoverFacts(draft.report.header, complete.report.header)).toMatchObject({ assemblyNumber: '98', part: '2', pollingStation: '2-मोरडी', year: '2021' });
      expect(withLateIds(draft.voters, complete.voters).voters.every((v) => v.part === '2')).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.skipIf(!HAVE_ROLLS)('a scanned cover in Gujarati', () => {
  afterAll(closeOcr);

  it('is read with the Gujarati model: the roll’s facts as its text twin states them (the Hindi model read AC 137 as 27)', { timeout: 180_000 }, async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'vsg-cover-'));
    try {
      const cutOf = (file: string) => {
        const source = path.join(ROLLS_DIR, file);
        const out = path.join(dir, file);
        execFileSync('qpdf', ['--decrypt', source, '--pages', source, '1,3', '--', out]);
        return new Uint8Array(readFileSync(out));
      };
      // the cover and one voter page of the 2025 Gujarat roll, printed to images, and of the roll itself
      const scanned = await parseVoterList({ bytes: cutOf('gujarat-2025-ac137-part1-scan115.pdf'), filename: 'scan.pdf' });
      const text = await parseVoterList({ bytes: cutOf('gujarat-2025-ac137-part1.pdf'), filename: 'text.pdf' });
      const facts = (h: typeof text.report.header) => ({ part: h.part, assemblyNumber: h.assemblyNumber, assemblyName: h.assemblyName, pollingStation: h.pollingStation });
      expect(text.report.header.part).toBeTruthy();
      expect(facts(scanned.report.header)).toEqual(facts(text.report.header));
      // the address as OCR reads it: its first words as printed
      const firstWords = (a: string | undefined) => (a ?? '').split(/\s+/).slice(0, 3).join(' ');
      expect(firstWords(scanned.report.header.pollingStationAddress)).toBe(firstWords(text.report.header.pollingStationAddress));
      expect(scanned.voters.length).toBeGreaterThan(0);
      expect(scanned.voters.every((v) => v.part === text.report.header.part)).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.skipIf(!HAVE_ROLLS)('a text roll’s cover, from its digits', () => {
  /** `pages` of a fixture roll as a new PDF, parsed. */
  async function cut(file: string, pages: string) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'vsg-cover-'));
    try {
      const source = path.join(ROLLS_DIR, file);
      const out = path.join(dir, 'cut.pdf');
      execFileSync('qpdf', ['--empty', '--pages', source, pages, '--', out]);
      return await parseVoterList({ bytes: new Uint8Array(readFileSync(out)), filename: 'cut.pdf' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it('reports a legacy-font roll cut short against its cover, and takes its year from the cover’s dates', { timeout: 60_000 }, async () => {
    // Daman: the letters of its text layer are garbled, its digits are not; cover + two voter pages
    const list = await cut('daman-2017-part1-gujarati.pdf', '1-3');
    expect(list.report.textLayer).toBe('scrambled');
    expect(list.voters).toHaveLength(60);
    expect(list.report.header.year).toBe('2017');
    expect(list.report.warnings.map((w) => w.message)).toContain('The cover states 993 electors with serials up to 993, but 60 voter boxes were found (the last serial read is 60).');
  });

  it('does the same for a Unicode roll in the 2025 format (Indian digit grouping on a State list’s cover is read too)', { timeout: 60_000 }, async () => {
    const gujarat = await cut('gujarat-2025-ac137-part1.pdf', '1-3');
    expect(gujarat.report.warnings.map((w) => w.message)).toContain('The cover states 588 electors with serials up to 596, but 30 voter boxes were found (the last serial read is 30).');
    // the Maharashtra ward list's cover prints "२,९६३"; pages 5-7 hold serials 4..9
    const ward = await cut('maharashtra-2025-sec-ward4-marathi.pdf', '1-2,5-7');
    expect(ward.voters.map((v) => v.serial)).toEqual([4, 5, 6, 7, 8, 9]);
    expect(ward.report.warnings.map((w) => w.message)).toContain('The cover states 2963 electors with serials up to 2963, but 6 voter boxes were found (the last serial read is 9).');
    // a list shorter than its cover's table (3 voters, 8 table cells): the boxes are the rectangles holding IDs
    const short = await cut('maharashtra-2025-sec-ward4-marathi.pdf', '1-4');
    expect(short.voters.map((v) => [v.serial, v.epic])).toEqual([
      [1, 'RRG1000843'],
      [2, 'RRG1000850'],
      [3, 'RRG4420568'],
    ]);
  });
});

