import path from 'node:path';
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { closeOcr } from '@/lib/slips/ingest/engines/ocr';
import { leasedThreads } from '@/lib/slips/ingest/engines/pdf-threads';
import { legacyModel, readLegacyCover } from '@/lib/slips/ingest/pdf/legacy-cover';
import type { TextPiece } from '@/lib/slips/ingest/engines/text-layer';
import { HAVE_ROLLS, NO_ROLLS_REASON, ROLLS_DIR } from './roll-truth';

const pieces = (...strs: string[]): TextPiece[] => strs.map((str, i) => ({ str, x: 0, y: i * 10, width: 50, height: 8 }));

describe('the OCR model for a scrambled text layer', () => {
  it('follows the script the garbled text still shows', () => {
    // Daman's cover as it extracts (Shruti without a ToUnicode map): Gujarati letters, wrong signs
    expect(legacyModel(pieces('ફફટફ મતદદર યદદદ - ૨૦૧૭', 'ભદગ નસબર', 'Electoral Roll 1'))).toBe('guj');
    // the Maharashtra list in SakalMarathi: Devanagari letters
    expect(legacyModel(pieces('जरदद भरग क.261', 'RRG1000843'))).toBe('hin');
    // the Kruti Dev family maps Devanagari glyphs onto Latin codes
    expect(legacyModel(pieces('fuokZpd ukekoyh', 'Hkkx la[;k'))).toBe('hin');
  });

  it('is none for a script without a model, or nothing to go by', () => {
    expect(legacyModel(pieces('வாக்காளர் பட்டியல்', 'பாகம் 12'))).toBeNull();
    expect(legacyModel(pieces('12', '345'))).toBeNull();
  });
});

describe.skipIf(!HAVE_ROLLS)(`a legacy-font roll’s cover${HAVE_ROLLS ? '' : ` (skipped: ${NO_ROLLS_REASON})`}`, () => {
  afterAll(closeOcr);
  const roll = (file: string) => new Uint8Array(readFileSync(path.join(ROLLS_DIR, file)));

  it('is read by OCR in its script for the facts its garbled words hide (Daman, Gujarati)', { timeout: 120_000 }, async () => {
    expect(await readLegacyCover(roll('daman-2017-part1-gujarati.pdf'))).toEqual({
      model: 'guj',
      header: { part: '1', pollingStation: '1 , સરકારી પ્રાથમિક શાળા (નવુ મકાન) તાઈવાડ, દેવકા', year: '2017' },
    });
  });

  it('is left alone when the text layer is clean (the parse read it) or absent (a scan’s cover is OCR’d by the parse)', { timeout: 60_000 }, async () => {
    expect(await readLegacyCover(roll('gujarat-2025-ac137-part1.pdf'))).toBeNull();
    expect(await readLegacyCover(roll('up-2023-kalyanpur-page-scan300.pdf'))).toBeNull();
  });

  it('stops when its signal is aborted', { timeout: 60_000 }, async () => {
    const stop = new AbortController();
    stop.abort(new Error('stopped'));
    await expect(readLegacyCover(roll('daman-2017-part1-gujarati.pdf'), stop.signal)).rejects.toThrow('stopped');
    // the parser thread it leased goes back
    await expect.poll(() => leasedThreads(), { timeout: 10_000 }).toBe(0);
  });
});
