/**
 * pdf.js's types, apart from the module that loads it: the parser threads (pdf-threads.ts) and the
 * session (pdfjs.ts) both need them, and importing them from pdfjs.ts made the two import each other.
 */
export type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
export type PdfDocument = import('pdfjs-dist/legacy/build/pdf.mjs').PDFDocumentProxy;
export type PdfPage = import('pdfjs-dist/legacy/build/pdf.mjs').PDFPageProxy;
