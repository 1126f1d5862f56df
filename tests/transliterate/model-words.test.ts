import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { MODEL_OF, modelWords, traineddataWords } from '@/lib/transliterate/model-words';
import { SCRIPT_LANGUAGES, SCRIPT_TABLES } from '@/lib/transliterate/scripts';

/** The word lists inside the tesseract models on npm: read back from their tries, in each script's letters. */
describe('model words', () => {
  it.each(SCRIPT_LANGUAGES)('%s: thousands of words, each in the script alone', (lang) => {
    const words = modelWords(lang);
    expect(words, `@tesseract.js-data/${MODEL_OF[lang]} is installed`).not.toBeNull();
    expect(words!.length).toBeGreaterThan(10_000);
    const { base } = SCRIPT_TABLES[lang];
    const outside = words!.filter((w) => [...w].some((ch) => ch.codePointAt(0)! < base || ch.codePointAt(0)! > base + 0x7f));
    expect(outside).toEqual([]);
    expect(new Set(words).size / words!.length).toBeGreaterThan(0.99);
  });

  it('reads the words a model was trained with, places among them', () => {
    const hindi = new Set(modelWords('hi'));
    for (const word of ['वार्ड', 'ऋषिकेश', 'वाल्मीकि']) expect(hindi.has(word), word).toBe(true);
    const gujarati = new Set(modelWords('gu'));
    for (const word of ['અમદાવાદ', 'વડોદરા', 'રાજકોટ']) expect(gujarati.has(word), word).toBe(true);
  });

  it('refuses a file that is not a model with a word list', () => {
    expect(() => traineddataWords(Buffer.from('not a model'))).toThrow(/not a tesseract model/);
    expect(() => traineddataWords(zlib.gzipSync(Buffer.alloc(64)))).toThrow(/not a tesseract model/);
    // a component table pointing past the file
    const table = Buffer.alloc(4 + 8 * 24);
    table.writeInt32LE(24, 0);
    for (let i = 0; i < 24; i++) table.writeBigInt64LE(i === 19 || i === 21 ? 10_000n : -1n, 4 + 8 * i);
    expect(() => traineddataWords(table)).toThrow(/not a tesseract model/);
  });
});
