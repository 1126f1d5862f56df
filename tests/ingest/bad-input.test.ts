import { execFileSync } from 'node:child_process';
import { closeSync, openSync, ftruncateSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { closeOcr } from '@/lib/slips/ingest/engines/ocr';
import { parseVoterList, parseVoterListFile, VoterListError } from '@/lib/slips/parse';
import { textOnlyPdf, xlsxBomb, zip } from '@/tests/helpers/bad-files';
import { tempDir } from './inputs';

afterAll(() => closeOcr());

async function reason(p: Promise<unknown>): Promise<VoterListError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(VoterListError);
  const e = err as VoterListError;
  expect(e.message).not.toMatch(/\n/); // one line
  expect(e.message.length).toBeLessThan(200);
  return e;
}

describe('bad input gets one clear line, nothing crashes or hangs', () => {
  it('a PNG renamed .pdf', async () => {
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#fff' } }).png().toBuffer();
    const e = await reason(parseVoterList({ bytes: new Uint8Array(png), filename: 'roll.pdf' }));
    expect(e.code).toBe('unsupported');
    expect(e.message).toMatch(/roll\.pdf is a PNG image despite its \.pdf name/);
  });

  it('an empty file and a plain-text file', async () => {
    expect((await reason(parseVoterList({ bytes: new Uint8Array(), filename: 'a.pdf' }))).code).toBe('empty');
    expect((await reason(parseVoterList({ bytes: new TextEncoder().encode('serial,epic\n1,ABC1234567\n'), filename: 'a.txt' }))).message).toMatch(/plain-text/);
  });

  it('a 2 GB file is refused from its size alone, before reading', async () => {
    const file = path.join(tempDir(), 'huge.pdf');
    const fd = openSync(file, 'w');
    ftruncateSync(fd, 2 * 1024 * 1024 * 1024); // sparse: no disk used
    closeSync(fd);
    const e = await reason(parseVoterListFile(file, { maxBytes: 50 * 1024 * 1024 }));
    expect(e.code).toBe('too-large');
    expect(e.message).toMatch(/2048 MB; the limit is 50 MB/);
  });

  it('a missing file', async () => {
    expect((await reason(parseVoterListFile('/nonexistent/roll.pdf'))).code).toBe('not-found');
  });

  it('a corrupt PDF', async () => {
    const bytes = new TextEncoder().encode('%PDF-1.7\n1 0 obj << /Type /Catalog >> garbage garbage\n%%EOF');
    const e = await reason(parseVoterList({ bytes, filename: 'broken.pdf' }));
    expect(['corrupt', 'no-voters']).toContain(e.code);
  });

  it('a truncated PDF', async () => {
    const full = await textOnlyPdf();
    const e = await reason(parseVoterList({ bytes: full.slice(0, Math.floor(full.length / 3)), filename: 'cut.pdf' }));
    expect(['corrupt', 'no-voters']).toContain(e.code);
  });

  it('an encrypted PDF', async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'plain.pdf'), await textOnlyPdf());
    execFileSync('qpdf', ['--encrypt', 'user-secret', 'owner-secret', '256', '--', path.join(dir, 'plain.pdf'), path.join(dir, 'locked.pdf')]);
    const e = await reason(parseVoterListFile(path.join(dir, 'locked.pdf')));
    expect(e.code).toBe('encrypted');
    expect(e.message).toMatch(/password/);
  });

  it('a PDF with no voter boxes', async () => {
    const e = await reason(parseVoterList({ bytes: await textOnlyPdf(), filename: 'letter.pdf' }));
    expect(e.code).toBe('no-voters');
  });

  it('an .xlsx zip bomb is refused before it is unpacked', async () => {
    const bomb = xlsxBomb();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const e = await reason(parseVoterList({ bytes: bomb, filename: 'list.xlsx' }));
    expect(e.code).toBe('zip-bomb');
  });

  it('a damaged .xlsx', async () => {
    const broken = zip([
      { name: '[Content_Types].xml', data: Buffer.from('not xml at all') },
      { name: 'xl/workbook.xml', data: Buffer.from('<<<<') },
    ]);
    const e = await reason(parseVoterList({ bytes: broken, filename: 'list.xlsx' }));
    expect(['corrupt', 'no-header']).toContain(e.code);
  });

  it('a zip that is not a workbook', async () => {
    const e = await reason(parseVoterList({ bytes: zip([{ name: 'photo.jpg', data: Buffer.from('x') }]), filename: 'list.xlsx' }));
    expect(e.message).toMatch(/zip archive that is not an Excel workbook/);
  });
});
