import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { binarize, estimateSkew, otsu, rotate, type Gray } from '@/lib/slips/ingest/engines/image';
import { cellsOfSize, commonCellSize, findCells, photoInCell, type PixelRect } from '@/lib/slips/ingest/raster/cells';
import { orderCells } from '@/lib/slips/ingest/raster/prepare';
import { STAMP_EDGE, stampedBox, stampScore } from '@/lib/slips/ingest/raster/stamp';
import { scanLike, tempDir } from './inputs';
import { ROLLS_DIR } from './roll-truth';

/**
 * The DELETED stamp from pixels (raster/stamp.ts): a drawn voter box with and without a hollow
 * stamp across it, at several resolutions, clean and as a grey JPEG scan; and the stamped boxes of
 * the shared roll printed to an image at 115 dpi.
 */

const BOX = { width: 190, height: 72 };
const PHOTO = { x: 140, y: 16, width: 44, height: 52 };

/** One voter box as the 2025 roll draws it (invented text), with the stamp at `angle` degrees (rising when positive). */
function boxSvg(stamp: { angle: number; size?: number; x?: number; y?: number } | null): string {
  const line = (y: number, text: string) => `<text x="4" y="${y}" font-family="DejaVu Sans" font-size="7">${text}</text>`;
  const s = stamp
    ? `<text transform="translate(${stamp.x ?? 22},${stamp.y ?? 58}) rotate(${-stamp.angle})" font-family="DejaVu Sans" font-weight="bold" font-size="${stamp.size ?? 15}" fill="none" stroke="black" stroke-width="0.8">DELETED</text>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${BOX.width}" height="${BOX.height}" viewBox="0 0 ${BOX.width} ${BOX.height}">
<rect x="0.5" y="0.5" width="189" height="71" fill="white" stroke="black" stroke-width="0.8"/>
<rect x="2" y="2" width="50" height="10" fill="none" stroke="black" stroke-width="0.5"/>
<text x="40" y="10" font-family="DejaVu Sans" font-size="7">67</text>
<text x="140" y="10" font-family="DejaVu Sans" font-size="7">ABC1234567</text>
${line(22, 'Name : Ramesh Kumar Sharma')}${line(31, "Father's Name : Mohan Lal Sharma")}${line(40, 'House Number : 12-A')}${line(49, 'Age : 79 Gender : Female')}
<rect x="${PHOTO.x}" y="${PHOTO.y}" width="${PHOTO.width}" height="${PHOTO.height}" fill="none" stroke="black" stroke-width="0.8"/>
${s}
</svg>`;
}

async function grey(png: Buffer): Promise<Gray> {
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, info.width * info.height) };
}

/** The box rendered at `dpi`, clean or as a grey, noisy JPEG scan; with its box and photo in pixels. */
async function renderBox(svg: string, dpi: number, scanned: boolean): Promise<{ image: Gray; box: PixelRect; photo: PixelRect }> {
  const png = await sharp(Buffer.from(svg), { density: dpi }).flatten({ background: '#ffffff' }).greyscale().png().toBuffer();
  const image = await grey(scanned ? (await scanLike(png, { angle: 0, seed: dpi })).jpeg : png);
  const k = image.width / BOX.width;
  const photo = { x: PHOTO.x * k, y: PHOTO.y * k, width: PHOTO.width * k, height: PHOTO.height * k };
  return { image, box: { x: 0, y: 0, width: image.width, height: image.height }, photo };
}

describe('the DELETED stamp in a drawn box', () => {
  for (const dpi of [100, 150, 200, 300]) {
    for (const scanned of [false, true]) {
      const kind = scanned ? 'scanned (grey JPEG)' : 'clean';
      it(`is found at ${dpi} dpi, ${kind}, and not in the same box without it`, async () => {
        const stamped = await renderBox(boxSvg({ angle: 33 }), dpi, scanned);
        const plain = await renderBox(boxSvg(null), dpi, scanned);
        const score = stampScore(stamped.image, stamped.box, stamped.photo);
        expect(score.second).toBeGreaterThanOrEqual(STAMP_EDGE);
        expect(Math.abs(score.angle - 33)).toBeLessThanOrEqual(3);
        expect(stampedBox(plain.image, plain.box, plain.photo)).toBe(false);
        expect(stampScore(plain.image, plain.box, plain.photo).second).toBeLessThan(STAMP_EDGE * 0.8);
      });
    }
  }

  it('is found at other angles, rising or falling', async () => {
    for (const stamp of [
      { angle: 22 },
      { angle: 45, x: 30, y: 66, size: 13 },
      { angle: -30, x: 15, y: 20 },
    ]) {
      const { image, box, photo } = await renderBox(boxSvg(stamp), 150, true);
      const score = stampScore(image, box, photo);
      expect(score.second, `stamp at ${stamp.angle}°`).toBeGreaterThanOrEqual(STAMP_EDGE);
      expect(Math.abs(score.angle - stamp.angle), `stamp at ${stamp.angle}°`).toBeLessThanOrEqual(3);
    }
  });

  it('ignores what is drawn inside the photo area', async () => {
    // the stamp moved onto the photo: with the photo area left out, nothing is seen
    const { image, box, photo } = await renderBox(boxSvg({ angle: 33, x: 138, y: 60, size: 9 }), 150, false);
    expect(stampedBox(image, box, photo)).toBe(false);
  });
});

const SCAN115 = path.join(ROLLS_DIR, 'gujarat-2025-ac137-part1-scan115.pdf');
const HAVE = existsSync(SCAN115);
const onCi = process.env.CI === 'true';

function pgm(buf: Buffer): Gray {
  const header = buf.subarray(0, 64).toString('latin1').match(/^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/);
  if (!header) throw new Error('not a PGM');
  const width = Number(header[1]);
  const height = Number(header[2]);
  return { width, height, data: new Uint8Array(buf.subarray(header[0].length, header[0].length + width * height)) };
}

describe('the shared roll printed to an image at 115 dpi', () => {
  it.runIf(onCi)('is present on CI', () => expect(HAVE, `missing ${SCAN115}`).toBe(true));

  it.skipIf(!HAVE)(`has its seven stamped boxes found, and no other${HAVE ? '' : ` (skipped: no ${SCAN115})`}`, { timeout: 120_000 }, () => {
    for (const dpi of [144, 300]) {
      const dir = tempDir('ingest-stamp-');
      execFileSync('pdftoppm', ['-gray', '-r', String(dpi), '-f', '3', '-l', '26', SCAN115, path.join(dir, 'page')]);
      const stamped: number[] = [];
      let boxes = 0;
      for (const file of readdirSync(dir).sort()) {
        const page = Number(/(\d+)\.pgm$/.exec(file)?.[1]);
        const raw = pgm(readFileSync(path.join(dir, file)));
        const image = rotate(raw, estimateSkew(binarize(raw, otsu(raw)), raw.width, raw.height));
        const ink = binarize(image, otsu(image));
        const cells = findCells(ink, image.width, image.height);
        const size = commonCellSize(cells, 2);
        // voter pages only: the last page's summary table has cells of its own size
        if (!size || size.count < 6) continue;
        for (const cell of orderCells(cellsOfSize(cells, size))) {
          boxes++;
          if (stampedBox(image, cell, photoInCell(ink, image.width, cell))) stamped.push(page);
        }
      }
      expect(boxes, `${dpi} dpi`).toBeGreaterThanOrEqual(590);
      // serials 67 (page 5), 106 and 113 (page 6), 343 (page 14), 363 and 369 (page 15), 386 (page 16)
      expect(stamped, `${dpi} dpi`).toEqual([5, 6, 6, 14, 15, 15, 16]);
    }
  });
});
