import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderSlips, type SlipPlacement } from '@/lib/slips/render';
import encodeQR from 'qr';
import { parseQrPayload, qrModules, qrOps, qrPayload } from '@/lib/slips/render/qr';
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

  it('draw as the rectangles of the runs of dark modules, each grown down over the rows that repeat it', () => {
    // the drawing read back: every rectangle's modules dark, every dark module in exactly one rectangle
    for (const payload of [...payloads(180), 'V1 ABC1234567 137 12 345']) {
      const modules = qrModules(payload);
      const n = modules.length;
      const seen = modules.map((row) => row.map(() => 0));
      const light: string[] = [];
      for (const [, x, y, w, h] of qrOps(payload, 0, 0, n).matchAll(/ (\d+) (\d+) (\d+) (\d+) re/g)) {
        for (let r = n - Number(y) - Number(h); r < n - Number(y); r++) {
          for (let c = Number(x); c < Number(x) + Number(w); c++) {
            if (!modules[r][c]) light.push(`${r},${c}`);
            seen[r][c]++;
          }
        }
      }
      expect(light, `${payload}: light modules drawn`).toEqual([]);
      const dark = modules.flat();
      expect(seen.flat().every((count, i) => count === (dark[i] ? 1 : 0)), `${payload}: each dark module drawn once`).toBe(true);
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
