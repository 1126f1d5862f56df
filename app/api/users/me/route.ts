import { withUser } from '@/lib/api/with-user';
import { toUserObject } from '@/lib/auth/user-object';
import { jsonNoStore } from '@/lib/api/request';

/** GET /api/users/me/ (and /api/users/me): the caller's user object. */
export const GET = withUser(async (_req, { user }) => {
  return jsonNoStore(toUserObject(user));
});
