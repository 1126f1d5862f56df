import { z } from 'zod';

const replySchema = z
  .tuple([z.literal('SUCCESS'), z.array(z.tuple([z.string(), z.array(z.string())]).rest(z.unknown())).min(1)])
  .rest(z.unknown());

/**
 * Reads a Google-Input-Tools-style reply `["SUCCESS", [[word, [suggestion, ...], ...]]]` — the
 * service's and our own /api/transliterate's. Null unless the first element is SUCCESS (how the service flags success).
 */
export function parseInputToolsReply(body: unknown): string[] | null {
  const parsed = replySchema.safeParse(body);
  if (!parsed.success) return null;
  return parsed.data[1][0][1];
}
