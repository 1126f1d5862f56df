import { describe, expect, it } from 'vitest';
import { pageSection, readHeader } from '@/lib/slips/ingest/pdf/header';
import { readBoxText } from '@/lib/slips/ingest/pdf/box-fields';
import { checkNumbers } from '@/lib/slips/ingest/pdf/check-numbers';
import { COLUMN, logicalOrder, type TextPiece } from '@/lib/slips/ingest/engines/text-layer';
import { fitPageSerials, repairSerials, type SerialSlot } from '@/lib/slips/ingest/serials';
import { numberList } from '@/lib/slips/ingest/numbers';

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

  it('reads a page whose roll leaves a serial out as two runs, instead of moving the boxes before the gap up by one', () => {
    // 2025 roll printed to an image: serial 328 is not in the roll; 320..327 then 329.. on one page (two reads lost, one misread)
    const page = ocr([318, 319, 320, null, 322, 323, 324, 325, 326, 327, 329, 330, 331, 332, 338, null, 335, 336]);
    fitPageSerials(page);
    repairSerials(page);
    expect(page.map((s) => s.serial)).toEqual([318, 319, 320, 321, 322, 323, 324, 325, 326, 327, 329, 330, 331, 332, 333, 334, 335, 336]);
  });

  it('a lone odd read is no gap: the page stays one run', () => {
    const page = ocr([40, 41, 42, 44, 44, 45, 46, 47, 48, 49]);
    fitPageSerials(page);
    repairSerials(page);
    expect(page.map((s) => s.serial)).toEqual([40, 41, 42, 43, 44, 45, 46, 47, 48, 49]);
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

describe('fields of a box whose text layer cuts words into pieces (2025 ECI, iText)', () => {
  // one box as pdf.js gives it: labels and values in pieces, the surname wrapped to the next line,
  // "photo available" in a column of its own
  const piece = (str: string, x: number, y: number, width: number): TextPiece => ({ str, x, y, width, height: 8 });
  const box = { x: 0, y: 0, width: 185, height: 75 };
  const pieces = [
    piece('1', 10, 66, 5),
    piece('GJ/21/141/006010', 90, 66, 70),
    piece('મતદારનું નામ : ભરતભાઇ', 4, 54, 80),
    piece('રાઠવા', 4, 45, 20),
    piece('પિ', 4, 36, 4),
    piece('તાનું નામ: રમેશભાઇ', 8.5, 36, 70),
    piece('ફોટો ઉપલ', 140, 36, 25),
    piece('બ્', 165.5, 36, 4),
    piece('ધ', 170, 36, 4),
    piece('રાઠવા', 4, 27, 20),
    piece('ઘર નંબર : 12', 4, 18, 40),
    piece('ઉં', 4, 9, 5),
    piece('મર : 64', 10.5, 9, 25),
    piece('જા', 40, 9, 6),
    piece('તિ', 46.5, 9, 5),
    piece(': પુ', 52, 9, 8),
    piece('રુ', 61, 9, 5),
    piece('ષ', 67, 9, 5),
  ];

  it('reads every field, names across their wrapped line, pieces joined', () => {
    const text = readBoxText(box, pieces, true);
    expect(text.serial).toBe(1);
    expect(text.epic).toBe('GJ/21/141/006010');
    expect(text.deleted).toBe(false);
    expect(text.fields).toEqual({ name: 'ભરતભાઇ રાઠવા', relation: 'father', relativeName: 'રમેશભાઇ રાઠવા', houseNumber: '12', age: 64, gender: 'પુરુષ' });
  });
});

describe('deleted entries', () => {
  it('are told by the reason code a 2025 roll prints alone beside the serial, or a DELETED stamp in the text', () => {
    const box = { x: 0, y: 0, width: 185, height: 75 };
    const top = (extra: string[]): TextPiece[] => [...extra.map((str, k) => ({ str, x: 2 + k * 60, y: 66, width: 6, height: 8 })), { str: 'Name : A', x: 4, y: 40, width: 40, height: 8 }];
    expect(readBoxText(box, top(['E', '113']), true).deleted).toBe(true);
    expect(readBoxText(box, top(['S', '114']), true).deleted).toBe(true);
    expect(readBoxText(box, top(['R', '117']), true)).toMatchObject({ deleted: true, deletionReason: 'R' });
    expect(readBoxText(box, top(['115']), true).deletionReason).toBeNull();
    expect(readBoxText(box, top(['115']), true).deleted).toBe(false);
    // a letter inside other text is not a code
    expect(readBoxText(box, top(['116', 'E 12']), true).deleted).toBe(false);
  });
});

describe('numbers checked against each other', () => {
  const ocrBox = (serial: number | null, epic: string | null) => ({ serial, epic, serialFromOcr: true, epicFromOcr: true, epicFragment: null, idText: epic ?? '', idTextFromOcr: true });
  it('numbers are listed as people list them', () => {
    expect(numberList([3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24])).toBe('3–24');
    expect(numberList([14, 7, 9, 12])).toBe('7, 9, 12 and 14');
    expect(numberList([4, 5])).toBe('4 and 5');
    expect(numberList([7, 9, 12, 13, 14])).toBe('7, 9 and 12–14');
    expect(numberList([5])).toBe('5');
    expect(numberList(Array.from({ length: 20 }, (_, i) => i * 2), 3)).toBe('0, 2, 4, …');
  });

  it('warns once per page about IDs OCR could not read, naming their serials, not once per box', () => {
    const chosen = [ocrBox(1, 'ABC1234567'), ocrBox(2, null), ocrBox(3, null), ocrBox(4, null), ocrBox(5, 'ABC1234570')];
    const checked = checkNumbers(chosen, [1, 1, 1, 2, 2]);
    expect(checked.warnings.filter((w) => /ID \(EPIC\)|IDs \(EPIC\)/.test(w.message))).toEqual([
      { page: 1, message: 'Page 1: the ID (EPIC) of serials 2 and 3 could not be read, or the roll prints none; their slips show the boxes as the roll prints them, but their QR codes carry no ID; check them before printing.' },
      { page: 2, message: 'Page 2: the ID (EPIC) of serial 4 could not be read, or the roll prints none; its slip shows the box as the roll prints it, but its QR code carries no ID; check it before printing.' },
    ]);
    expect(checked.serials).toEqual([1, 2, 3, 4, 5]);
    expect(checked.ocrRead).toBe(7);
  });

  it('says nothing of a text-layer box without an ID (rolls print boxes without one)', () => {
    const checked = checkNumbers([{ serial: 1, epic: null, serialFromOcr: false, epicFromOcr: false, epicFragment: null, idText: '1', idTextFromOcr: false }], [1]);
    expect(checked.warnings).toEqual([]);
  });
});
