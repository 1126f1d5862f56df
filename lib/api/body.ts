import { z, type ZodType } from 'zod';
import { ApiError } from './errors';

/** The largest JSON or plain-field form body any route accepts. */
export const MAX_FIELDS_BODY_BYTES = 64 * 1024;

const TOO_LARGE = 'The request body is too large.';

/**
 * Reads a request body as a stream and stops with 413 as soon as more than `maxBytes` have arrived.
 * `content-length` is only used to refuse early: a chunked body has none, and a lying one is caught by
 * the count. The stream is cancelled when refused, so the rest of an over-large body is never read.
 * The one shared way to read a bounded body (JSON, forms, and the multipart reader build on it).
 */
export async function readBodyLimited(req: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(req.headers.get('content-length') ?? '');
  if (Number.isFinite(declared) && declared > maxBytes) throw ApiError.tooLarge(TOO_LARGE);
  if (!req.body) return new Uint8Array(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw ApiError.tooLarge(TOO_LARGE);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

async function readText(req: Request): Promise<string> {
  const bytes = await readBodyLimited(req, MAX_FIELDS_BODY_BYTES);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw ApiError.badRequest('The request body is not valid UTF-8 text.');
  }
}

/** Parses a JSON body and validates it; malformed JSON is a 400 with a clear detail. */
export async function readJson<T>(req: Request, schema: ZodType<T>): Promise<T> {
  const text = await readText(req);
  let data: unknown;
  try {
    data = text.length === 0 ? {} : JSON.parse(text);
  } catch {
    throw ApiError.badRequest('The request body is not valid JSON.');
  }
  return schema.parse(data);
}

/**
 * Parses an application/x-www-form-urlencoded (or multipart, plain fields only) body and validates it.
 * Both are read through the same byte limit; file uploads use the streaming multipart reader instead.
 */
export async function readForm<T>(req: Request, schema: ZodType<T>): Promise<T> {
  const type = req.headers.get('content-type') ?? '';
  const fields: Record<string, string> = {};
  if (type.includes('multipart/form-data')) {
    const bytes = await readBodyLimited(req, MAX_FIELDS_BODY_BYTES);
    let form: FormData;
    try {
      form = await new Response(bytes, { headers: { 'content-type': type } }).formData();
    } catch {
      throw ApiError.badRequest('The form data could not be read.');
    }
    for (const [key, value] of form.entries()) if (typeof value === 'string') fields[key] = value;
  } else {
    const text = await readText(req);
    for (const [key, value] of new URLSearchParams(text)) fields[key] = value;
  }
  return schema.parse(fields);
}

export { z };
