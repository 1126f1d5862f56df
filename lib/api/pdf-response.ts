import { Readable } from 'node:stream';

/** A file to send: its bytes as they are read, its size, and its file name (ASCII, and UTF-8 percent-encoded). */
export interface PdfFile {
  body: AsyncIterable<Uint8Array>;
  size: number;
  name: { ascii: string; utf8: string };
  /** The media type when it is not a PDF (a task of several lists downloads a ZIP). */
  type?: string;
  /**
   * A stored file's id: stored files never change, so it is the file's validator (ETag), and a byte range
   * of it may be asked for (a large download resumed).
   */
  storedId?: string;
}

/** One byte range asked for (`Range: bytes=a-b`, `bytes=a-`, `bytes=-n`), inclusive; null for none or several; 'unsatisfiable' past the end. */
export function requestedRange(header: string | null, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  const match = header?.trim().match(/^bytes=(\d*)-(\d*)$/);
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/** The bytes of a stream from `start` to `end` inclusive (the ones before are read and let go). */
async function* byteRange(source: AsyncIterable<Uint8Array>, start: number, end: number): AsyncGenerator<Uint8Array> {
  let at = 0;
  for await (const chunk of source) {
    const from = Math.max(0, start - at);
    const to = Math.min(chunk.length, end + 1 - at);
    if (to > from) yield chunk.subarray(from, to);
    at += chunk.length;
    if (at > end) return;
  }
}

/**
 * A file made for the answer as an HTTP answer, streamed: shown in the browser (`inline`) or saved
 * (`attachment`), never cached. A stored file being downloaded answers a single byte range (206) when the
 * request asks for one and its If-Range, if any, still names the file, so an interrupted download resumes.
 */
export function fileResponse(file: PdfFile, disposition: 'inline' | 'attachment', contentType: string, request?: Request): Response {
  const headers: Record<string, string> = {
    'Content-Type': contentType,
    'Content-Disposition': `${disposition}; filename="${file.name.ascii}"; filename*=UTF-8''${file.name.utf8}`,
    'Cache-Control': 'private, no-store',
    'X-Content-Type-Options': 'nosniff',
  };
  let body = file.body;
  let status = 200;
  let length = file.size;
  // a download resumes by ranges; a PDF shown in the page is read whole (the viewer would otherwise fetch it in
  // pieces as pages come into view, and a task cancelled meanwhile leaves it half-read)
  if (file.storedId && disposition === 'attachment') {
    const etag = `"${file.storedId}"`;
    headers['Accept-Ranges'] = 'bytes';
    headers.ETag = etag;
    const ifRange = request?.headers.get('if-range');
    const range = !ifRange || ifRange === etag ? requestedRange(request?.headers.get('range') ?? null, file.size) : null;
    if (range === 'unsatisfiable') {
      return new Response(null, { status: 416, headers: { ...headers, 'Content-Range': `bytes */${file.size}` } });
    }
    if (range) {
      status = 206;
      length = range.end - range.start + 1;
      headers['Content-Range'] = `bytes ${range.start}-${range.end}/${file.size}`;
      body = byteRange(file.body, range.start, range.end);
    }
  }
  headers['Content-Length'] = String(length);
  const stream = Readable.toWeb(Readable.from(body)) as unknown as ReadableStream<Uint8Array>;
  return new Response(stream, { status, headers });
}

/** A stored PDF (or a task's ZIP of PDFs) as an HTTP answer. */
export function pdfResponse(file: PdfFile, disposition: 'inline' | 'attachment', request?: Request): Response {
  return fileResponse(file, disposition, file.type ?? 'application/pdf', request);
}
