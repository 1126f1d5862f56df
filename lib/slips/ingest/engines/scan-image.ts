import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream, type PDFObject } from '@cantoo/pdf-lib';
import sharp, { type Sharp } from 'sharp';
import { compose, IDENTITY, type Matrix } from '../geometry';
import type { RenderedPage } from './render';

const inflate = promisify(zlib.inflate);

/**
 * A page's one image, as the fast path decodes it: a JPEG, or 8-bit Flate pixels, either raw or
 * with PNG predictors (`predicted`: its stream is then a PNG's image data).
 */
type PageImage = { kind: 'jpeg'; bytes: Uint8Array } | { kind: 'flate'; bytes: Uint8Array; width: number; height: number; channels: 1 | 3; predicted: boolean };

/**
 * Fast path for scanned pages: a page that is nothing but one upright image covering it — a JPEG,
 * or 8-bit grey or RGB pixels compressed with Flate, as scanners and img2pdf write them — is
 * decoded natively (zlib, libjpeg, libpng through sharp) straight to greyscale pixels at the render
 * scale, instead of by pdf.js's JavaScript decoders and canvas (several times slower for a JPEG; for a
 * 300 dpi Flate page, most of the page's time on the main thread). Anything else returns null and
 * is rendered by pdf.js.
 */
export class ScanImages {
  /** `load` gives the file as pdf-lib reads it, loaded on first use (a text roll never needs it, and loading it takes time). */
  constructor(private readonly load: () => Promise<PDFDocument | null>) {}

  private get doc(): Promise<PDFDocument | null> {
    return this.load();
  }

  async page(n: number, m: Matrix | null, view: number[], rotate: number, scale: number): Promise<RenderedPage | null> {
    if (!m || rotate !== 0 || !imageCoversPage(m, view)) return null;
    const [vx0, vy0, vx1, vy1] = view;
    const doc = await this.doc;
    if (!doc || n > doc.getPageCount()) return null;
    const image = this.onlyImage(doc, n - 1);
    if (!image) return null;
    const width = Math.ceil((vx1 - vx0) * scale);
    const height = Math.ceil((vy1 - vy0) * scale);
    // where the image sits on the page, in pixels (a scan a point or two short of the page leaves white margins)
    const left = Math.max(0, Math.round((m[4] - vx0) * scale));
    const top = Math.max(0, Math.round((vy1 - (m[5] + m[3])) * scale));
    const w = Math.min(width - left, Math.round(m[0] * scale));
    const h = Math.min(height - top, Math.round(m[3] * scale));
    try {
      const input = await greyInput(image);
      if (!input) return null;
      const placed = input.resize(w, h, { fit: 'fill' }).extend({ left, top, right: width - left - w, bottom: height - top - h, background: { r: 255, g: 255, b: 255 } });
      const data = await placed.raw().toBuffer();
      if (data.length !== width * height) return null;
      return {
        image: { width, height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) },
        scale,
        rotation: 0,
        toPdf: (x, y) => [vx0 + x / scale, vy1 - y / scale],
        toPixel: (x, y) => [(x - vx0) * scale, (vy1 - y) * scale],
      };
    } catch {
      return null;
    }
  }

  /**
   * For a page whose content is just "q a b c d e f cm ... /Im Do Q" (one or more cm) over one image the fast path
   * decodes: the image matrix, read without pdf.js (whose operator list would decode the image in JavaScript). Else null.
   */
  async bareMatrix(n: number): Promise<[number, number, number, number, number, number] | null> {
    const doc = await this.doc;
    if (!doc || n > doc.getPageCount()) return null;
    try {
      if (!this.onlyImage(doc, n - 1)) return null;
      const contents = doc.getPage(n - 1).node.Contents();
      const streams = contents instanceof PDFArray ? contents.asArray().map((r) => doc.context.lookup(r)) : [contents];
      let text = '';
      for (const st of streams) {
        if (!(st instanceof PDFRawStream)) return null;
        text += `${Buffer.from(decodePDFRawStream(st).decode()).toString('latin1')}\n`;
        if (text.length > 2000) return null;
      }
      return bareImageMatrix(text);
    } catch {
      return null;
    }
  }

  /** The page's only image, when it has exactly one and the fast path can decode it. */
  private onlyImage(doc: PDFDocument, index: number): PageImage | null {
    const page = doc.getPage(index);
    const resources = page.node.Resources();
    const xobjects = resources?.lookupMaybe(PDFName.of('XObject'), PDFDict);
    if (!xobjects) return null;
    const images: PDFRawStream[] = [];
    for (const [, ref] of xobjects.entries()) {
      const obj = doc.context.lookup(ref);
      if (!(obj instanceof PDFRawStream)) return null;
      const subtype = obj.dict.get(PDFName.of('Subtype'));
      if (subtype !== PDFName.of('Image')) return null; // forms: let pdf.js draw them
      images.push(obj);
    }
    if (images.length !== 1) return null;
    const dict = images[0].dict;
    // masks, decode arrays and stencil masks change what is drawn: pdf.js draws those
    if (dict.get(PDFName.of('SMask')) || dict.get(PDFName.of('Mask')) || dict.get(PDFName.of('Decode')) || dict.get(PDFName.of('ImageMask'))) return null;
    const filter = onlyFilter(doc, dict.get(PDFName.of('Filter')));
    if (filter === 'DCTDecode') return { kind: 'jpeg', bytes: images[0].contents };
    if (filter !== 'FlateDecode') return null;
    return flateImage(doc, dict, images[0].contents);
  }
}

/** The name of an image's one filter (`/F` or `[/F]`), else null. */
function onlyFilter(doc: PDFDocument, value: PDFObject | undefined): string | null {
  const filter = value ? doc.context.lookup(value) : undefined;
  if (filter instanceof PDFName) return filter.decodeText();
  if (filter instanceof PDFArray && filter.size() === 1) {
    const only = doc.context.lookup(filter.get(0));
    return only instanceof PDFName ? only.decodeText() : null;
  }
  return null;
}

function numberOf(doc: PDFDocument, dict: PDFDict, key: string): number | null {
  const value = dict.get(PDFName.of(key));
  const n = value ? doc.context.lookup(value) : undefined;
  return n instanceof PDFNumber ? n.asNumber() : null;
}

/** Colour channels of an image's colour space when it is plain grey or RGB (ICC-based with 1 or 3 components too), else null. */
function channelsOf(doc: PDFDocument, value: PDFObject | undefined): 1 | 3 | null {
  const space = value ? doc.context.lookup(value) : undefined;
  if (space === PDFName.of('DeviceGray')) return 1;
  if (space === PDFName.of('DeviceRGB')) return 3;
  if (space instanceof PDFArray && space.size() === 2 && doc.context.lookup(space.get(0)) === PDFName.of('ICCBased')) {
    const profile = doc.context.lookup(space.get(1));
    const n = profile instanceof PDFRawStream ? numberOf(doc, profile.dict, 'N') : null;
    return n === 1 || n === 3 ? n : null;
  }
  return null;
}

/**
 * An 8-bit grey or RGB Flate image: without a predictor, or with PNG predictors (10-15). TIFF
 * predictors and other depths are left to pdf.js.
 */
function flateImage(doc: PDFDocument, dict: PDFDict, bytes: Uint8Array): PageImage | null {
  const width = numberOf(doc, dict, 'Width');
  const height = numberOf(doc, dict, 'Height');
  const channels = channelsOf(doc, dict.get(PDFName.of('ColorSpace')));
  if (!width || !height || !channels || numberOf(doc, dict, 'BitsPerComponent') !== 8) return null;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width > 20000 || height > 20000) return null;
  const parmsValue = dict.get(PDFName.of('DecodeParms'));
  const parms = parmsValue ? doc.context.lookup(parmsValue) : undefined;
  const params = parms instanceof PDFArray && parms.size() === 1 ? doc.context.lookup(parms.get(0)) : parms;
  if (params !== undefined && !(params instanceof PDFDict)) return null;
  const predictor = params ? (numberOf(doc, params, 'Predictor') ?? 1) : 1;
  if (predictor === 1) return { kind: 'flate', bytes, width, height, channels, predicted: false };
  if (predictor < 10 || predictor > 15 || !params) return null;
  const colors = numberOf(doc, params, 'Colors') ?? 1;
  const bits = numberOf(doc, params, 'BitsPerComponent') ?? 8;
  const columns = numberOf(doc, params, 'Columns') ?? 1;
  if (colors !== channels || bits !== 8 || columns !== width) return null;
  return { kind: 'flate', bytes, width, height, channels, predicted: true };
}

/** A PNG file around zlib data whose rows already carry PNG filter bytes (a PDF's PNG-predicted Flate stream). */
export function pngFile(idat: Uint8Array, width: number, height: number, channels: 1 | 3): Uint8Array {
  const chunk = (type: string, data: Uint8Array): Buffer => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(data, zlib.crc32(head.subarray(4))) >>> 0, 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = channels === 3 ? 2 : 0; // truecolour or greyscale
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', new Uint8Array(0))]);
}

/** Luma weights (Rec. 601, as pdf.js's rendered pages are turned grey in render.ts), one row per output band. */
const LUMA: [number, number, number] = [0.299, 0.587, 0.114];

/**
 * The image as a one-band sharp pipeline. A JPEG, whose bands are known only once decoded, is
 * turned grey by libvips; Flate pixels by `recomb` (libvips' own greyscale conversion goes through
 * a colour space and takes over twice as long on a 300 dpi page). PNG-predicted pixels are
 * wrapped as the PNG file their stream nearly is, for libpng; raw ones are inflated on libuv's
 * thread pool, never to more bytes than the image holds (a stream that inflates further is not
 * what it says: null).
 */
async function greyInput(image: PageImage): Promise<Sharp | null> {
  const limits = { limitInputPixels: 20000 * 20000 };
  if (image.kind === 'jpeg') return sharp(image.bytes, limits).greyscale();
  if (image.predicted) return toGrey(sharp(pngFile(image.bytes, image.width, image.height, image.channels), limits), image.channels);
  const size = image.width * image.height * image.channels;
  let pixels: Buffer;
  try {
    pixels = await inflate(image.bytes, { maxOutputLength: size });
  } catch {
    return null;
  }
  if (pixels.length !== size) return null;
  return toGrey(sharp(pixels, { raw: { width: image.width, height: image.height, channels: image.channels } }), image.channels);
}

function toGrey(input: Sharp, channels: 1 | 3): Sharp {
  return channels === 1 ? input.extractChannel(0) : input.recomb([LUMA, LUMA, LUMA]).extractChannel(0);
}

/**
 * Whether an upright image drawn with matrix `m` is the page: inside it (within a point) and over
 * 97% of its area (a scan placed a point or two short of the page counts; a picture on a page does not).
 */
export function imageCoversPage(m: Matrix, view: number[]): boolean {
  const [x0, y0, x1, y1] = view;
  if (Math.abs(m[1]) > 1e-6 || Math.abs(m[2]) > 1e-6 || m[0] <= 0 || m[3] <= 0) return false;
  const inside = m[4] >= x0 - 1 && m[5] >= y0 - 1 && m[4] + m[0] <= x1 + 1 && m[5] + m[3] <= y1 + 1;
  return inside && m[0] * m[3] >= 0.97 * (x1 - x0) * (y1 - y0);
}

const NUM = String.raw`[-+]?(?:\d+\.?\d*|\.\d+)`;
const CM = new RegExp(String.raw`^\s*(${NUM})\s+(${NUM})\s+(${NUM})\s+(${NUM})\s+(${NUM})\s+(${NUM})\s+cm\b`);

/**
 * The image matrix of a content stream that only draws one image: "q", one or more "cm" (as
 * pdf-lib writes them: identity steps around the size), "/Name Do", "Q". Else null.
 */
export function bareImageMatrix(content: string): Matrix | null {
  const text = withoutNoOps(content);
  let rest = text.replace(/^\s*q\b/, '');
  if (rest === text) return null;
  let ctm: Matrix = IDENTITY;
  let count = 0;
  for (let m = CM.exec(rest); m; m = CM.exec(rest)) {
    const nums = m.slice(1, 7).map(Number);
    if (!nums.every(Number.isFinite)) return null;
    ctm = compose(ctm, nums as Matrix);
    rest = rest.slice(m[0].length);
    count++;
  }
  if (count === 0 || !/^\s*\/[^\s/()<>[\]{}%]+\s+Do\s+Q\s*$/.test(rest)) return null;
  return ctm;
}

/**
 * The content without what draws nothing: text objects that show no text (a producer's "BT 0 842
 * Td ET") and then empty "q Q" pairs.
 */
function withoutNoOps(content: string): string {
  let text = content.replace(/\bBT\b([\s\S]*?)\bET\b/g, (all, body: string) => (/\bT[jJ]\b|['"]/.test(body) ? all : ' '));
  for (let before = ''; before !== text; ) {
    before = text;
    text = text.replace(/(^|\s)q\s+Q(?=\s|$)/g, '$1');
  }
  return text;
}
