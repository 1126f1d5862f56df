'use client';

import * as React from 'react';
import { ExternalLinkIcon, LoaderCircleIcon, TriangleAlertIcon } from 'lucide-react';
import { request } from '@/lib/client/api';
import { cn } from '@/lib/utils';
import { settled, tracked } from './doc-work';
import { loadPdfJs } from './load-pdfjs';
import { PageZoom } from './page-zoom';

type PdfDocument = import('pdfjs-dist/legacy/build/pdf.mjs').PDFDocumentProxy;

interface PdfViewerProps {
  /** Same-origin URL of the PDF (a signed view URL). */
  url: string;
  /** Accessible name of the viewer region. */
  label: string;
  className?: string;
  /** Pages of the whole document when the PDF shows only the first of them (a draft's preview). */
  totalPages?: number;
}

/** Page sizes at scale 1 (PDF points), known before any page is drawn so the scroll height is stable. */
interface PageSize {
  width: number;
  height: number;
}

/**
 * The device pixel ratio pages are drawn at: the screen's own, up to 3 (a phone's); a page drawn at 3× a
 * 360 px width is 6.6 MB of canvas.
 */
const MAX_PIXEL_RATIO = 3;

/**
 * The closing of the document a viewer showed last. Every viewer shares one pdf.js worker; a document
 * opened on it while the one before is still being closed (a draft redrawn in under a second gives the
 * viewer a new address at once) could be left waiting for ever, its pages never drawn. So a viewer
 * opens its document only once the last one is closed.
 */
let lastClosed: Promise<void> = Promise.resolve();

/** The statuses of a document the server no longer gives (a task cancelled or deleted, a link that ran out). */
const GONE = [401, 403, 404, 410];

/**
 * A PDF shown as canvases drawn by pdf.js in the browser: phones (Android Chrome) show nothing for a PDF
 * in an iframe. Pages are drawn when they come near the viewport, at the container's width times the
 * device pixel ratio; a tap on a page opens it full screen to zoom and pan (PageZoom).
 */
export function PdfViewer({ url, label, className, totalPages }: PdfViewerProps) {
  const [doc, setDoc] = React.useState<PdfDocument | null>(null);
  const [zoomed, setZoomed] = React.useState<number | null>(null);
  const [sizes, setSizes] = React.useState<PageSize[]>([]);
  const [failed, setFailed] = React.useState(false);

  React.useEffect(() => {
    let live = true;
    const fetching = new AbortController();
    let loading: { destroy(): Promise<void> } | null = null;
    let shown: PdfDocument | null = null;
    setDoc(null);
    setSizes([]);
    setFailed(false);
    setZoomed(null);
    (async () => {
      // the bytes are fetched here, not by pdf.js: a document closed while pdf.js itself still fetched them
      // (a task cancelled as its draft loaded) has pdf.js reject its own fetch where nothing can catch it
      const [pdfjs, answer] = await Promise.all([
        loadPdfJs(),
        request(url, { signal: fetching.signal, cache: 'no-store' }, { offline: 'no answer came', refused: 'refused', fallback: 'refused' }, { signedIn: false }),
      ]);
      if (!live) return;
      if (!answer.ok) {
        // a document that is gone is said on the screen; only what else goes wrong is the viewer's own failure
        if (answer.status === null || !GONE.includes(answer.status)) console.error(`PDF viewer: could not fetch the document: ${answer.error}${answer.status === null ? '' : ` (${answer.status})`}.`);
        setFailed(true);
        return;
      }
      const data = new Uint8Array(await answer.value.arrayBuffer());
      await lastClosed;
      if (!live) return;
      const task = pdfjs.getDocument({ data, isEvalSupported: false });
      loading = task;
      const opened = await task.promise;
      shown = opened;
      const found: PageSize[] = [];
      for (let n = 1; n <= opened.numPages && live; n++) {
        const page = await tracked(opened, opened.getPage(n));
        const vp = page.getViewport({ scale: 1 });
        found.push({ width: vp.width, height: vp.height });
      }
      if (!live) return;
      setSizes(found);
      setDoc(opened);
    })().catch((error: unknown) => {
      if (!live) return; // closed while it loaded: nothing failed
      console.error('PDF viewer: could not open the document.', error);
      setFailed(true);
    });
    return () => {
      live = false;
      fetching.abort();
      // the loading task closes its document too, loaded or not; once the pages' work on it has ended (doc-work.ts)
      if (loading) lastClosed = lastClosed.then(() => settled(shown)).then(() => loading?.destroy()).catch(() => undefined);
    };
  }, [url]);

  return (
    <div
      role="region"
      aria-label={label}
      data-testid="pdf-viewer"
      data-pages={doc ? sizes.length : undefined}
      className={cn('overflow-y-auto overscroll-contain rounded-md border bg-muted/60 p-2 sm:p-3', className)}
    >
      {failed ? (
        <div className="flex h-full min-h-40 flex-col items-center justify-center gap-3 p-4 text-center text-sm">
          <TriangleAlertIcon className="size-6 text-destructive" />
          <p>The preview could not be shown here.</p>
          <a href={url} target="_blank" rel="noopener" className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline">
            Open the PDF <ExternalLinkIcon className="size-4" />
          </a>
        </div>
      ) : !doc ? (
        <div className="flex h-full min-h-40 items-center justify-center gap-2 text-sm text-muted-foreground" role="status">
          <LoaderCircleIcon className="size-4 animate-spin" /> Loading preview…
        </div>
      ) : (
        <>
          <p className="mx-auto mb-2 max-w-3xl text-xs text-muted-foreground" data-testid="pdf-viewer-caption">
            {totalPages !== undefined && totalPages > sizes.length ? `The first ${sizes.length} of ${totalPages} pages. ` : ''}Tap a page to see it full screen and zoom in.
          </p>
          <ol className="mx-auto grid max-w-3xl gap-3">
            {sizes.map((size, i) => (
              <PdfPage key={i} doc={doc} number={i + 1} size={size} total={sizes.length} onOpen={() => setZoomed(i + 1)} />
            ))}
          </ol>
          <PageZoom doc={doc} page={zoomed} total={sizes.length} onPage={setZoomed} onClose={() => setZoomed(null)} />
        </>
      )}
    </div>
  );
}

function PdfPage({ doc, number, size, total, onOpen }: { doc: PdfDocument; number: number; size: PageSize; total: number; onOpen: () => void }) {
  const holder = React.useRef<HTMLLIElement>(null);
  const canvas = React.useRef<HTMLCanvasElement>(null);
  const [visible, setVisible] = React.useState(false);
  const [width, setWidth] = React.useState(0);
  const [rendered, setRendered] = React.useState(false);

  React.useEffect(() => {
    const el = holder.current;
    if (!el) return;
    const seen = new IntersectionObserver((entries) => setVisible(entries.some((e) => e.isIntersecting)), { rootMargin: '100% 0px' });
    const sized = new ResizeObserver((entries) => {
      const w = Math.round(entries[0]?.contentRect.width ?? 0);
      // Redraw only for a real change (a scrollbar appearing is not worth a redraw of every page).
      setWidth((old) => (Math.abs(old - w) > 24 || old === 0 ? w : old));
    });
    seen.observe(el);
    sized.observe(el);
    return () => {
      seen.disconnect();
      sized.disconnect();
    };
  }, []);

  React.useEffect(() => {
    const target = canvas.current;
    if (!visible || width === 0 || !target) return;
    let cancelled = false;
    let task: { cancel(): void; promise: Promise<void> } | null = null;
    (async () => {
      const page = await tracked(doc, doc.getPage(number));
      if (cancelled) return;
      // drawn again (a new width): not marked drawn until it is
      setRendered(false);
      const ratio = Math.min(window.devicePixelRatio || 1, MAX_PIXEL_RATIO);
      const viewport = page.getViewport({ scale: (width / size.width) * ratio });
      target.width = Math.floor(viewport.width);
      target.height = Math.floor(viewport.height);
      task = page.render({ canvas: target, viewport });
      await tracked(doc, task.promise);
      if (!cancelled) setRendered(true);
    })().catch((error: unknown) => {
      if (!cancelled && !(error instanceof Error && error.name === 'RenderingCancelledException')) {
        console.error(`PDF viewer: page ${number} could not be drawn.`, error);
      }
    });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [doc, number, size.width, visible, width]);

  return (
    <li ref={holder} className="relative overflow-hidden rounded-sm bg-white shadow-sm ring-1 ring-black/10" style={{ aspectRatio: `${size.width} / ${size.height}` }}>
      <button type="button" onClick={onOpen} className="block h-full w-full cursor-zoom-in focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring" aria-label={`Page ${number} of ${total}: open full screen`}>
        <canvas ref={canvas} data-testid="pdf-page" data-rendered={rendered ? 'true' : 'false'} aria-hidden className="block h-full w-full" />
      </button>
      {!rendered && (
        <span className="absolute inset-0 flex items-center justify-center text-xs text-neutral-500">Page {number}…</span>
      )}
    </li>
  );
}
