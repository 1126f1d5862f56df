import { describe, expect, it } from 'vitest';
import { pageSection, readHeader } from '@/lib/slips/ingest/pdf/header';
import { COLUMN, logicalOrder } from '@/lib/slips/ingest/pdf/text-layer';
import { repairSerials, restoreLeadingDigits, type SerialSlot } from '@/lib/slips/ingest/serials';

const ocr = (serials: (number | null)[], from: SerialSlot[] = []): SerialSlot[] => [...from, ...serials.map((serial) => ({ serial, fromOcr: true, page: 2 }))];

describe('serials only go up', () => {
  it('restores a leading digit lost or misread by OCR, after a confirmed run', () => {
    const before: SerialSlot[] = [58, 59, 60].map((serial) => ({ serial, fromOcr: false, page: 1 }));
    const slots = ocr([1, 52, null, 64, 5], before);
    expect(restoreLeadingDigits(slots)).toBe(3);
    expect(slots.map((s) => s.serial)).toEqual([58, 59, 60, 61, 62, null, 64, 65]);
    repairSerials(slots);
    expect(slots.map((s) => s.serial)).toEqual([58, 59, 60, 61, 62, 63, 64, 65]);
  });

  it('does not take a lost trailing digit for a lost leading one (no cascade)', () => {
    const slots = ocr([15, 16, 17, 18, 19, 2, 21, 22, 23, 24]);
    expect(restoreLeadingDigits(slots)).toBe(0);
    repairSerials(slots);
    expect(slots.map((s) => s.serial)).toEqual([15, 16, 17, 18, 19, 20, 21, 22, 23, 24]);
  });

  it('leaves a real jump forward alone, and a low value that fits no number just above', () => {
    const slots = ocr([10, 11, 12, 40, 41, 42, 9]);
    restoreLeadingDigits(slots);
    expect(slots.map((s) => s.serial)).toEqual([10, 11, 12, 40, 41, 42, 9]);
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
