import os from 'node:os';
import { MessageChannel, Worker } from 'node:worker_threads';
import { VoterListError, workerOutOfMemory } from '../errors';
import type { PdfJs } from './pdfjs-types';
import { PDFIUM_THREAD_SOURCE, PdfiumPort, pdfiumFiles } from './pdfium-thread';
import { resolvePackageFile } from '../../../packages';

/**
 * pdf.js's parser ("worker" side: xref, content streams, fonts, images) run in real worker
 * threads instead of pdf.js's default in-process "fake worker" under Node. Why:
 * - isolation: an uploaded PDF is untrusted; a page that makes the parser loop forever or eat
 *   memory kills only its thread (time limit per page, heap limit per thread), never the server;
 * - the server's event loop stays free while a roll is parsed;
 * - speed: pages are parsed on two threads at once, and the fake worker's structuredClone of every
 *   message on the main thread is gone (`npm run bench -- ingest` prints the times).
 *
 * Threads are leased exclusively to one parse at a time (a killed thread can never break another
 * upload), kept warm between parses (at most MAX_IDLE, closed after IDLE_MS); idle threads are
 * unref'd so they never keep a CLI or test process alive.
 */

/** The thread's code (`eval: true`: no file to locate under tsx, vitest or a Next bundle). */
const THREAD_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { pathToFileURL } = require('node:url');
const nativePush = Array.prototype.push;
const handlers = new Map();
// pdf.js talks to a Web Worker style port: postMessage + addEventListener('message', {data})
const port = {
  postMessage(data, transfer) { parentPort.postMessage(data, transfer); },
  addEventListener(type, fn, options) {
    if (type !== 'message') return;
    const h = (data) => fn.call(port, { data });
    handlers.set(fn, h);
    parentPort.on('message', h);
    if (options && options.signal) options.signal.addEventListener('abort', () => port.removeEventListener(type, fn));
  },
  removeEventListener(type, fn) {
    const h = handlers.get(fn);
    if (h) { parentPort.off('message', h); handlers.delete(fn); }
  },
};
import(pathToFileURL(workerData.workerPath).href).then((m) => {
  // core-js in pdf.js's bundle swaps in a slow Array.prototype.push (see pdfjs.ts)
  Object.defineProperty(Array.prototype, 'push', { value: nativePush, writable: true, configurable: true, enumerable: false });
  m.WorkerMessageHandler.initializeFromPort(port);
});
${PDFIUM_THREAD_SOURCE}
`;

/** How long an idle warm thread is kept, and how many are kept. */
const IDLE_MS = 120_000;
const MAX_IDLE = 2;

type MessageListener = (event: { data: unknown }) => void;

/** The main-thread end of a thread, shaped like the Web Worker port pdf.js expects. */
class ThreadPort {
  private readonly listeners = new Map<MessageListener, (data: unknown) => void>();

  constructor(private readonly worker: Worker) {}

  postMessage(data: unknown, transfer?: readonly ArrayBuffer[]): void {
    this.worker.postMessage(data, transfer ? [...transfer] : undefined);
  }

  addEventListener(type: string, listener: MessageListener, options?: { signal?: AbortSignal }): void {
    if (type !== 'message') return;
    const handler = (data: unknown) => listener.call(this, { data });
    this.listeners.set(listener, handler);
    this.worker.on('message', handler);
    options?.signal?.addEventListener('abort', () => this.removeEventListener(type, listener));
  }

  removeEventListener(_type: string, listener: MessageListener): void {
    const handler = this.listeners.get(listener);
    if (!handler) return;
    this.worker.off('message', handler);
    this.listeners.delete(listener);
  }
}

export type PdfWorkerHandle = InstanceType<PdfJs['PDFWorker']>;

/**
 * One parser thread and pdf.js's handle on it. `failure` rejects when the thread dies. The thread
 * starts loading pdf.js's parser at once; the main-thread handle is attached once pdf.js's API
 * module has loaded (the two load in parallel on a cold start).
 */
export class PdfThread {
  readonly failure: Promise<never>;
  /** PDFium in this thread (pdfium-thread.ts), on its own port. */
  readonly pdfium: PdfiumPort;
  dead = false;
  private failureError: VoterListError | null = null;
  private readonly failureListeners = new Set<(error: VoterListError) => void>();
  idleTimer: NodeJS.Timeout | null = null;
  private readonly worker: Worker;
  private handle: PdfWorkerHandle | null = null;

  constructor(memoryMb: number) {
    const channel = new MessageChannel();
    this.worker = new Worker(THREAD_SOURCE, {
      eval: true,
      workerData: { workerPath: pdfWorkerPath(), readerPort: channel.port2, memoryMb, pdfium: pdfiumFiles() },
      transferList: [channel.port2],
      // no tsx/vitest loaders in the thread: it runs only pdf.js's own plain JavaScript
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: memoryMb, maxYoungGenerationSizeMb: 48, stackSizeMb: 4 },
    });
    this.failure = new Promise<never>((_, reject) => {
      const fail = (error: VoterListError) => {
        this.dead = true;
        this.failureError ??= error;
        for (const listener of this.failureListeners) listener(error);
        this.failureListeners.clear();
        reject(error);
      };
      this.worker.on('error', (error: Error & { code?: string }) => {
        fail(
          workerOutOfMemory(error)
            ? new VoterListError('too-large', `Reading this PDF needs more than the ${memoryMb} MB of memory a PDF may use on this server (is it unusually large or crafted?).`)
            : new VoterListError('corrupt', 'The PDF is damaged and could not be read.'),
        );
      });
      this.worker.on('exit', () => fail(new VoterListError('corrupt', 'The PDF reader stopped unexpectedly while reading this file.')));
    });
    this.failure.catch(() => undefined);
    this.pdfium = new PdfiumPort(channel.port1);
    this.failure.catch((error: Error) => this.pdfium.fail(error));
  }

  /**
   * Calls `listener` once if the thread dies (at once if it has died); returns the way to stop
   * listening. Waits on one page use this, not `failure`: a race against a promise that never
   * settles keeps every page's result reachable for as long as the warm thread lives.
   */
  onFailure(listener: (error: VoterListError) => void): () => void {
    if (this.failureError) {
      listener(this.failureError);
      return () => undefined;
    }
    this.failureListeners.add(listener);
    return () => this.failureListeners.delete(listener);
  }

  /** pdf.js's handle on this thread (one per thread: pdf.js allows one PDFWorker per port). */
  pdfWorker(pdfjs: PdfJs): PdfWorkerHandle {
    this.handle ??= new pdfjs.PDFWorker({ port: new ThreadPort(this.worker) as never, verbosity: 0 });
    return this.handle;
  }

  /** Leased threads keep the process alive (a parse is waiting on them); idle ones do not. */
  hold(held: boolean): void {
    if (this.dead) return;
    if (held) this.worker.ref();
    else this.worker.unref();
  }

  kill(): void {
    this.dead = true;
    this.handle?.destroy();
    void this.worker.terminate();
  }
}

function pdfWorkerPath(): string {
  return resolvePackageFile('pdfjs-dist/legacy/build/pdf.worker.mjs');
}

const idle: PdfThread[] = [];
let idleMemoryMb = 0;
let leased = 0;

/** Threads leased to parses right now (0 once every parse has ended, cancelled or not). */
export function leasedThreads(): number {
  return leased;
}

/** Threads a parse may use at once: two on this 2-core machine, one on a single core. */
export function parserThreads(): number {
  return Math.max(1, Math.min(2, os.availableParallelism()));
}

/** Leases a thread (a warm idle one when there is one with the same heap limit). */
export function leaseThread(memoryMb: number): PdfThread {
  leased++;
  if (memoryMb !== idleMemoryMb) {
    for (const t of idle.splice(0)) t.kill();
    idleMemoryMb = memoryMb;
  }
  while (idle.length > 0) {
    const t = idle.pop()!;
    if (t.idleTimer) clearTimeout(t.idleTimer);
    t.idleTimer = null;
    if (!t.dead) {
      t.hold(true);
      return t;
    }
  }
  return new PdfThread(memoryMb);
}

/** Gives a healthy thread back to the warm pool; a dead or surplus one is closed. */
export function releaseThread(t: PdfThread): void {
  leased--;
  if (t.dead || idle.length >= MAX_IDLE) {
    t.kill();
    return;
  }
  t.idleTimer = setTimeout(() => {
    const i = idle.indexOf(t);
    if (i >= 0) idle.splice(i, 1);
    t.kill();
  }, IDLE_MS);
  t.idleTimer.unref();
  t.hold(false);
  idle.push(t);
}
