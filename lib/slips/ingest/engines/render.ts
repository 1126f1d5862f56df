import { VoterListError } from '../errors';
import { checkPageSize } from './page-limits';
import type { PdfPage, PdfSession } from './pdfjs';
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
 * prebuilt npm binary; no poppler at run time). The page's size, images and content are checked against
 * the page limits first: pdf.js draws on this thread, where nothing can stop it once it has begun.
 */
/** A library's reason in a few plain words (its first clause, no stack, no code). */
function plainReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return /font|char|string/i.test(message) ? 'a font in it is broken' : 'its drawing is broken';
}

export async function renderGray(session: PdfSession, page: PdfPage, scale: number): Promise<RenderedPage> {
  const [x0, y0, x1, y1] = page.view;
  const viewport = page.getViewport({ scale });
  // the viewport is the view times the scale and the page's /UserUnit
  checkPageSize(page.pageNumber, x1 - x0, y1 - y0, viewport.width / Math.max(1e-9, x1 - x0));
  await session.checkPageContent(page.pageNumber);
  const width = Math.ceil(viewport.width);
  const height = Math.ceil(viewport.height);
  const factory = session.doc.canvasFactory as unknown as CanvasFactoryLike;
  let target: { canvas: CanvasLike; context: ContextLike };
  try {
    target = factory.create(width, height);
  } catch (error) {
    throw new VoterListError('unsupported', `Page ${page.pageNumber} could not be drawn for reading (${error instanceof Error ? error.message : String(error)}); upload the roll as the election office publishes it.`);
  }
  try {
    target.context.fillStyle = '#ffffff';
    target.context.fillRect(0, 0, width, height);
    try {
      await page.render({
        canvas: target.canvas as unknown as HTMLCanvasElement,
        canvasContext: target.context as unknown as CanvasRenderingContext2D,
        viewport,
        background: '#ffffff',
      }).promise;
    } catch (error) {
      if (error instanceof VoterListError) throw error;
      throw new VoterListError('corrupt', `Page ${page.pageNumber} of the PDF is damaged and cannot be drawn for reading (${plainReason(error)}). Download the roll again from the election office's site and upload that file.`);
    }
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

/** A rectangle of PDF user space as pixels of the rendered page (top-left origin). */
export function rectToPixels(r: RenderedPage, rect: { x: number; y: number; width: number; height: number }): { x: number; y: number; width: number; height: number } {
  const [ax, ay] = r.toPixel(rect.x, rect.y);
  const [bx, by] = r.toPixel(rect.x + rect.width, rect.y + rect.height);
  return { x: Math.min(ax, bx), y: Math.min(ay, by), width: Math.abs(bx - ax), height: Math.abs(by - ay) };
}
