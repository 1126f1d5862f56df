import path from 'node:path';
import type { MessagePort } from 'node:worker_threads';
import { resolvePackageFile } from '../../../packages';

/**
 * PDFium (the @embedpdf/pdfium WebAssembly build) inside each parser thread, beside pdf.js's parser
 * (pdf-threads.ts), answering on its own message port. Why a second engine: reading a text roll
 * with pdf.js parses every content stream twice (operator list, then text content), loads fonts
 * in JavaScript and clones both results between threads; PDFium parses a page once into objects
 * and gives per-character text and the page's paths from that one parse, much cheaper in CPU.
 * pdf.js stays for rendering (scanned pages) and as the fallback reader (pdfium-page.ts).
 *
 * The thread only extracts raw facts (characters with their origin, advance, size and font; painted
 * paths and image placements in page space) into typed arrays that are transferred, not cloned;
 * grouping characters into text pieces and paths into boxes happens in TypeScript
 * (pdfium-page.ts). The code below is plain JavaScript for the same reason as pdf-threads.ts's:
 * there is no module file to locate under tsx, vitest or a Next bundle.
 *
 * Limits: the thread's JS heap limit does not cover WebAssembly memory, so memory growth past the
 * thread's limit is refused (PDFium then fails that page, which is read by pdf.js or refused);
 * the per-page time limit and thread kill apply as to pdf.js (PdfSession.guard).
 */

/** One page as PDFium read it (see RAW_* for the layout of each array). */
export interface RawPage {
  /** crop box within the media box: [x0, y0, x1, y1] */
  view: [number, number, number, number];
  /** RAW_CHAR_FIELDS numbers per character, in content order */
  chars: Float64Array;
  /** per path: paint (1 fill, 2 stroke, 3 both), point count, then [kind, x, y, closes] per point */
  paths: Float64Array;
  /** 6 numbers per image: its matrix (unit square -> page) */
  images: Float64Array;
  /** path objects on the page, painted or not */
  pathCount: number;
}

/**
 * Per character: code point, origin x, origin y, advance (user space), size (user space),
 * direction x, direction y, font id, and the content-stream order of its text object (PDFium's
 * text page may move a text object within its line; pdf.js reads in content order).
 */
export const RAW_CHAR_FIELDS = 9;
/** Point kinds in RawPage.paths. */
export const RAW_MOVE = 0;
export const RAW_LINE = 1;
export const RAW_CURVE = 2;

type Request = { op: 'open'; bytes: Uint8Array } | { op: 'page'; doc: number; page: number } | { op: 'close'; doc: number };
export type ReaderRequest = Request & { id: number };
export type ReaderReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: string; password?: boolean };

/** Paths the thread needs: the package's ES module and its .wasm (read from disk: never fetched). */
export function pdfiumFiles(): { entry: string; wasm: string } {
  const wasm = resolvePackageFile('@embedpdf/pdfium/pdfium.wasm');
  return { entry: path.join(path.dirname(wasm), 'index.js'), wasm };
}

/** Runs inside the parser thread (CommonJS scope of pdf-threads.ts's source: parentPort, workerData, pathToFileURL). */
export const PDFIUM_THREAD_SOURCE = `
(() => {
  const { readFileSync } = require('node:fs');
  const readerPort = workerData.readerPort;
  const capBytes = workerData.memoryMb * 1024 * 1024;
  const grow = WebAssembly.Memory.prototype.grow;
  WebAssembly.Memory.prototype.grow = function (delta) {
    if (this.buffer.byteLength + delta * 65536 > capBytes) throw new RangeError('memory limit of the PDF reader reached');
    return grow.call(this, delta);
  };
  let loading = null;
  function load() {
    loading ??= import(pathToFileURL(workerData.pdfium.entry).href).then(async ({ init }) => {
      const m = await init({ wasmBinary: readFileSync(workerData.pdfium.wasm), print: () => {}, printErr: () => {} });
      m.PDFiumExt_Init();
      return m.pdfium.wasmExports;
    });
    return loading;
  }
  load().catch(() => undefined);
  const docs = new Map();
  let nextDoc = 1;
  // views of the instance's memory, kept between calls (a new view per call cost more than the
  // calls it read); growing the memory detaches the old buffer, which empties its views
  let f64 = new Float64Array(0);
  let f32 = new Float32Array(0);
  let i32 = new Int32Array(0);
  const F64 = (E) => (f64.length ? f64 : (f64 = new Float64Array(E.memory.buffer)));
  const F32 = (E) => (f32.length ? f32 : (f32 = new Float32Array(E.memory.buffer)));
  const I32 = (E) => (i32.length ? i32 : (i32 = new Int32Array(E.memory.buffer)));

  function open(E, bytes) {
    const ptr = E.malloc(bytes.length);
    if (!ptr) throw new Error('out of memory');
    new Uint8Array(E.memory.buffer).set(bytes, ptr);
    const doc = E.FPDF_LoadMemDocument(ptr, bytes.length, 0);
    if (!doc) {
      const code = E.FPDF_GetLastError();
      E.free(ptr);
      const e = new Error('PDFium could not open the file (error ' + code + ')');
      e.password = code === 4;
      throw e;
    }
    const id = nextDoc++;
    docs.set(id, { doc, ptr });
    return { id, pages: E.FPDF_GetPageCount(doc) };
  }

  function close(E, id) {
    const d = docs.get(id);
    if (!d) return null;
    docs.delete(id);
    E.FPDF_CloseDocument(d.doc);
    E.free(d.ptr);
    return null;
  }

  // scratch: 8 doubles + 8 floats
  let scratch = 0;
  function page(E, id, n) {
    const d = docs.get(id);
    if (!d) throw new Error('no such document');
    scratch ||= E.malloc(128);
    const s = scratch;
    const page = E.FPDF_LoadPage(d.doc, n - 1);
    if (!page) throw new Error('PDFium could not load page ' + n);
    try {
      E.FPDF_GetPageBoundingBox(page, s);
      let f = F32(E);
      const view = [f[s >> 2], f[(s >> 2) + 3], f[(s >> 2) + 2], f[(s >> 2) + 1]];
      const paths = [];
      const images = [];
      let pathCount = 0;
      const textOrder = new Map();
      const matrixOf = (obj) => {
        E.FPDFPageObj_GetMatrix(obj, s);
        const g = F32(E);
        const k = s >> 2;
        return [g[k], g[k + 1], g[k + 2], g[k + 3], g[k + 4], g[k + 5]];
      };
      const mul = (m, p) => [m[0] * p[0] + m[2] * p[1], m[1] * p[0] + m[3] * p[1], m[0] * p[2] + m[2] * p[3], m[1] * p[2] + m[3] * p[3], m[0] * p[4] + m[2] * p[5] + m[4], m[1] * p[4] + m[3] * p[5] + m[5]];
      const walk = (count, get, outer) => {
        for (let i = 0; i < count; i++) {
          const obj = get(i);
          const type = E.FPDFPageObj_GetType(obj);
          if (type === 1) textOrder.set(obj, textOrder.size);
          else if (type === 2) {
            pathCount++;
            E.FPDFPath_GetDrawMode(obj, s, s + 4);
            const h = I32(E);
            const paint = (h[s >> 2] !== 0 ? 1 : 0) + (h[(s >> 2) + 1] !== 0 ? 2 : 0);
            if (!paint) continue;
            const m = outer ? mul(outer, matrixOf(obj)) : matrixOf(obj);
            const segs = E.FPDFPath_CountSegments(obj);
            paths.push(paint, segs);
            for (let k = 0; k < segs; k++) {
              const seg = E.FPDFPath_GetPathSegment(obj, k);
              E.FPDFPathSegment_GetPoint(seg, s, s + 4);
              const g = F32(E);
              const x = g[s >> 2];
              const y = g[(s >> 2) + 1];
              const t = E.FPDFPathSegment_GetType(seg);
              paths.push(t === 2 ? ${RAW_MOVE} : t === 0 ? ${RAW_LINE} : ${RAW_CURVE}, m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5], E.FPDFPathSegment_GetClose(seg) ? 1 : 0);
            }
          } else if (type === 3) {
            const m = outer ? mul(outer, matrixOf(obj)) : matrixOf(obj);
            images.push(...m);
          } else if (type === 5) {
            const m = outer ? mul(outer, matrixOf(obj)) : matrixOf(obj);
            walk(E.FPDFFormObj_CountObjects(obj), (k) => E.FPDFFormObj_GetObject(obj, k), m);
          }
        }
      };
      walk(E.FPDFPage_CountObjects(page), (k) => E.FPDFPage_GetObject(page, k), null);

      const tp = E.FPDFText_LoadPage(page);
      if (!tp) throw new Error('PDFium could not read the text of page ' + n);
      let chars;
      try {
        const count = E.FPDFText_CountChars(tp);
        chars = new Float64Array(Math.max(0, count) * ${RAW_CHAR_FIELDS});
        const fonts = new Map();
        let lastObj = -1;
        let size = 0, dx = 1, dy = 0, font = 0, order = -1;
        let out = 0;
        for (let i = 0; i < count; i++) {
          if (E.FPDFText_IsGenerated(tp, i) !== 0) continue;
          const cp = E.FPDFText_GetUnicode(tp, i);
          if (!cp) continue;
          const obj = E.FPDFText_GetTextObject(tp, i);
          if (obj !== lastObj) {
            lastObj = obj;
            order = textOrder.get(obj) ?? textOrder.size;
            E.FPDFText_GetMatrix(tp, i, s);
            const g = F32(E);
            const k = s >> 2;
            const a = g[k], b = g[k + 1], c = g[k + 2], dd = g[k + 3];
            const fs = E.FPDFText_GetFontSize(tp, i);
            const sx = Math.hypot(a, b) || 1;
            dx = a / sx;
            dy = b / sx;
            size = fs * Math.hypot(c, dd);
            const key = E.FPDFTextObj_GetFont(obj) + ':' + fs;
            font = fonts.get(key);
            if (font === undefined) {
              font = fonts.size;
              fonts.set(key, font);
            }
          }
          E.FPDFText_GetCharOrigin(tp, i, s, s + 8);
          const o = F64(E);
          const ox = o[s >> 3];
          const oy = o[(s >> 3) + 1];
          E.FPDFText_GetLooseCharBox(tp, i, s + 16);
          const g = F32(E);
          const k = (s + 16) >> 2;
          // left, top, right, bottom: the advance along the text's direction
          const adv = Math.abs(dx) >= Math.abs(dy) ? (g[k + 2] - g[k]) / Math.abs(dx) : (g[k + 1] - g[k + 3]) / Math.abs(dy);
          chars[out++] = cp; chars[out++] = ox; chars[out++] = oy; chars[out++] = adv;
          chars[out++] = size; chars[out++] = dx; chars[out++] = dy; chars[out++] = font; chars[out++] = order;
        }
        chars = chars.slice(0, out);
      } finally {
        E.FPDFText_ClosePage(tp);
      }
      return { view, chars, paths: Float64Array.from(paths), images: Float64Array.from(images), pathCount };
    } finally {
      E.FPDF_ClosePage(page);
    }
  }

  readerPort.on('message', async (msg) => {
    try {
      const E = await load();
      if (msg.op === 'open') readerPort.postMessage({ id: msg.id, ok: true, value: open(E, msg.bytes) });
      else if (msg.op === 'close') readerPort.postMessage({ id: msg.id, ok: true, value: close(E, msg.doc) });
      else {
        const value = page(E, msg.doc, msg.page);
        readerPort.postMessage({ id: msg.id, ok: true, value }, [value.chars.buffer, value.paths.buffer, value.images.buffer]);
      }
    } catch (error) {
      // an abort or trap (memory limit, damaged input) leaves the instance unusable: the next
      // request starts a fresh one (this thread's open documents are gone with it)
      if (error instanceof WebAssembly.RuntimeError || /abort/i.test(String(error && error.message))) {
        loading = null;
        docs.clear();
        scratch = 0;
        f64 = new Float64Array(0);
        f32 = new Float32Array(0);
        i32 = new Int32Array(0);
      }
      readerPort.postMessage({ id: msg.id, ok: false, error: String(error && error.message || error), password: !!(error && error.password) });
    }
  });
})();
`;

/** The main-thread end of a thread's PDFium port: one request at a time per id, answered in any order. */
export class PdfiumPort {
  private nextId = 1;
  private readonly waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();

  constructor(private readonly port: MessagePort) {
    port.on('message', (reply: ReaderReply) => {
      const w = this.waiting.get(reply.id);
      if (!w) return;
      this.waiting.delete(reply.id);
      if (reply.ok) w.resolve(reply.value);
      else w.reject(Object.assign(new Error(reply.error), { password: reply.password === true }));
    });
    port.unref();
  }

  private ask<T>(req: Request, transfer: ArrayBuffer[] = []): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.port.postMessage({ ...req, id }, transfer);
    });
  }

  /** Opens a copy of `bytes` (an owner password alone does not stop reading; a user password does). */
  open(bytes: Uint8Array): Promise<{ id: number; pages: number }> {
    const copy = new Uint8Array(bytes);
    return this.ask({ op: 'open', bytes: copy }, [copy.buffer]);
  }

  page(doc: number, page: number): Promise<RawPage> {
    return this.ask({ op: 'page', doc, page });
  }

  close(doc: number): Promise<unknown> {
    return this.ask({ op: 'close', doc });
  }

  /** Fails whatever is still waiting (the thread was killed). */
  fail(error: Error): void {
    for (const w of this.waiting.values()) w.reject(error);
    this.waiting.clear();
  }
}
