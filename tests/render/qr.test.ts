import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderSlips, type SlipPlacement } from '@/lib/slips/render';
import encodeQR from 'qr';
import { PDFDict, PDFDocument, PDFName, type PDFRawStream } from '@cantoo/pdf-lib';
import { PageCodes, QR_BLEED, QR_FONT, parseQrPayload, qrFont, qrModules, qrPayload } from '@/lib/slips/render/qr';
import type { VoterRecord } from '@/lib/slips/types';
import { bannerPng, decodeQrAt, excelVoters, tmpDir } from './helpers';

/**
 * The QR code on every slip: the payload's shape, and the round trip a polling agent makes — a printed
 * A4 sheet of 10 slips, seen at 150 dpi, every code read back to its own voter.
 */
describe('QR payload', () => {
  it('is V1, EPIC, assembly, part and serial, with - for what the list does not state, in QR alphanumeric characters', () => {
    expect(qrPayload({ epic: 'abc1234567', part: '12', serial: 345 }, '137')).toBe('V1 ABC1234567 137 12 345');
    expect(qrPayload({ epic: 'GJ/21/141/006010', part: undefined, serial: null })).toBe('V1 GJ/21/141/006010 - - -');
    // a part written in another script, or with spaces, is not guessed at
    expect(qrPayload({ epic: null, part: 'भाग 1', serial: 7 }, '40')).toBe('V1 - 40 - 7');
    expect(parseQrPayload('V1 ABC1234567 137 12 345')).toEqual({ epic: 'ABC1234567', assembly: '137', part: '12', serial: 345 });
    expect(parseQrPayload('V1 - - - -')).toEqual({ epic: null, assembly: null, part: null, serial: null });
    expect(parseQrPayload('hello')).toBeNull();
    // version 2 (25 modules) for the usual payload, in a quiet zone of 2
    expect(qrModules('V1 ABC1234567 137 12 345')).toHaveLength(29);
  });
});

describe('QR codes from the flips learnt per version', () => {
  const ALPHANUMERIC = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:';
  /** Payloads of every length from 1 to 90 characters (versions 1 to 4 at level M), drawn from a fixed seed. */
  function payloads(count: number): string[] {
    let seed = 20261127;
    const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    return Array.from({ length: count }, (_, i) => {
      const length = 1 + (i % 90);
      let text = '';
      for (let k = 0; k < length; k++) text += ALPHANUMERIC[Math.floor(next() * ALPHANUMERIC.length)];
      return text;
    });
  }

  it("equal the encoder's own codes module for module, at every length, odd and even, small codes and large", () => {
    for (const payload of payloads(1800)) {
      const expected = encodeQR(payload, 'raw', { ecc: 'medium', encoding: 'alphanumeric', border: 2, mask: 2 });
      expect(qrModules(payload), payload).toEqual(expected);
    }
  });

  it('draw as glyphs of 8 modules of a row, a line of glyphs per row: every dark module and no light one, no two dark neighbours merely meeting', async () => {
    const ctx = (await PDFDocument.create()).context;
    const font = ctx.lookup(qrFont(ctx), PDFDict);
    expect(font.get(PDFName.of('Subtype'))).toEqual(PDFName.of('Type3'));
    const procs = font.lookup(PDFName.of('CharProcs'), PDFDict);
    // each glyph's rectangles, read back as the window's modules whose centres it fills
    const fills: number[][] = [];
    for (let code = 0; code < 256; code++) {
      const ops = Buffer.from((ctx.lookup(procs.get(PDFName.of(`m${code}`))) as PDFRawStream).contents).toString('latin1');
      expect(ops.startsWith(`8 0 0 ${-QR_BLEED} ${8 + QR_BLEED} 1 d1`), `glyph ${code}`).toBe(true);
      const rects = [...ops.matchAll(/ (-?[\d.]+) (-?[\d.]+) ([\d.]+) ([\d.]+) re/g)].map(([, x, y, w, h]) => ({ x: Number(x), y: Number(y), w: Number(w), h: Number(h) }));
      const covers = (px: number, py: number) => rects.some((r) => px > r.x && px < r.x + r.w && py > r.y && py < r.y + r.h);
      const filled: number[] = [];
      for (let col = 0; col < 8; col++) if (covers(col + 0.5, 0.5)) filled.push(col);
      const expected: number[] = [];
      for (let bit = 0; bit < 8; bit++) if ((code >> bit) & 1) expected.push(bit);
      expect(filled, `glyph ${code}`).toEqual(expected);
      // every dark module reaches down into the row below; the right column's into the next glyph too; nothing else leaves the window
      for (let col = 0; col < 8; col++) expect(covers(col + 0.5, -QR_BLEED / 2), `glyph ${code} below column ${col}`).toBe(expected.includes(col));
      expect(covers(8 + QR_BLEED / 2, 0.5), `glyph ${code} right`).toBe(expected.includes(7));
      for (const r of rects) expect(r.x >= 0 && r.x + r.w <= 8 + QR_BLEED && r.y >= -QR_BLEED && r.y + r.h <= 1, `glyph ${code}`).toBe(true);
      fills.push(filled);
    }
    const long = `V1 ${'ABCDEFGHIJ'.repeat(8)} 137 12 345`; // wider than 32 modules: windows from the encoder's modules
    for (const payload of [...payloads(180), 'V1 ABC1234567 137 12 345', long]) {
      const modules = qrModules(payload);
      const q = 2;
      const n = modules.length - 2 * q;
      const page = new PageCodes();
      page.add(payload, 0, 0, modules.length);
      const ops = page.take()!.toString('latin1');
      expect(ops, payload).toMatch(new RegExp(`^q 0 g /Span<</ActualText\\(\\)>>BDC BT .* /${QR_FONT} 1 Tf 1 TL\n1 0 0 1 ${q} ${n + q} Tm \\(`));
      // the rows' strings, unescaped: row r's k-th glyph is the window at row r, columns 8k to 8k + 7
      const body = ops.slice(ops.indexOf(' Tm ') + 4, ops.lastIndexOf('\nET EMC Q'));
      const rows = [...body.matchAll(/\(((?:\\.|[^\\)])*)\)'/gs)].map(([, t]) => [...t.replace(/\\(.)/gs, (_: string, ch: string) => (ch === 'r' ? '\r' : ch === 'n' ? '\n' : ch))].map((ch) => ch.charCodeAt(0)));
      expect(rows, payload).toHaveLength(n);
      const seen = modules.map((row) => row.map(() => 0));
      const glyphOf = modules.map((row) => row.map(() => ''));
      rows.forEach((codes, r) =>
        codes.forEach((code, k) => {
          for (const dc of fills[code]) {
            seen[r + q][8 * k + dc + q]++;
            glyphOf[r + q][8 * k + dc + q] = `${r},${k}`;
          }
        }),
      );
      const light = seen.flatMap((row, r) => row.flatMap((count, c) => (count > 0 && !modules[r][c] ? [`${r},${c}`] : [])));
      const missed = seen.flatMap((row, r) => row.flatMap((count, c) => (count === 0 && modules[r][c] ? [`${r},${c}`] : [])));
      expect(light, `${payload}: light modules drawn`).toEqual([]);
      expect(missed, `${payload}: dark modules not drawn`).toEqual([]);
      // across a row two dark neighbours share a glyph, or the left one's glyph ends there and reaches into the
      // right one; down a column the upper one reaches into the lower one (the glyph test above)
      const apart: string[] = [];
      for (let r = q; r < n + q; r++) {
        for (let c = q; c + 1 < n + q; c++) {
          if (modules[r][c] && modules[r][c + 1] && glyphOf[r][c] !== glyphOf[r][c + 1] && (c - q) % 8 !== 7) apart.push(`${r},${c} ${r},${c + 1}`);
        }
      }
      expect(apart, `${payload}: neighbours merely meeting`).toEqual([]);
    }
  });

  it('write each code in about 200 bytes: a line of glyphs per row of modules, its light end left out', () => {
    const page = new PageCodes();
    page.add('V1 ABC1234567 137 12 345', 100, 100, 60);
    const ops = page.take()!;
    // 25 rows of at most 4 glyphs (some escaped), each (…)' , with the font, the place and the span around them
    expect(ops.length).toBeGreaterThan(25 * 3);
    expect(ops.length).toBeLessThan(25 * (4 + 3) + 120);
  });
});

describe('QR codes on a printed sheet', () => {
  // 16 a page draws the smallest codes of an A4 sheet (39 pt, 1.3 pt a module: under 3 pixels at 150 dpi, 2.2 at
  // 120, where glyphs of two rows, placed every other row, lost most codes); 30 a page the smallest of an A3 sheet
  it.each([
    ['a4', 'portrait', 10, 150],
    ['a4', 'portrait', 16, 150],
    ['a4', 'portrait', 16, 120],
    ['a3', 'landscape', 30, 150],
  ] as const)('on %s %s at %i slips a page, rasterised at %i dpi, every code decodes to its own voter', { timeout: 60_000 }, async (pageSize, orientation, perPage, dpi) => {
    const voters: VoterRecord[] = excelVoters(Math.max(20, perPage + 4)).map((v, i) => ({ ...v, part: String(40 + (i % 3)) }));
    const dir = tmpDir();
    const out = path.join(dir, 'qr.pdf');
    const placements: SlipPlacement[] = [];
    await renderSlips(
      {
        voters,
        banner: await bannerPng(),
        address: 'Govt. School, Room 2',
        layout: { pageSize, orientation, slipsPerPage: perPage },
        printPhotos: false,
        mode: { kind: 'final' },
        slip: { style: 'campaign', facts: true, qr: true, look: { language: 'hi', englishOnly: false, roll: { assemblyNumber: '137' } } },
        onSlip: (p) => placements.push(p),
      },
      out,
    );
    execFileSync('pdftoppm', ['-r', String(dpi), '-gray', '-png', out, path.join(dir, 'page')]);
    let decoded = 0;
    for (const p of placements) {
      const page = path.join(dir, `page-${String(p.page).padStart(String(placements.at(-1)!.page).length, '0')}.png`);
      expect(await decodeQrAt(page, p.qr!, dpi), `slip ${p.index + 1}`).toBe(qrPayload(voters[p.index], '137'));
      decoded++;
    }
    expect(decoded).toBe(voters.length);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
