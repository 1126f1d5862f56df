import { getDb } from '@/db/client';
import { withApi } from '@/lib/api/handler';
import { requireUser } from '@/lib/auth/guard';
import { toUserObject } from '@/lib/auth/user-object';
import { jsonNoStore } from '@/lib/server/request';

/** GET /api/users/me/ (and /api/users/me): the caller's user object. */
export const GET = withApi(async (req) => {
  const user = await requireUser(req, await getDb());
  return jsonNoStore(toUserObject(user));
});
