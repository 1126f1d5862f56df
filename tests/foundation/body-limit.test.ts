import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MAX_FIELDS_BODY_BYTES, readBodyLimited, readForm, readJson } from '@/lib/api/body';
import { ApiError } from '@/lib/api/errors';

const CHUNK = 16 * 1024;

/** A chunked body (no content-length) of `chunks` chunks that counts how many the reader pulled. */
function chunkedRequest(chunks: number, contentType = 'application/json'): { req: Request; pulled: () => number } {
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled >= chunks) return controller.close();
      pulled += 1;
      controller.enqueue(new Uint8Array(CHUNK).fill(0x20));
    },
  });
  const req = new Request('http://x/', { method: 'POST', body, headers: { 'content-type': contentType }, duplex: 'half' } as RequestInit);
  return { req, pulled: () => pulled };
}

async function status(p: Promise<unknown>): Promise<number | 'ok'> {
  try {
    await p;
    return 'ok';
  } catch (error) {
    if (error instanceof ApiError) return error.status;
    throw error;
  }
}

describe('bounded request bodies', () => {
  it('refuses a chunked JSON body with 413 as soon as it passes the limit, without reading the rest', async () => {
    const { req, pulled } = chunkedRequest(10_000); // 160 MB if read whole
    expect(req.headers.get('content-length')).toBeNull();
    expect(await status(readJson(req, z.unknown()))).toBe(413);
    expect(pulled() * CHUNK).toBeLessThanOrEqual(MAX_FIELDS_BODY_BYTES + 2 * CHUNK);
  });

  it('refuses a chunked url-encoded form the same way', async () => {
    const { req, pulled } = chunkedRequest(10_000, 'application/x-www-form-urlencoded');
    expect(await status(readForm(req, z.unknown()))).toBe(413);
    expect(pulled()).toBeLessThan(10);
  });

  it('refuses an over-large multipart form of plain fields (it was read whole before)', async () => {
    const form = new FormData();
    form.set('email', 'a@b.test');
    form.set('padding', 'x'.repeat(MAX_FIELDS_BODY_BYTES * 4));
    const encoded = new Request('http://x/', { method: 'POST', body: form });
    const type = encoded.headers.get('content-type') ?? '';
    const { req } = { req: new Request('http://x/', { method: 'POST', body: encoded.body, headers: { 'content-type': type }, duplex: 'half' } as RequestInit) };
    expect(await status(readForm(req, z.unknown()))).toBe(413);
  });

  it('does not trust a content-length that under-states the body', async () => {
    const { req } = chunkedRequest(100);
    req.headers.set('content-length', '10');
    expect(await status(readBodyLimited(req, 1024))).toBe(413);
  });

  it('reads a body within the limit exactly, and small multipart forms still parse', async () => {
    const bytes = await readBodyLimited(new Request('http://x/', { method: 'POST', body: 'héllo' }), 1024);
    expect(new TextDecoder().decode(bytes)).toBe('héllo');
    const form = new FormData();
    form.set('email', 'a@b.test');
    expect(await readForm(new Request('http://x/', { method: 'POST', body: form }), z.object({ email: z.string() }))).toEqual({ email: 'a@b.test' });
  });
});
