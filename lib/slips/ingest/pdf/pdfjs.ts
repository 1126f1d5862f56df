import { createRequire } from 'node:module';
import path from 'node:path';
import { VoterListError } from '../errors';

/**
 * pdf.js (pinned at 5.4.296, DESIGN §6) loaded the Node way: the legacy build, no eval, data files
 * (standard fonts, CMaps, the JPX/JBIG2 wasm decoders that scanned rolls need) read from the
 * installed package. The package folder is resolved from the project root (process.cwd()) so that
 * it is found the same under tsx, vitest and a Next server.
 */
type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
export type PdfDocument = import('pdfjs-dist/legacy/build/pdf.mjs').PDFDocumentProxy;
export type PdfPage = import('pdfjs-dist/legacy/build/pdf.mjs').PDFPageProxy;

let pdfjsPromise: Promise<PdfJs> | null = null;

/**
 * The legacy build bundles core-js, which replaces Array.prototype.push process-wide with a
 * JavaScript polyfill (for an edge case of array-likes longer than 2^32) about 3x slower than
 * V8's own; pdf.js itself pushes operators and glyphs by the million. The engine's push is put
 * back once pdf.js (and its in-process worker, which bundles core-js again) has loaded.
 */
const nativePush = Array.prototype.push;

function restoreNativePush(): void {
  if (Array.prototype.push === nativePush) return;
  Object.defineProperty(Array.prototype, 'push', { value: nativePush, writable: true, configurable: true, enumerable: false });
}

export function loadPdfJs(): Promise<PdfJs> {
  pdfjsPromise ??= import('pdfjs-dist/legacy/build/pdf.mjs').then((m) => {
    restoreNativePush();
    return m;
  });
  return pdfjsPromise;
}

function pdfjsDataDir(): string {
  const req = createRequire(path.join(process.cwd(), 'package.json'));
  return path.dirname(req.resolve('pdfjs-dist/package.json'));
}

export async function openPdf(bytes: Uint8Array): Promise<PdfDocument> {
  const pdfjs = await loadPdfJs();
  const dir = pdfjsDataDir();
  // pdf.js takes ownership of (and may detach) the buffer it is given: pass a copy.
  const task = pdfjs.getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
    stopAtErrors: false,
    standardFontDataUrl: path.join(dir, 'standard_fonts') + path.sep,
    cMapUrl: path.join(dir, 'cmaps') + path.sep,
    cMapPacked: true,
    wasmUrl: path.join(dir, 'wasm') + path.sep,
  });
  // Never prompt for a password: an encrypted roll is refused.
  task.onPassword = () => {
    void task.destroy();
  };
  try {
    return await task.promise;
  } catch (error) {
    throw pdfOpenError(error);
  } finally {
    restoreNativePush();
  }
}

function pdfOpenError(error: unknown): VoterListError {
  const name = error instanceof Error ? error.name : '';
  const message = error instanceof Error ? error.message : String(error);
  if (name === 'PasswordException' || /password/i.test(message) || /destroyed/i.test(message)) {
    return new VoterListError('encrypted', 'The PDF is password-protected; upload the roll without a password.');
  }
  return new VoterListError('corrupt', 'The PDF is damaged or not a valid PDF file and cannot be read.');
}
