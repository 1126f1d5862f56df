import { PDFArray, PDFContentStream, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFStream, decodePDFRawStream } from '@cantoo/pdf-lib';
import type { Rect } from '../types';
import { loadPdfium, openPdf, savedCopy, type PdfiumExports } from './pdfium';

/**
 * A roll cut down to some of its boxes, for slips that leave the task (a few voters' slips printed at a
 * desk): a slip draws its box from the whole source page under a clip, so without this a one-voter PDF
 * would carry the text of every other voter on that page in its text layer. PDFium, which parses each
 * page into objects with their bounds, removes every object that shows nothing of the kept boxes: text
 * not wholly inside one of them, pictures and drawings that do not touch one, forms (nested content)
 * holding text that are not wholly inside one; a picture that runs past the box (a scanned roll's page is
 * one picture of every voter on it) is replaced by the part of it inside the box, drawn again by PDFium;
 * then the page's content is written again from what is left.
 * Each box gets a copy of its page of its own, so that even two voters of one page do not carry each
 * other's text under their slips' clips.
 *
 * Why this and not a picture of the box: the slip stays vector and its text stays text (a desk can copy
 * the EPIC from it), at the size of the text it keeps.
 */

interface StripExports extends PdfiumExports {
  FPDF_GetPageCount(doc: number): number;
  FPDF_CreateNewDocument(): number;
  FPDF_ImportPagesByIndex(dest: number, src: number, indices: number, length: number, at: number): number;
  FPDF_LoadPage(doc: number, index: number): number;
  FPDF_ClosePage(page: number): void;
  FPDFPage_Delete(doc: number, index: number): void;
  FPDFPage_CountObjects(page: number): number;
  FPDFPage_GetObject(page: number, index: number): number;
  FPDFPage_RemoveObject(page: number, obj: number): number;
  FPDFPage_GenerateContent(page: number): number;
  FPDFPageObj_GetType(obj: number): number;
  FPDFPageObj_GetBounds(obj: number, left: number, bottom: number, right: number, top: number): number;
  FPDFPageObj_Destroy(obj: number): void;
  FPDFFormObj_CountObjects(form: number): number;
  FPDFFormObj_GetObject(form: number, index: number): number;
  FPDFPage_GetRotation(page: number): number;
  FPDFPage_SetRotation(page: number, rotation: number): void;
  FPDF_GetPageBoundingBox(page: number, rect: number): number;
  FPDFPage_InsertObject(page: number, obj: number): void;
  FPDFPageObj_NewImageObj(doc: number): number;
  FPDFImageObj_SetBitmap(pages: number, count: number, obj: number, bitmap: number): number;
  FPDFImageObj_SetMatrix(obj: number, a: number, b: number, c: number, d: number, e: number, f: number): number;
  FPDFBitmap_Create(width: number, height: number, alpha: number): number;
  FPDFBitmap_FillRect(bitmap: number, left: number, top: number, width: number, height: number, color: number): number;
  FPDFBitmap_Destroy(bitmap: number): void;
  FPDF_RenderPageBitmapWithMatrix(bitmap: number, page: number, matrix: number, clip: number, flags: number): void;
}

const TEXT = 1;
const IMAGE = 3;
const FORM = 5;
/**
 * A picture that runs past the box (a scanned roll's page is one picture) is replaced by the part of it
 * inside the box, drawn again at this resolution (dots per inch): a scan's own is 100 to 300.
 */
const CROP_DPI = 150;
/** Text may overhang its box by this much (a glyph's side bearing on the box's line): less than a neighbour's nearest letter. */
const TEXT_SLACK = 1.5;

export interface KeptBox {
  /** 1-based page of the roll */
  page: number;
  rect: Rect;
}

export interface StrippedSource {
  /** Page k (1-based) shows `boxes[k - 1]` only. */
  pdf: Uint8Array;
  /** Objects removed, all pages together (for tests and logs). */
  removed: number;
}

function inside(b: Rect, box: Rect, slack: number): boolean {
  return b.x >= box.x - slack && b.y >= box.y - slack && b.x + b.width <= box.x + box.width + slack && b.y + b.height <= box.y + box.height + slack;
}

function touches(b: Rect, box: Rect): boolean {
  return b.x < box.x + box.width && b.x + b.width > box.x && b.y < box.y + box.height && b.y + b.height > box.y;
}

/** A file whose page k is the roll's page of `boxes[k - 1]` showing that box only. */
export async function keepOnlyBoxes(bytes: Uint8Array, boxes: readonly KeptBox[]): Promise<StrippedSource> {
  if (boxes.length === 0) throw new Error('No box to keep.');
  const E = (await loadPdfium()) as StripExports;
  const roll = openPdf(E, bytes);
  if (!roll) throw new Error('PDFium could not open the roll PDF.');
  const src = roll.doc;
  const dest = E.FPDF_CreateNewDocument();
  const scratch = E.malloc(Math.max(64, 4 * boxes.length));
  try {
    const count = E.FPDF_GetPageCount(src);
    const bad = boxes.find((b) => !Number.isInteger(b.page) || b.page < 1 || b.page > count);
    if (bad) throw new Error(`A voter box refers to page ${bad.page}, but the roll has ${count} pages.`);
    const indices = new Int32Array(E.memory.buffer, scratch, boxes.length);
    boxes.forEach((b, k) => (indices[k] = b.page - 1));
    if (!dest || !E.FPDF_ImportPagesByIndex(dest, src, scratch, boxes.length, 0)) throw new Error('PDFium could not copy the roll pages.');
    const boundsOf = (obj: number): Rect | null => {
      if (!E.FPDFPageObj_GetBounds(obj, scratch, scratch + 4, scratch + 8, scratch + 12)) return null;
      const f = new Float32Array(E.memory.buffer, scratch, 4);
      return { x: f[0], y: f[1], width: f[2] - f[0], height: f[3] - f[1] };
    };
    const holdsText = (form: number, depth: number): boolean => {
      if (depth > 16) return true;
      for (let i = 0; i < E.FPDFFormObj_CountObjects(form); i++) {
        const child = E.FPDFFormObj_GetObject(form, i);
        const type = E.FPDFPageObj_GetType(child);
        if (type === TEXT || (type === FORM && holdsText(child, depth + 1))) return true;
      }
      return false;
    };
    let removed = 0;
    for (let k = 0; k < boxes.length; k++) {
      const page = E.FPDF_LoadPage(dest, k);
      if (!page) throw new Error(`PDFium could not load page ${boxes[k].page} of the roll.`);
      try {
        const box = boxes[k].rect;
        for (let i = E.FPDFPage_CountObjects(page) - 1; i >= 0; i--) {
          const obj = E.FPDFPage_GetObject(page, i);
          const type = E.FPDFPageObj_GetType(obj);
          const b = boundsOf(obj);
          const shows = b !== null && (type === TEXT || (type === FORM && holdsText(obj, 0)) ? inside(b, box, TEXT_SLACK) : touches(b, box));
          if (shows) continue;
          if (!E.FPDFPage_RemoveObject(page, obj)) throw new Error('PDFium could not remove an object from the roll page.');
          E.FPDFPageObj_Destroy(obj);
          removed++;
        }
        cropPictures(E, dest, page, box, scratch);
        if (!E.FPDFPage_GenerateContent(page)) throw new Error('PDFium could not write the roll page again.');
      } finally {
        E.FPDF_ClosePage(page);
      }
    }
    const cut = savedCopy(E, dest);
    if (!cut) throw new Error('PDFium could not save the cut-down roll.');
    return { pdf: await withoutUnusedPictures(cut), removed };
  } finally {
    E.free(scratch);
    if (dest) E.FPDF_CloseDocument(dest);
    roll.close();
  }
}

/**
 * The pictures on `page` that run past `box`, replaced by one picture of what they show inside it: the
 * others are taken off the page, the page is drawn (the pictures alone) into a bitmap of the box, the
 * pictures go, and the bitmap goes in at the bottom with the others back on top in their order. A turned page
 * (/Rotate) is drawn unturned, as its coordinates are.
 */
function cropPictures(E: StripExports, doc: number, page: number, box: Rect, scratch: number): void {
  const crossing: number[] = [];
  const others: number[] = [];
  for (let i = 0; i < E.FPDFPage_CountObjects(page); i++) {
    const obj = E.FPDFPage_GetObject(page, i);
    let outside = true;
    if (E.FPDFPageObj_GetType(obj) === IMAGE && E.FPDFPageObj_GetBounds(obj, scratch, scratch + 4, scratch + 8, scratch + 12)) {
      const f = new Float32Array(E.memory.buffer, scratch, 4);
      outside = !inside({ x: f[0], y: f[1], width: f[2] - f[0], height: f[3] - f[1] }, box, TEXT_SLACK);
    } else outside = false;
    (outside ? crossing : others).push(obj);
  }
  if (crossing.length === 0) return;
  for (const obj of others) E.FPDFPage_RemoveObject(page, obj);
  let bitmap = 0;
  // drawn as the page is stored, unturned: the box is in the page's own coordinates (turned back after)
  const rotation = E.FPDFPage_GetRotation(page);
  if (rotation !== 0) E.FPDFPage_SetRotation(page, 0);
  if (E.FPDF_GetPageBoundingBox(page, scratch)) {
    // display space: origin at the top-left of the page's box, y down, in points
    const view = new Float32Array(E.memory.buffer, scratch, 4);
    const [left, top] = [view[0], view[1]];
    const scale = CROP_DPI / 72;
    const width = Math.max(1, Math.ceil(box.width * scale));
    const height = Math.max(1, Math.ceil(box.height * scale));
    bitmap = E.FPDFBitmap_Create(width, height, 0);
    if (bitmap) {
      E.FPDFBitmap_FillRect(bitmap, 0, 0, width, height, 0xffffffff);
      const m = new Float32Array(E.memory.buffer, scratch + 16, 10);
      m.set([scale, 0, 0, scale, -(box.x - left) * scale, -(top - (box.y + box.height)) * scale, 0, 0, width, height]);
      E.FPDF_RenderPageBitmapWithMatrix(bitmap, page, scratch + 16, scratch + 40, 0);
    }
  }
  if (rotation !== 0) E.FPDFPage_SetRotation(page, rotation);
  for (const obj of crossing) {
    E.FPDFPage_RemoveObject(page, obj);
    E.FPDFPageObj_Destroy(obj);
  }
  if (bitmap) {
    const image = E.FPDFPageObj_NewImageObj(doc);
    const set = image && E.FPDFImageObj_SetBitmap(0, 0, image, bitmap) && E.FPDFImageObj_SetMatrix(image, box.width, 0, 0, box.height, box.x, box.y);
    E.FPDFBitmap_Destroy(bitmap);
    if (set) E.FPDFPage_InsertObject(page, image);
    else if (image) E.FPDFPageObj_Destroy(image);
  }
  for (const obj of others) E.FPDFPage_InsertObject(page, obj);
}

/** The names a content stream draws with `Do` (pictures and forms). */
function drawnNames(content: Uint8Array): Set<string> {
  const text = Buffer.from(content).toString('latin1');
  return new Set([...text.matchAll(/\/([^\s/<>[\]()]+)\s*Do\b/g)].map((m) => m[1]));
}

function pageContent(contents: PDFStream | PDFArray | undefined): Uint8Array {
  if (!contents) return new Uint8Array();
  const streams = contents instanceof PDFArray ? contents.asArray().map((_, i) => contents.lookup(i, PDFStream)) : [contents];
  const parts = streams.map((stream) => (stream instanceof PDFRawStream ? decodePDFRawStream(stream).decode() : stream instanceof PDFContentStream ? stream.getUnencodedContents() : new Uint8Array()));
  return Buffer.concat(parts);
}

/**
 * The cut file without what its pages no longer draw: PDFium takes an object off a page but leaves the
 * page's resources naming it (a scanned page's whole picture among them). Each page's pictures and forms
 * not drawn by its content are unnamed, and the pages are copied into a new file, which takes only what
 * they still reach.
 */
async function withoutUnusedPictures(bytes: Uint8Array): Promise<Uint8Array> {
  const cut = await PDFDocument.load(bytes, { updateMetadata: false });
  for (const page of cut.getPages()) {
    const { Contents, Resources } = page.node.normalizedEntries();
    const xobjects = Resources?.lookupMaybe(PDFName.of('XObject'), PDFDict);
    if (!xobjects) continue;
    const used = drawnNames(pageContent(Contents));
    for (const key of xobjects.keys()) if (!used.has(key.decodeText())) xobjects.delete(key);
  }
  const clean = await PDFDocument.create({ updateMetadata: false });
  for (const page of await clean.copyPages(cut, cut.getPageIndices())) clean.addPage(page);
  return clean.save({ useObjectStreams: false });
}
