import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Gray } from '../engines/image';
import { VoterListError, workerOutOfMemory } from '../errors';
import type { PixelFailure, PixelRequest } from './pixel-thread';
import type { PagePixels } from './pixel-work';

/**
 * The pixel threads (pixel-thread.ts), seen from the parse: worker threads that do a page's pixel work
 * (pixel-work.ts pagePixels) while the main thread reads the page before it. A roll read as images to its draft is
 * bound by this work, not by OCR (tesseract has its own threads, idle most of the time between a page's reads):
 * a second thread, started when the first is busy, prepares the page after next at the same time (two at most,
 * one a core).
 *
 * A thread runs the project's TypeScript through tsx (as the sandbox process does, sandbox/process.ts), is
 * started on first use, kept warm between parses and unref'd while idle, so it never keeps a process alive.
 * Pages are sent and returned by transfer, not copied. A page whose work throws fails alone; if a thread dies (out of
 * memory on a crafted page), every page waiting on it fails with the parse's error and the next page starts a new thread.
 */

/** The thread's bootstrap: tsx's loader for the entry module; the cwd is the project root, as for the sandbox. */
function bootstrap(): string {
  const entry = pathToFileURL(path.join(process.cwd(), 'lib', 'slips', 'ingest', 'raster', 'pixel-thread.ts')).href;
  const parent = pathToFileURL(path.join(process.cwd(), 'package.json')).href;
  return `import('tsx/esm/api').then((tsx) => tsx.tsImport(${JSON.stringify(entry)}, ${JSON.stringify(parent)}));`;
}

/** The thread's own heap: its objects are small (the pixels are ArrayBuffers outside it). */
const THREAD_HEAP_MB = 96;

interface Waiting {
  resolve: (pixels: { rendered: Uint8Array; result: PagePixels }) => void;
  reject: (error: Error) => void;
}

class PixelThread {
  private readonly worker: Worker;
  private readonly waiting = new Map<number, Waiting>();
  private nextId = 1;
  dead = false;

  constructor() {
    this.worker = new Worker(bootstrap(), {
      eval: true,
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
    });
    this.worker.unref();
    this.worker.on('message', (message: { id: number; rendered: Uint8Array; result: PagePixels } | PixelFailure) => {
      const waiting = this.waiting.get(message.id);
      this.waiting.delete(message.id);
      if (this.waiting.size === 0) this.worker.unref();
      if ('failed' in message) waiting?.reject(new VoterListError('corrupt', 'A page image of this PDF could not be read.', { cause: message.failed }));
      else waiting?.resolve(message);
    });
    const fail = (error: VoterListError) => {
      this.dead = true;
      for (const w of this.waiting.values()) w.reject(error);
      this.waiting.clear();
    };
    this.worker.on('error', (error: Error & { code?: string }) =>
      fail(
        workerOutOfMemory(error)
          ? new VoterListError('too-large', 'A page image of this PDF needs more memory than a page may use on this server (is it unusually large or crafted?).')
          : new VoterListError('corrupt', 'The page images of this PDF could not be read.'),
      ),
    );
    this.worker.on('exit', () => fail(new VoterListError('corrupt', 'The page image reader stopped unexpectedly while reading this file.')));
  }

  /** Pages sent to the thread and not yet answered. */
  get busy(): number {
    return this.waiting.size;
  }

  stop(): Promise<number> {
    return this.worker.terminate();
  }

  run(page: Gray, upright: boolean, pxPerPt: number): Promise<{ rendered: Uint8Array; result: PagePixels }> {
    // a view into a larger buffer (a pooled Buffer) is copied: transferring would take the whole buffer from its owner
    const whole = page.data.byteOffset === 0 && page.data.byteLength === page.data.buffer.byteLength ? page.data : page.data.slice();
    const id = this.nextId++;
    const request: PixelRequest = { id, width: page.width, height: page.height, data: whole, upright, pxPerPt };
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.ref();
      this.worker.postMessage(request, [whole.buffer as ArrayBuffer]);
    });
  }
}

/** Pixel threads at most: one a core, two at most (the main thread and OCR's threads share the cores too). */
const THREADS = Math.max(1, Math.min(2, os.availableParallelism()));
let threads: PixelThread[] = [];

/**
 * A page's pixel work (pixel-work.ts pagePixels) done on a pixel thread: an idle one, else a new one while there
 * are fewer than THREADS, else the least busy. `page`'s pixels are moved to the thread and come back as
 * `rendered`: the caller uses that, never `page.data` again.
 */
export function pagePixelsOnThread(page: Gray, upright: boolean, pxPerPt: number): Promise<{ rendered: Gray; pixels: PagePixels }> {
  threads = threads.filter((t) => !t.dead);
  let thread = threads.find((t) => t.busy === 0) ?? null;
  if (!thread && threads.length < THREADS) threads.push((thread = new PixelThread()));
  thread ??= threads.reduce((a, b) => (b.busy < a.busy ? b : a));
  return thread.run(page, upright, pxPerPt).then(({ rendered, result }) => ({ rendered: { width: page.width, height: page.height, data: rendered }, pixels: result }));
}

/** Pixel threads running now. */
export function pixelThreads(): number {
  return threads.filter((t) => !t.dead).length;
}

/** Stops the pixel threads (pages waiting on them fail); the next page starts a new one. */
export async function stopPixelThreads(): Promise<void> {
  const stopping = threads;
  threads = [];
  await Promise.all(stopping.map((t) => t.stop()));
}
