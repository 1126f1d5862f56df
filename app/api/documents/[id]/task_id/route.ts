import { withUser } from '@/lib/api/with-user';
import { requireOwnDocument } from '@/lib/documents/service';
import { jsonNoStore } from '@/lib/api/request';

/** GET /api/documents/{id}/task_id: the id of the job run working on the task now. */
export const GET = withUser('task id', async (_req, { ctx, user, id }) => {
  const doc = await requireOwnDocument(ctx, user.id, id);
  return jsonNoStore({ task_id: doc.taskId });
});
