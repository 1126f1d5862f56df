'use client';

import * as React from 'react';
import { ChevronLeftIcon, ChevronRightIcon, LoaderCircleIcon, MaximizeIcon, MinusIcon, PlusIcon, XIcon } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { TransformComponent, TransformWrapper, type ReactZoomPanPinchContentRef } from 'react-zoom-pan-pinch';
import { Button } from '@/components/ui/button';
import { tracked } from './doc-work';

type PdfDocument = import('pdfjs-dist/legacy/build/pdf.mjs').PDFDocumentProxy;

/** How far in a page can be zoomed: a 30-per-page A3 sheet's slip text is readable on a phone well before this. */
const MAX_ZOOM = 8;
/**
 * The drawn page's pixels, at most: enough for a sharp slip at the deepest zoom a phone needs, little enough
 * for a cheap phone's memory (a canvas of 16 million pixels takes 64 MB).
 */
const MAX_CANVAS_PIXELS = 16_000_000;

/** The pixels a page is drawn with in the zoom view: fit width × device pixel ratio × zoom, within the pixel budget. */
export function zoomCanvasScale(page: { width: number; height: number }, fit: { width: number; height: number }, ratio: number, zoom = 4): number {
  const fitScale = Math.min(fit.width / page.width, fit.height / page.height);
  const wanted = fitScale * ratio * zoom;
  const budget = Math.sqrt(MAX_CANVAS_PIXELS / (page.width * page.height));
  return Math.max(fitScale * ratio, Math.min(wanted, budget));
}

/**
 * A page of a PDF full screen: pinch or double-tap to zoom and drag to pan on a phone, the wheel, the buttons or the
 * keyboard (+, −, 0, ←, →) on a laptop; page by page. The page is drawn once at several times the screen's
 * resolution, so a zoomed slip stays sharp.
 */
export function PageZoom({ doc, page, total, onPage, onClose }: { doc: PdfDocument; page: number | null; total: number; onPage: (page: number) => void; onClose: () => void }) {
  const open = page !== null;
  const controls = React.useRef<ReactZoomPanPinchContentRef | null>(null);
  const go = React.useCallback(
    (to: number) => {
      if (to >= 1 && to <= total) onPage(to);
    },
    [onPage, total],
  );
  function onKeyDown(event: React.KeyboardEvent) {
    if (page === null) return;
    if (event.key === 'ArrowRight' || event.key === 'PageDown') go(page + 1);
    else if (event.key === 'ArrowLeft' || event.key === 'PageUp') go(page - 1);
    else if (event.key === '+' || event.key === '=') void controls.current?.zoomIn(0.5);
    else if (event.key === '-') void controls.current?.zoomOut(0.5);
    else if (event.key === '0') void controls.current?.resetTransform();
    else return;
    event.preventDefault();
  }
  return (
    <DialogPrimitive.Root open={open} onOpenChange={(o) => (o ? undefined : onClose())}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/80" />
        <DialogPrimitive.Content
          data-testid="page-zoom"
          onKeyDown={onKeyDown}
          className="fixed inset-0 z-50 flex flex-col bg-neutral-900 text-white outline-none"
          aria-describedby={undefined}
        >
          <div className="flex items-center gap-1 border-b border-white/10 px-2 py-1.5 sm:gap-2 sm:px-3">
            <DialogPrimitive.Title className="min-w-0 flex-1 truncate text-sm font-medium" data-testid="page-zoom-title">
              {page !== null ? `Page ${page} of ${total}` : ''}
            </DialogPrimitive.Title>
            <ZoomButton label="Previous page" onClick={() => page !== null && go(page - 1)} disabled={page === null || page <= 1}>
              <ChevronLeftIcon />
            </ZoomButton>
            <ZoomButton label="Next page" onClick={() => page !== null && go(page + 1)} disabled={page === null || page >= total}>
              <ChevronRightIcon />
            </ZoomButton>
            <span className="mx-1 hidden h-5 w-px bg-white/20 sm:block" />
            <ZoomButton label="Zoom out" onClick={() => void controls.current?.zoomOut(0.5)}>
              <MinusIcon />
            </ZoomButton>
            <ZoomButton label="Zoom in" onClick={() => void controls.current?.zoomIn(0.5)}>
              <PlusIcon />
            </ZoomButton>
            <ZoomButton label="Fit the page" onClick={() => void controls.current?.resetTransform()}>
              <MaximizeIcon />
            </ZoomButton>
            <DialogPrimitive.Close asChild>
              <Button variant="ghost" size="icon" className="text-white hover:bg-white/10 hover:text-white" aria-label="Close">
                <XIcon />
              </Button>
            </DialogPrimitive.Close>
          </div>
          {page !== null && (
            <ZoomedPage key={page} doc={doc} number={page} controls={controls} />
          )}
          <p className="px-3 py-1.5 text-center text-xs text-white/70">Pinch or double-tap to zoom, drag to move around.</p>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

function ZoomButton({ label, onClick, disabled, children }: { label: string; onClick: () => void; disabled?: boolean; children: React.ReactNode }) {
  return (
    <Button variant="ghost" size="icon" className="text-white hover:bg-white/10 hover:text-white disabled:opacity-30" aria-label={label} title={label} onClick={onClick} disabled={disabled}>
      {children}
    </Button>
  );
}

/** One page drawn for zooming: fitted to the space at first, its canvas several times sharper than the screen. */
function ZoomedPage({ doc, number, controls }: { doc: PdfDocument; number: number; controls: React.RefObject<ReactZoomPanPinchContentRef | null> }) {
  const area = React.useRef<HTMLDivElement>(null);
  const canvas = React.useRef<HTMLCanvasElement>(null);
  const [fit, setFit] = React.useState<{ width: number; height: number } | null>(null);
  const [drawn, setDrawn] = React.useState(false);

  React.useEffect(() => {
    const target = canvas.current;
    const box = area.current;
    if (!target || !box) return;
    let cancelled = false;
    let task: { cancel(): void; promise: Promise<void> } | null = null;
    (async () => {
      const page = await tracked(doc, doc.getPage(number));
      if (cancelled) return;
      const size = page.getViewport({ scale: 1 });
      const room = { width: Math.max(1, box.clientWidth - 16), height: Math.max(1, box.clientHeight - 16) };
      const fitScale = Math.min(room.width / size.width, room.height / size.height);
      setFit({ width: size.width * fitScale, height: size.height * fitScale });
      const viewport = page.getViewport({ scale: zoomCanvasScale(size, room, window.devicePixelRatio || 1) });
      target.width = Math.floor(viewport.width);
      target.height = Math.floor(viewport.height);
      task = page.render({ canvas: target, viewport });
      await tracked(doc, task.promise);
      if (!cancelled) setDrawn(true);
    })().catch((error: unknown) => {
      if (!cancelled && !(error instanceof Error && error.name === 'RenderingCancelledException')) console.error(`Page zoom: page ${number} could not be drawn.`, error);
    });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [doc, number]);

  return (
    <div ref={area} className="relative min-h-0 flex-1 touch-none overflow-hidden">
      <TransformWrapper ref={controls} minScale={1} maxScale={MAX_ZOOM} centerOnInit doubleClick={{ mode: 'toggle', step: 1.5 }} wheel={{ step: 0.15 }}>
        <TransformComponent wrapperStyle={{ width: '100%', height: '100%' }} contentStyle={{ width: '100%', height: '100%', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
          <canvas
            ref={canvas}
            data-testid="page-zoom-canvas"
            data-drawn={drawn ? 'true' : 'false'}
            role="img"
            aria-label={`Page ${number}, zoomable`}
            className="bg-white shadow-lg"
            style={fit ? { width: fit.width, height: fit.height } : { width: 0, height: 0 }}
          />
        </TransformComponent>
      </TransformWrapper>
      {!drawn && (
        <div className="pointer-events-none absolute inset-0 flex items-center justify-center gap-2 text-sm text-white/80" role="status">
          <LoaderCircleIcon className="size-4 animate-spin" /> Drawing page {number}…
        </div>
      )}
    </div>
  );
}
