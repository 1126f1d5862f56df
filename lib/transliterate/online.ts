/**
 * The online provider: a Google-Input-Tools-style service (TRANSLITERATE_URL). GET with the word,
 * the input tool for the language (hi-t-i0-und for Hindi, gu-t-i0-und for Gujarati …) and the number of options; the reply is
 * `["SUCCESS", [[word, [suggestion, ...], ...]]]`. Short timeout, in-memory LRU cache of answers,
 * and after a failure the provider is left alone for a while so that typing never waits on a dead
 * service (the caller falls back to the offline engine).
 */
import { LruCache } from './lru';
import { parseInputToolsReply } from './reply';
import type { ScriptLanguage } from './scripts';

export { parseInputToolsReply };

export interface OnlineProviderOptions {
  url: string;
  timeoutMs?: number;
  cacheSize?: number;
  /** After a failure, skip the provider for this long. */
  backoffMs?: number;
  fetchImpl?: typeof fetch;
  now?: () => number;
}

export interface OnlineProvider {
  /** Suggestions in the language's script (Hindi's by default), or null when the service failed (timeout, network, bad reply). */
  suggest(word: string, num: number, lang?: ScriptLanguage): Promise<string[] | null>;
}

/**
 * The service's URL for one word. An input tool written into TRANSLITERATE_URL is kept for Hindi (as
 * before); another language always asks for its own.
 */
export function buildRequestUrl(base: string, word: string, num: number, lang: ScriptLanguage = 'hi'): string {
  const url = new URL(base);
  url.searchParams.set('text', word);
  if (lang !== 'hi' || !url.searchParams.has('itc')) url.searchParams.set('itc', `${lang}-t-i0-und`);
  url.searchParams.set('num', String(num));
  if (!url.searchParams.has('cp')) url.searchParams.set('cp', '0');
  if (!url.searchParams.has('cs')) url.searchParams.set('cs', '1');
  if (!url.searchParams.has('ie')) url.searchParams.set('ie', 'utf-8');
  if (!url.searchParams.has('oe')) url.searchParams.set('oe', 'utf-8');
  return url.toString();
}

export function createOnlineProvider(options: OnlineProviderOptions): OnlineProvider {
  const timeoutMs = options.timeoutMs ?? 1500;
  const backoffMs = options.backoffMs ?? 30_000;
  const fetchImpl = options.fetchImpl ?? fetch;
  const now = options.now ?? Date.now;
  const cache = new LruCache<string, string[]>(options.cacheSize ?? 2000);
  let skipUntil = 0;

  return {
    async suggest(word, num, lang = 'hi') {
      const key = `${lang}\u0000${num}\u0000${word}`;
      const cached = cache.get(key);
      if (cached) return cached;
      if (now() < skipUntil) return null;
      try {
        const res = await fetchImpl(buildRequestUrl(options.url, word, num, lang), {
          signal: AbortSignal.timeout(timeoutMs),
          headers: { accept: 'application/json' },
        });
        if (!res.ok) throw new Error(`status ${res.status}`);
        const suggestions = parseInputToolsReply(await res.json());
        if (!suggestions) throw new Error('reply is not SUCCESS');
        const result = suggestions.slice(0, num);
        cache.set(key, result);
        return result;
      } catch (error) {
        skipUntil = now() + backoffMs;
        console.warn(`[transliterate] online provider failed, using the offline engine: ${(error as Error).message}`);
        return null;
      }
    },
  };
}
