import { describe, expect, it } from 'vitest';
import { FACES, PRIMARY_FACE, quoteCharacters, shaperOf, splitByFace, unprintableCharacters } from '@/lib/slips/render/faces';
import { textWidth } from '@/lib/slips/render/font';
import { SCRIPT_FONTS, SCRIPT_SAMPLES, URDU_ADDRESS } from './scripts';

const faceNamed = (fontName: string) => FACES.findIndex((f) => f.fontName === fontName);

describe('faces: which font draws which character', () => {
  it('Hindi with Latin, digits and ₹ is one run in the primary face', () => {
    expect(splitByFace('मकान नं. / House No.: 10/ख — ₹ 1,250')).toEqual([{ face: PRIMARY_FACE, text: 'मकान नं. / House No.: 10/ख — ₹ 1,250' }]);
  });

  for (const [script, sample] of Object.entries(SCRIPT_SAMPLES)) {
    it(`${script}: drawn whole in ${SCRIPT_FONTS[script as keyof typeof SCRIPT_SAMPLES]}, every glyph a real one (no missing-glyph box)`, () => {
      const face = faceNamed(SCRIPT_FONTS[script as keyof typeof SCRIPT_SAMPLES]);
      expect(face).toBeGreaterThanOrEqual(0);
      // The digits, commas and brackets stay with the script around them: one run.
      expect(splitByFace(sample)).toEqual([{ face, text: sample }]);
      const glyphs = shaperOf(face).shape(sample).glyphs;
      expect(glyphs.length).toBeGreaterThan(0);
      expect(glyphs.filter((g) => g.gid === 0)).toEqual([]);
      expect(unprintableCharacters(sample)).toEqual([]);
    });
  }

  it('a line mixing scripts splits where the script changes; spaces and punctuation stay with the run before', () => {
    const runs = splitByFace(`Ward 4, ${SCRIPT_SAMPLES.Gujarati} / वार्ड 4`);
    expect(runs.map((r) => FACES[r.face].fontName)).toEqual(['NotoSansDevanagari-Regular', 'NotoSansGujarati-Regular', 'NotoSansDevanagari-Regular']);
    expect(runs.map((r) => r.text).join('')).toBe(`Ward 4, ${SCRIPT_SAMPLES.Gujarati} / वार्ड 4`);
    expect(runs[0].text).toBe('Ward 4, ');
    expect(runs[2].text).toBe('वार्ड 4');
  });

  it('the width of a mixed line is the sum of its runs, each in its own face', () => {
    const line = `${SCRIPT_SAMPLES.Tamil} ${SCRIPT_SAMPLES.Devanagari}`;
    const byRuns = splitByFace(line).reduce((w, r) => w + (shaperOf(r.face).advance(r.text) / shaperOf(r.face).upem) * 10, 0);
    expect(textWidth(line, 10)).toBeCloseTo(byRuns, 6);
    expect(textWidth(line, 10)).toBeGreaterThan(textWidth(SCRIPT_SAMPLES.Tamil, 10));
  });

  it('characters no face has are found, each once; white space never counts', () => {
    expect(unprintableCharacters(URDU_ADDRESS)).toEqual(['س', 'ر', 'ک', 'ا', 'ی', 'و', 'ل', '،', 'م', 'ہ']);
    expect(unprintableCharacters('School 🏫 room 2')).toEqual(['🏫']);
    expect(unprintableCharacters('Room\t2\n')).toEqual([]);
  });

  it('a character no face has does not break the run around it', () => {
    const runs = splitByFace('कक्ष 🏫 2');
    expect(runs).toEqual([{ face: PRIMARY_FACE, text: 'कक्ष 🏫 2' }]);
  });
});

describe('quoteCharacters', () => {
  it('isolates each character so right-to-left letters keep the sentence in order, and shortens long lists', () => {
    expect(quoteCharacters(['س', 'ر'])).toBe('"\u2068س\u2069", "\u2068ر\u2069"');
    expect(quoteCharacters(['a', 'b', 'c'], 2)).toBe('"\u2068a\u2069", "\u2068b\u2069", …');
  });
});

describe('words of ASCII letters and digits (serials, EPICs, ages)', () => {
  it('are measured and drawn from their characters, as shaping them gives: same width, same glyphs, same operators', async () => {
    const { PDFDocument } = await import('@cantoo/pdf-lib');
    const { DocumentFont } = await import('@/lib/slips/render/font');
    const shaper = shaperOf(PRIMARY_FACE);
    const font = new DocumentFont((await PDFDocument.create()).context, () => undefined);
    for (const word of ['345', 'XYZ1000000', 'GJ/21/141/006010', 'AB-12', '(18)', 'Wq@~!']) {
      // width: the shaper's own advance of the word
      expect(textWidth(word, 10), word).toBeCloseTo((shaper.advance(word) / shaper.upem) * 10, 10);
      // operators: one run of the primary face, the shaped glyphs side by side at the word's start
      const glyphs = shaper
        .shape(word)
        .glyphs.map((g) => `<${g.gid.toString(16).padStart(4, '0')}>`)
        .join('');
      const hex = [...word].map((c) => c.charCodeAt(0).toString(16).padStart(4, '0')).join('');
      expect(font.show(word, 12.5, 40, { size: 9 }), word).toBe(`q /Span<</ActualText<FEFF${hex}>>>BDC BT /F${PRIMARY_FACE + 1} 9 Tf 1 0 0 1 12.5 40 Tm [${glyphs}]TJ ET EMC Q\n`);
    }
  });
});
