import { describe, expect, it } from 'vitest';
import { detectKind } from '@/lib/slips/ingest/detect';
import { epicFragmentFromOcr, epicFromOcr, findEpic, repairEpicPrefixes } from '@/lib/slips/ingest/epic';
import { fieldOf, findHeader } from '@/lib/slips/ingest/excel/headers';
import { readingOrder } from '@/lib/slips/ingest/geometry';
import { dominantBoxSize } from '@/lib/slips/ingest/pdf/box-size';
import { judgeText } from '@/lib/slips/ingest/engines/scramble';
import { impliedCells, variantCellSize, type PixelRect } from '@/lib/slips/ingest/raster/cells';
import { consecutiveFirst } from '@/lib/slips/ingest/raster/page-cells';
import { bandImage, firstLine } from '@/lib/slips/ingest/raster/strips';
import { scale, type Gray } from '@/lib/slips/ingest/engines/image';
import { continuityWarnings, repairSerials, type SerialSlot } from '@/lib/slips/ingest/serials';

const slots = (xs: (number | null)[]): SerialSlot[] => xs.map((serial) => ({ serial, fromOcr: true, page: 1 }));

describe('serial continuity repair', () => {
  it('fixes misread and unread OCR serials from their neighbours', () => {
    const s = slots([1, 2, 3, 707, 5, 6, null, 8, 9, 18, 11, 12]);
    expect(repairSerials(s)).toBe(3);
    expect(s.map((x) => x.serial)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });

  it('keeps a genuine jump (neighbours on each side agree with themselves)', () => {
    const s = slots([10, 11, 12, 13, 40, 41, 42, 43]);
    expect(repairSerials(s)).toBe(0);
    expect(continuityWarnings(s).map((w) => w.message)).toEqual(['Serial numbers jump from 13 to 40: serials 14–39 not found.']);
  });

  it('says plainly, once, that a serial is not in the roll when its page has all its boxes', () => {
    // three pages of 6 boxes read from the text layer; page 2 prints 8 then 10 (the roll leaves 9 out)
    const pages = [[1, 2, 3, 4, 5, 6], [7, 8, 10, 11, 12, 13], [14, 15, 16, 17, 18, 19]];
    const text = (ocr: boolean): SerialSlot[] => pages.flatMap((xs, p) => xs.map((serial) => ({ serial, fromOcr: ocr, page: p + 1 })));
    expect(continuityWarnings(text(false))).toEqual([{ page: 2, message: 'Serial 9 is not in the roll: on page 2, whose 6 voter boxes were all found, 8 is followed by 10.', action: 'Nothing to do: the roll itself skips these numbers.' }]);
    // a gap that may be a box not found says what to do about it
    expect(continuityWarnings(text(true))[0].action).toBe('Compare page 2 of the roll with its slips: that voter may have no slip.');
    // read by OCR, the same gap may be a misread: a plain jump
    expect(continuityWarnings(text(true)).map((w) => w.message)).toEqual(['Serial numbers jump from 8 to 10: serial 9 not found.']);
    // a page short of the full grid may have lost a box: a plain jump
    const short = text(false).filter((s) => s.serial !== 12);
    expect(continuityWarnings(short).map((w) => w.message)).toEqual(['Serial numbers jump from 8 to 10: serial 9 not found.', 'Serial numbers jump from 11 to 13: serial 12 not found.']);
    // several numbers left out together
    const several = text(false).map((s) => (s.serial !== null && s.serial >= 10 ? { ...s, serial: s.serial + 5 } : s));
    expect(continuityWarnings(several).map((w) => w.message)).toEqual(['Serials 9–14 are not in the roll: on page 2, whose 6 voter boxes were all found, 8 is followed by 15.']);
    // a gap across a page break may be a box missed at the end or start of a page: a plain jump
    const acrossPages = text(false).map((s) => (s.serial !== null && s.serial >= 7 && s.serial <= 8 ? { ...s, serial: s.serial + 1 } : s));
    expect(continuityWarnings(acrossPages).map((w) => w.message)).toEqual(['Serial numbers jump from 6 to 8: serial 7 not found.']);
  });

  it('never changes text-layer serials', () => {
    const s: SerialSlot[] = [1, 2, 9, 4, 5].map((serial) => ({ serial, fromOcr: false, page: 1 }));
    expect(repairSerials(s)).toBe(0);
  });
});

describe('EPIC reading', () => {
  it('finds current and old formats', () => {
    expect(findEpic('12 PJG2164879')).toBe('PJG2164879');
    expect(findEpic('GJ/26/181/015465')).toBe('GJ/26/181/015465');
    expect(findEpic('no id here 12345')).toBeNull();
  });

  it('fixes letter/digit confusions by position', () => {
    expect(epicFromOcr('PJG2I64B79')).toBe('PJG2164879');
    expect(epicFromOcr('P1G2164879')).toBe('PIG2164879');
    expect(epicFromOcr('xx 5JG216487 yy')).toBeNull();
  });

  it('reads a 4 after the letters that OCR saw twice, as "A" and "4", once', () => {
    expect(epicFromOcr('48 GXPA4109633')).toBe('GXP4109633');
    expect(epicFromOcr('GXPA4BB2452')).toBe('GXP4882452');
    // run on into the number printed after it (a ward list's "40/260/266")
    expect(epicFromOcr('RRGA459807440/260/266')).toBe('RRG4598074');
    // an "A" that stands for the 4 itself is read as before
    expect(epicFromOcr('GXPABE2460')).toBe('GXP4882460');
  });

  it('reads past the serial digits or a ruled line that OCR ran on before the ID', () => {
    expect(epicFromOcr('50RRG4249447')).toBe('RRG4249447');
    expect(epicFromOcr('IRRG100084340/259/911')).toBe('RRG1000843');
    expect(epicFromOcr('JRRGA424941340/261/50')).toBe('RRG4249413');
    // an ID that starts with I or J is read whole
    expect(epicFromOcr('JBT1164185')).toBe('JBT1164185');
    expect(epicFromOcr('IBT116418540/260/879')).toBe('IBT1164185');
  });

  it('never makes a current-format ID out of an old-format one, and keeps what OCR saw of it', () => {
    for (const read of ['GJ21141006017', 'GJ721/141/006017', 'GJ/21141/006017', 'CJ/217141006340', 'J7217141/006122', 'CGU721/141/006325', 'CGU21/141/006325']) {
      expect(epicFromOcr(read), read).toBeNull();
      expect(epicFragmentFromOcr(read), read).toBe(read);
    }
    expect(epicFromOcr('CT GJ/21/141/006209')).toBe('GJ/21/141/006209');
    // a current ID with a 7 read as a slash is still read, and one run on into the numbers after it
    expect(epicFromOcr('ABC12/4567')).toBe('ABC1274567');
    expect(epicFromOcr('RRG462102540/259/1176')).toBe('RRG4621025');
    expect(epicFragmentFromOcr('RRG462102540/259/1176')).toBeNull();
  });

  it('completes old-format IDs from the roll’s own: a prefix letter misread, slashes lost or read as 7', () => {
    const exact = ['GJ/21/141/006199', 'GJ/21/141/006214', 'GJ/21/141/006125', 'GJ/21/141/006209'].map((epic) => ({ epic, fromOcr: true, fragment: null }));
    const items = [
      ...exact,
      { epic: 'GU/21/141/006116', fromOcr: true, fragment: null },
      { epic: null, fromOcr: true, fragment: 'GJ21141006017' },
      { epic: null, fromOcr: true, fragment: 'GJ/217/141/006212' },
      { epic: null, fromOcr: true, fragment: 'CJ21/141300380' },
      // too far from the prefix to be one of it: left unread
      { epic: null, fromOcr: true, fragment: 'J7217141/006122' },
      // a value from the text layer is never changed
      { epic: 'GU/21/141/000001', fromOcr: false, fragment: null },
      // an old-format fragment is not completed as if it had lost a current prefix's letter
      { epic: null, fromOcr: true, fragment: 'GJ/21141' },
    ];
    expect(repairEpicPrefixes(items)).toBe(4);
    expect(items.slice(4).map((it) => it.epic)).toEqual(['GJ/21/141/006116', 'GJ/21/141/006017', 'GJ/21/141/006212', 'GJ/21/141/300380', null, 'GU/21/141/000001', null]);
  });

  it('repairs no old-format ID without three exact ones to go by', () => {
    const items = [
      { epic: 'GJ/21/141/006199', fromOcr: true, fragment: null },
      { epic: 'GJ/21/141/006214', fromOcr: true, fragment: null },
      { epic: null, fromOcr: true, fragment: 'GJ21141006017' },
    ];
    expect(repairEpicPrefixes(items)).toBe(0);
    expect(items[2].epic).toBeNull();
  });

  it('repairs a one-letter prefix slip against the roll prefix', () => {
    const items = [...Array.from({ length: 8 }, (_, i) => ({ epic: `PJG000000${i}`, fromOcr: true })), { epic: 'PJC1234567', fromOcr: true }, { epic: 'XYZ1234567', fromOcr: true }];
    expect(repairEpicPrefixes(items)).toBe(1);
    expect(items[8].epic).toBe('PJG1234567');
    expect(items[9].epic).toBe('XYZ1234567');
  });

  it('a roll of two prefixes repairs slips of its second too, held by a fifth of its IDs; a prefix of a few IDs is no guide', () => {
    const ids = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => ({ epic: `${prefix}${String(1000000 + i)}`, fromOcr: true }));
    const items = [...ids('AGP', 30), ...ids('GXP', 8), ...ids('QRS', 2), { epic: 'GXF1992106', fromOcr: true }, { epic: 'QRT1234567', fromOcr: true }];
    expect(repairEpicPrefixes(items)).toBe(1);
    expect(items.slice(-2).map((it) => it.epic)).toEqual(['GXP1992106', 'QRT1234567']);
  });

  it('completes an EPIC whose OCR lost one prefix letter, only when one roll prefix fits', () => {
    expect(epicFromOcr('GH7970827')).toBeNull();
    expect(epicFragmentFromOcr('GH7970827')).toBe('GH7970827');
    expect(epicFragmentFromOcr('G8 797O827')).toBeNull();
    expect(epicFragmentFromOcr('6H797O827')).toBe('GH7970827');
    const roll = Array.from({ length: 8 }, (_, i) => ({ epic: `GHJ000000${i}`, fromOcr: false, fragment: null as string | null }));
    const lost = [
      { epic: null, fromOcr: true, fragment: 'GH7970827' },
      { epic: null, fromOcr: true, fragment: 'HJ1111111' },
      { epic: null, fromOcr: true, fragment: 'XY2222222' },
      // a fragment from the text layer is never completed
      { epic: null, fromOcr: false, fragment: 'GH3333333' },
    ];
    const items = [...roll, ...lost];
    expect(repairEpicPrefixes(items)).toBe(2);
    expect(lost.map((l) => l.epic)).toEqual(['GHJ7970827', 'GHJ1111111', null, null]);
    // two dominant prefixes that both fit: left alone
    const twin = [...Array.from({ length: 6 }, (_, i) => ({ epic: `GHJ000000${i}`, fromOcr: false })), ...Array.from({ length: 6 }, (_, i) => ({ epic: `GHK000000${i}`, fromOcr: false })), { epic: null, fromOcr: true, fragment: 'GH1234567' }];
    expect(repairEpicPrefixes(twin)).toBe(0);
  });
});

describe('grid holes in scanned pages', () => {
  const size = { width: 351, height: 141 };
  // a 3-column grid of 4 rows with neighbours sharing borders (x 77.5 / 428.5 / 779.5)
  const grid = (skip: (r: number, c: number) => boolean): PixelRect[] =>
    [0, 1, 2, 3].flatMap((r) => [0, 1, 2].filter((c) => !skip(r, c)).map((c) => ({ x: 77.5 + c * 351, y: 108 + r * 144.5, ...size })));

  it('places a box whose outline was not found from its row and column', () => {
    expect(impliedCells(grid((r, c) => r === 2 && c === 0), size)).toEqual([{ x: 78, y: 397, width: 351, height: 141 }]);
  });

  it('offers the empty places of a short last row (OCR then drops blank ones) and nothing on a full grid', () => {
    expect(impliedCells(grid(() => false), size)).toEqual([]);
    expect(impliedCells(grid((r, c) => r === 3 && c > 0), size).map((c) => [c.x, c.y])).toEqual([
      [429, 542],
      [780, 542],
    ]);
  });

  it('invents nothing from a single column or too few boxes', () => {
    expect(impliedCells(grid((_, c) => c > 0), size)).toEqual([]);
    expect(impliedCells(grid((r) => r > 0).slice(0, 2), size)).toEqual([]);
  });
});

describe('supplement boxes of another size', () => {
  const size = { width: 361.5, height: 138 };
  const cell = (x: number, y: number, width: number, height: number): PixelRect => ({ x, y, width, height });

  it('takes the page’s taller boxes of the roll’s width (an additions list: 3 + 2 boxes)', () => {
    const page = [cell(46, 133, 362, 150), cell(408, 133, 363, 150), cell(771, 133, 364, 150), cell(46, 283, 362, 150), cell(408, 283, 363, 150)];
    expect(variantCellSize(page, size)).toMatchObject({ width: 362, height: 150, count: 5 });
    expect(variantCellSize(page.slice(0, 1), size)).toMatchObject({ count: 1 });
  });

  it('ignores cells of another width or of a very different height (a cover’s or a summary’s tables)', () => {
    const tables = [cell(55, 252, 552, 205), cell(632, 956, 315, 80), cell(947, 956, 149, 80), cell(53, 159, 203, 126), cell(414, 285, 299, 167), cell(49, 300, 362, 260)];
    expect(variantCellSize(tables, size)).toBeNull();
  });
});

describe('enlarging a band for OCR (scale)', () => {
  /** Bilinear enlarging computed pixel by pixel, each from its own place in the source: what scale must give. */
  function reference(img: Gray, factor: number): number[] {
    const width = Math.max(1, Math.round(img.width * factor));
    const height = Math.max(1, Math.round(img.height * factor));
    const out: number[] = [];
    for (let y = 0; y < height; y++) {
      const sy = Math.min(img.height - 1.001, Math.max(0, (y + 0.5) / factor - 0.5));
      const y0 = Math.floor(sy);
      for (let x = 0; x < width; x++) {
        const sx = Math.min(img.width - 1.001, Math.max(0, (x + 0.5) / factor - 0.5));
        const x0 = Math.floor(sx);
        const at = (xx: number, yy: number) => img.data[Math.min(yy, img.height - 1) * img.width + Math.min(xx, img.width - 1)];
        const top = at(x0, y0) + (at(x0 + 1, y0) - at(x0, y0)) * (sx - x0);
        const bottom = at(x0, y0 + 1) + (at(x0 + 1, y0 + 1) - at(x0, y0 + 1)) * (sx - x0);
        out.push(Math.trunc(top + (bottom - top) * (sy - y0)));
      }
    }
    return out;
  }

  it('gives every pixel the bilinear value of its own place in the source, at the factors bands are enlarged by', () => {
    let seed = 11;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (const [w, h, factor] of [[37, 9, 3.2], [120, 14, 64 / 14], [5, 4, 6], [64, 30, 1], [200, 40, 1.7], [3, 2, 2.5]] as const) {
      const img: Gray = { width: w, height: h, data: Uint8Array.from({ length: w * h }, () => Math.floor(random() * 256)) };
      const out = scale(img, factor);
      expect([out.width, out.height]).toEqual([Math.round(w * factor), Math.round(h * factor)]);
      expect(Array.from(out.data)).toEqual(reference(img, factor));
    }
  });
});

describe('the serial/EPIC band of a scanned box', () => {
  it('keeps the first text line (a small serial beside a taller EPIC) and not the name line reaching into the band', () => {
    // serial rows 24-32, EPIC 25-38, the name line's headline from row 45
    expect(firstLine([{ top: 45, bottom: 52 }, { top: 24, bottom: 32 }, { top: 25, bottom: 38 }, { top: 46, bottom: 55 }])).toEqual({ top: 24, bottom: 38 });
    // an EPIC set a little lower than the serial still belongs to the line
    expect(firstLine([{ top: 10, bottom: 20 }, { top: 22, bottom: 33 }])).toEqual({ top: 10, bottom: 33 });
    expect(firstLine([]).bottom).toBeLessThan(0);
  });

  /** A box 400 x 200 px: a serial "?17" at the left of its band (the first digit drawn by `first`), an ID at the right. */
  function boxWithSerial(first: (fill: (x0: number, y0: number, x1: number, y1: number) => void) => void): Gray {
    const width = 400;
    const data = new Uint8Array(width * 200).fill(255);
    const fill = (x0: number, y0: number, x1: number, y1: number) => {
      for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) data[y * width + x] = 0;
    };
    first(fill);
    fill(60, 8, 62, 22); // 1
    fill(66, 8, 74, 10); // 7: its bar and stem
    fill(72, 11, 74, 22);
    for (let k = 0; k < 10; k++) fill(200 + k * 13, 8, 209 + k * 13, 22); // the ID's ten glyphs
    return { width, height: 200, data };
  }

  it('puts a digit broken into pieces by the threshold back together (a "5" of thin strokes lost from "517")', () => {
    const box = { x: 0, y: 0, width: 400, height: 200 };
    const whole = bandImage(boxWithSerial((fill) => fill(48, 8, 56, 22)), box).serial;
    // the same 5 in five pieces a pixel apart: its bar, its stem, the top, the side and the foot of its bowl;
    // each alone is a speck, as at 144 dpi on a scan whose small print is lighter than its IDs
    const broken = bandImage(
      boxWithSerial((fill) => {
        fill(48, 8, 56, 9);
        fill(48, 11, 49, 14);
        fill(48, 16, 54, 16);
        fill(55, 17, 56, 20);
        fill(48, 22, 54, 22);
      }),
      box,
    ).serial;
    const without = bandImage(boxWithSerial(() => undefined), box).serial;
    expect(whole && broken && without).toBeTruthy();
    // the serial's part spans the three digits, not the two after the 5
    expect(broken?.width).toBe(whole?.width);
    expect(broken?.width).toBeGreaterThan((without?.width ?? 0) * 1.3);
  });
});

describe('serials counted from a few read on a page (the draft of a scan)', () => {
  const reads = (entries: [number, number | null][]) => new Map(entries);

  it('counts from the first when the two ends are as far apart as the boxes between them', () => {
    expect(consecutiveFirst(reads([[0, 31], [29, 60]]), 30)).toBe(31);
    expect(consecutiveFirst(reads([[0, 31], [29, 61]]), 30)).toBeNull();
  });

  it('tells an end misread from a serial the roll leaves out by the boxes beside the ends', () => {
    // "34" for 347 and "4466" for 466: another length, far from the serial due
    expect(consecutiveFirst(reads([[0, 34], [29, 376], [1, 348], [28, 375]]), 30)).toBe(347);
    expect(consecutiveFirst(reads([[0, 437], [29, 4466], [1, 438], [28, 465]]), 30)).toBe(437);
    // an end that did not read
    expect(consecutiveFirst(reads([[0, null], [29, 120], [1, 92], [28, 119]]), 30)).toBe(91);
    // 316 where 317 is due: 316, then 318 (317 left out), not a misread; every serial is read
    expect(consecutiveFirst(reads([[0, 316], [29, 346], [1, 318], [28, 345]]), 30)).toBeNull();
    // 99 where 100 is due is as likely a serial left out (99, then 101) as a misread: the lengths differ, but it is near
    expect(consecutiveFirst(reads([[0, 99], [29, 129], [1, 101], [28, 128]]), 30)).toBeNull();
    // the boxes beside the ends disagree: a gap between them
    expect(consecutiveFirst(reads([[0, 3], [29, 60], [1, 32], [28, 60]]), 30)).toBeNull();
  });

  it('needs five boxes for the boxes beside the ends to tell anything', () => {
    expect(consecutiveFirst(reads([[0, 3], [3, 24], [1, 22], [2, 23]]), 4)).toBeNull();
  });
});

describe('scrambled text layers', () => {
  it('accepts well-encoded Hindi, Gujarati and English', () => {
    const hindi = 'रमेश कुमार शर्मा पिता का नाम सुरेश चन्द्र मकान संख्या आयु लिंग पुरुष महिला गीता देवी'.split(' ');
    const gujarati = 'પટેલ રમેશભાઇ ડાહ્યાભાઇ પિતાનું નામ ઘર નંબર ઉંમર જાતિ પુરુષ સ્ત્રી'.split(' ');
    expect(judgeText([...hindi, ...hindi, ...hindi]).scrambled).toBe(false);
    expect(judgeText([...gujarati, ...gujarati, ...gujarati]).scrambled).toBe(false);
    expect(judgeText('Name Father House Number Age Gender Male Female Ramesh Kumar Sharma'.repeat(3).split(' ')).scrambled).toBe(false);
  });

  it('rejects legacy-encoded extractions', () => {
    // consonants without vowel signs (the shared roll's symptom) and Kruti-Dev-like ASCII
    const noMarks = 'પટરલ રમમશભપઇ ડપહપભપઇ સપતપનપ નપમ ઘર નન ઉમર જસત પપરર'.split(' ');
    expect(judgeText([...noMarks, ...noMarks, ...noMarks]).scrambled).toBe(true);
    const kruti = "jes'k dqekj 'kekZ firk dk uke lqjs'k pUnz edku la[;k vk;q fyax iq#".split(' ');
    expect(judgeText([...kruti, ...kruti, ...kruti]).scrambled).toBe(true);
  });
});

describe('file kinds from magic bytes', () => {
  it('tells PDF, xls, png and text apart regardless of name', () => {
    expect(detectKind(new TextEncoder().encode('%PDF-1.4\n'))).toBe('pdf');
    expect(detectKind(Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0]))).toBe('xls');
    expect(detectKind(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]))).toBe('png');
    expect(detectKind(new TextEncoder().encode('a,b\n1,2\n'))).toBe('text');
  });
});

describe('spreadsheet headers', () => {
  it('maps English and Hindi headings to fields', () => {
    expect(fieldOf('Sl. No.')).toBe('serial');
    expect(fieldOf('क्रम संख्या')).toBe('serial');
    expect(fieldOf("Father's / Husband's Name")).toBe('relativeName');
    expect(fieldOf('पिता/पति का नाम')).toBe('relativeName');
    expect(fieldOf('Name of the Elector')).toBe('name');
    expect(fieldOf('मतदान केन्द्र')).toBe('pollingStation');
    expect(fieldOf('EPIC No')).toBe('epic');
    expect(fieldOf('Remarks')).toBeNull();
  });

  it('needs two fields including serial, EPIC or name', () => {
    expect(findHeader([['Age', 'Gender'], ['Name', 'Age']])?.row).toBe(1);
    expect(findHeader([['Age', 'Gender']])).toBeNull();
  });
});

describe('reading order', () => {
  it('orders boxes row by row, left to right, tolerating small misalignment', () => {
    const box = (x: number, top: number) => ({ rect: { x, y: top - 70, width: 180, height: 70 } });
    const order = readingOrder([box(212, 700), box(32, 771), box(392, 770.5), box(212, 771.2), box(32, 700)]);
    expect(order.map((b) => [b.rect.x, b.rect.y + 70])).toEqual([
      [32, 771],
      [212, 771.2],
      [392, 770.5],
      [32, 700],
      [212, 700],
    ]);
  });
});

describe('the voter-box size of a roll', () => {
  const rects = (n: number, width: number, height: number, y = 0) => Array.from({ length: n }, (_, i) => ({ x: 20 + (i % 4) * width, y: y + Math.floor(i / 4) * height, width, height }));
  const table = rects(8, 78, 30, 400);
  const boxes = rects(3, 285, 107, 100);

  it('is the most common large rectangle, the larger of two nearly as common', () => {
    expect(dominantBoxSize([table, boxes])).toEqual({ width: 78, height: 30 });
    expect(dominantBoxSize([rects(30, 180, 70), rects(28, 60, 70)])).toEqual({ width: 180, height: 70 });
    expect(dominantBoxSize([rects(2, 180, 70)])).toBeNull();
  });

  it('is the size whose rectangles hold IDs when the most common one holds none (a short list behind a cover’s table)', () => {
    const withId = new Set(boxes);
    expect(dominantBoxSize([table, boxes], 3, (_, r) => withId.has(r))).toEqual({ width: 285, height: 107 });
    // the most common size holding an ID keeps its place; so does it when no other size mostly holds IDs
    expect(dominantBoxSize([table, boxes], 3, (_, r) => r === table[0] || withId.has(r))).toEqual({ width: 78, height: 30 });
    expect(dominantBoxSize([table, boxes], 3, (_, r) => r === boxes[0])).toEqual({ width: 78, height: 30 });
  });
});

