import type { Rect } from '../types';
import { loadPdfium, type PdfiumExports } from './repair-pdf';

/**
 * A roll cut down to some of its boxes, for slips that leave the task (a few voters' slips printed at a
 * desk): a slip draws its box from the whole source page under a clip, so without this a one-voter PDF
 * would carry the text of every other voter on that page in its text layer. PDFium, which parses each
 * page into objects with their bounds, removes every object that shows nothing of the kept boxes: text
 * not wholly inside one of them, pictures and drawings that do not touch one, forms (nested content)
 * holding text that are not wholly inside one; then writes the page's content again from what is left.
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
}

const TEXT = 1;
const FORM = 5;
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
  const ptr = E.malloc(bytes.length);
  if (!ptr) throw new RangeError('could not allocate memory for the roll PDF');
  new Uint8Array(E.memory.buffer).set(bytes, ptr);
  const src = E.FPDF_LoadMemDocument(ptr, bytes.length, 0);
  if (!src) {
    E.free(ptr);
    throw new Error('PDFium could not open the roll PDF.');
  }
  const dest = E.FPDF_CreateNewDocument();
  const scratch = E.malloc(Math.max(16, 4 * boxes.length));
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
        if (!E.FPDFPage_GenerateContent(page)) throw new Error('PDFium could not write the roll page again.');
      } finally {
        E.FPDF_ClosePage(page);
      }
    }
    const writer = E.PDFiumExt_OpenFileWriter();
    try {
      if (!E.PDFiumExt_SaveAsCopy(dest, writer)) throw new Error('PDFium could not save the cut-down roll.');
      const size = E.PDFiumExt_GetFileWriterSize(writer);
      const out = E.malloc(size);
      if (!out) throw new RangeError('could not allocate memory for the cut-down roll');
      try {
        E.PDFiumExt_GetFileWriterData(writer, out, size);
        return { pdf: new Uint8Array(E.memory.buffer, out, size).slice(), removed };
      } finally {
        E.free(out);
      }
    } finally {
      E.PDFiumExt_CloseFileWriter(writer);
    }
  } finally {
    E.free(scratch);
    if (dest) E.FPDF_CloseDocument(dest);
    E.FPDF_CloseDocument(src);
    E.free(ptr);
  }
}
