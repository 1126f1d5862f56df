import { withContext } from '@/lib/api/with-user';
import { refreshSession } from '@/lib/auth/sessions';
import { jsonNoStore } from '@/lib/api/request';

/** POST /api/refresh: the refresh token comes in the `refresh-token` header; the answer carries a rotated pair. */
export const POST = withContext(async (req, { ctx }) => {
  const tokens = await refreshSession(ctx.db, req.headers.get('refresh-token'));
  return jsonNoStore(tokens);
});
