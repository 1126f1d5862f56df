import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { pdfiumFiles } from '../ingest/engines/pdfium-thread';

/**
 * PDFium (the @embedpdf/pdfium WebAssembly build) in this process, for the work on PDFs a sandbox process does
 * beside reading rolls: repairing a damaged roll (repair-pdf.ts), cutting a roll down to some boxes
 * (strip-source.ts), drawing slips into pictures (images/rasterise.ts). One instance per process, loaded on
 * first use; each user declares the further calls it makes on top of these.
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

/** A PDF opened from bytes copied into PDFium's memory; `close` lets go of both. */
export interface OpenPdf {
  doc: number;
  close(): void;
}

/** The bytes opened as a document, or null when PDFium cannot open them. */
export function openPdf(E: PdfiumExports, bytes: Uint8Array): OpenPdf | null {
  const ptr = E.malloc(bytes.length);
  if (!ptr) throw new RangeError('could not allocate memory for the PDF');
  new Uint8Array(E.memory.buffer).set(bytes, ptr);
  const doc = E.FPDF_LoadMemDocument(ptr, bytes.length, 0);
  if (!doc) {
    E.free(ptr);
    return null;
  }
  return {
    doc,
    close() {
      E.FPDF_CloseDocument(doc);
      E.free(ptr);
    },
  };
}

/** The document written out as a file, or null when PDFium cannot save it. */
export function savedCopy(E: PdfiumExports, doc: number): Uint8Array | null {
  const writer = E.PDFiumExt_OpenFileWriter();
  try {
    if (!E.PDFiumExt_SaveAsCopy(doc, writer)) return null;
    const size = E.PDFiumExt_GetFileWriterSize(writer);
    const out = E.malloc(size);
    if (!out) throw new RangeError('could not allocate memory for the saved PDF');
    try {
      E.PDFiumExt_GetFileWriterData(writer, out, size);
      return new Uint8Array(E.memory.buffer, out, size).slice();
    } finally {
      E.free(out);
    }
  } finally {
    E.PDFiumExt_CloseFileWriter(writer);
  }
}
