import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream } from '@cantoo/pdf-lib';
import sharp from 'sharp';
import { compose, IDENTITY, type Matrix } from '../geometry';
import type { RenderedPage } from './render';

/**
 * Fast path for scanned pages: a page that is nothing but one upright JPEG covering it is decoded
 * by libjpeg (sharp) straight to greyscale pixels at the render scale, instead of by pdf.js's
 * JavaScript JPEG decoder (about 3x slower). Anything else returns null and is rendered by pdf.js.
 */
export class ScanImages {
  private doc: Promise<PDFDocument | null>;

  constructor(bytes: Uint8Array) {
    // `password: ''` decrypts a roll published with an owner password only (a password to open it: null)
    this.doc = PDFDocument.load(bytes, { ignoreEncryption: false, password: '', updateMetadata: false, throwOnInvalidObject: false }).catch(() => null);
  }

  async page(n: number, m: Matrix | null, view: number[], rotate: number, scale: number): Promise<RenderedPage | null> {
    if (!m || rotate !== 0 || Math.abs(m[1]) > 1e-6 || Math.abs(m[2]) > 1e-6 || m[0] <= 0 || m[3] <= 0) return null;
    const [vx0, vy0, vx1, vy1] = view;
    const pageW = vx1 - vx0;
    const pageH = vy1 - vy0;
    // the image must cover the page (within a point)
    if (Math.abs(m[4] - vx0) > 1 || Math.abs(m[5] - vy0) > 1 || Math.abs(m[0] - pageW) > 1 || Math.abs(m[3] - pageH) > 1) return null;
    const doc = await this.doc;
    if (!doc || n > doc.getPageCount()) return null;
    const jpeg = this.onlyJpeg(doc, n - 1);
    if (!jpeg) return null;
    const width = Math.ceil(pageW * scale);
    const height = Math.ceil(pageH * scale);
    try {
      const data = await sharp(jpeg, { limitInputPixels: 20000 * 20000 }).greyscale().resize(width, height, { fit: 'fill' }).raw().toBuffer();
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
   * For a page whose content is just "q a b c d e f cm ... /Im Do Q" (one or more cm) over one JPEG: the image matrix,
   * read without pdf.js (whose operator list would decode the JPEG in JavaScript). Else null.
   */
  async bareMatrix(n: number): Promise<[number, number, number, number, number, number] | null> {
    const doc = await this.doc;
    if (!doc || n > doc.getPageCount()) return null;
    try {
      if (!this.onlyJpeg(doc, n - 1)) return null;
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

  private onlyJpeg(doc: PDFDocument, index: number): Uint8Array | null {
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
    const filter = images[0].dict.get(PDFName.of('Filter'));
    const isDct = filter === PDFName.of('DCTDecode') || (filter?.toString() ?? '') === '[ /DCTDecode ]';
    if (!isDct || images[0].dict.get(PDFName.of('SMask')) || images[0].dict.get(PDFName.of('Mask'))) return null;
    return images[0].contents;
  }
}

const NUM = String.raw`[-+]?(?:\d+\.?\d*|\.\d+)`;
const CM = new RegExp(String.raw`^\s*(${NUM})\s+(${NUM})\s+(${NUM})\s+(${NUM})\s+(${NUM})\s+(${NUM})\s+cm\b`);

/**
 * The image matrix of a content stream that only draws one image: "q", one or more "cm" (as
 * pdf-lib writes them: identity steps around the size), "/Name Do", "Q". Else null.
 */
export function bareImageMatrix(text: string): Matrix | null {
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
