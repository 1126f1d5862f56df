import { loadPdfium, openPdf, savedCopy, type PdfiumExports } from './pdfium';

/**
 * PDFs of slips put one after another into one PDF by PDFium (each page copied whole, its fonts and images
 * with it), for a task of several lists whose user wants one file to print. Runs in a sandbox process.
 */
interface CombineExports extends PdfiumExports {
  FPDF_GetPageCount(doc: number): number;
  FPDF_CreateNewDocument(): number;
  FPDF_ImportPagesByIndex(dest: number, src: number, indices: number, length: number, at: number): number;
}

/** The PDFs in order as one; `onFile` after each one is copied. Throws when PDFium cannot open or copy one. */
export async function combinePdfs(files: readonly (() => Promise<Uint8Array>)[], onFile?: (done: number, total: number) => void): Promise<{ pdf: Uint8Array; pages: number }> {
  const E = (await loadPdfium()) as CombineExports;
  const dest = E.FPDF_CreateNewDocument();
  if (!dest) throw new RangeError('PDFium could not start a new PDF.');
  try {
    let pages = 0;
    for (const [i, read] of files.entries()) {
      const opened = openPdf(E, await read());
      if (!opened) throw new Error(`PDFium could not open PDF ${i + 1} of ${files.length}.`);
      try {
        const count = E.FPDF_GetPageCount(opened.doc);
        // no indices: every page, in order, at the end of what is there
        if (!E.FPDF_ImportPagesByIndex(dest, opened.doc, 0, 0, pages)) throw new Error(`PDFium could not copy the pages of PDF ${i + 1}.`);
        pages += count;
      } finally {
        opened.close();
      }
      onFile?.(i + 1, files.length);
    }
    const pdf = savedCopy(E, dest);
    if (!pdf) throw new Error('PDFium could not write the combined PDF.');
    return { pdf, pages };
  } finally {
    E.FPDF_CloseDocument(dest);
  }
}
