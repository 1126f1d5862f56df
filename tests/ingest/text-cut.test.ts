import { describe, expect, it } from 'vitest';
import type { Rect } from '@/lib/slips/types';
import type { TextPiece } from '@/lib/slips/ingest/engines/text-layer';
import { inkCut, planCut, textCutFromPieces, type Mark } from '@/lib/slips/ingest/text-cut';

const band = (top: number, bottom: number, overPhotoColumn = false): Mark => ({ top, bottom, overPhotoColumn });

describe('planCut: a blank band between text lines near the photo top', () => {
  const photo = { top: 20, height: 50 };

  it('cuts in the first blank band below everything over the photo column', () => {
    // the serial's row (the ID over the photo column), then the name lines left of the photo
    const marks = [band(4, 14), band(5, 13, true), band(18, 26), band(29, 37), band(40, 48)];
    expect(planCut(marks, photo, 1)).toBe(16);
  });

  it('does not cut above text that reaches over the photo column', () => {
    // the first line runs over the photo column: the cut must come after it
    const marks = [band(4, 10), band(12, 19, true), band(22, 30), band(33, 41)];
    expect(planCut(marks, photo, 1)).toBe(20.5);
  });

  it('says there is no safe cut when the lines touch', () => {
    expect(planCut([band(4, 14), band(14, 26), band(26.5, 40)], photo, 1)).toBeNull();
  });

  it('says there is no safe cut when text over the photo column lies beside the photo', () => {
    expect(planCut([band(4, 14), band(18, 26), band(40, 48, true), band(52, 60)], photo, 1)).toBeNull();
  });

  it('says there is no safe cut when the only blank band lies well below the photo top', () => {
    expect(planCut([band(4, 40), band(45, 60)], photo, 1)).toBeNull();
  });

  it('needs text on both sides of the cut', () => {
    expect(planCut([band(4, 14)], photo, 1)).toBeNull();
    expect(planCut([], photo, 1)).toBeNull();
  });
});

describe('textCutFromPieces: from the text layer of a box drawn as vectors', () => {
  // a box 180 × 72 pt at (0, 0), its photo at the right, 8 pt text: a serial line, then four lines left of the photo
  const box: Rect = { x: 0, y: 0, width: 180, height: 72 };
  const photo: Rect = { x: 130, y: 6, width: 44, height: 52 };
  const piece = (str: string, x: number, y: number, width: number, size = 8): TextPiece => ({ str, x, y, width, height: size });
  // lines in an Indic script (room for vowel signs above and below), the header in digits and capitals
  const lines = (first: number) => [0, 1, 2, 3].map((k) => piece(`मतदार ${k}`, 4, first - k * 12, 90));
  const header = [piece('12', 8, 63, 10), piece('ABC1234567', 128, 63, 48)];

  it('cuts between the header row and the first line, the text part stopping at the photo frame', () => {
    const cut = textCutFromPieces(box, photo, [...header, ...lines(50)], []);
    expect(cut).not.toBeNull();
    // the header's lowest ink (63 - 0.1 × 8: digits and capitals stand on the baseline) and the first line's highest (50 + 1.05 × 8)
    expect(cut!.y).toBeLessThan(63 - 0.8);
    expect(cut!.y).toBeGreaterThan(50 + 8.4);
    expect(cut!.right).toBe(128);
  });

  it('keeps the drawn serial frame above the cut', () => {
    const frame: Rect = { x: 2, y: 60, width: 40, height: 11 };
    const cut = textCutFromPieces(box, photo, [...header, ...lines(50)], [frame, photo, box]);
    expect(cut!.y).toBeLessThan(60 - 0.5);
    expect(cut!.y).toBeGreaterThan(58.4);
  });

  it('ignores the text inside the photo ("photo available")', () => {
    const inside = piece('Photo', 140, 40, 20);
    expect(textCutFromPieces(box, photo, [...header, ...lines(50), inside], [])).toEqual(textCutFromPieces(box, photo, [...header, ...lines(50)], []));
  });

  it('has no cut when a line below it runs into the photo column, when lines are tight, or without a photo', () => {
    const long = [...header, ...lines(50).filter((_, k) => k !== 2), piece('लंबा नाम', 4, 26, 140)];
    expect(textCutFromPieces(box, photo, long, [])).toBeNull();
    // the first line's ink touches the header's
    expect(textCutFromPieces(box, photo, [...header, ...lines(54)], [])).toBeNull();
    expect(textCutFromPieces(box, null, [...header, ...lines(50)], [])).toBeNull();
  });
});

describe('inkCut: from the pixels of a box found in an image', () => {
  // a page 200 × 100 px, 2 px a point; a box with its outline, a header row, text rows and a framed photo
  const W = 200;
  const H = 100;
  const box = { x: 0, y: 0, width: 200, height: 100 };
  const photo = { x: 150, y: 24, width: 40, height: 60 };
  const page = (draw: (set: (x0: number, y0: number, x1: number, y1: number) => void) => void): Uint8Array => {
    const ink = new Uint8Array(W * H);
    const set = (x0: number, y0: number, x1: number, y1: number) => {
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) ink[y * W + x] = 1;
    };
    // outline, photo frame
    set(0, 0, W, 2);
    set(0, H - 2, W, H);
    set(0, 0, 2, H);
    set(W - 2, 0, W, H);
    set(150, 24, 190, 26);
    set(150, 82, 190, 84);
    set(150, 24, 152, 84);
    set(188, 24, 190, 84);
    draw(set);
    return ink;
  };
  const header = (set: (x0: number, y0: number, x1: number, y1: number) => void) => {
    set(10, 8, 30, 18); // serial
    set(140, 8, 190, 18); // ID over the photo column
  };

  it('cuts in the blank rows between the header and the first text row', () => {
    const ink = page((set) => {
      header(set);
      for (const y of [26, 40, 54, 68]) set(10, y, 120, y + 9);
    });
    const cut = inkCut(ink, W, box, photo, 2);
    expect(cut).not.toBeNull();
    expect(cut!.depth).toBeGreaterThanOrEqual(18);
    expect(cut!.depth).toBeLessThanOrEqual(26);
    expect(cut!.right).toBe(146);
  });

  it('takes a scan speck for blank, but not a stroke', () => {
    const specked = page((set) => {
      header(set);
      for (const y of [26, 40, 54, 68]) set(10, y, 120, y + 9);
      set(60, 21, 61, 22);
    });
    expect(inkCut(specked, W, box, photo, 2)).not.toBeNull();
    const stroke = page((set) => {
      header(set);
      for (const y of [26, 40, 54, 68]) set(10, y, 120, y + 9);
      set(20, 17, 23, 27); // a letter's tail joining the header to the first line
    });
    // the header and the first line are one: the cut, if any, comes below both
    const cut = inkCut(stroke, W, box, photo, 2);
    expect(cut === null || cut.depth >= 35).toBe(true);
  });

  it('cuts along the row where the pieces above end and those below begin, when no row is blank', () => {
    // the first line's tall signs start on the row after the serial's frame, beside it (a 115 dpi scan)
    const ink = page((set) => {
      header(set);
      set(40, 18, 44, 26);
      for (const y of [26, 40, 54, 68]) set(10, y, 120, y + 9);
    });
    expect(inkCut(ink, W, box, photo, 2)).toEqual({ depth: 18, right: 146 });
    // the same sign under the frame, touching it: one piece, so the cut must pass below the first line
    const touching = page((set) => {
      header(set);
      set(20, 18, 24, 26);
      for (const y of [26, 40, 54, 68]) set(10, y, 120, y + 9);
    });
    expect(inkCut(touching, W, box, photo, 2)).toEqual({ depth: 37.5, right: 146 });
  });

  it('has no cut when ink lies in the photo column below the header, outside the photo', () => {
    const ink = page((set) => {
      header(set);
      for (const y of [26, 40, 54, 68]) set(10, y, 120, y + 9);
      set(140, 88, 170, 96); // under the photo
    });
    expect(inkCut(ink, W, box, photo, 2)).toBeNull();
  });
});
