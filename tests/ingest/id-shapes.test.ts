import { describe, expect, it } from 'vitest';
import { epicFragmentFromOcr, epicFromOcr } from '@/lib/slips/ingest/epic';
import { checkNumbers } from '@/lib/slips/ingest/pdf/check-numbers';
import type { ChosenNumbers } from '@/lib/slips/ingest/pdf/read-numbers';
import { fitToShape, idLike, learnShapes, readByRollShapes, readByShapes, shapeOf, shapeWords, tokensOf, type IdSlot } from '@/lib/slips/ingest/id-shapes';

/** Invented IDs (no real voter's): two letters and 12 digits, a local body's numbers, EPICs. */
const state = (n: number) => `AP${String(120800000000 + n * 7919).padStart(12, '0')}`;
const sec = (n: number) => `SEC${String(410000000 + n * 131).padStart(9, '0')}`;
const epic = (n: number) => `XQZ${String(1000000 + n * 37).padStart(7, '0')}`;

describe('ID shapes', () => {
  it('reduces a token to its runs of letters and digits, separators as printed', () => {
    expect(shapeOf('AP120812345678')).toBe('A2 D12');
    expect(shapeOf('GJ/21/141/006010')).toBe('A2/D2/D3/D6');
    expect(shapeOf('XQZ1000037')).toBe('A3 D7');
    expect(shapeOf('SEC041000131')).toBe('A3 D9');
    expect(shapeOf('KL-09-123456')).toBe('A2-D2-D6');
    expect(shapeWords('A2/D12')).toBe('2 letters, "/", 12 digits');
  });

  it('takes only tokens that can be IDs: no serials, entries, dates or reason letters', () => {
    expect(tokensOf('  12  ap120812345678 40/259/911 ')).toEqual(['12', 'AP120812345678', '40/259/911']);
    expect(['12', 'AP120812345678', '40/259/911', '01/01/2018', 'E', 'AB12', '123456789012'].filter(idLike)).toEqual(['AP120812345678', '123456789012']);
  });
});

describe('learnShapes', () => {
  const text = (tokens: string[]) => ({ tokens, fromOcr: false });
  const ocr = (tokens: string[]) => ({ tokens, fromOcr: true });

  it('accepts a shape that several unread boxes carry, the most used first', () => {
    const boxes = [...Array.from({ length: 6 }, (_, i) => text(['7', state(i)])), ...Array.from({ length: 3 }, (_, i) => text([sec(i)]))];
    expect(learnShapes(boxes)).toEqual([
      { shape: 'A2 D12', support: 6 },
      { shape: 'A3 D9', support: 3 },
    ]);
  });

  it('leaves a shape that one or two boxes carry', () => {
    expect(learnShapes([text([state(1)]), text([state(2)])])).toEqual([]);
    expect(learnShapes([text([state(1)]), text(['TEMP12345'])])).toEqual([]);
  });

  it('leaves a shape that is not a clear share of the unread boxes (scattered slips)', () => {
    const scattered = Array.from({ length: 20 }, (_, i) => text([`Q${'Z'.repeat(1 + (i % 10))}${String(100000 + i)}`]));
    const boxes = [...scattered, text([state(1)]), text([state(2)]), text([state(3)])];
    // 3 of 23 boxes: under a fifth
    expect(learnShapes(boxes)).toEqual([]);
    expect(learnShapes([...scattered.slice(0, 9), text([state(1)]), text([state(2)]), text([state(3)])]).map((s) => s.shape)).toEqual(['A2 D12']);
  });

  it('counts a box once, whatever it repeats', () => {
    expect(learnShapes([text([state(1), state(1), state(2)]), text([state(3)])])).toEqual([]);
  });

  it('does not learn from OCR a shape one slip away from an EPIC (a misread EPIC, not a scheme)', () => {
    const misread = ['XQ10000370', 'XQ10000371', 'XQ10000372', 'XQ10000373'];
    expect(learnShapes(misread.map((t) => ocr([t])))).toEqual([]);
    // the same shape printed in a text layer is the roll's own
    expect(learnShapes(misread.map((t) => text([t])))).toEqual([{ shape: 'A2 D8', support: 4 }]);
  });

  it('does not make a shape of an OCR confusion that every token shares (an O read for a 0 between digits)', () => {
    const confused = ['AP12O8001234', 'AP12O8005678', 'AP12O8009012', 'AP12O8003456'].map((t) => t + '56');
    expect(learnShapes(confused.map((t) => ocr([t])))).toEqual([{ shape: 'A2 D12', support: 4 }]);
    const slots = confused.map((t) => ({ epic: null, fromOcr: true, idText: t }));
    expect(readByRollShapes(slots).read).toBe(4);
    expect(slots.map((s) => s.epic)).toEqual(['AP1208001234', 'AP1208005678', 'AP1208009012', 'AP1208003456'].map((t) => t + '56'));
    // printed so in a text layer, it is the roll's own shape
    expect(learnShapes(confused.map((t) => text([t])))).toEqual([{ shape: 'A2 D2 A1 D9', support: 4 }]);
  });

  it('does not learn from OCR old-format numbers with their slashes read as digits, on a roll that prints them', () => {
    const slashless = ['GJ721714170060', 'GJ721714170061', 'GJ721714170062'].map((t) => ocr([t]));
    expect(learnShapes(slashless, true)).toEqual([]);
    expect(learnShapes(slashless, false).map((s) => s.shape)).toEqual(['A2 D12']);
  });
});

describe('reading a box by the learnt shapes', () => {
  const shapes = [{ shape: 'A2 D12', support: 10 }];

  it('takes the token of a learnt shape as printed', () => {
    expect(readByShapes(['7', state(4)], shapes, false)).toBe(state(4));
    expect(readByShapes(['7', 'AP12081234567'], shapes, false)).toBeNull();
  });

  it('repairs OCR confusions by position within the learnt shape', () => {
    const id = 'AP120800123456';
    expect(fitToShape('4P12O8O0123456', 'A2 D12')).toBe(id);
    expect(fitToShape('4P12O8OO123456', 'A2 D12')).toBeNull();
    expect(readByShapes(['AP12O800I23456'], shapes, true)).toBe(id);
    expect(readByShapes(['4PI208001Z3456'], shapes, true)).toBe(id);
    // a text layer is taken as printed: nothing repaired
    expect(readByShapes(['AP12O800I23456'], shapes, false)).toBeNull();
  });

  it('joins two pieces OCR split apart', () => {
    expect(readByShapes(['AP1208', '00123456'], shapes, true)).toBe('AP120800123456');
  });

  it('does not force a token of another length, or one that needs too many repairs', () => {
    expect(readByShapes(['AP1208001234567'], shapes, true)).toBeNull();
    expect(fitToShape('APIZOBOOIZ3456', 'A2 D12')).toBeNull();
    expect(fitToShape('AP/208/0123456', 'A2 D12')).toBe('AP720870123456');
    expect(fitToShape('GJ-21-141-0060', 'A2/D2/D3/D4')).toBe('GJ/21/141/0060');
    expect(fitToShape('GJ.21', 'A2/D2')).toBeNull();
  });
});

describe('readByRollShapes', () => {
  const slot = (idText: string, known: string | null = null, fromOcr = false): IdSlot => ({ epic: known, fromOcr, idText });

  it('reads the boxes the known shapes left unread, and leaves the others', () => {
    const slots = [
      ...Array.from({ length: 8 }, (_, i) => slot(`${i + 1} ${epic(i)}`, epic(i))),
      ...Array.from({ length: 4 }, (_, i) => slot(`${i + 9} ${state(i)}`)),
      slot('13'),
    ];
    const { shapes, read } = readByRollShapes(slots);
    expect(shapes).toEqual([{ shape: 'A2 D12', support: 4 }]);
    expect(read).toBe(4);
    expect(slots.map((s) => s.epic)).toEqual([...Array.from({ length: 8 }, (_, i) => epic(i)), ...Array.from({ length: 4 }, (_, i) => state(i)), null]);
  });

  it('leaves a lone token of an odd shape unread', () => {
    const slots = [...Array.from({ length: 10 }, (_, i) => slot(`${i + 1} ${epic(i)}`, epic(i))), slot(`11 ${state(1)}`), slot(`12 ${sec(1)}`)];
    expect(readByRollShapes(slots)).toEqual({ shapes: [], read: 0 });
    expect(slots.slice(10).map((s) => s.epic)).toEqual([null, null]);
  });
});

describe('EPICs from OCR beside IDs of other schemes', () => {
  it('does not cut an EPIC out of a token with two digits more than an EPIC carries', () => {
    expect(epicFromOcr('SEC041000131')).toBeNull();
    expect(epicFromOcr('12 AP120812345678')).toBeNull();
    // one character more is an EPIC with a slip, read as before
    expect(epicFromOcr('RRG42494471')).toBe('RRG4249447');
  });
});

describe('a roll read by OCR, checked: IDs of its own shape with OCR confusions', () => {
  /** A box as OCR read it: the ID band's text, and what the known shapes made of it. */
  const ocrBox = (serial: number, idText: string): ChosenNumbers => {
    const epicRead = epicFromOcr(idText);
    return { serial, epic: epicRead, serialFromOcr: true, epicFromOcr: true, epicFragment: epicRead ? null : epicFragmentFromOcr(idText), idText, idTextFromOcr: true };
  };

  it('reads them by the shape the roll uses, repaired by position, and leaves a lone odd token unread', () => {
    const read = ['XQZ1000037', 'XQZ1000074', state(1), 'XQZ1000111', 'AP12O8O01Z3456', 'XQZ1000148', state(3), '4P 1208 0O7B9012', state(4), 'SEC041000131'];
    const checked = checkNumbers(
      read.map((t, i) => ocrBox(i + 1, t)),
      read.map(() => 1),
    );
    expect(checked.epics).toEqual(['XQZ1000037', 'XQZ1000074', state(1), 'XQZ1000111', 'AP120800123456', 'XQZ1000148', state(3), 'AP120800789012', state(4), null]);
    expect(checked.warnings.map((w) => w.message)).toEqual([
      "Besides EPIC numbers, the roll prints IDs of its own: 5 voters with 2 letters, 12 digits. They were read as the voters' IDs.",
      'Page 1: the ID (EPIC) of serial 10 could not be read, or the roll prints none; its slip shows the box as the roll prints it, but its QR code carries no ID; check it before printing.',
    ]);
  });
});
