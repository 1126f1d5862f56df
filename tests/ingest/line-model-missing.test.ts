import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { closeOcr } from '@/lib/slips/ingest/engines/ocr';
import { lineModelAvailable } from '@/lib/slips/ingest/engines/line-rec';
import { parseVoterListFile } from '@/lib/slips/parse';
import { HAVE_ROLLS, NO_ROLLS_REASON, ROLLS_DIR } from './roll-truth';

// ONNX Runtime missing or broken on this platform: its import fails
vi.mock('onnxruntime-node', () => {
  throw new Error('libonnxruntime.so.1: cannot open shared object file');
});

afterAll(closeOcr);

describe('the line model cannot be loaded', () => {
  it('says so, once, and is not tried again', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await lineModelAvailable()).toBe(false);
    expect(await lineModelAvailable()).toBe(false);
    expect(warn.mock.calls.filter((c) => String(c[0]).startsWith('line model: not available'))).toHaveLength(1);
    warn.mockRestore();
  });

  it.skipIf(!HAVE_ROLLS)(`an image-only roll is still read whole, its IDs by tesseract alone${HAVE_ROLLS ? '' : ` (skipped: ${NO_ROLLS_REASON})`}`, { timeout: 120_000 }, async () => {
    const list = await parseVoterListFile(path.join(ROLLS_DIR, 'karnataka-bellary-screenshot-3pp.pdf'));
    expect(list.voters).toHaveLength(90);
    expect(list.voters.filter((v) => v.epic && /^[A-Z]{3}\d{7}$/.test(v.epic)).length).toBeGreaterThanOrEqual(85);
  });
});
