/** Largest file accepted by default (bytes); callers pass their own upload limit. */
export const DEFAULT_MAX_BYTES = 100 * 1024 * 1024;

/** Options shared by every ingestion path. */
export interface ParseOptions {
  /**
   * Progress for the person waiting: for a PDF, `done` pages of `total` read (called as each page
   * is finished, e.g. "Reading page 12 of 38"; never decreasing, and (total, total) last); for a
   * spreadsheet, rows: (0, rows) once the workbook is open and (rows, rows) at the end.
   */
  onProgress?: (done: number, total: number) => void;
  /**
   * Cancels the parse: checked between pages and inside long loops; the parse then rejects with
   * `signal.reason` (an AbortError unless the caller gave another reason) and gives back its
   * parser threads (PDF) or ends its worker (spreadsheet).
   */
  signal?: AbortSignal;
  /**
   * OCR of the serial/EPIC regions: 'auto' (only where the text layer lacks them), 'off', or
   * 'always' (every box, ignoring the text layer's serials and EPICs; for testing).
   */
  ocr?: 'auto' | 'off' | 'always';
  /**
   * The IDs of boxes found in a page's pixels (image-only pages): 'now' (default) reads them with the serials;
   * 'later' reads only what the draft needs (boxes, serials, deleted marks) and leaves the IDs unread, each such
   * voter marked `idLater`, for a second, complete parse to fill in (late-ids.ts). Pages whose IDs are the
   * evidence that they hold voters (the page that fixes the roll's box size, a supplement's boxes) are read whole.
   */
  scanIds?: 'now' | 'later';
  /** Refuse PDFs with more pages than this (default 500). */
  maxPages?: number;
  /** PDF parser limits (defaults: 30 s per page, 1024 MB heap per thread, 2 threads on 2+ cores). */
  pdfPageTimeoutMs?: number;
  pdfMemoryMb?: number;
  pdfThreads?: number;
  /** Spreadsheet worker limits (defaults: 60 s, 768 MB heap). */
  excelTimeoutMs?: number;
  excelMemoryMb?: number;
  /** Refuse spreadsheets with more data rows than this (default MAX_SHEET_ROWS, 250,000). */
  maxRows?: number;
}
