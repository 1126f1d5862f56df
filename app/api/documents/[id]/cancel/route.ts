import { withUser } from '@/lib/api/with-user';
import { cancelTask } from '@/lib/documents/service';
import { jsonNoStore } from '@/lib/api/request';

/** POST /api/documents/{id}/cancel: stop and delete an unpaid task. */
export const POST = withUser('task id', async (_req, { ctx, user, id }) => {
  await cancelTask(ctx, user.id, id);
  return jsonNoStore({ detail: 'The task was cancelled.' });
});
