import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { OcrWord, TextModel } from '@/lib/slips/ingest/engines/ocr';

/**
 * The text models a scanned cover or header is tried in: each model tried is a read of the whole image (a 288 dpi
 * cover: 1–2 s of OCR), so the model another part of the roll was read in goes first.
 */
const tried = vi.hoisted(() => ({ models: [] as string[] }));
vi.mock('@/lib/slips/ingest/engines/ocr', () => ({
  ocrPageText: async (_image: Uint8Array, _dpi: number, model: TextModel): Promise<OcrWord[]> => {
    tried.models.push(model);
    // a Gujarati print: the Gujarati model is sure of its words, the others read garble
    const confidence = model === 'guj' ? 90 : 30;
    return [{ text: `${model}-text`, left: 10, top: 10, width: 50, height: 12, line: '1.1.1', confidence }];
  },
}));

const { readInScript } = await import('@/lib/slips/ingest/raster/cover');

const image = new Uint8Array(8);

describe('reading a scan in the model of its script', () => {
  beforeEach(() => {
    tried.models = [];
  });

  it('tries the models in order until one reads its own script and states enough', async () => {
    const read = await readInScript(image, 288, () => true);
    expect(tried.models).toEqual(['hin', 'guj']);
    expect(read.model).toBe('guj');
    expect(read.lines.map((l) => l.text)).toEqual(['guj-text']);
  });

  it('tries the model the roll was read in first, and no other when it suffices', async () => {
    const read = await readInScript(image, 288, () => true, 'guj');
    expect(tried.models).toEqual(['guj']);
    expect(read.model).toBe('guj');
  });

  it('goes on to the other models when the first one given is not the script', async () => {
    const read = await readInScript(image, 288, () => true, 'eng');
    expect(tried.models).toEqual(['eng', 'hin', 'guj']);
    expect(read.model).toBe('guj');
  });

  it('keeps the surest read when none states enough', async () => {
    const read = await readInScript(image, 288, () => false, 'guj');
    expect(tried.models).toEqual(['guj', 'hin', 'eng']);
    expect(read.model).toBe('guj');
  });
});
