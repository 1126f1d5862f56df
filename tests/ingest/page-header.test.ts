import { describe, expect, it } from 'vitest';
import { confirmedNumber, scannedHeading } from '@/lib/slips/ingest/raster/page-header';
import { headerFacts } from '@/lib/slips/ingest/pdf/roll-facts';
import { COLUMN } from '@/lib/slips/ingest/engines/text-layer';

describe("a scanned page's header", () => {
  it('takes a number only when the digits reader saw it too', () => {
    const header = { lines: [], numbers: ['161', '821', '1'] };
    expect(confirmedNumber('161', header)).toBe('161');
    expect(confirmedNumber('0161', header)).toBe('161');
    // the Hindi model's "6" for 161 is nowhere in the digits read
    expect(confirmedNumber('6', header)).toBeNull();
    expect(confirmedNumber(undefined, header)).toBeNull();
    expect(confirmedNumber('1-पुरानी', header)).toBeNull();
  });

  it('gives the facts it states whose numbers are confirmed, never a number the digits reader did not see', () => {
    // the UP page as the Hindi model reads it: AC 211 read 2, part 161 read 6
    const up = { lines: [{ y: 800, text: `विधान सभा क्षेत्र की संख्या व नाम : : 2- कल्याणपुर${COLUMN}भाग संख्या : 6` }], numbers: ['161', '821', '1'] };
    expect(headerFacts(up)).toEqual({ assemblyName: 'कल्याणपुर' });
    // Karnataka's, in English: both confirmed ("094" is 94)
    const bellary = {
      lines: [
        { y: 800, text: `Assembly Constituency No and Name : 94-BELLARY CITY${COLUMN}Part No.: 104` },
        { y: 790, text: 'Section No and Name 1-B.Kattegaud Veeranna Compound' },
      ],
      numbers: ['94', '104', '1'],
    };
    expect(headerFacts(bellary)).toMatchObject({ assemblyNumber: '94', assemblyName: 'BELLARY CITY', part: '104', section: '1-B.Kattegaud Veeranna Compound' });
  });

  it("shows a supplement's heading without its period in brackets and the list number OCR misreads", () => {
    expect(scannedHeading('4- परिवर्धन सूची - । - ( दिनांक 20..2020 से 8.07.202 )')).toBe('परिवर्धन सूची - 1');
    expect(scannedHeading('ઘટક - 1 : વધારા યાદી 1 (29-10-2024 28-11-2024 )')).toBe('ઘટક - 1 : વધારા યાદી 1');
    expect(scannedHeading('List of Additions')).toBe('List of Additions');
  });
});
