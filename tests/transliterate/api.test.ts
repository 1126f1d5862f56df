import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { GET } from '@/app/api/transliterate/route';
import { resetConfigForTests } from '@/lib/config';
import { LruCache } from '@/lib/transliterate/lru';
import { hasWordIndex } from '@/lib/transliterate/engine';
import { ensureModelWords } from '@/lib/transliterate/model-word-service';
import { closeSandbox } from '@/lib/sandbox';
import { buildRequestUrl, createOnlineProvider, parseInputToolsReply } from '@/lib/transliterate/online';
import { MAX_ONLINE_CALLS_PER_REQUEST, suggest } from '@/lib/transliterate/service';
import { installPeerAddressHook, PEER_ADDRESS_HEADER } from '@/lib/api/peer-address';
import { RATE_RULES } from '@/lib/rate-limit';

process.env.DATA_DIR = path.join(os.tmpdir(), `translit-test-${process.pid}`);
// the built-in words answer these tests; the one that serves the model words turns them on
process.env.TRANSLITERATE_MODEL_WORDS = 'false';

type Reply = [string, Array<[string, string[]]>];
const ctx = { params: Promise.resolve({}) };

async function call(query: string): Promise<{ status: number; body: unknown }> {
  const res = await GET(new Request(`http://localhost/api/transliterate?${query}`), ctx);
  return { status: res.status, body: await res.json() };
}

/** A local stand-in for a Google-Input-Tools-style service. */
let stub: http.Server;
let stubUrl = '';
let stubHits: string[] = [];
let stubMode: 'ok' | 'fail' | 'slow' | 'garbage' = 'ok';

beforeAll(async () => {
  stub = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stub');
    stubHits.push(url.search);
    if (stubMode === 'fail') {
      res.writeHead(500).end('down');
      return;
    }
    if (stubMode === 'garbage') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(['FAILED_TO_PROCESS_REQUEST']));
      return;
    }
    const word = url.searchParams.get('text') ?? '';
    const num = Number(url.searchParams.get('num'));
    const body = ['SUCCESS', [[word, ['ऑनलाइन१', 'ऑनलाइन२', 'ऑनलाइन३', 'ऑनलाइन४', 'ऑनलाइन५', 'ऑनलाइन६'].slice(0, num), [], {}]]];
    const send = () => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (stubMode === 'slow') setTimeout(send, 3000);
    else send();
  });
  await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
  stubUrl = `http://127.0.0.1:${(stub.address() as AddressInfo).port}/request`;
});
afterAll(async () => {
  await closeSandbox();
  stub.closeAllConnections();
  await new Promise<void>((resolve) => stub.close(() => resolve()));
});
afterEach(() => {
  delete process.env.TRANSLITERATE_URL;
  resetConfigForTests();
  stubHits = [];
  stubMode = 'ok';
});

describe('GET /api/transliterate (offline engine)', () => {
  it('answers in the Input Tools shape with at most num suggestions, best first', async () => {
    const { status, body } = await call('text=rampur&lang=hi&num=5');
    expect(status).toBe(200);
    const reply = body as Reply;
    expect(reply[0]).toBe('SUCCESS');
    expect(reply[1][0][0]).toBe('rampur');
    expect(reply[1][0][1][0]).toBe('रामपुर');
    expect(reply[1][0][1].length).toBe(5);
  });

  it('clamps num to 1..5', async () => {
    expect(((await call('text=nagar&lang=hi&num=50')).body as Reply)[1][0][1].length).toBe(5);
    expect(((await call('text=nagar&lang=hi&num=0')).body as Reply)[1][0][1].length).toBe(1);
    expect(((await call('text=nagar&lang=hi&num=-3')).body as Reply)[1][0][1].length).toBe(1);
    expect(((await call('text=nagar&lang=hi&num=2')).body as Reply)[1][0][1].length).toBe(2);
    expect(((await call('text=nagar&lang=hi')).body as Reply)[1][0][1].length).toBe(5);
  });

  it('answers empty text with no suggestions', async () => {
    expect(await call('text=&lang=hi&num=5')).toEqual({ status: 200, body: ['SUCCESS', [['', []]]] });
    expect(await call('lang=hi')).toEqual({ status: 200, body: ['SUCCESS', [['', []]]] });
    expect(await call('text=%20%20&lang=hi')).toEqual({ status: 200, body: ['SUCCESS', [['', []]]] });
  });

  it('refuses over-long text with a 422 detail', async () => {
    const { status, body } = await call(`text=${'a'.repeat(1000)}&lang=hi&num=5`);
    expect(status).toBe(422);
    expect((body as { detail: string }).detail).toMatch(/^Text .*100 characters/);
  });

  it('refuses an unknown language and a non-numeric num with a 422 detail', async () => {
    for (const lang of ['xx', 'en', 'HI', 'gu-IN', '']) {
      const other = await call(`text=rampur&lang=${lang}&num=5`);
      expect(other.status, lang).toBe(422);
      expect((other.body as { detail: string }).detail).toBe('Language must be one of hi, mr, gu, bn, pa, or, ta, te, kn, ml.');
    }
    const bad = await call('text=rampur&lang=hi&num=five');
    expect(bad.status).toBe(422);
    expect((bad.body as { detail: string }).detail).toMatch(/num/);
  });

  it("answers in the script of the language asked for, in the same shape", async () => {
    const cases: Array<[string, string, string]> = [
      ['gu', 'surat', 'સુરત'],
      ['mr', 'nagpur', 'नागपूर'],
      ['bn', 'kolkata', 'কলকাতা'],
      ['pa', 'amritsar', 'ਅੰਮ੍ਰਿਤਸਰ'],
      ['or', 'cuttack', 'କଟକ'],
      ['ta', 'chennai', 'சென்னை'],
      ['te', 'guntur', 'గుంటూరు'],
      ['kn', 'mysore', 'ಮೈಸೂರು'],
      ['ml', 'kochi', 'കൊച്ചി'],
    ];
    for (const [lang, word, first] of cases) {
      const { status, body } = await call(`text=${word}&lang=${lang}&num=3`);
      expect(status, lang).toBe(200);
      const reply = body as Reply;
      expect(reply[0]).toBe('SUCCESS');
      expect(reply[1][0][0]).toBe(word);
      expect(reply[1][0][1][0], lang).toBe(first);
      expect(reply[1][0][1].length).toBeLessThanOrEqual(3);
    }
    // digits and punctuation kept, each Latin run in the script
    expect(((await call('text=12%2Fsurat&lang=gu&num=1')).body as Reply)[1][0][1]).toEqual(['12/સુરત']);
    // no lang is Hindi, as before
    expect(((await call('text=rampur&num=1')).body as Reply)[1][0][1]).toEqual(['रामपुर']);
  });

  it("serves the script's model words once the first request has had them made (TRANSLITERATE_MODEL_WORDS)", async () => {
    expect(hasWordIndex('pa')).toBe(false);
    process.env.TRANSLITERATE_MODEL_WORDS = 'true';
    resetConfigForTests();
    try {
      const first = await call('text=kartarpur&lang=pa&num=1');
      expect(first.status).toBe(200);
      // the request started the index; wait for it (the answer above came at once, from whichever words were in)
      await ensureModelWords('pa');
      expect(hasWordIndex('pa')).toBe(true);
      expect(((await call('text=kartarpur&lang=pa&num=1')).body as Reply)[1][0][1]).toEqual(['ਕਰਤਾਰਪੁਰ']);
    } finally {
      process.env.TRANSLITERATE_MODEL_WORDS = 'false';
      resetConfigForTests();
    }
    // turned off, a request starts nothing: the next attempt is the first
    await call('text=surat&lang=gu&num=1');
    let asked = 0;
    await ensureModelWords(
      'gu',
      () => {
        asked++;
        return Promise.resolve(null);
      },
      () => undefined,
    );
    expect(asked).toBe(1);
  });

  it('keeps a Latin run too long to be a word as it is', async () => {
    const long = 'a'.repeat(60);
    expect((await call(`text=${long}&lang=hi`)).body).toEqual(['SUCCESS', [[long, [long]]]]);
  });

  it('returns text without Latin letters as it is', async () => {
    const { status, body } = await call(`text=${encodeURIComponent('रामपुर')}&lang=hi&num=5`);
    expect(status).toBe(200);
    expect(body).toEqual(['SUCCESS', [['रामपुर', ['रामपुर']]]]);
    expect(((await call('text=12%2F3&lang=hi')).body as Reply)[1][0][1]).toEqual(['12/3']);
  });

  it('keeps digits and punctuation and transliterates each Latin run', async () => {
    const reply = (await call('text=ward-12&lang=hi&num=3')).body as Reply;
    expect(reply[1][0][1][0]).toBe('वार्ड-12');
    expect(reply[1][0][1].length).toBeLessThanOrEqual(3);
  });
});

describe('online provider', () => {
  it('is used when TRANSLITERATE_URL is set, with the word, itc for Hindi and num', async () => {
    process.env.TRANSLITERATE_URL = stubUrl;
    resetConfigForTests();
    const reply = (await call('text=bazar&lang=hi&num=3')).body as Reply;
    expect(reply).toEqual(['SUCCESS', [['bazar', ['ऑनलाइन१', 'ऑनलाइन२', 'ऑनलाइन३']]]]);
    expect(stubHits.length).toBe(1);
    const q = new URLSearchParams(stubHits[0]);
    expect(q.get('text')).toBe('bazar');
    expect(q.get('itc')).toBe('hi-t-i0-und');
    expect(q.get('num')).toBe('3');
  });

  it('passes the language on as the input tool; a Hindi itc written in the URL does not hold for another language', async () => {
    process.env.TRANSLITERATE_URL = `${stubUrl}?itc=hi-t-i0-und&case=lang`;
    resetConfigForTests();
    await call('text=surat&lang=gu&num=2');
    await call('text=rampur&lang=hi&num=2');
    expect(stubHits.map((h) => new URLSearchParams(h).get('itc'))).toEqual(['gu-t-i0-und', 'hi-t-i0-und']);
    expect(buildRequestUrl('http://x/r', 'kochi', 5, 'ml')).toContain('itc=ml-t-i0-und');
    // answers are cached per language
    const provider = createOnlineProvider({ url: stubUrl });
    stubHits = [];
    await provider.suggest('nagar', 2, 'hi');
    await provider.suggest('nagar', 2, 'mr');
    await provider.suggest('nagar', 2, 'mr');
    expect(stubHits.length).toBe(2);
  });

  it('caches answers', async () => {
    const provider = createOnlineProvider({ url: stubUrl });
    expect(await provider.suggest('gali', 2)).toEqual(['ऑनलाइन१', 'ऑनलाइन२']);
    expect(await provider.suggest('gali', 2)).toEqual(['ऑनलाइन१', 'ऑनलाइन२']);
    expect(stubHits.length).toBe(1);
  });

  it('falls back to the offline engine on a server error, then leaves the service alone for a while', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    stubMode = 'fail';
    process.env.TRANSLITERATE_URL = stubUrl;
    resetConfigForTests();
    const first = (await call('text=vidyalaya&lang=hi&num=5')).body as Reply;
    expect(first[1][0][1][0]).toBe('विद्यालय');
    const second = (await call('text=mohalla&lang=hi&num=5')).body as Reply;
    expect(second[1][0][1][0]).toBe('मोहल्ला');
    expect(stubHits.length).toBe(1);
  });

  it('gives up after its timeout and on a reply that is not SUCCESS', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    stubMode = 'slow';
    const slow = createOnlineProvider({ url: stubUrl, timeoutMs: 200 });
    expect(await slow.suggest('nagar', 5)).toBeNull();
    stubMode = 'garbage';
    const garbage = createOnlineProvider({ url: stubUrl });
    expect(await garbage.suggest('nagar', 5)).toBeNull();
    expect(await suggest('nagar', 5, async (w, n) => (await garbage.suggest(w, n)) ?? ['offline'])).toEqual(['offline']);
  });

  it('a text of many words makes a bounded number of outbound calls (the rest offline)', async () => {
    stubMode = 'ok';
    // a URL of its own: the route keeps one provider per URL, and an earlier test left that one backing off
    process.env.TRANSLITERATE_URL = `${stubUrl}?case=bounded`;
    resetConfigForTests();
    const words = Array.from({ length: 30 }, (_, i) => `${'bcdfghjklmnp'[Math.floor(i / 5)]}${'aeiou'[i % 5]}`); // 30 distinct words in 89 characters
    const reply = (await call(`text=${encodeURIComponent(words.join(' '))}&lang=hi&num=1`)).body as Reply;
    expect(reply[0]).toBe('SUCCESS');
    expect(stubHits.length).toBe(MAX_ONLINE_CALLS_PER_REQUEST);
    // the same word twice in one text is asked for once
    stubHits = [];
    await call(`text=${encodeURIComponent('dohra dohra dohra')}&lang=hi&num=1`);
    expect(stubHits.length).toBe(1);
  });

  it('falls back when nothing listens at the URL', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    process.env.TRANSLITERATE_URL = 'http://127.0.0.1:9/request';
    resetConfigForTests();
    const reply = (await call('text=chowk&lang=hi&num=5')).body as Reply;
    expect(reply[1][0][1][0]).toBe('चौक');
  });
});

describe('rate limit', () => {
  it('limits suggestions per client address; another client is not affected', async () => {
    delete process.env.TRANSLITERATE_URL;
    resetConfigForTests();
    installPeerAddressHook();
    const from = (ip: string) => GET(new Request('http://localhost/api/transliterate?text=ram&lang=hi', { headers: { [PEER_ADDRESS_HEADER]: ip } }), ctx);
    const limit = RATE_RULES.transliteratePerIp.limit;
    for (let i = 0; i < limit; i++) expect((await from('10.9.9.9')).status).toBe(200);
    const over = await from('10.9.9.9');
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await from('10.9.9.10')).status).toBe(200);
  }, 120_000);
});

describe('helpers', () => {
  it('reads only SUCCESS replies', () => {
    expect(parseInputToolsReply(['SUCCESS', [['ram', ['राम', 'रम'], [], {}]]])).toEqual(['राम', 'रम']);
    expect(parseInputToolsReply(['FAILED', [['ram', ['राम']]]])).toBeNull();
    expect(parseInputToolsReply({})).toBeNull();
    expect(parseInputToolsReply(['SUCCESS', []])).toBeNull();
  });
  it('builds the request URL, keeping configured parameters', () => {
    const url = new URL(buildRequestUrl('https://example.test/request?itc=hi-t-i0-und&foo=1', 'ram', 4));
    expect(url.searchParams.get('text')).toBe('ram');
    expect(url.searchParams.get('num')).toBe('4');
    expect(url.searchParams.get('foo')).toBe('1');
  });
  it('evicts the least recently used entry', () => {
    const lru = new LruCache<string, number>(2);
    lru.set('a', 1);
    lru.set('b', 2);
    lru.get('a');
    lru.set('c', 3);
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBe(1);
    expect(lru.size).toBe(2);
  });
});
