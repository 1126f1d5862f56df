/**
 * Source roll pages as form XObjects: each page used is embedded once (vector, exact), lazily when
 * its first voter is drawn, and then drawn under a clip for each of its boxes.
 * The form keeps the page's own user space (Matrix identity, BBox = MediaBox), so the boxes'
 * rectangles from ingestion (user space, before /Rotate) apply as they are, whatever the MediaBox origin.
 * A roll encrypted with an owner password only is decrypted on load (`@cantoo/pdf-lib`, the maintained
 * pdf-lib fork: standard security handler R2–R6, RC4 and AES), so its pages are copied as plain objects.
 */
import zlib from 'node:zlib';
import { SlipInputError, SourcePdfDamagedError } from './errors';
import {
  PDFArray,
  PDFContentStream,
  PDFContext,
  PDFDocument,
  PDFNumber,
  PDFObjectCopier,
  PDFRawStream,
  PDFRef,
  PDFStream,
  decodePDFRawStream,
} from '@cantoo/pdf-lib';
import type { Rect } from '../types';

export interface SourceForm {
  ref: PDFRef;
  /** Resource name under /XObject. */
  name: string;
  /** Page rotation, clockwise degrees: 0, 90, 180 or 270. */
  rotate: 0 | 90 | 180 | 270;
}

/** A fresh object copier every this many pages: bounds the copier's memory, shares fonts within a batch. */
const COPIER_BATCH = 64;

export class SourcePages {
  private readonly forms = new Map<number, SourceForm>();
  private copier: PDFObjectCopier | null = null;
  private copied = 0;

  private constructor(
    private readonly doc: PDFDocument,
    private readonly dest: PDFContext,
  ) {}

  static async load(bytes: Uint8Array, dest: PDFContext): Promise<SourcePages> {
    return new SourcePages(await openSource(bytes), dest);
  }

  get pageCount(): number {
    return this.doc.getPageCount();
  }

  /** The form for a 1-based page number, embedding it on first use. */
  form(pageNumber: number): SourceForm {
    const hit = this.forms.get(pageNumber);
    if (hit) return hit;
    if (!Number.isInteger(pageNumber) || pageNumber < 1 || pageNumber > this.doc.getPageCount()) {
      throw new Error(`Voter box refers to page ${pageNumber}, but the source PDF has ${this.doc.getPageCount()} pages.`);
    }
    if (!this.copier || this.copied >= COPIER_BATCH) {
      this.copier = PDFObjectCopier.for(this.doc.context, this.dest);
      this.copied = 0;
    }
    this.copied++;
    const leaf = this.doc.getPage(pageNumber - 1).node;
    const { Contents, Resources } = leaf.normalizedEntries();
    const media = leaf.MediaBox();
    const box = [0, 1, 2, 3].map((i) => (media.lookup(i, PDFNumber) as PDFNumber).asNumber());
    const rotRaw = leaf.Rotate()?.asNumber() ?? 0;
    const rotate = ((((Math.round(rotRaw / 90) * 90) % 360) + 360) % 360) as SourceForm['rotate'];
    const content = Contents ? decodeContents(Contents) : new Uint8Array();
    const resources = Resources ? this.copier.copy(Resources) : this.dest.obj({});
    const form = PDFRawStream.of(
      this.dest.obj({
        Type: 'XObject',
        Subtype: 'Form',
        FormType: 1,
        BBox: [Math.min(box[0], box[2]), Math.min(box[1], box[3]), Math.max(box[0], box[2]), Math.max(box[1], box[3])],
        Matrix: [1, 0, 0, 1, 0, 0],
        Resources: resources,
        Filter: 'FlateDecode',
      }),
      zlib.deflateSync(content, { level: 6 }),
    );
    const ref = this.dest.register(form);
    const entry: SourceForm = { ref, name: `P${pageNumber}`, rotate };
    this.forms.set(pageNumber, entry);
    return entry;
  }
}

/**
 * Parses the source roll. Many state sites publish rolls encrypted with an owner password only (anyone
 * may open and print them): those are decrypted with the empty user password, as every viewer does, so
 * that their pages can be copied. A roll that needs a password to open is refused.
 */
async function openSource(bytes: Uint8Array): Promise<PDFDocument> {
  try {
    // `password: ''` decrypts an encrypted file; a plain one is parsed once, as without it
    const doc = await PDFDocument.load(bytes, { updateMetadata: false, ignoreEncryption: true, password: '' });
    if (!doc.isEncrypted) return doc;
  } catch (error) {
    if (error instanceof Error && /NEEDS PASSWORD/.test(error.message)) {
      throw new SlipInputError('This roll PDF needs a password to open: its pages cannot be copied onto slips. Upload the roll without a password.');
    }
    // a damaged plain file: the parser's own error; a protected file whose handler cannot be read: say so
    const plain = await PDFDocument.load(bytes, { updateMetadata: false, ignoreEncryption: true }).catch(() => null);
    if (!plain?.isEncrypted) throw new SourcePdfDamagedError(error instanceof Error ? error.message : String(error));
  }
  throw new SlipInputError(
    'This roll PDF is protected with an encryption method that cannot be read here: its pages cannot be copied onto slips. Save it without protection (for example "Print to PDF") and upload that file.',
  );
}

function decodeContents(contents: PDFArray): Uint8Array {
  const parts: Uint8Array[] = [];
  for (let i = 0; i < contents.size(); i++) {
    const stream = contents.lookup(i, PDFStream);
    if (stream instanceof PDFRawStream) parts.push(decodePDFRawStream(stream).decode());
    else if (stream instanceof PDFContentStream) parts.push(stream.getUnencodedContents());
    else throw new Error('Unsupported content stream in the source PDF.');
    parts.push(Uint8Array.of(0x0a));
  }
  return Buffer.concat(parts);
}

/**
 * The matrix mapping source user space so that `rect` appears upright (as the viewer shows it after
 * /Rotate) with its displayed bottom-left at (tx, ty) and scaled by `scale`.
 */
export function boxPlacementMatrix(rect: Rect, rotate: SourceForm['rotate'], scale: number, tx: number, ty: number): number[] {
  const { x: rx, y: ry, width: w, height: h } = rect;
  // Rotation of box-local coordinates (u, v) clockwise by `rotate`, kept in the first quadrant.
  const R: Record<SourceForm['rotate'], number[]> = {
    0: [1, 0, 0, 1, 0, 0],
    90: [0, -1, 1, 0, 0, w],
    180: [-1, 0, 0, -1, w, h],
    270: [0, 1, -1, 0, h, 0],
  };
  const [a, b, c, d, e, f] = R[rotate];
  return [scale * a, scale * b, scale * c, scale * d, scale * (e - a * rx - c * ry) + tx, scale * (f - b * rx - d * ry) + ty];
}

/** Displayed (upright) size of a box on a page with this rotation. */
export function displayedSize(rect: Rect, rotate: SourceForm['rotate']): { width: number; height: number } {
  return rotate === 90 || rotate === 270 ? { width: rect.height, height: rect.width } : { width: rect.width, height: rect.height };
}
