/**
 * Repairs for a damaged roll PDF that the parser read (pdf.js is lenient) but pdf-lib, which the renderer
 * copies pages with, refuses: first the file as PDFium re-saves it (PDFium rebuilds a broken
 * cross-reference table while it reads and writes every object it reached); then, for a file cut short
 * inside its trailer (a download that stopped a few bytes early), the file up to its last complete object,
 * whose catalog pdf-lib finds without a trailer.
 */
import { loadPdfium, openPdf, savedCopy } from './pdfium';

/** The candidates, best first (each is tried until one renders). */
export async function* repairedPdfs(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  const resaved = await resavePdf(bytes);
  if (resaved) yield resaved;
  const lastObject = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).lastIndexOf('endobj');
  if (lastObject > 0 && lastObject + 6 < bytes.length) yield bytes.subarray(0, lastObject + 6);
}

/** The file as PDFium re-saves it, or null when PDFium cannot open or save it. */
export async function resavePdf(bytes: Uint8Array): Promise<Uint8Array | null> {
  const E = await loadPdfium();
  const opened = openPdf(E, bytes);
  if (!opened) return null;
  try {
    return savedCopy(E, opened.doc);
  } finally {
    opened.close();
  }
}
