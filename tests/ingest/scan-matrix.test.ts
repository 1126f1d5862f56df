import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument } from '@cantoo/pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { bareImageMatrix, imageCoversPage, ScanImages } from '@/lib/slips/ingest/engines/scan-image';
import { loadWithPdfLib } from '@/lib/slips/ingest/engines/pdfjs';

describe('bareImageMatrix (fast path for pages that are one scanned image)', () => {
  it('accepts the chained cm operators pdf-lib writes and multiplies them as PDF does', () => {
    expect(bareImageMatrix('q 1 0 0 1 0 0 cm 595.28 0 0 841.89 0 0 cm /Image-1 Do Q')).toEqual([595.28, 0, 0, 841.89, 0, 0]);
    // a later cm works in the space the earlier one set up: scale first, then the translation stays in page units
    expect(bareImageMatrix('q\n1 0 0 1 10 20 cm\n100 0 0 200 0 0 cm\n/Im0 Do\nQ\n')).toEqual([100, 0, 0, 200, 10, 20]);
  });

  it('accepts a single cm', () => {
    expect(bareImageMatrix('q 612 0 0 792 0 0 cm /X Do Q')).toEqual([612, 0, 0, 792, 0, 0]);
  });

  it('looks past what draws nothing: a text object that shows no text, empty q Q pairs', () => {
    // as a scanned Rajasthan roll's pages are written
    expect(bareImageMatrix('q\nBT\n0 842 Td\nET\nQ\nq 595 0 0 840.48 0 0 cm /img2 Do Q')).toEqual([595, 0, 0, 840.48, 0, 0]);
    expect(bareImageMatrix('q Q q 612 0 0 792 0 0 cm /X Do Q')).toEqual([612, 0, 0, 792, 0, 0]);
    // a text object that shows text is drawn: not a bare image
    expect(bareImageMatrix('BT /F1 9 Tf (x) Tj ET q 612 0 0 792 0 0 cm /X Do Q')).toBeNull();
    expect(bareImageMatrix('BT /F1 9 Tf [(x)] TJ ET q 612 0 0 792 0 0 cm /X Do Q')).toBeNull();
  });

  it('takes an image as the page when it lies inside it and covers nearly all of it', () => {
    const a4 = [0, 0, 595, 842];
    expect(imageCoversPage([595, 0, 0, 842, 0, 0], a4)).toBe(true);
    expect(imageCoversPage([595, 0, 0, 840.48, 0, 0], a4)).toBe(true);
    expect(imageCoversPage([500, 0, 0, 700, 40, 60], a4)).toBe(false); // a picture on the page
    expect(imageCoversPage([595, 0, 0, 842, 20, 0], a4)).toBe(false); // reaches off the page
    expect(imageCoversPage([0, 842, -595, 0, 595, 0], a4)).toBe(false); // turned
  });

  it('refuses anything that draws more than one image', () => {
    expect(bareImageMatrix('612 0 0 792 0 0 cm /X Do')).toBeNull(); // not wrapped in q … Q
    expect(bareImageMatrix('q /X Do Q')).toBeNull(); // no matrix
    expect(bareImageMatrix('q 612 0 0 792 0 0 cm /X Do /Y Do Q')).toBeNull();
    expect(bareImageMatrix('q 612 0 0 792 0 0 cm /X Do Q BT /F1 12 Tf (hi) Tj ET')).toBeNull();
    expect(bareImageMatrix('q 1 0 0 1 0 0 re f 612 0 0 792 0 0 cm /X Do Q')).toBeNull();
  });
});

describe('the fast path on a scan encrypted by its publisher', () => {
  it('reads the page image of a roll with an owner password only; a password to open it falls back to pdf.js', async () => {
    // one grey JPEG over the whole page, as scanned rolls are made
    const jpeg = await sharp({ create: { width: 200, height: 283, channels: 3, background: '#808080' } }).jpeg().toBuffer();
    const doc = await PDFDocument.create();
    const page = doc.addPage([595.28, 841.89]);
    page.drawImage(await doc.embedJpg(jpeg), { x: 0, y: 0, width: 595.28, height: 841.89 });
    const dir = mkdtempSync(path.join(tmpdir(), 'scan-encrypted-'));
    const plain = path.join(dir, 'plain.pdf');
    const owner = path.join(dir, 'owner.pdf');
    const user = path.join(dir, 'user.pdf');
    writeFileSync(plain, await doc.save());
    execFileSync('qpdf', ['--encrypt', '', 'owner-secret', '256', '--', plain, owner]);
    execFileSync('qpdf', ['--encrypt', 'user-secret', 'owner-secret', '256', '--', plain, user]);
    const matrix = await new ScanImages(() => loadWithPdfLib(new Uint8Array(readFileSync(plain)))).bareMatrix(1);
    expect(matrix).toEqual([595.28, 0, 0, 841.89, 0, 0]);
    expect(await new ScanImages(() => loadWithPdfLib(new Uint8Array(readFileSync(owner)))).bareMatrix(1)).toEqual(matrix);
    expect(await new ScanImages(() => loadWithPdfLib(new Uint8Array(readFileSync(user)))).bareMatrix(1)).toBeNull();
  });
});
