import { describe, expect, it } from 'vitest';
import { VoterListError } from '@/lib/slips/ingest/errors';
import { contentStats, PAGE_LIMITS } from '@/lib/slips/ingest/engines/page-limits';
import { parseVoterList } from '@/lib/slips/parse';
import { deflatedRepeat, onePagePdf } from '@/tests/helpers/bad-files';

/**
 * PDFs that would freeze or exhaust the reader, refused before pdf.js draws them, each with the page and
 * the limit named (built at test time).
 */
async function refusal(bytes: Uint8Array): Promise<VoterListError> {
  const error = await parseVoterList({ bytes, filename: 'roll.pdf' }).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(VoterListError);
  return error as VoterListError;
}

const UPLOAD = 'Upload the roll as the election office publishes it.';

describe('PDF limits before work', () => {
  it('a page of 100,000 nested graphics states (q … Q) is refused before it is drawn (it froze the site for 72 s)', async () => {
    const n = 100_000;
    const e = await refusal(onePagePdf({ content: ['<< /Length LEN >>', Buffer.from('q '.repeat(n) + '0 0 1 1 re f ' + 'Q '.repeat(n))] }));
    expect(e.message).toBe(`Page 1 of this PDF nests its drawing more than 512 levels deep; a roll page nests a few. ${UPLOAD}`);
  });

  it('an image of 12000 × 12000 pixels is refused before it is decoded', async () => {
    const pixels = deflatedRepeat('\xff', 12000 * 12000);
    const e = await refusal(
      onePagePdf({
        page: '/Resources << /XObject << /Im 5 0 R >> >>',
        content: ['<< /Length LEN >>', Buffer.from('q 595 0 0 842 0 0 cm /Im Do Q')],
        more: [[`<< /Type /XObject /Subtype /Image /Width 12000 /Height 12000 /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode /Length LEN >>`, pixels.packed]],
      }),
    );
    expect(e.code).toBe('too-large');
    expect(e.message).toBe(`Page 1 of this PDF holds an image of 12,000 × 12,000 pixels (144 million); a roll page scanned at 600 dpi has about 50 million. ${UPLOAD}`);
  });

  it('a page 1e30 points wide, and one enlarged 75,000 times by /UserUnit, are refused naming their size', async () => {
    const wide = await refusal(rawPage('/MediaBox [0 0 1e30 1e30]'));
    expect(wide.message).toBe(`Page 1 of this PDF is 1e+30 × 1e+30 points; a roll page is A4 or legal size (about 595 × 842 points). ${UPLOAD}`);
    const unit = await refusal(onePagePdf({ page: '/UserUnit 75000 /Resources << >>' }));
    expect(unit.message).toMatch(/^Page 1 of this PDF is drawn at [\d,]+ × [\d,]+ inches \(its \/UserUnit enlarges it\); a roll page is A4 or legal size\./);
  });

  it('a page list of -5 pages, and one that loops back on itself, are refused as damaged', async () => {
    const count = await refusal(onePagePdf({ pages: '<< /Type /Pages /Kids [3 0 R] /Count -5 >>' }));
    expect(count.message).toBe("This PDF's list of pages is damaged (it states -5 pages). Download the roll again from the election office's site and upload that file.");
    const loop = await refusal(onePagePdf({ pages: '<< /Type /Pages /Kids [2 0 R 3 0 R] /Count 2 >>' }));
    expect(loop.message).toBe("This PDF's list of pages loops back on itself, so its pages cannot be found. Download the roll again from the election office's site and upload that file.");
  });

  it('a content stream that unpacks to 1 GB is refused, not unpacked', async () => {
    // a zlib stream (header, then the deflate data; its checksum is never reached)
    const bomb = Buffer.concat([Buffer.from([0x78, 0xda]), deflatedRepeat(' ', 1024 * 1024 * 1024).packed, Buffer.alloc(4)]);
    const e = await refusal(onePagePdf({ content: ['<< /Length LEN /Filter /FlateDecode >>', bomb] }));
    expect(e.message).toMatch(/^Page 1 of (this|the) PDF /);
    expect(e.message).not.toMatch(/undefined|Error|exception/i);
  });

  it('counts operators and nesting, skipping strings, names, arrays, dictionaries, comments and inline images', () => {
    const content = Buffer.from('% a comment with q q q\nq 1 0 0 1 0 0 cm (a (nested) q string \\) q) Tj /q gs [ (q) 1 ] TJ <</q 1>> BDC q BI /W 1 /H 1 ID q Q q\nEI Q EMC Q');
    expect(contentStats(content)).toEqual({ operators: 12, maxDepth: 2 });
    expect(PAGE_LIMITS.maxNesting).toBeGreaterThan(28);
  });
});

function rawPage(mediaBox: string): Uint8Array {
  return onePagePdf({ page: `/Resources << >> ${mediaBox}` });
}
