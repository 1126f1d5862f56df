import path from 'node:path';
import { createRequire } from 'node:module';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { afterAll, describe, expect, it } from 'vitest';
import type { Gray } from '@/lib/slips/ingest/engines/image';
import { closeLineRecogniser, recogniseLines } from '@/lib/slips/ingest/engines/line-rec';
import { chooseId, decideRollIds, FIRST_SURE, secondReading, type SecondId } from '@/lib/slips/ingest/raster/second-reading';
import { readBand } from '@/lib/slips/ingest/raster/strips';

const FONT = path.join(
  path.dirname(createRequire(path.join(process.cwd(), 'package.json')).resolve('@expo-google-fonts/noto-sans-devanagari/package.json')),
  '700Bold',
  'NotoSansDevanagari_700Bold.ttf',
);
GlobalFonts.registerFromPath(FONT, 'LineTest');

/** A line of text drawn black on white, as a grey image (what a cut band is). */
function line(text: string, px = 34): Gray {
  const width = Math.ceil(text.length * px * 0.75) + 40;
  const height = Math.round(px * 1.8);
  const canvas = createCanvas(width, height);
  const g = canvas.getContext('2d');
  g.fillStyle = '#fff';
  g.fillRect(0, 0, width, height);
  g.fillStyle = '#000';
  g.font = `${px}px LineTest`;
  g.fillText(text, 20, Math.round(px * 1.3));
  const rgba = g.getImageData(0, 0, width, height).data;
  const data = new Uint8Array(width * height);
  for (let i = 0; i < data.length; i++) data[i] = rgba[i * 4];
  return { width, height, data };
}

const EPIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/';

afterAll(closeLineRecogniser);

describe('the line model (PaddleOCR recognition through ONNX Runtime, from npm)', () => {
  it('reads printed IDs and serials, lines of different widths in one call, nothing from a blank or missing band', async () => {
    const reads = await recogniseLines([line('GXP4109633'), null, line('GJ/21/141/006017'), line('AGP1763804', 22), { width: 60, height: 40, data: new Uint8Array(2400).fill(255) }], EPIC);
    expect(reads.map((r) => r.text)).toEqual(['GXP4109633', '', 'GJ/21/141/006017', 'AGP1763804', '']);
    expect(reads[0].confidence).toBeGreaterThan(0.5);
    expect(reads[1].confidence).toBe(0);
  }, 60_000);

  it('reads only the characters it is given: digits from an ID are digits, never letters', async () => {
    const [read] = await recogniseLines([line('437')], '0123456789');
    expect(read.text).toBe('437');
    const [letters] = await recogniseLines([line('GXP4109633')], '0123456789');
    expect(letters.text).toMatch(/^[0-9]*$/);
  }, 60_000);

  it('closed while lines are queued: the run in progress ends, the queued ones fail in words, the next use loads the model again', async () => {
    const many = Array.from({ length: 6 }, (_, i) => recogniseLines(Array.from({ length: 20 }, () => line(`AGP${1000000 + i}`)), EPIC));
    await new Promise((r) => setTimeout(r, 50));
    await closeLineRecogniser();
    const seen = await Promise.all(many.map((p) => p.then(() => 'done', (e: Error) => e.message)));
    expect(seen.every((s) => s === 'done' || s === 'OCR was shut down while this file was being read.')).toBe(true);
    const [again] = await recogniseLines([line('GXP4109633')], EPIC);
    expect(again.text).toBe('GXP4109633');
  }, 120_000);
});

const second = (epic: string | null, confidence: number): SecondId => ({ epic, text: epic ?? '', confidence });

describe('choosing between the two readings of an ID', () => {
  const shapes = new Map([
    ['AGP', 9],
    ['GXP', 4],
    ['GJ/21/141/6', 5],
    ['XYZ', 1],
  ]);
  it('one read alike by both, or read by one only, is taken', () => {
    expect(chooseId('AGP2119121', second('AGP2119121', 0.1), shapes)).toBe('AGP2119121');
    expect(chooseId(null, second('AGP2119121', 0.1), shapes)).toBe('AGP2119121');
    expect(chooseId(null, second('COG1211417', 0.9), shapes)).toBe('COG1211417');
    expect(chooseId('AGP2119121', second(null, 0), shapes)).toBe('AGP2119121');
    expect(chooseId('AGP2119121', null, shapes)).toBe('AGP2119121');
  });
  it('the read whose shape the page shows (twice at least) wins over one it does not show', () => {
    // tesseract forced an old-format ID into the current shape
    expect(chooseId('IAI7006017', second('GJ/21/141/006017', 0.2), shapes)).toBe('GJ/21/141/006017');
    // the line model lost a digit of the old-format number
    expect(chooseId('GJ/21/141/006116', second('GJ/21/141/00116', 0.9), shapes)).toBe('GJ/21/141/006116');
    // a prefix seen once only is no evidence
    expect(chooseId('XYZ1234567', second('QQG1234567', 0.9), shapes)).toBe('QQG1234567');
  });
  it("the line model's current-format ID made of text with a slash is an old-format ID forced into the shape: never taken", () => {
    // GU/21/141/006134 (J read as U) beside "46J/21141006134", whose slash went to a 7 and whose prefix the page's repair made AGP
    const forced: SecondId = { ...second('AGP7211410', 0.9), text: '46J/21141006134' };
    expect(chooseId('GU/21/141/006134', forced, shapes)).toBe('GU/21/141/006134');
    expect(chooseId(null, forced, shapes)).toBeNull();
  });
  it("tesseract's alone, where the line model read text but no ID: kept in a shape the roll or tesseract's other reads show, else left unread", () => {
    const noId: SecondId = { epic: null, text: '224111', confidence: 0.6 };
    // GJ/21/141/006111 forced into the current shape: a prefix no other voter has
    expect(chooseId('GZI1410061', noId, shapes)).toBeNull();
    // a prefix tesseract read twice elsewhere in the roll, or one the roll shows
    expect(chooseId('GZI1410061', noId, shapes, new Map([['GZI', 2]]))).toBe('GZI1410061');
    expect(chooseId('AGP2119121', noId, shapes)).toBe('AGP2119121');
    // the line model saw nothing at all there: tesseract's read stands
    expect(chooseId('GZI1410061', { epic: null, text: '', confidence: 0 }, shapes)).toBe('GZI1410061');
  });
  it('read by the line model alone, unsure, in a shape the page does not show: not taken (an old-format ID forced into the current shape)', () => {
    expect(chooseId(null, second('COG1211417', 0.25), shapes)).toBeNull();
  });
  it('both of a shape the page shows, or neither: the line model unless it is unsure', () => {
    expect(chooseId('AGP2119129', second('AGP2119121', 0.8), shapes)).toBe('AGP2119121');
    expect(chooseId('AGP2119129', second('AGP2119121', 0.3), shapes)).toBe('AGP2119129');
    expect(chooseId('CXP5282298', second('OXF5282298', 0.4), shapes)).toBe('CXP5282298');
  });
  it('the roll decides, not one page: an old-format shape read alike on other pages wins over a forced current-format read', () => {
    // one page of the roll: two old-format IDs, neither read alike by both readers; tesseract forced one into the current shape
    const page = [
      { epic: 'GJZ1141106', idReads: { first: 'GJZ1141106', second: second('GJ/21/141/006334', 0.37) } },
      { epic: null, idReads: { first: null, second: second('GJ/21/141/006278', 0.22) } },
      { epic: 'AGP2119121', idReads: { first: 'AGP2119121', second: second('AGP2119121', 0.9) } },
    ];
    // alone, the page shows no old-format shape twice: the unsure line model loses
    expect(decideRollIds(page)).toEqual(['GJZ1141106', null, 'AGP2119121']);
    // other pages where both read old-format IDs alike, and a text layer's ID (read once, trusted)
    const others = [
      { epic: 'GJ/21/141/006017', idReads: { first: 'GJ/21/141/006017', second: second('GJ/21/141/006017', 0.8) } },
      { epic: 'GJ/21/141/006116', idReads: { first: 'GJ/21/141/006116', second: second('GJ/21/141/006116', 0.6) } },
      { epic: 'GJ/21/141/006200' },
    ];
    expect(decideRollIds([...page, ...others]).slice(0, 3)).toEqual(['GJ/21/141/006334', 'GJ/21/141/006278', 'AGP2119121']);
  });
});

describe("the line model reads an ID only where tesseract's is doubtful", () => {
  const band = (epic: string) => ({ serial: null, epic: line(epic), mark: null });
  it('an ID tesseract read sure of every word stands alone; one it was unsure of, or did not read, is read again and decided', async () => {
    // what tesseract read in three boxes: sure and right, unsure and wrong (a 1 for a 7), nothing
    const sure = { ...readBand('', 'AGP1763804'), idConfidence: FIRST_SURE + 5 };
    const unsure = { ...readBand('', 'GXP4109633'), epic: 'GXP4109133', idConfidence: FIRST_SURE - 30 };
    const unread = readBand('', '');
    const out = await secondReading([band('AGP1763804'), band('GXP4109633'), band('AGP2119121')], [sure, unsure, unread]);
    expect(out[0].idReads).toBeUndefined();
    expect(out[0].epic).toBe('AGP1763804');
    expect(out[1].idReads?.first).toBe('GXP4109133');
    expect(out[1].idReads?.second.epic).toBe('GXP4109633');
    expect(out[1].epic).toBe('GXP4109633');
    expect(out[2].idReads?.second.epic).toBe('AGP2119121');
    expect(out[2].epic).toBe('AGP2119121');
  }, 60_000);
});
