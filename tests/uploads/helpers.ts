import { expect } from 'vitest';
import { DELETE, HEAD, OPTIONS, PATCH, POST } from '@/app/api/uploads/[[...path]]/route';

/** The tus endpoint's route handlers called as Next calls them, and bodies that fail part-way as a dropped connection does. */
export const BASE = 'http://test.local/api/uploads';
export const MB = 1024 * 1024;

type Route = (req: Request, ctx: { params: Promise<{ path?: string[] }> }) => Promise<Response>;
const ROUTES: Record<string, Route> = { POST, HEAD, PATCH, DELETE, OPTIONS };

export async function tus(method: string, url: string, options: { token?: string; headers?: Record<string, string>; body?: BodyInit } = {}): Promise<Response> {
  const headers = new Headers({ 'tus-resumable': '1.0.0', ...options.headers });
  if (options.token) headers.set('authorization', `Bearer ${options.token}`);
  const init: RequestInit & { duplex?: 'half' } = { method, headers, body: options.body };
  if (options.body instanceof ReadableStream) init.duplex = 'half';
  const path = new URL(url).pathname.split('/').slice(3);
  return ROUTES[method](new Request(url, init), { params: Promise.resolve(path.length ? { path } : {}) });
}

export const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
export const metadata = (filename: string, kind: string) => `filename ${b64(filename)},kind ${b64(kind)}`;

export async function create(token: string, length: number, options: { filename?: string; kind?: string } = {}): Promise<Response> {
  return tus('POST', BASE, {
    token,
    headers: { 'upload-length': String(length), 'upload-metadata': metadata(options.filename ?? 'roll part 12.pdf', options.kind ?? 'voter_list') },
  });
}

/** Creates an upload and answers its URL (the Location is relative to the site). */
export async function created(token: string, length: number, options: { filename?: string; kind?: string } = {}): Promise<string> {
  const res = await create(token, length, options);
  expect(res.status).toBe(201);
  return new URL(res.headers.get('location')!, BASE).toString();
}

export async function patch(token: string, url: string, offset: number, body: BodyInit, headers: Record<string, string> = {}): Promise<Response> {
  return tus('PATCH', url, { token, body, headers: { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream', ...headers } });
}

export async function offsetOf(token: string, url: string): Promise<number> {
  const res = await tus('HEAD', url, { token });
  expect(res.status).toBe(200);
  return Number(res.headers.get('upload-offset'));
}

export const idOf = (url: string) => url.split('/').pop()!;

/**
 * A request body that sends `bytes` in 64 KB pieces up to `cutAt`, then fails as a dropped connection
 * does (the stream errors part-way).
 */
export function cutBody(bytes: Buffer, cutAt: number): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= cutAt) {
        controller.error(new Error('connection reset by peer'));
        return;
      }
      const end = Math.min(at + 64 * 1024, cutAt);
      controller.enqueue(new Uint8Array(bytes.subarray(at, end)));
      at = end;
    },
  });
}

