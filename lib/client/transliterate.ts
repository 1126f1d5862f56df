/**
 * The browser's side of the transliteration API: the spellings our endpoint offers for one romanised
 * word, in the script of a language (Hindi by default). The endpoint is public and the browser never
 * calls an outside host.
 */
import { parseInputToolsReply } from '@/lib/transliterate/reply';
import type { ScriptLanguage } from '@/lib/transliterate/scripts';
import { errorMessage, failed, type Result } from './api';

/** At most this many spellings are offered for a word. */
export const MAX_OPTIONS = 5;

export const TRANSLITERATE_ENDPOINT = '/api/transliterate';

/**
 * GET {endpoint}?text=&lang=&num= → the word's distinct spellings, best first, at most `num`. A failure
 * (no answer, a refusal, a reply that is not SUCCESS) carries its reason, for the log only: the field then
 * simply offers nothing.
 */
export async function fetchSpellings(
  word: string,
  { num, signal, endpoint = TRANSLITERATE_ENDPOINT, lang = 'hi' }: { num: number; signal?: AbortSignal; endpoint?: string; lang?: ScriptLanguage },
): Promise<Result<string[]>> {
  try {
    const res = await fetch(`${endpoint}?text=${encodeURIComponent(word)}&lang=${lang}&num=${num}`, { signal });
    if (!res.ok) return failed(`HTTP ${res.status}`);
    const options = parseInputToolsReply(await res.json());
    if (!options) return failed('the reply is not SUCCESS');
    return { ok: true, value: Array.from(new Set(options.filter((o) => o !== ''))).slice(0, num) };
  } catch (error) {
    return failed(errorMessage(error));
  }
}

/** The endpoint and language pairs already asked to get ready in this page. */
const readied = new Set<string>();

/**
 * Asks the endpoint, once per language in a page, to get the language's words ready before the first word is
 * typed: an empty text, answered at once, has the server start making the script's model-word index (its first
 * request in a script does), so the typist's first words already meet it. Best effort: a failure is ignored.
 */
export function readySpellings({ endpoint = TRANSLITERATE_ENDPOINT, lang = 'hi' }: { endpoint?: string; lang?: ScriptLanguage } = {}): void {
  const key = `${endpoint} ${lang}`;
  if (readied.has(key)) return;
  readied.add(key);
  void fetchSpellings('', { num: 1, endpoint, lang });
}
