import { withUser } from '@/lib/api/with-user';
import { endSession } from '@/lib/auth/sessions';
import { jsonNoStore } from '@/lib/api/request';

/** POST /api/logout (bearer): ends the session the access token belongs to — its refresh token, itself and its file links. */
export const POST = withUser(async (_req, { ctx, sessionId }) => {
  await endSession(ctx.db, sessionId);
  return jsonNoStore({ detail: 'Logged out.' });
});
