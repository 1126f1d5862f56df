import { describe, expect, it } from 'vitest';
import { zipSync, strToU8 } from 'fflate';
import { detectKind } from '@/lib/slips/ingest/detect';
import { ENGLISH_HEADER, voterRows, workbook } from '@/tests/ingest/sheets';

/** What the upload judges a file by: its first 64 KB and its last 1 MB (both whole for a small file). */
const sampleOf = (bytes: Uint8Array) => (bytes.length <= 64 * 1024 + 1024 * 1024 ? bytes : Uint8Array.from([...bytes.subarray(0, 64 * 1024), ...bytes.subarray(bytes.length - 1024 * 1024)]));

describe('a ZIP of voter lists is told from a workbook and from a PDF', () => {
  const xlsx = workbook([ENGLISH_HEADER, ...voterRows(20, false)], 'xlsx');
  const pdf = strToU8('%PDF-1.7\n' + 'x'.repeat(5000) + '\n%%EOF\n');

  it('a workbook is xlsx, and a ZIP of workbooks or of PDFs stored as they are is a zip', () => {
    expect(detectKind(xlsx)).toBe('xlsx');
    expect(detectKind(zipSync({ 'part-1.pdf': [pdf, { level: 0 }], 'part-2.pdf': [pdf, { level: 0 }] }))).toBe('zip');
    expect(detectKind(zipSync({ 'part-1.xlsx': [xlsx, { level: 0 }], 'part-2.xlsx': [xlsx, { level: 0 }] }))).toBe('zip');
    expect(detectKind(zipSync({ 'part-1.xlsx': xlsx }))).toBe('zip');
    expect(detectKind(pdf)).toBe('pdf');
  });

  it('also from the sampled head and tail of a large ZIP', () => {
    const big = Uint8Array.from({ length: 3 * 1024 * 1024 }, (_, i) => (i * 7919) & 0xff);
    const archive = zipSync({ 'a.pdf': [Uint8Array.from([...pdf, ...big]), { level: 0 }], 'b.xlsx': [xlsx, { level: 0 }] });
    expect(detectKind(sampleOf(archive))).toBe('zip');
  });
});
