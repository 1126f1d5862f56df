import { afterEach, describe, expect, it } from 'vitest';
import { closeOcr, ocrPageText, ocrWords } from '@/lib/slips/ingest/engines/ocr';
import { toPgm } from '@/lib/slips/ingest/engines/image';
import { rng } from './inputs';

/** A sheet of speckle: something for tesseract to chew on for a while, nothing to read. */
function speckle(seed: number): Uint8Array {
  const rand = rng(seed);
  const data = new Uint8Array(900 * 300);
  for (let i = 0; i < data.length; i++) data[i] = rand() < 0.08 ? 0 : 255;
  return toPgm({ width: 900, height: 300, data });
}

const CLOSED = 'OCR was shut down while this file was being read.';
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

afterEach(async () => {
  process.off('unhandledRejection', onUnhandled);
  await closeOcr();
});

/** Each job's outcome: done, the closed error, or still running (a job already inside a worker when it is terminated never settles in tesseract.js). */
function outcomes(jobs: Promise<unknown>[]): Promise<string[]> {
  return Promise.all(jobs.map((p) => Promise.race([p.then(() => 'done', (e: Error) => e.message), new Promise<string>((r) => setTimeout(() => r('running'), 3000))])));
}

describe('closing OCR while recognitions are queued (a cancelled parse, a CLI exiting)', () => {
  it('sheets: the queued ones fail with a clear error, no terminated worker is called, OCR starts again after', async () => {
    process.on('unhandledRejection', onUnhandled);
    await ocrWords(speckle(1), 'digits'); // the two workers are up
    const queued = Array.from({ length: 8 }, (_, i) => ocrWords(speckle(i + 2), i % 2 ? 'digits' : 'epic'));
    await closeOcr();
    const seen = await outcomes(queued);
    // the six beyond the two workers at least (a job that had not reached its worker yet fails too)
    expect(seen.filter((o) => o === CLOSED).length).toBeGreaterThanOrEqual(6);
    expect(seen.every((o) => ['done', 'running', CLOSED].includes(o))).toBe(true);
    expect(unhandled).toEqual([]);
    await expect(ocrWords(speckle(1), 'digits')).resolves.toBeInstanceOf(Array);
  }, 60_000);

  it('page text: the queued ones fail with a clear error, no terminated worker is called', async () => {
    process.on('unhandledRejection', onUnhandled);
    // closed while the Hindi worker is still starting: every one is queued behind it
    const queued = [ocrPageText(speckle(3), 144), ocrPageText(speckle(4), 144), ocrPageText(speckle(5), 144)];
    await closeOcr();
    expect(await outcomes(queued)).toEqual([CLOSED, CLOSED, CLOSED]);
    expect(unhandled).toEqual([]);
  }, 60_000);
});
