import { VoterListError } from '../errors';
import type { PdfDocument, PdfPage } from '../pdf/pdfjs';
import type { Gray } from './image';

export interface RenderedPage {
  image: Gray;
  scale: number;
  /** pixel (top-left origin) -> PDF user space */
  toPdf: (x: number, y: number) => [number, number];
  /** PDF user space -> pixel */
  toPixel: (x: number, y: number) => [number, number];
  /** the page's /Rotate (0, 90, 180, 270) */
  rotation: number;
}

interface CanvasLike {
  width: number;
  height: number;
}
interface ContextLike {
  getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray };
  fillStyle: string;
  fillRect(x: number, y: number, w: number, h: number): void;
}
interface CanvasFactoryLike {
  create(w: number, h: number): { canvas: CanvasLike; context: ContextLike };
  destroy(c: { canvas: CanvasLike; context: ContextLike }): void;
}

/**
 * Renders a page to greyscale pixels with pdf.js's own Node canvas (@napi-rs/canvas, shipped as a
 * prebuilt npm binary; no poppler at run time).
 */
export async function renderGray(doc: PdfDocument, page: PdfPage, scale: number): Promise<RenderedPage> {
  const viewport = page.getViewport({ scale });
  const width = Math.ceil(viewport.width);
  const height = Math.ceil(viewport.height);
  const factory = doc.canvasFactory as unknown as CanvasFactoryLike;
  let target: { canvas: CanvasLike; context: ContextLike };
  try {
    target = factory.create(width, height);
  } catch {
    throw new VoterListError('unsupported', 'This roll has no text layer and the page renderer (@napi-rs/canvas) is not available on this server.');
  }
  try {
    target.context.fillStyle = '#ffffff';
    target.context.fillRect(0, 0, width, height);
    await page.render({
      canvas: target.canvas as unknown as HTMLCanvasElement,
      canvasContext: target.context as unknown as CanvasRenderingContext2D,
      viewport,
      background: '#ffffff',
    }).promise;
    const rgba = target.context.getImageData(0, 0, width, height).data;
    const data = new Uint8Array(width * height);
    for (let i = 0, j = 0; i < data.length; i++, j += 4) data[i] = (rgba[j] * 77 + rgba[j + 1] * 150 + rgba[j + 2] * 29) >> 8;
    return {
      image: { width, height, data },
      scale,
      rotation: page.rotate,
      toPdf: (x, y) => viewport.convertToPdfPoint(x, y) as [number, number],
      toPixel: (x, y) => viewport.convertToViewportPoint(x, y) as [number, number],
    };
  } finally {
    factory.destroy(target);
  }
}
