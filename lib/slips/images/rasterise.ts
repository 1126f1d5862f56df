import { loadPdfium, openPdf, type PdfiumExports } from '../render/pdfium';

/**
 * Pages of a PDF drawn to pixels by PDFium (the instance render/pdfium.ts loads), in the calling process:
 * the slips' own PDF, drawn once into pictures instead of laying the slip out a second time. Meant for a
 * sandbox process (the PDF embeds the uploaded roll's pages).
 */

/** The PDFium calls used here besides opening (pointers and handles are numbers). */
interface DrawExports extends PdfiumExports {
  FPDF_GetPageCount(doc: number): number;
  FPDF_LoadPage(doc: number, index: number): number;
  FPDF_ClosePage(page: number): void;
  FPDF_GetPageWidthF(page: number): number;
  FPDF_GetPageHeightF(page: number): number;
  FPDFBitmap_Create(width: number, height: number, alpha: number): number;
  FPDFBitmap_FillRect(bitmap: number, left: number, top: number, width: number, height: number, color: number): void;
  FPDFBitmap_GetBuffer(bitmap: number): number;
  FPDFBitmap_GetStride(bitmap: number): number;
  FPDFBitmap_Destroy(bitmap: number): void;
  FPDF_RenderPageBitmap(bitmap: number, page: number, x: number, y: number, width: number, height: number, rotate: number, flags: number): void;
}

/** Anti-aliased text and paths, as for printing (FPDF_PRINTING off: screen rendering; FPDF_LCD_TEXT off). */
const RENDER_FLAGS = 0;

/** One drawn page: `width` × `height` RGB pixels, row after row. */
export interface RgbPage {
  width: number;
  height: number;
  rgb: Uint8Array;
}

/** An open PDF whose pages are drawn one at a time (close it when done). */
export interface PageRasteriser {
  pages: number;
  /** Page `n` (1-based) drawn `width` pixels wide, on white. */
  draw(n: number, width: number): RgbPage;
  close(): void;
}

export async function openForDrawing(bytes: Uint8Array): Promise<PageRasteriser> {
  const E = (await loadPdfium()) as DrawExports;
  const opened = openPdf(E, bytes);
  if (!opened) throw new Error('PDFium could not open the slips PDF');
  const { doc } = opened;
  return {
    pages: E.FPDF_GetPageCount(doc),
    draw(n, width) {
      const page = E.FPDF_LoadPage(doc, n - 1);
      if (!page) throw new Error(`PDFium could not load page ${n}`);
      try {
        const height = Math.max(1, Math.round((width * E.FPDF_GetPageHeightF(page)) / E.FPDF_GetPageWidthF(page)));
        const bitmap = E.FPDFBitmap_Create(width, height, 0);
        if (!bitmap) throw new Error(`no memory to draw page ${n}`);
        try {
          E.FPDFBitmap_FillRect(bitmap, 0, 0, width, height, 0xffffffff);
          E.FPDF_RenderPageBitmap(bitmap, page, 0, 0, width, height, 0, RENDER_FLAGS);
          const stride = E.FPDFBitmap_GetStride(bitmap);
          const bgrx = new Uint8Array(E.memory.buffer, E.FPDFBitmap_GetBuffer(bitmap), stride * height);
          // PDFium's pixels are blue, green, red, unused: turned into red, green, blue
          const rgb = new Uint8Array(width * height * 3);
          for (let y = 0; y < height; y++) {
            let i = y * stride;
            let o = y * width * 3;
            for (let x = 0; x < width; x++, i += 4, o += 3) {
              rgb[o] = bgrx[i + 2];
              rgb[o + 1] = bgrx[i + 1];
              rgb[o + 2] = bgrx[i];
            }
          }
          return { width, height, rgb };
        } finally {
          E.FPDFBitmap_Destroy(bitmap);
        }
      } finally {
        E.FPDF_ClosePage(page);
      }
    },
    close: opened.close,
  };
}
