import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from '@cantoo/pdf-lib';
import { VoterListError } from '../errors';
import { PAGE_LIMITS, checkPageContent } from './page-limits';
import { leaseThread, parserThreads, releaseThread, type PdfThread } from './pdf-threads';
import type { PdfDocument, PdfJs } from './pdfjs-types';
import type { PdfiumPort } from './pdfium-thread';
import { packageFolder } from '../../../packages';

export type { PdfDocument, PdfJs, PdfPage } from './pdfjs-types';

/**
 * pdf.js (pdfjs-dist, pinned at 5.4.296 in package.json) loaded the Node way: the legacy build, no eval, data files
 * (standard fonts, CMaps, the JPX/JBIG2 wasm decoders that scanned rolls need) read from the
 * installed package. The package folder is resolved from the project root (process.cwd()) so that
 * it is found the same under tsx, vitest and a Next server.
 */

let pdfjsPromise: Promise<PdfJs> | null = null;

/**
 * The legacy build bundles core-js, which replaces Array.prototype.push process-wide with a
 * JavaScript polyfill (for an edge case of array-likes longer than 2^32) much slower than
 * V8's own; pdf.js itself pushes operators and glyphs by the million. The engine's push is put
 * back once pdf.js's API has loaded here (its parser, which bundles core-js again, runs in the
 * parser threads and does the same there: pdf-threads.ts).
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
  return packageFolder('pdfjs-dist');
}

/** Limits on reading one untrusted PDF (defaults in DEFAULT_PDF_LIMITS). */
export interface PdfLimits {
  /** Longest time pdf.js may take over one page (or over opening the file). */
  pageTimeoutMs: number;
  /** Heap limit of each parser thread. */
  memoryMb: number;
  /** Parser threads for this file (pages are shared out between them). */
  threads: number;
}

export const DEFAULT_PDF_LIMITS: PdfLimits = { pageTimeoutMs: 30_000, memoryMb: 1024, threads: parserThreads() };

/** The most the per-page limit stretches on a busy machine. */
export const MAX_LOAD_STRETCH = 8;

/**
 * How far the per-page time limit stretches on a busy machine: the load average over the cores, from 1
 * (a machine with cores to spare) to MAX_LOAD_STRETCH. The limit is wall time, and on a loaded machine a
 * good page takes several times its CPU time (a 300 dpi scan's page: 1.9 s of CPU, 10 s of wall at a load
 * of 25 on 2 cores), so an unstretched limit refuses good rolls exactly when the site is busiest (the night
 * before polling). A looping page still ends: at the stretched limit, and at the sandbox's CPU limit.
 */
export function loadStretch(load1: number = os.loadavg()[0], cores: number = os.availableParallelism()): number {
  if (!Number.isFinite(load1) || cores < 1) return 1;
  return Math.min(MAX_LOAD_STRETCH, Math.max(1, load1 / cores));
}

/** Below this many pages a second thread is not worth opening the file twice. */
const MIN_PAGES_PER_THREAD = 4;

/**
 * One PDF open in one or more parser threads (pdf-threads.ts). `docs[0]` is the document for
 * everything sequential; `docs` (one per thread) share out independent per-page work. Every
 * pdf.js call that parses untrusted content runs under `guard`, which enforces the per-page time
 * limit and turns a dead thread (heap limit, crash) into a one-line VoterListError.
 */
/** A document open in PDFium in the same parser thread as a pdf.js document (pdfium-thread.ts). */
export interface PdfiumDoc {
  port: PdfiumPort;
  id: number;
}

/** A PDF as pdf-lib reads it (an owner-password roll decrypted), or null when pdf-lib cannot read it. */
export function loadWithPdfLib(bytes: Uint8Array): Promise<PDFDocument | null> {
  return PDFDocument.load(bytes, { ignoreEncryption: false, password: '', updateMetadata: false, throwOnInvalidObject: false }).catch(() => null);
}

export class PdfSession {
  private failed: VoterListError | null = null;
  /** `pdfium[i]` is `docs[i]` opening in PDFium (null where PDFium could not open it). */
  private readonly pdfium: Promise<PdfiumDoc | null>[] = [];

  private pdfLibLoad: Promise<PDFDocument | null> | null = null;

  private constructor(
    readonly docs: PdfDocument[],
    private readonly threads: PdfThread[],
    private readonly limits: PdfLimits,
    private readonly bytes: Uint8Array,
  ) {}

  /**
   * The file as pdf-lib reads it, loaded on first use (a text roll never needs it): for the checks before a
   * page is drawn, and the scan fast path. `password: ''` decrypts a roll published with an owner password
   * only; null when pdf-lib cannot read the file (pdf.js may still).
   */
  pdfLib(): Promise<PDFDocument | null> {
    this.pdfLibLoad ??= loadWithPdfLib(this.bytes);
    return this.pdfLibLoad;
  }

  /** Page `n`'s images, content size, operators and nesting within the limits (page-limits.ts), before pdf.js draws it. */
  async checkPageContent(n: number): Promise<void> {
    const doc = await this.pdfLib();
    if (doc) checkPageContent(doc, n);
  }

  get doc(): PdfDocument {
    return this.docs[0];
  }

  static async open(bytes: Uint8Array, limits: PdfLimits = DEFAULT_PDF_LIMITS): Promise<PdfSession> {
    // threads first: they load pdf.js's parser while this thread loads its API
    const threads = Array.from({ length: limits.threads }, () => leaseThread(limits.memoryMb));
    const session = new PdfSession([], threads.slice(0, 1), limits, bytes);
    const spare = new Set(threads.slice(1));
    try {
      const pdfjs = await loadPdfJs();
      await session.openIn(pdfjs, threads[0], bytes);
      const wanted = Math.max(1, Math.min(threads.length, Math.floor(session.doc.numPages / MIN_PAGES_PER_THREAD)));
      for (const thread of threads.slice(1)) {
        spare.delete(thread);
        if (session.docs.length >= wanted) {
          releaseThread(thread);
          continue;
        }
        session.threads.push(thread);
        await session.openIn(pdfjs, thread, bytes);
      }
      return session;
    } catch (error) {
      for (const t of spare) releaseThread(t);
      await session.close();
      throw error;
    }
  }

  /**
   * Opens the file in pdf.js and PDFium in one thread (PDFium failing to open it leaves pdf.js to
   * read it). Only pdf.js's open is waited for here: a page read waits for PDFium's under its own
   * time limit (on a fresh thread PDFium may still be compiling).
   */
  private async openIn(pdfjs: PdfJs, thread: PdfThread, bytes: Uint8Array): Promise<void> {
    const pdfium = thread.pdfium.open(bytes).then(
      (d): PdfiumDoc => ({ port: thread.pdfium, id: d.id }),
      () => null,
    );
    let doc: PdfDocument;
    try {
      doc = await this.guard('Opening the PDF', openOn(pdfjs, thread, bytes));
    } catch (error) {
      void pdfium.then((p) => p?.port.close(p.id)).catch(() => undefined);
      throw error;
    }
    this.docs.push(doc);
    this.pdfium.push(pdfium);
  }

  /** The PDFium document beside a pdf.js document of this session, when PDFium opened the file. */
  pdfiumDoc(doc: PdfDocument): Promise<PdfiumDoc | null> {
    return this.pdfium[this.docs.indexOf(doc)] ?? Promise.resolve(null);
  }

  /**
   * Waits for `work` unless it takes longer than the per-page limit or a parser thread dies; then
   * the session's threads are killed (a looping parser cannot be interrupted any other way).
   */
  async guard<T>(what: string, work: Promise<T>): Promise<T> {
    if (this.failed) throw this.failed;
    let timer: NodeJS.Timeout | undefined;
    let unsubscribe: (() => void)[] = [];
    // the time limit and the threads' deaths, each listened to only while this page is read (the
    // message is formatted only when the limit is reached: Intl formatting on every page cost more
    // than the page's own bookkeeping)
    const limitMs = this.limits.pageTimeoutMs * loadStretch();
    const stop = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const seconds = (limitMs / 1000).toLocaleString('en-IN', { maximumFractionDigits: 1 });
        reject(new VoterListError('timeout', `${what} took longer than ${seconds} s to read and was abandoned; the PDF may be damaged.`));
      }, limitMs);
      unsubscribe = this.threads.map((t) => t.onFailure(reject));
    });
    try {
      return await Promise.race([work, stop]);
    } catch (error) {
      if (error instanceof VoterListError && (error.code === 'timeout' || this.threads.some((t) => t.dead))) {
        this.failed ??= error;
        for (const t of this.threads) t.kill();
      }
      throw error;
    } finally {
      clearTimeout(timer);
      for (const off of unsubscribe) off();
    }
  }

  /** Closes the documents and gives healthy threads back to the warm pool. */
  async close(): Promise<void> {
    if (!this.failed) {
      // a destroy that never answers (thread wedged) must not hang the caller
      const closing = [...this.docs.map((d) => d.destroy()), ...this.pdfium.map((p) => p.then((d) => d?.port.close(d.id)))];
      await Promise.race([Promise.allSettled(closing), new Promise((r) => setTimeout(r, 2000).unref())]);
    }
    for (const t of this.threads) releaseThread(t);
    this.threads.length = 0;
  }
}

async function openOn(pdfjs: PdfJs, thread: PdfThread, bytes: Uint8Array): Promise<PdfDocument> {
  const dir = pdfjsDataDir();
  // pdf.js takes ownership of (and transfers) the buffer it is given: pass a copy.
  const task = pdfjs.getDocument({
    data: new Uint8Array(bytes),
    worker: thread.pdfWorker(pdfjs),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
    stopAtErrors: false,
    standardFontDataUrl: path.join(dir, 'standard_fonts') + path.sep,
    cMapUrl: path.join(dir, 'cmaps') + path.sep,
    cMapPacked: true,
    wasmUrl: path.join(dir, 'wasm') + path.sep,
    // an image past the limit is not decoded (the page checks refuse such a page first; this is the backstop)
    maxImageSize: PAGE_LIMITS.maxImagePixels,
  });
  // Never prompt for a password: an encrypted roll is refused.
  task.onPassword = () => {
    void task.destroy();
  };
  try {
    return await task.promise;
  } catch (error) {
    throw pdfOpenError(error);
  }
}

function pdfOpenError(error: unknown): VoterListError {
  const name = error instanceof Error ? error.name : '';
  const message = error instanceof Error ? error.message : String(error);
  if (name === 'PasswordException' || /password/i.test(message) || /destroyed/i.test(message)) {
    return new VoterListError('encrypted', 'The PDF is password-protected; upload the roll without a password.');
  }
  return new VoterListError('corrupt', "The PDF is damaged or not a valid PDF file and cannot be read. Download the roll again from the election office's site and upload that file.");
}
