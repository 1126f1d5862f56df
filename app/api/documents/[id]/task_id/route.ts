import { withApi } from '@/lib/api/handler';
import { requireUser } from '@/lib/auth/guard';
import { requireOwnDocument } from '@/lib/documents/service';
import { documentsContext } from '@/lib/server/jobs';
import { parseIdParam } from '@/lib/server/params';
import { jsonNoStore } from '@/lib/server/request';

/** GET /api/documents/{id}/task_id: the id of the job run working on the task now. */
export const GET = withApi<{ id: string }>(async (req, { params }) => {
  const ctx = await documentsContext();
  const user = await requireUser(req, ctx.db);
  const doc = await requireOwnDocument(ctx, user.id, parseIdParam((await params).id, 'task id'));
  return jsonNoStore({ task_id: doc.taskId });
});
