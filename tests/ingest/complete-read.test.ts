import path from 'node:path';
import { createRequire } from 'node:module';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { afterAll, describe, expect, it } from 'vitest';
import type { Gray } from '@/lib/slips/ingest/engines/image';
import { closeLineRecogniser } from '@/lib/slips/ingest/engines/line-rec';
import { closeOcr } from '@/lib/slips/ingest/engines/ocr';
import { readCells } from '@/lib/slips/ingest/raster/page-cells';

const FONT = path.join(
  path.dirname(createRequire(path.join(process.cwd(), 'package.json')).resolve('@expo-google-fonts/noto-sans-devanagari/package.json')),
  '700Bold',
  'NotoSansDevanagari_700Bold.ttf',
);
GlobalFonts.registerFromPath(FONT, 'CompleteReadTest');

const BOX = { width: 480, height: 200 };

/** A row of voter boxes, each printing its serial at the left of its top band and its ID at the right, as a grey page. */
function page(entries: { serial: string; epic: string }[]): Gray {
  const width = BOX.width * entries.length;
  const canvas = createCanvas(width, BOX.height);
  const g = canvas.getContext('2d');
  g.fillStyle = '#fff';
  g.fillRect(0, 0, width, BOX.height);
  g.fillStyle = '#000';
  g.font = '24px CompleteReadTest';
  entries.forEach((e, i) => {
    g.fillText(e.serial, i * BOX.width + 16, 30);
    g.fillText(e.epic, i * BOX.width + 250, 30);
  });
  const rgba = g.getImageData(0, 0, width, BOX.height).data;
  const data = new Uint8Array(width * BOX.height);
  for (let i = 0; i < data.length; i++) data[i] = rgba[i * 4];
  return { width, height: BOX.height, data };
}

afterAll(async () => {
  await closeOcr();
  await closeLineRecogniser();
});

describe("a complete read of a scanned page's boxes", () => {
  // the middle box's serial is printed wrong: a read of it gives 40, a count from the page's ends gives 14
  const entries = [
    { serial: '12', epic: 'AGP1763804' },
    { serial: '13', epic: 'GXP4109633' },
    { serial: '40', epic: 'AGP2119121' },
    { serial: '15', epic: 'AGP2797389' },
    { serial: '16', epic: 'AGP1517820' },
  ];
  const image = page(entries);
  const cells = entries.map((_, i) => ({ x: i * BOX.width, y: 0, width: BOX.width, height: BOX.height }));

  it('reads every ID, and counts the serials between the two ends when these agree', async () => {
    const readings = await readCells(image, cells, 'both');
    expect(readings.map((r) => r.epic)).toEqual(entries.map((e) => e.epic));
    expect(readings.map((r) => r.serial)).toEqual([12, 13, 14, 15, 16]);
  }, 120_000);

  it('reads every serial of boxes that are not in reading order', async () => {
    const readings = await readCells(image, cells, 'both', false);
    expect(readings.map((r) => r.epic)).toEqual(entries.map((e) => e.epic));
    expect(readings.map((r) => r.serial)).toEqual([12, 13, 40, 15, 16]);
  }, 120_000);
});
