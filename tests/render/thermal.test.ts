import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chargedPages, ROLL_SLIPS_PER_CHARGED_PAGE } from '@/lib/slips/layout-options';
import { renderSlips, type SlipPlacement } from '@/lib/slips/render';
import { computeGrid } from '@/lib/slips/render/layout';
import { qrPayload } from '@/lib/slips/render/qr';
import { bannerPng, decodeQrAt, excelVoters, HINDI_ADDRESS, pdftotext, renderPageGray, tmpDir } from './helpers';

/** Thermal printers' rolls: 58 mm and 80 mm wide, one slip per label, no cut guides; a 203 dpi head reads the QR code. */
const MM = 72 / 25.4;

describe.each([
  ['roll58', 58],
  ['roll80', 80],
] as const)('%s: %i mm thermal roll', (pageSize, mm) => {
  it('prints one slip per label of the roll\'s width, each with its own text and a QR code a 203 dpi print gives back', async () => {
    const dir = tmpDir();
    const out = path.join(dir, `${pageSize}.pdf`);
    const voters = excelVoters(3).map((v) => ({ ...v, part: '12' }));
    const placements: SlipPlacement[] = [];
    const result = await renderSlips(
      {
        voters,
        banner: await bannerPng(),
        address: HINDI_ADDRESS,
        layout: { pageSize, orientation: 'portrait', slipsPerPage: 1 },
        printPhotos: false,
        mode: { kind: 'final' },
        slip: { style: 'campaign', facts: true, qr: true, look: { language: 'hi', englishOnly: false, roll: { part: '12', pollingStation: '34 - Primary School', assemblyNumber: '40' } } },
        onSlip: (p) => placements.push(p),
      },
      out,
    );
    expect(result).toMatchObject({ pages: 3, slips: 3 });
    const info = execFileSync('pdfinfo', ['-f', '1', '-l', '3', out], { encoding: 'utf8' });
    const sizes = [...info.matchAll(/Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/g)].map((m) => Number(m[1]));
    expect(sizes).toHaveLength(3);
    for (const width of sizes) expect(width).toBeCloseTo(mm * MM, 1);
    for (let p = 1; p <= 3; p++) {
      const text = pdftotext(out, p, p);
      expect(text).toContain(voters[p - 1].epic as string);
      for (const other of voters.filter((_, i) => i !== p - 1)) expect(text).not.toContain(other.epic as string);
    }
    // the slip sits inside the printable width (5 mm a side on 58 mm, 4 mm on 80 mm), the QR under the text
    const grid = computeGrid({ pageSize, orientation: 'portrait', slipsPerPage: 1 });
    expect(grid.margin).toBeCloseTo((mm === 58 ? 5 : 4) * MM, 3);
    const first = placements[0];
    expect(first.qr!.y + first.qr!.height).toBeLessThanOrEqual(first.content.y + 1e-6);
    expect(first.content.width).toBeGreaterThan(first.slip.width * 0.9);
    execFileSync('pdftoppm', ['-r', '203', '-gray', '-png', '-f', '1', '-l', '1', '-singlefile', out, path.join(dir, 'label')]);
    expect(await decodeQrAt(path.join(dir, 'label.png'), first.qr!, 203)).toBe(qrPayload(voters[0], '40'));
    // no cut guides: the label's edges stay white
    const img = await renderPageGray(out, 1, 100);
    const column = Array.from({ length: img.height }, (_, y) => img.data[y * img.width + Math.round(grid.margin * (100 / 72))]);
    expect(Math.min(...column)).toBeGreaterThan(240);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('what a roll costs', () => {
  it('charges a roll\'s labels in eights and a sheet by its pages', () => {
    expect(ROLL_SLIPS_PER_CHARGED_PAGE).toBe(8);
    expect(chargedPages('roll58', 1)).toBe(1);
    expect(chargedPages('roll80', 8)).toBe(1);
    expect(chargedPages('roll58', 9)).toBe(2);
    expect(chargedPages('roll58', 761)).toBe(96);
    expect(chargedPages('a4', 96)).toBe(96);
  });
});
