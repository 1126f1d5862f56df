import { describe, expect, it } from 'vitest';
import { pageSection, readHeader } from '@/lib/slips/ingest/pdf/header';
import { COLUMN, logicalOrder } from '@/lib/slips/ingest/pdf/text-layer';
import { fitPageSerials, repairSerials, type SerialSlot } from '@/lib/slips/ingest/serials';

const ocr = (serials: (number | null)[], page = 2): SerialSlot[] => serials.map((serial) => ({ serial, fromOcr: true, page }));
const text = (serials: number[], page = 1): SerialSlot[] => serials.map((serial) => ({ serial, fromOcr: false, page }));

describe('serials run on from page to page', () => {
  it('fits a badly read page to the run that its reads fit best (lost or misread leading digits)', () => {
    // page 2 holds 61..70; OCR lost or misread the faint "6" in most of them
    const slots = [...text([58, 59, 60]), ...ocr([1, 52, null, 64, 5, 66, 7, 12, 69, 70])];
    expect(fitPageSerials(slots)).toBe(5);
    expect(slots.map((s) => s.serial)).toEqual([58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 12, 69, 70]);
    repairSerials(slots);
    expect(slots.map((s) => s.serial)).toEqual([58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70]);
  });

  it('leaves a page alone when too few reads fit any run, and never goes below the page before', () => {
    const slots = [...text([10, 11, 12]), ...ocr([900, 3, 77, 5, 1234])];
    expect(fitPageSerials(slots)).toBe(0);
    expect(slots.map((s) => s.serial)).toEqual([10, 11, 12, 900, 3, 77, 5, 1234]);
  });

  it('does not take a lost trailing digit for a lost leading one', () => {
    const slots = ocr([15, 16, 17, 18, 19, 2, 21, 22, 23, 24]);
    fitPageSerials(slots);
    repairSerials(slots);
    expect(slots.map((s) => s.serial)).toEqual([15, 16, 17, 18, 19, 20, 21, 22, 23, 24]);
  });
});

describe('text in visual order', () => {
  it('puts pre-base vowel signs after their consonant cluster', () => {
    expect(logicalOrder('િવ')).toBe('વિ');
    expect(logicalOrder('િસ્થ')).toBe('સ્થિ');
    expect(logicalOrder('िकताब')).toBe('किताब');
    expect(logicalOrder('किताब')).toBe('किताब');
  });
});

describe("the roll's own facts", () => {
  it('reads an English cover', () => {
    const h = readHeader([
      'Electoral Roll, 2024 of Karnataka',
      `Assembly Constituency No and Name : 94-SAMPLE CITY${COLUMN}Part No. : 104`,
      '1. Details of Revision',
      'Year of Revision : 2024',
      'Section No and Name 1-Sample Road',
      'No. and Name of Polling Station :',
      `12 - Government School Room 1${COLUMN}Type of Polling Station : General`,
      'Address of Polling Station :',
      'Government School, Main Road,',
      'Sample Nagar',
      '4. Number of Electors',
    ]);
    expect(h).toMatchObject({
      assemblyNumber: '94',
      assemblyName: 'SAMPLE CITY',
      assembly: '94 - SAMPLE CITY',
      part: '104',
      year: '2024',
      section: '1-Sample Road',
      pollingStation: '12 - Government School Room 1',
      pollingStationAddress: 'Government School, Main Road, Sample Nagar',
    });
  });

  it('reads a Hindi page header and its section', () => {
    const lines = ['विधान सभा क्षेत्र की संख्या व नाम : : 211-नमूना नगर', 'भाग संख्या : 161', 'अनुभाग संख्या व नाम : : 1-नमूना मार्ग'];
    expect(readHeader(lines)).toMatchObject({ assemblyNumber: '211', assemblyName: 'नमूना नगर', part: '161', section: '1-नमूना मार्ग' });
    expect(pageSection(lines)).toBe('1-नमूना मार्ग');
  });

  it('finds nothing in lines that are not a roll header', () => {
    expect(readHeader(['Quarterly report', 'Total 1,234'])).toEqual({});
  });
});
