import { z, type ZodType } from 'zod';
import { ApiError } from './errors';

const MAX_BODY_BYTES = 64 * 1024;

async function readText(req: Request): Promise<string> {
  const length = Number(req.headers.get('content-length') ?? '0');
  if (length > MAX_BODY_BYTES) throw ApiError.tooLarge('The request body is too large.');
  const text = await req.text();
  if (text.length > MAX_BODY_BYTES) throw ApiError.tooLarge('The request body is too large.');
  return text;
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

/** Parses an application/x-www-form-urlencoded (or multipart) body of plain fields and validates it. */
export async function readForm<T>(req: Request, schema: ZodType<T>): Promise<T> {
  const type = req.headers.get('content-type') ?? '';
  const fields: Record<string, string> = {};
  if (type.includes('multipart/form-data')) {
    let form: FormData;
    try {
      form = await req.formData();
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
