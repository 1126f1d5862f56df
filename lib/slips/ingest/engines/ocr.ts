import os from 'node:os';
import path from 'node:path';
import { VoterListError } from '../errors';
import { closeLineRecogniser } from './line-rec';
import { packageFolder, tesseractModelFolder } from '../../../packages';

/**
 * OCR of small regions with tesseract.js, fully offline: the English LSTM traineddata comes from
 * the npm package @tesseract.js-data/eng (4.0.0_best_int/eng.traineddata.gz), read from disk with
 * caching off (nothing written to the working directory) and never fetched; a cover's text is read
 * with the Hindi model of @tesseract.js-data/hin (or the Gujarati one) the same way (ocrPageText).
 * Workers are created once per process and reused; `closeOcr()` ends them (tests, CLI, benchmarks).
 */
type TesseractModule = typeof import('tesseract.js');
type Worker = import('tesseract.js').Worker;

/**
 * What is read: digits only (serial numbers), an EPIC (capitals, digits, slash), the numbers
 * scattered over a whole page (a cover's tables: sparse text, digits and dashes), or the mark beside a
 * serial (a deletion reason letter or #).
 */
export type OcrMode = 'digits' | 'epic' | 'page-numbers' | 'mark';

const WHITELIST: Record<OcrMode, string> = {
  digits: '0123456789',
  epic: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/',
  'page-numbers': '0123456789-',
  mark: 'ESRMQ#',
};

interface PoolWorker {
  worker: Worker;
  mode: OcrMode | null;
}

interface Pool {
  idle: PoolWorker[];
  all: PoolWorker[];
  waiting: ((w: PoolWorker | null) => void)[];
  /** Set by closeOcr: its workers are terminated and must not be handed out (see ocrWords). */
  closed: boolean;
}

let poolPromise: Promise<Pool> | null = null;

/** The models the page-text reader has: Hindi (Devanagari, with Latin letters and digits) and Gujarati. */
export type TextModel = 'hin' | 'guj' | 'eng';

export function ocrPaths(lang: TextModel = 'eng'): { langPath: string; workerPath: string } {
  const langPath = tesseractModelFolder(lang);
  const workerPath = path.join(packageFolder('tesseract.js'), 'src', 'worker-script', 'node', 'index.js');
  return { langPath, workerPath };
}

async function tesseractModule(): Promise<TesseractModule> {
  const tesseract = (await import('tesseract.js')) as TesseractModule & { default?: TesseractModule };
  return tesseract.default ?? tesseract;
}

async function createPool(): Promise<Pool> {
  const T = await tesseractModule();
  const { langPath, workerPath } = ocrPaths();
  const count = Math.max(1, Math.min(2, os.availableParallelism?.() ?? os.cpus().length));
  const workers = await Promise.all(
    Array.from({ length: count }, async () => {
      const worker = await T.createWorker('eng', T.OEM.LSTM_ONLY, {
        langPath,
        workerPath,
        gzip: true,
        cacheMethod: 'none',
        errorHandler: () => undefined,
      });
      // the sheets are always dark text on white: never retry a line inverted
      await worker.setParameters({ tessedit_pageseg_mode: T.PSM.SINGLE_BLOCK, user_defined_dpi: '300', tessedit_do_invert: '0' });
      return { worker, mode: null } as PoolWorker;
    }),
  );
  return { idle: [...workers], all: workers, waiting: [], closed: false };
}

function getPool(): Promise<Pool> {
  poolPromise ??= createPool().catch((error: unknown) => {
    poolPromise = null;
    throw new VoterListError('unsupported', `OCR is not available on this server (${error instanceof Error ? error.message : String(error)}).`);
  });
  return poolPromise;
}

/** An idle worker, or the next one released; null once the pool is closed. */
async function acquire(pool: Pool): Promise<PoolWorker | null> {
  if (pool.closed) return null;
  const w = pool.idle.pop();
  if (w) return w;
  return new Promise((resolve) => pool.waiting.push(resolve));
}

function release(pool: Pool, w: PoolWorker): void {
  if (pool.closed) return;
  const next = pool.waiting.shift();
  if (next) next(w);
  else pool.idle.push(w);
}

/**
 * A job given to a terminated tesseract.js worker never settles, and its message to the worker
 * fails as an unhandled rejection: a recognition still queued when closeOcr ran fails with this.
 */
function closedError(): VoterListError {
  return new VoterListError('unsupported', 'OCR was shut down while this file was being read.');
}

export interface OcrWord {
  text: string;
  left: number;
  top: number;
  width: number;
  height: number;
  /** the line tesseract put the word on ("block.paragraph.line") */
  line: string;
  /** tesseract's confidence in the word, 0..100 */
  confidence: number;
}

/** Words of tesseract's TSV output (level 5 rows). */
function tsvWords(tsv: string): OcrWord[] {
  const words: OcrWord[] = [];
  for (const line of tsv.split('\n')) {
    const cols = line.split('\t');
    if (cols[0] !== '5' || cols.length < 12) continue;
    const text = cols[11].trim();
    if (!text) continue;
    words.push({ left: +cols[6], top: +cols[7], width: +cols[8], height: +cols[9], text, line: `${cols[2]}.${cols[3]}.${cols[4]}`, confidence: +cols[10] });
  }
  return words;
}

/** Recognises an image (PGM/PNG bytes) and returns its words with their boxes. */
export async function ocrWords(image: Uint8Array, mode: OcrMode): Promise<OcrWord[]> {
  const pool = await getPool();
  const w = await acquire(pool);
  if (!w) throw closedError();
  try {
    if (w.mode !== mode) {
      const T = await tesseractModule();
      if (pool.closed) throw closedError();
      const psm = mode === 'page-numbers' ? T.PSM.SPARSE_TEXT : T.PSM.SINGLE_BLOCK;
      await w.worker.setParameters({ tessedit_char_whitelist: WHITELIST[mode], tessedit_pageseg_mode: psm });
      w.mode = mode;
    }
    // closeOcr may have run while this job waited on the worker: a terminated worker is never called
    if (pool.closed) throw closedError();
    const result = await w.worker.recognize(Buffer.from(image), {}, { tsv: true, text: false, blocks: false });
    return tsvWords(result.data.tsv ?? '');
  } finally {
    release(pool, w);
  }
}

/**
 * The page-text workers, one per model, each started on first use and kept like the pool, one
 * recognition at a time: tesseract's Hindi model (@tesseract.js-data/hin, same build as the English
 * one), whose character set also holds Latin letters and ASCII digits (a cover in Hindi and English reads in
 * one pass); the Gujarati model (@tesseract.js-data/guj), for Gujarati rolls, scanned (raster/cover.ts) or set
 * in legacy fonts (legacy-cover.ts); and the English one, for a scan printed in English alone, whose bold
 * Latin headers the Hindi model reads as noise.
 */
const textWorkers = new Map<TextModel, { worker: Promise<Worker>; queue: Promise<unknown>; closed: boolean }>();

async function createTextWorker(lang: TextModel): Promise<Worker> {
  const T = await tesseractModule();
  const { langPath } = ocrPaths(lang);
  const { workerPath } = ocrPaths();
  const worker = await T.createWorker(lang, T.OEM.LSTM_ONLY, { langPath, workerPath, gzip: true, cacheMethod: 'none', errorHandler: () => undefined });
  await worker.setParameters({ tessedit_pageseg_mode: T.PSM.AUTO, tessedit_do_invert: '0' });
  return worker;
}

/** Recognises a whole page of text (PGM/PNG bytes at `dpi`) with `lang`: its words, with the line each is on. */
export async function ocrPageText(image: Uint8Array, dpi: number, lang: TextModel = 'hin'): Promise<OcrWord[]> {
  let entry = textWorkers.get(lang);
  if (!entry) {
    const worker = createTextWorker(lang).catch((error: unknown) => {
      textWorkers.delete(lang);
      throw new VoterListError('unsupported', `OCR is not available on this server (${error instanceof Error ? error.message : String(error)}).`);
    });
    entry = { worker, queue: Promise.resolve(), closed: false };
    textWorkers.set(lang, entry);
  }
  const worker = await entry.worker;
  const own = entry;
  const run = entry.queue.then(async () => {
    if (own.closed) throw closedError();
    await worker.setParameters({ user_defined_dpi: String(Math.round(dpi)) });
    if (own.closed) throw closedError();
    const result = await worker.recognize(Buffer.from(image), {}, { tsv: true, text: false, blocks: false });
    return tsvWords(result.data.tsv ?? '');
  });
  entry.queue = run.catch(() => undefined);
  return run;
}

/** Ends the OCR workers and the line model (engines/line-rec.ts; they are otherwise kept for the life of the process). */
export async function closeOcr(): Promise<void> {
  await closeLineRecogniser();
  const texts = [...textWorkers.values()];
  textWorkers.clear();
  for (const t of texts) t.closed = true;
  await Promise.all(texts.map((t) => t.worker.then((w) => w.terminate()).catch(() => undefined)));
  const pending = poolPromise;
  poolPromise = null;
  if (!pending) return;
  try {
    const pool = await pending;
    pool.closed = true;
    for (const waiter of pool.waiting.splice(0)) waiter(null);
    await Promise.all(pool.all.map((w) => w.worker.terminate().catch(() => undefined)));
  } catch {
    // never started
  }
}
