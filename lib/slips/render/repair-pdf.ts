import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { pdfiumFiles } from '../ingest/engines/pdfium-thread';

/**
 * Repairs for a damaged roll PDF that the parser read (pdf.js is lenient) but pdf-lib, which the renderer
 * copies pages with, refuses: first the file as PDFium re-saves it (PDFium rebuilds a broken
 * cross-reference table while it reads and writes every object it reached); then, for a file cut short
 * inside its trailer (a download that stopped a few bytes early), the file up to its last complete object,
 * whose catalog pdf-lib finds without a trailer.
 */
export interface PdfiumExports {
  memory: WebAssembly.Memory;
  malloc(size: number): number;
  free(ptr: number): void;
  FPDF_LoadMemDocument(ptr: number, size: number, password: number): number;
  FPDF_CloseDocument(doc: number): void;
  PDFiumExt_OpenFileWriter(): number;
  PDFiumExt_SaveAsCopy(doc: number, writer: number): number;
  PDFiumExt_GetFileWriterSize(writer: number): number;
  PDFiumExt_GetFileWriterData(writer: number, buffer: number, size: number): number;
  PDFiumExt_CloseFileWriter(writer: number): void;
}

let loading: Promise<PdfiumExports> | null = null;

/** PDFium in this process (a sandbox process: it reads an uploaded roll), loaded on first use. */
export function loadPdfium(): Promise<PdfiumExports> {
  loading ??= (async () => {
    const files = pdfiumFiles();
    const { init } = (await import(pathToFileURL(files.entry).href)) as {
      init(options: { wasmBinary: Uint8Array; print: () => void; printErr: () => void }): Promise<{ PDFiumExt_Init(): void; pdfium: { wasmExports: PdfiumExports } }>;
    };
    const module = await init({ wasmBinary: await readFile(files.wasm), print: () => {}, printErr: () => {} });
    module.PDFiumExt_Init();
    return module.pdfium.wasmExports;
  })();
  return loading;
}

/** The candidates, best first (each is tried until one renders). */
export async function* repairedPdfs(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  const resaved = await resavePdf(bytes);
  if (resaved) yield resaved;
  const lastObject = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).lastIndexOf('endobj');
  if (lastObject > 0 && lastObject + 6 < bytes.length) yield bytes.subarray(0, lastObject + 6);
}

/** The file as PDFium re-saves it, or null when PDFium cannot open it. */
export async function resavePdf(bytes: Uint8Array): Promise<Uint8Array | null> {
  const E = await loadPdfium();
  const ptr = E.malloc(bytes.length);
  if (!ptr) throw new RangeError('could not allocate memory for the PDF');
  new Uint8Array(E.memory.buffer).set(bytes, ptr);
  const doc = E.FPDF_LoadMemDocument(ptr, bytes.length, 0);
  if (!doc) {
    E.free(ptr);
    return null;
  }
  const writer = E.PDFiumExt_OpenFileWriter();
  try {
    if (!E.PDFiumExt_SaveAsCopy(doc, writer)) return null;
    const size = E.PDFiumExt_GetFileWriterSize(writer);
    const out = E.malloc(size);
    if (!out) throw new RangeError('could not allocate memory for the repaired PDF');
    try {
      E.PDFiumExt_GetFileWriterData(writer, out, size);
      return new Uint8Array(E.memory.buffer, out, size).slice();
    } finally {
      E.free(out);
    }
  } finally {
    E.PDFiumExt_CloseFileWriter(writer);
    E.FPDF_CloseDocument(doc);
    E.free(ptr);
  }
}
