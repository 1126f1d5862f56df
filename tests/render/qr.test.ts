import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderSlips, type SlipPlacement } from '@/lib/slips/render';
import encodeQR from 'qr';
import { PDFDict, PDFDocument, PDFName, type PDFRawStream } from '@cantoo/pdf-lib';
import { QR_FONT, parseQrPayload, qrFont, qrModules, qrOps, qrPayload } from '@/lib/slips/render/qr';
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

  it('draw as glyphs of overlapping windows of 2 × 4 modules: every dark module and no light one, every two neighbours in one glyph', async () => {
    const ctx = (await PDFDocument.create()).context;
    const font = ctx.lookup(qrFont(ctx), PDFDict);
    expect(font.get(PDFName.of('Subtype'))).toEqual(PDFName.of('Type3'));
    const procs = font.lookup(PDFName.of('CharProcs'), PDFDict);
    // each glyph's rectangles, read back as the window's modules it fills
    const fills: Set<string>[] = [];
    for (let code = 0; code < 256; code++) {
      const ops = Buffer.from((ctx.lookup(procs.get(PDFName.of(`m${code}`))) as PDFRawStream).contents).toString('latin1');
      expect(ops.startsWith('3 0 0 -1 4 1 d1'), `glyph ${code}`).toBe(true);
      const filled = new Set<string>();
      for (const [, x, y, w, h] of ops.matchAll(/ (-?\d+) (-?\d+) (\d+) (\d+) re/g)) {
        for (let dy = 0; dy < Number(h); dy++) for (let dx = 0; dx < Number(w); dx++) filled.add(`${-(Number(y) + dy)},${Number(x) + dx}`);
      }
      const expected = new Set<string>();
      for (let bit = 0; bit < 8; bit++) if ((code >> bit) & 1) expected.add(`${bit >> 2},${bit & 3}`);
      expect(filled, `glyph ${code}`).toEqual(expected);
      fills.push(filled);
    }
    const long = `V1 ${'ABCDEFGHIJ'.repeat(8)} 137 12 345`; // wider than 32 modules: windows from the encoder's modules
    for (const payload of [...payloads(180), 'V1 ABC1234567 137 12 345', long]) {
      const modules = qrModules(payload);
      const q = 2;
      const n = modules.length - 2 * q;
      const ops = qrOps(payload, 0, 0, modules.length);
      expect(ops, payload).toMatch(new RegExp(`^/Span<</ActualText\\(\\)>>BDC q 1 0 0 1 0 0 cm 0 g BT /${QR_FONT} 1 Tf 1 TL .* ${q} ${n + q} Td \\(`));
      // the rows' strings, unescaped: row r's k-th glyph is the window at row r, column 3k
      const body = ops.slice(ops.indexOf(' Td ') + 4, ops.lastIndexOf(' ET Q EMC'));
      const rows = [...body.matchAll(/\(((?:\\.|[^\\)])*)\)'/gs)].map(([, t]) => [...t.replace(/\\(.)/gs, (_, ch: string) => (ch === 'r' ? '\r' : ch === 'n' ? '\n' : ch))].map((ch) => ch.charCodeAt(0)));
      expect(rows, payload).toHaveLength(n - 1);
      const seen = modules.map((row) => row.map(() => 0));
      const together = new Set<string>();
      rows.forEach((codes, r) =>
        codes.forEach((code, k) => {
          const cells = [...fills[code]].map((cell) => cell.split(',').map(Number)).map(([dr, dc]) => [r + dr + q, 3 * k + dc + q]);
          for (const [row, col] of cells) seen[row][col]++;
          for (const [r1, c1] of cells) for (const [r2, c2] of cells) together.add(`${r1},${c1}|${r2},${c2}`);
        }),
      );
      const light = seen.flatMap((row, r) => row.flatMap((count, c) => (count > 0 && !modules[r][c] ? [`${r},${c}`] : [])));
      const missed = seen.flatMap((row, r) => row.flatMap((count, c) => (count === 0 && modules[r][c] ? [`${r},${c}`] : [])));
      expect(light, `${payload}: light modules drawn`).toEqual([]);
      expect(missed, `${payload}: dark modules not drawn`).toEqual([]);
      // no seams: two dark neighbours, across or down, are always filled by the same glyph
      const apart: string[] = [];
      for (let r = 0; r < modules.length; r++) {
        for (let c = 0; c < modules.length; c++) {
          if (!modules[r][c]) continue;
          if (modules[r][c + 1] && !together.has(`${r},${c}|${r},${c + 1}`)) apart.push(`${r},${c} ${r},${c + 1}`);
          if (modules[r + 1]?.[c] && !together.has(`${r},${c}|${r + 1},${c}`)) apart.push(`${r},${c} ${r + 1},${c}`);
        }
      }
      expect(apart, `${payload}: neighbours in different glyphs`).toEqual([]);
    }
  });
});

describe('QR codes on a printed sheet', () => {
  it('at 10 slips per A4 page, rasterised at 150 dpi, every code decodes to its own voter', { timeout: 60_000 }, async () => {
    const voters: VoterRecord[] = excelVoters(20).map((v, i) => ({ ...v, part: String(40 + (i % 3)) }));
    const dir = tmpDir();
    const out = path.join(dir, 'qr.pdf');
    const placements: SlipPlacement[] = [];
    await renderSlips(
      {
        voters,
        banner: await bannerPng(),
        address: 'Govt. School, Room 2',
        layout: { pageSize: 'a4', orientation: 'portrait', slipsPerPage: 10 },
        printPhotos: false,
        mode: { kind: 'final' },
        slip: { style: 'campaign', facts: true, qr: true, look: { language: 'hi', englishOnly: false, roll: { assemblyNumber: '137' } } },
        onSlip: (p) => placements.push(p),
      },
      out,
    );
    execFileSync('pdftoppm', ['-r', '150', '-gray', '-png', out, path.join(dir, 'page')]);
    let decoded = 0;
    for (const p of placements) {
      const page = path.join(dir, `page-${String(p.page).padStart(String(placements.at(-1)!.page).length, '0')}.png`);
      expect(await decodeQrAt(page, p.qr!, 150), `slip ${p.index + 1}`).toBe(qrPayload(voters[p.index], '137'));
      decoded++;
    }
    expect(decoded).toBe(20);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
