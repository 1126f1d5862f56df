import { readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { PDFDocument, PDFName } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { loadStretch, MAX_LOAD_STRETCH } from '@/lib/slips/ingest/engines/pdfjs';
import { MAX_RASTER_PATHS } from '@/lib/slips/ingest/pdf/roll';
import { parseVoterList, VoterListError } from '@/lib/slips/parse';
import { HAVE_ROLL, NO_ROLL_REASON, ROLL_PATH } from './fixture';

/**
 * pdf.js parses untrusted PDFs in worker threads (lib/slips/ingest/pdf/pdf-threads.ts): a page
 * that keeps the parser busy too long, or a thread that runs out of heap, ends that upload with a
 * one-line reason, and the next upload is parsed normally.
 */

/** A one-page PDF with the given content stream, deflated (megabytes of operators pack into kB). */
async function craftedPdf(text: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const content = Buffer.from(text, 'latin1');
  const raw = doc.context.stream(deflateSync(content), { Filter: 'FlateDecode' });
  page.node.set(PDFName.of('Contents'), doc.context.register(raw));
  return doc.save({ useObjectStreams: false });
}

async function failure(p: Promise<unknown>): Promise<VoterListError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(VoterListError);
  expect((err as Error).message).not.toMatch(/\n/);
  return err as VoterListError;
}

describe('the per-page time limit on a busy machine', () => {
  it('stretches with the load average over the cores, from 1 to MAX_LOAD_STRETCH', () => {
    expect(loadStretch(0.5, 2)).toBe(1);
    expect(loadStretch(2, 2)).toBe(1);
    expect(loadStretch(5, 2)).toBe(2.5);
    expect(loadStretch(25, 2)).toBe(MAX_LOAD_STRETCH);
    expect(loadStretch(Number.NaN, 2)).toBe(1);
  });
});

describe('PDF parsing in isolated threads', () => {
  it('abandons a page that keeps the parser busy past the time limit', async () => {
    // two million tiny filled rectangles: seconds of parsing
    const bytes = await craftedPdf('1 1 1 1 re f\n'.repeat(2_000_000));
    const started = performance.now();
    const e = await failure(parseVoterList({ bytes, filename: 'crafted.pdf' }, { pdfPageTimeoutMs: 300 }));
    expect(e.code).toBe('timeout');
    // 0.3 s, stretched on a busy machine (loadStretch)
    expect(e.message).toMatch(/^Page 1 took longer than (\d+(\.\d)?) s to read and was abandoned; the PDF may be damaged\.$/);
    const seconds = Number(/than ([\d.]+) s/.exec(e.message)![1]);
    expect(seconds).toBeGreaterThanOrEqual(0.3);
    expect(seconds).toBeLessThanOrEqual(0.3 * MAX_LOAD_STRETCH);
    // the thread was killed, not waited for
    expect(performance.now() - started).toBeLessThan(5_000);
  }, 60_000);

  it('ends an upload whose parser runs out of its heap limit', async () => {
    // a dash pattern of three million numbers: one JavaScript array of that length in the parser
    const bytes = await craftedPdf(`[${'1 '.repeat(3_000_000)}] 0 d\n`);
    const e = await failure(parseVoterList({ bytes, filename: 'crafted.pdf' }, { pdfMemoryMb: 24 }));
    expect(e.code).toBe('too-large');
    expect(e.message).toMatch(/needs more than the 24 MB of memory/);
  }, 60_000);

  it('does not render a boxless page drawn with more shapes than any roll page', async () => {
    const bytes = await craftedPdf('1 1 1 1 re f\n'.repeat(MAX_RASTER_PATHS + 1));
    const e = await failure(parseVoterList({ bytes, filename: 'crafted.pdf' }));
    expect(e.code).toBe('no-voters');
    expect(e.message).toMatch(/page 1 has a drawing too complex to examine \(over 1,00,000 shapes\)/);
  }, 60_000);

  it.skipIf(!HAVE_ROLL)(`parses normally after those failures, on fresh threads${HAVE_ROLL ? '' : ` (skipped: ${NO_ROLL_REASON})`}`, async () => {
    const list = await parseVoterList({ bytes: new Uint8Array(readFileSync(ROLL_PATH)), filename: 'roll.pdf' });
    expect(list.voters).toHaveLength(993);
    expect(list.voters.map((v) => v.serial)).toEqual(Array.from({ length: 993 }, (_, i) => i + 1));
  }, 60_000);

  it.skipIf(!HAVE_ROLL)('gives the same voters with one thread as with two', async () => {
    const bytes = new Uint8Array(readFileSync(ROLL_PATH));
    const [one, two] = await Promise.all([
      parseVoterList({ bytes, filename: 'roll.pdf' }, { pdfThreads: 1 }),
      parseVoterList({ bytes, filename: 'roll.pdf' }, { pdfThreads: 2 }),
    ]);
    expect(two.voters).toEqual(one.voters);
    expect(two.report).toEqual(one.report);
  }, 60_000);
});
