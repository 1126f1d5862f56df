/** Options shared by every ingestion path. */
export interface ParseOptions {
  /** Called after each page (PDF) or once per phase (Excel) with work done and total. */
  onProgress?: (done: number, total: number) => void;
  /**
   * OCR of the serial/EPIC regions: 'auto' (only where the text layer lacks them), 'off', or
   * 'always' (every box, ignoring the text layer's serials and EPICs; for testing).
   */
  ocr?: 'auto' | 'off' | 'always';
  /** Refuse PDFs with more pages than this (default 500). */
  maxPages?: number;
  /** PDF parser limits (defaults: 30 s per page, 1024 MB heap per thread, 2 threads on 2+ cores). */
  pdfPageTimeoutMs?: number;
  pdfMemoryMb?: number;
  pdfThreads?: number;
  /** Spreadsheet worker limits (defaults: 60 s, 768 MB heap). */
  excelTimeoutMs?: number;
  excelMemoryMb?: number;
  /** Refuse spreadsheets with more data rows than this (default 500,000). */
  maxRows?: number;
}
