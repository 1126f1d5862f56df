import { getDb } from '@/db/client';
import { withApi } from '@/lib/api/handler';
import { authenticate } from '@/lib/auth/guard';
import { endSession } from '@/lib/auth/sessions';
import { jsonNoStore } from '@/lib/server/request';

/** POST /api/logout (bearer): ends the session the access token belongs to — its refresh token, itself and its file links. */
export const POST = withApi(async (req) => {
  const db = await getDb();
  const { sessionId } = await authenticate(req, db);
  await endSession(db, sessionId);
  return jsonNoStore({ detail: 'Logged out.' });
});
