import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchSpellings, readySpellings } from './transliterate';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('fetchSpellings', () => {
  it('asks our endpoint for one word and gives its distinct spellings, at most num', async () => {
    const urls: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      urls.push(url);
      return Response.json(['SUCCESS', [['nagar', ['नगर', '', 'नगर', 'नागर', 'नगार']]]]);
    });
    expect(await fetchSpellings('nagar', { num: 2 })).toEqual({ ok: true, value: ['नगर', 'नागर'] });
    expect(urls).toEqual(['/api/transliterate?text=nagar&lang=hi&num=2']);
    await fetchSpellings('a b', { num: 5, endpoint: '/x' });
    expect(urls[1]).toBe('/x?text=a%20b&lang=hi&num=5');
    await fetchSpellings('surat', { num: 3, lang: 'gu' });
    expect(urls[2]).toBe('/api/transliterate?text=surat&lang=gu&num=3');
  });

  it('says why nothing came: a refusal, a reply that is not SUCCESS, no answer', async () => {
    vi.stubGlobal('fetch', async () => new Response('', { status: 500 }));
    expect(await fetchSpellings('x', { num: 5 })).toEqual({ ok: false, error: 'HTTP 500' });
    vi.stubGlobal('fetch', async () => Response.json(['FAILED']));
    expect(await fetchSpellings('x', { num: 5 })).toEqual({ ok: false, error: 'the reply is not SUCCESS' });
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await fetchSpellings('x', { num: 5 })).toEqual({ ok: false, error: 'Failed to fetch' });
  });
});

describe('readySpellings', () => {
  it('asks with an empty text once per language in a page, and ignores a failure', async () => {
    const urls: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      urls.push(url);
      if (url.includes('lang=ta')) throw new TypeError('Failed to fetch');
      return Response.json(['SUCCESS', [['', []]]]);
    });
    readySpellings({ lang: 'gu' });
    readySpellings({ lang: 'gu' });
    readySpellings({ lang: 'ta' });
    readySpellings({ lang: 'gu', endpoint: '/x' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(urls).toEqual(['/api/transliterate?text=&lang=gu&num=1', '/api/transliterate?text=&lang=ta&num=1', '/x?text=&lang=gu&num=1']);
  });
});
