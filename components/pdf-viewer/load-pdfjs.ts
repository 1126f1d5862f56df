/**
 * pdf.js for the browser, loaded on first use. The legacy build carries the polyfills older Android
 * Chrome lacks (Promise.withResolvers, Map.groupBy…). Its worker is bundled by Next from the package
 * and served from our own origin (no CDN; the CSP allows `worker-src 'self' blob:`), one per page load.
 */
export type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');

let loading: Promise<PdfJs> | null = null;

export function loadPdfJs(): Promise<PdfJs> {
  loading ??= import('pdfjs-dist/legacy/build/pdf.mjs')
    .then((pdfjs) => {
      if (!pdfjs.GlobalWorkerOptions.workerPort) {
        pdfjs.GlobalWorkerOptions.workerPort = new Worker(
          new URL('pdfjs-dist/legacy/build/pdf.worker.min.mjs', import.meta.url),
          { type: 'module' },
        );
      }
      return pdfjs;
    })
    .catch((error: unknown) => {
      loading = null; // let a later viewer try again (e.g. after a flaky connection)
      throw error;
    });
  return loading;
}
