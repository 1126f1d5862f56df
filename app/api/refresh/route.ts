import { getDb } from '@/db/client';
import { withApi } from '@/lib/api/handler';
import { refreshSession } from '@/lib/auth/sessions';
import { jsonNoStore } from '@/lib/server/request';

/** SPEC §7: the refresh token comes in the `refresh-token` header; the answer carries a rotated pair. */
export const POST = withApi(async (req) => {
  const tokens = await refreshSession(await getDb(), req.headers.get('refresh-token'));
  return jsonNoStore(tokens);
});
