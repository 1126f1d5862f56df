import { parentPort } from 'node:worker_threads';
import { pagePixels } from './pixel-work';

/**
 * The pixel thread's entry (started by pixel-pool.ts): straightens, binarises and finds the cells of one page
 * at a time, so that this work runs on the second core beside the main thread's cutting and OCR's threads.
 * Every array it returns is transferred, not copied; it keeps nothing between pages. A page whose work throws is
 * answered with the error, and the thread goes on with the next.
 */
export interface PixelRequest {
  id: number;
  width: number;
  height: number;
  data: Uint8Array;
  upright: boolean;
  pxPerPt: number;
}

/** The answer for a page whose work threw: that page fails, the thread and the pages after it go on. */
export interface PixelFailure {
  id: number;
  failed: string;
}

parentPort?.on('message', (request: PixelRequest) => {
  const rendered = { width: request.width, height: request.height, data: request.data };
  let result: ReturnType<typeof pagePixels>;
  try {
    result = pagePixels(rendered, request.upright, request.pxPerPt);
  } catch (error) {
    // out of memory is not caught here: the thread dies of it, and pixel-pool.ts fails its pages
    const failure: PixelFailure = { id: request.id, failed: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
    parentPort?.postMessage(failure);
    return;
  }
  const bandImages = result.bands.flatMap((b) => [b.serial, b.epic, b.mark]);
  const buffers = new Set([rendered.data.buffer, result.image.data.buffer, result.ink.buffer, ...bandImages.map((g) => g?.data.buffer)]);
  buffers.delete(undefined);
  parentPort?.postMessage({ id: request.id, rendered: rendered.data, result }, [...buffers] as ArrayBuffer[]);
});
