import { z } from 'zod';
import { withContext } from '@/lib/api/with-user';
import { getConfig } from '@/lib/config';
import { createOnlineProvider, type OnlineProvider } from '@/lib/transliterate/online';
import { consumeRateLimit, RATE_RULES } from '@/lib/rate-limit';
import { requestIp } from '@/lib/api/request';
import { clampNum, MAX_ONLINE_CALLS_PER_REQUEST, MAX_TEXT_LENGTH, suggest, withFallback } from '@/lib/transliterate/service';
import { SCRIPT_LANGUAGES } from '@/lib/transliterate/scripts';
import { ensureModelWords } from '@/lib/transliterate/model-word-service';

/**
 * GET /api/transliterate?text=&lang=hi&num= → `["SUCCESS", [[text, [suggestions...]]]]` (the Google
 * Input Tools shape that the address field reads), in the script of `lang` (hi, mr, gu, bn, pa, or, ta,
 * te, kn, ml; Hindi when absent). Online provider when TRANSLITERATE_URL is set and
 * answering (a bounded number of outbound calls per request), else the offline engine: its built-in words, and
 * the script's model words once their index is made (the first request in a script starts that). Rate-limited
 * per client address.
 */
const querySchema = z.object({
  text: z.string().max(MAX_TEXT_LENGTH, `at most ${MAX_TEXT_LENGTH} characters`).default(''),
  lang: z.enum(SCRIPT_LANGUAGES, { message: `must be one of ${SCRIPT_LANGUAGES.join(', ')}` }).default('hi'),
  num: z.coerce.number({ message: 'must be a number' }).int('must be a whole number').default(5),
});

let online: { url: string; provider: OnlineProvider } | undefined;
function onlineProvider(): OnlineProvider | null {
  const url = getConfig().TRANSLITERATE_URL;
  if (!url) return null;
  if (!online || online.url !== url) online = { url, provider: createOnlineProvider({ url }) };
  return online.provider;
}

export const GET = withContext(async (req, { ctx }) => {
  await consumeRateLimit(ctx.db, RATE_RULES.transliteratePerIp, requestIp(req));
  const params = new URL(req.url).searchParams;
  const query = querySchema.parse({
    text: params.get('text') ?? undefined,
    lang: params.get('lang') ?? undefined,
    num: params.get('num') || undefined,
  });
  if (getConfig().TRANSLITERATE_MODEL_WORDS) void ensureModelWords(query.lang);
  const text = query.text.trim();
  const suggestions = await suggest(text, clampNum(query.num), withFallback(onlineProvider(), MAX_ONLINE_CALLS_PER_REQUEST, query.lang));
  return Response.json(['SUCCESS', [[text, suggestions]]], { headers: { 'Cache-Control': 'no-store' } });
});
