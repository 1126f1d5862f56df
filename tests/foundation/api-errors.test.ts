import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '@/lib/api/errors';
import { withApi } from '@/lib/api/handler';
import { readForm, readJson } from '@/lib/api/body';

const ctx = { params: Promise.resolve({}) };

describe('withApi', () => {
  it('turns an ApiError into {detail} with its status and headers', async () => {
    const handler = withApi(async () => {
      throw ApiError.tooManyRequests('Slow down.', 30);
    });
    const res = await handler(new Request('http://x/'), ctx);
    expect(res.status).toBe(429);
    expect(res.headers.get('Retry-After')).toBe('30');
    expect(await res.json()).toEqual({ detail: 'Slow down.' });
  });

  it('turns a ZodError into a 422 naming the field', async () => {
    const handler = withApi(async (req) => {
      await readJson(req, z.object({ name: z.string().max(3) }));
      return Response.json({});
    });
    const res = await handler(new Request('http://x/', { method: 'POST', body: '{"name":"toolong"}' }), ctx);
    expect(res.status).toBe(422);
    expect((await res.json()).detail).toMatch(/^Name /);
  });

  it('gives a rule written as a whole sentence as it is, without the field name before it', async () => {
    const handler = withApi(async (req) => {
      await readJson(req, z.object({ booth_address: z.string().min(1, 'Please enter the polling station address.'), page_size: z.string().max(2, 'must be a4 or a3') }));
      return Response.json({});
    });
    const res = await handler(new Request('http://x/', { method: 'POST', body: '{"booth_address":"","page_size":"a44"}' }), ctx);
    expect(res.status).toBe(422);
    expect((await res.json()).detail).toBe('Please enter the polling station address. Page size must be a4 or a3.');
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const handler = withApi(async (req) => {
      await readJson(req, z.object({}));
      return Response.json({});
    });
    const res = await handler(new Request('http://x/', { method: 'POST', body: '{oops' }), ctx);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ detail: 'The request body is not valid JSON.' });
  });

  it('hides unexpected errors behind a 500 without a stack trace, and logs them once', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const handler = withApi(async () => {
      throw new Error('secret internals');
    });
    const res = await handler(new Request('http://x/'), ctx);
    expect(res.status).toBe(500);
    const body = await res.json();
    expect(JSON.stringify(body)).not.toContain('secret internals');
    expect(log).toHaveBeenCalledTimes(1);
    log.mockRestore();
  });

  it('reads url-encoded forms', async () => {
    const req = new Request('http://x/', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'username=a%40b.com&password=p%26q',
    });
    expect(await readForm(req, z.object({ username: z.string(), password: z.string() }))).toEqual({
      username: 'a@b.com',
      password: 'p&q',
    });
  });

  it('refuses an over-large body with 413', async () => {
    const handler = withApi(async (req) => {
      await readJson(req, z.unknown());
      return Response.json({});
    });
    const res = await handler(new Request('http://x/', { method: 'POST', body: 'x'.repeat(100_000) }), ctx);
    expect(res.status).toBe(413);
  });

  it("never passes zod's own texts on: every rule without a message of its own becomes a field sentence", async () => {
    const schema = z.object({
      booth_address: z.string(),
      name: z.string().min(1).max(3),
      age: z.number().int().min(18),
      page_size: z.enum(['a4', 'a3']),
      email: z.email(),
      code: z.string().regex(/^[0-9]+$/),
      tags: z.array(z.string()).max(1),
      flag: z.boolean(),
    });
    const handler = withApi(async (req) => {
      await readJson(req, schema);
      return Response.json({});
    });
    const body = { name: 'toolong', age: 3.5, page_size: 'a5', email: 'x', code: 'abc', tags: ['a', 'b'], flag: 'yes' };
    const res = await handler(new Request('http://x/', { method: 'POST', body: JSON.stringify(body) }), ctx);
    expect(res.status).toBe(422);
    const { detail } = await res.json();
    expect(detail).toBe(
      [
        'Polling station address is required.',
        'Name must be at most 3 characters.',
        'Age must be a whole number.',
        'Page size must be one of a4, a3.',
        'E-mail must be a valid e-mail address.',
        'Code is not in the right form.',
        'Tags must have at most 1 item.',
        'Flag must be true or false.',
      ].join(' '),
    );
    expect(detail).not.toMatch(/Invalid input|expected|received|Too (big|small)/);
  });

  it('names the body itself when the rule has no field, and unexpected fields by name', async () => {
    const strict = withApi(async (req) => {
      await readJson(req, z.object({ a: z.string() }).strict());
      return Response.json({});
    });
    const extra = await strict(new Request('http://x/', { method: 'POST', body: '{"a":"x","b":1,"c":2}' }), ctx);
    expect((await extra.json()).detail).toBe('The fields b, c are not expected.');
    const notObject = await strict(new Request('http://x/', { method: 'POST', body: '[1]' }), ctx);
    expect((await notObject.json()).detail).toBe('The request body must be an object.');
  });
});
