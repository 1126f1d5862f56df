import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { closeOcr } from '@/lib/slips/ingest/engines/ocr';
import { leasedThreads } from '@/lib/slips/ingest/engines/pdf-threads';
import { parseVoterList, parseVoterListFile } from '@/lib/slips/parse';
import { HAVE_ROLL, NO_ROLL_REASON, ROLL_PATH } from './fixture';
import { ENGLISH_HEADER, voterRows, workbook } from './sheets';

/** ParseOptions.signal and onProgress: the web job shows "Reading page 12 of 38" and can cancel. */

const SCAN_PATH = path.resolve(process.cwd(), '../shared/fixtures/rolls/rajasthan-2021-ac98-part2-scanned.pdf');
const HAVE_SCAN = existsSync(SCAN_PATH);
const onCi = process.env.CI === 'true';

async function rejection(p: Promise<unknown>): Promise<unknown> {
  return p.then(
    () => {
      throw new Error('the parse was expected to be cancelled but finished');
    },
    (e: unknown) => e,
  );
}

describe('fixtures for cancel/progress', () => {
  it.runIf(onCi)('are present on CI', () => {
    expect(HAVE_ROLL, NO_ROLL_REASON).toBe(true);
    expect(HAVE_SCAN, `shared roll fixture not found at ${SCAN_PATH}`).toBe(true);
  });
});

describe.skipIf(!HAVE_ROLL)(`cancelling and following a PDF parse${HAVE_ROLL ? '' : ` (skipped: ${NO_ROLL_REASON})`}`, () => {
  afterAll(closeOcr);

  it('reports each page read once, in page units, ending at (total, total)', async () => {
    const seen: [number, number][] = [];
    await parseVoterListFile(ROLL_PATH, { onProgress: (d, t) => seen.push([d, t]) });
    expect(seen.map(([, t]) => t).every((t) => t === 38)).toBe(true);
    expect(seen.map(([d]) => d)).toEqual(Array.from({ length: 38 }, (_, i) => i + 1));
  });

  it('rejects at once with an AbortError for a signal already aborted, leasing no thread', async () => {
    const e = await rejection(parseVoterListFile(ROLL_PATH, { signal: AbortSignal.abort() }));
    expect((e as Error).name).toBe('AbortError');
    expect(leasedThreads()).toBe(0);
  });

  it('stops between pages with the signal’s own reason and gives its threads back', async () => {
    const controller = new AbortController();
    const reason = new Error('the user cancelled the job');
    const seen: number[] = [];
    const e = await rejection(
      parseVoterListFile(ROLL_PATH, {
        signal: controller.signal,
        onProgress: (done) => {
          seen.push(done);
          if (done === 3) controller.abort(reason);
        },
      }),
    );
    expect(e).toBe(reason);
    // stopped well before the 38th page (a page or two per thread may already be in flight)
    expect(Math.max(...seen)).toBeLessThan(10);
    expect(leasedThreads()).toBe(0);
    // the pool is healthy: the next parse reads the whole roll
    const list = await parseVoterListFile(ROLL_PATH);
    expect(list.voters).toHaveLength(993);
  });
});

describe.skipIf(!HAVE_SCAN)(`cancelling an OCR parse${HAVE_SCAN ? '' : ` (skipped: shared roll fixture not found at ${SCAN_PATH})`}`, () => {
  afterAll(closeOcr);

  it('stops an image-only roll between pages once aborted', async () => {
    const controller = new AbortController();
    const seen: number[] = [];
    const e = await rejection(
      parseVoterListFile(SCAN_PATH, {
        signal: controller.signal,
        onProgress: (done, total) => {
          seen.push(done);
          expect(total).toBe(25);
          if (done === 2) controller.abort();
        },
      }),
    );
    expect((e as Error).name).toBe('AbortError');
    expect(Math.max(...seen)).toBeLessThan(10);
    expect(leasedThreads()).toBe(0);
  });
});

describe('cancelling and following a spreadsheet parse', () => {
  it('reports (0, rows) and (rows, rows)', async () => {
    const bytes = workbook([ENGLISH_HEADER, ...voterRows(40, false)], 'xlsx');
    const seen: [number, number][] = [];
    const list = await parseVoterList({ bytes, filename: 'voters.xlsx' }, { onProgress: (d, t) => seen.push([d, t]) });
    expect(list.voters).toHaveLength(40);
    expect(seen).toEqual([
      [0, 40],
      [40, 40],
    ]);
  });

  it('rejects with the signal’s reason when aborted while the workbook is read', async () => {
    const bytes = workbook([ENGLISH_HEADER, ...voterRows(20_000, false)], 'xlsx');
    const controller = new AbortController();
    const pending = parseVoterList({ bytes, filename: 'voters.xlsx' }, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('cancelled')), 5);
    const e = await rejection(pending);
    expect((e as Error).message).toBe('cancelled');
  });
});
