import zlib from 'node:zlib';
import { concatTransformationMatrix, drawObject, PDFDocument, PDFName, popGraphicsState, pushGraphicsState } from '@cantoo/pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { pngFile, ScanImages } from '@/lib/slips/ingest/engines/scan-image';
import { loadWithPdfLib } from '@/lib/slips/ingest/engines/pdfjs';

/**
 * The scan fast path for Flate images (img2pdf and many scanners store pages so): 8-bit RGB or
 * grey pixels, with or without PNG predictors, decoded natively instead of by pdf.js.
 */

const W = 120;
const H = 90;
const PAGE: [number, number] = [240, 180];

/** An RGB picture with structure in both directions: dark top-left block, a mid-grey band, white paper. */
function picture(): Buffer {
  const rgb = Buffer.alloc(W * H * 3, 255);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const i = (y * W + x) * 3;
      if (x < 40 && y < 30) rgb.fill(20, i, i + 3);
      else if (y >= 60 && y < 70) rgb.set([200, 60, 60], i);
    }
  }
  return rgb;
}

/** PNG-filtered rows (filter type cycling None, Sub, Up, Average, Paeth), as a PDF's predictor 15 stream holds them. */
function pngRows(pixels: Buffer, width: number, height: number, bpp: number): Buffer {
  const stride = width * bpp;
  const out = Buffer.alloc(height * (stride + 1));
  for (let y = 0; y < height; y++) {
    const type = y % 5;
    out[y * (stride + 1)] = type;
    for (let x = 0; x < stride; x++) {
      const cur = pixels[y * stride + x];
      const a = x >= bpp ? pixels[y * stride + x - bpp] : 0;
      const b = y > 0 ? pixels[(y - 1) * stride + x] : 0;
      const c = x >= bpp && y > 0 ? pixels[(y - 1) * stride + x - bpp] : 0;
      const p = a + b - c;
      const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
      const paeth = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      const pred = [0, a, b, (a + b) >> 1, paeth][type];
      out[y * (stride + 1) + 1 + x] = (cur - pred) & 0xff;
    }
  }
  return out;
}

/** A one-page PDF drawing one image stream over the whole page, as scanned rolls are made. */
async function imagePage(data: Buffer, dict: Record<string, unknown>): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage(PAGE);
  const stream = doc.context.stream(data, { Type: 'XObject', Subtype: 'Image', Width: W, Height: H, BitsPerComponent: 8, ...dict });
  page.node.setXObject(PDFName.of('Im0'), doc.context.register(stream));
  page.pushOperators(pushGraphicsState(), concatTransformationMatrix(PAGE[0], 0, 0, PAGE[1], 0, 0), drawObject('Im0'), popGraphicsState());
  return doc.save({ useObjectStreams: false });
}

async function decoded(bytes: Uint8Array) {
  const images = new ScanImages(() => loadWithPdfLib(bytes));
  const matrix = await images.bareMatrix(1);
  return matrix ? images.page(1, matrix, [0, 0, ...PAGE], 0, 1) : null;
}

const mean = (data: Uint8Array, width: number, x0: number, y0: number, x1: number, y1: number) => {
  let sum = 0;
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) sum += data[y * width + x];
  return sum / ((x1 - x0) * (y1 - y0));
};

describe('scanned pages stored as Flate images', () => {
  it('decodes an RGB page without a predictor to grey pixels at the render scale', async () => {
    const page = await decoded(await imagePage(zlib.deflateSync(picture()), { ColorSpace: 'DeviceRGB', Filter: 'FlateDecode' }));
    expect(page).not.toBeNull();
    const { width, height, data } = page!.image;
    expect([width, height]).toEqual(PAGE);
    expect(mean(data, width, 4, 4, 76, 56)).toBeLessThan(40); // the dark block (page units: twice the pixels)
    expect(mean(data, width, 100, 124, 230, 136)).toBeGreaterThan(80); // the red band, as grey
    expect(mean(data, width, 100, 124, 230, 136)).toBeLessThan(140);
    expect(mean(data, width, 100, 10, 230, 100)).toBeGreaterThan(245); // paper
  });

  it('gives the same pixels from PNG-predicted rows (every filter type), from grey, and close to a JPEG of the page', async () => {
    const rgb = picture();
    const plain = await decoded(await imagePage(zlib.deflateSync(rgb), { ColorSpace: 'DeviceRGB', Filter: 'FlateDecode' }));
    const predicted = await decoded(
      await imagePage(zlib.deflateSync(pngRows(rgb, W, H, 3)), { ColorSpace: 'DeviceRGB', Filter: ['FlateDecode'], DecodeParms: { Predictor: 15, Colors: 3, BitsPerComponent: 8, Columns: W } }),
    );
    expect(predicted).not.toBeNull();
    expect(Buffer.from(predicted!.image.data).equals(Buffer.from(plain!.image.data))).toBe(true);

    const grey = await sharp(rgb, { raw: { width: W, height: H, channels: 3 } }).greyscale().raw().toBuffer();
    const fromGrey = await decoded(await imagePage(zlib.deflateSync(grey), { ColorSpace: 'DeviceGray', Filter: 'FlateDecode' }));
    expect(fromGrey).not.toBeNull();
    const jpeg = await sharp(rgb, { raw: { width: W, height: H, channels: 3 } }).jpeg({ quality: 95 }).toBuffer();
    const fromJpeg = await decoded(await imagePage(jpeg, { ColorSpace: 'DeviceRGB', Filter: 'DCTDecode' }));
    for (const other of [fromGrey!, fromJpeg!]) {
      let worst = 0;
      other.image.data.forEach((v, i) => (worst = Math.max(worst, Math.abs(v - plain!.image.data[i]))));
      expect(worst).toBeLessThan(24);
    }
  });

  it('leaves to pdf.js what it does not decode itself: a TIFF predictor, 1-bit pixels, a stream that inflates to more than the image, a decode array', async () => {
    const rgb = picture();
    const cases: [Buffer, Record<string, unknown>][] = [
      [zlib.deflateSync(rgb), { ColorSpace: 'DeviceRGB', Filter: 'FlateDecode', DecodeParms: { Predictor: 2, Colors: 3, Columns: W } }],
      [zlib.deflateSync(Buffer.alloc((W / 8) * H)), { ColorSpace: 'DeviceGray', Filter: 'FlateDecode', BitsPerComponent: 1 }],
      [zlib.deflateSync(Buffer.concat([rgb, rgb])), { ColorSpace: 'DeviceRGB', Filter: 'FlateDecode' }],
      [zlib.deflateSync(rgb), { ColorSpace: 'DeviceRGB', Filter: 'FlateDecode', Decode: [1, 0, 1, 0, 1, 0] }],
    ];
    for (const [data, dict] of cases) expect(await decoded(await imagePage(data, dict))).toBeNull();
  });

  it('wraps predicted rows as a PNG file libpng accepts', async () => {
    const grey = Buffer.alloc(W * H, 128);
    const png = pngFile(zlib.deflateSync(pngRows(grey, W, H, 1)), W, H, 1);
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height, meta.channels]).toEqual(['png', W, H, 1]);
    const data = await sharp(png).extractChannel(0).raw().toBuffer();
    expect(data.every((v) => v === 128)).toBe(true);
  });
});
