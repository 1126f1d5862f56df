import { Readable } from 'node:stream';

/** A file to send: its bytes as they are read, its size, and its file name (ASCII, and UTF-8 percent-encoded). */
export interface PdfFile {
  body: AsyncIterable<Uint8Array>;
  size: number;
  name: { ascii: string; utf8: string };
}

/** A file made for the answer as an HTTP answer, streamed: shown in the browser (`inline`) or saved (`attachment`), never cached. */
export function fileResponse(file: PdfFile, disposition: 'inline' | 'attachment', contentType: string): Response {
  const body = Readable.toWeb(Readable.from(file.body)) as unknown as ReadableStream<Uint8Array>;
  return new Response(body, {
    headers: {
      'Content-Type': contentType,
      'Content-Length': String(file.size),
      'Content-Disposition': `${disposition}; filename="${file.name.ascii}"; filename*=UTF-8''${file.name.utf8}`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

/** A stored PDF as an HTTP answer. */
export function pdfResponse(file: PdfFile, disposition: 'inline' | 'attachment'): Response {
  return fileResponse(file, disposition, 'application/pdf');
}
