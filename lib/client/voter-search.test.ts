import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { searchVoters, selectedSlips } from './documents';
import { stubBrowser, type FetchCall } from '@/tests/helpers/browser-stub';

/** The desk's two calls against a stubbed fetch: what they send, what they answer, and their failure texts. */

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;
let handler: Handler;
let calls: FetchCall[] = [];

beforeEach(() => {
  ({ calls } = stubBrowser({ token: 'access-1' }, '/voter-slip-generator', (url, init) => handler(url, init)));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('searchVoters', () => {
  it('sends the query and limit, with the token, and answers the result', async () => {
    const answer = { voters: [{ index: 2, serial: 3 }], matches: 1, total: 595, with_name: 595, names_readable: true };
    handler = () => json(answer);
    const result = await searchVoters(42, 'jenti bhai', 30);
    expect(result).toEqual({ ok: true, value: answer });
    expect(calls[0].url).toBe('/api/documents/42/voters?q=jenti+bhai&limit=30');
    expect(new Headers(calls[0].init.headers).get('authorization')).toBe('Bearer access-1');
  });

  it("shows the server's reason, or a plain text for an answer without voters", async () => {
    handler = () => json({ detail: 'The voter list is not read yet.' }, 409);
    expect(await searchVoters(42, 'x')).toEqual({ ok: false, error: 'The voter list is not read yet.' });
    handler = () => json({ nothing: true });
    expect(await searchVoters(42, 'x')).toEqual({ ok: false, error: 'The search failed.' });
  });
});

describe('selectedSlips', () => {
  it('posts the indices and format and answers the PDF with its file name', async () => {
    handler = () => new Response(new Uint8Array([37, 80, 68, 70]), { headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="part1-slips-42-selected-draft.pdf"' } });
    const result = await selectedSlips(42, [2, 7], 'single');
    expect(calls[0].url).toBe('/api/documents/42/selected-slips');
    expect(calls[0].init.method).toBe('POST');
    expect(JSON.parse(String(calls[0].init.body))).toEqual({ indices: [2, 7], format: 'single' });
    if (!result.ok) throw new Error(result.error);
    expect(result.value.name).toBe('part1-slips-42-selected-draft.pdf');
    expect(result.value.pdf.size).toBe(4);
  });

  it("shows the server's reason when refused", async () => {
    handler = () => json({ detail: 'This list has 595 voters: there is no voter number 595.' }, 422);
    expect(await selectedSlips(42, [595], 'sheet')).toEqual({ ok: false, error: 'This list has 595 voters: there is no voter number 595.' });
  });
});
