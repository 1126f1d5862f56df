import { withApi } from '@/lib/api/handler';
import { requireUser } from '@/lib/auth/guard';
import { cancelTask } from '@/lib/documents/service';
import { documentsContext } from '@/lib/server/jobs';
import { parseIdParam } from '@/lib/server/params';
import { jsonNoStore } from '@/lib/server/request';

/** POST /api/documents/{id}/cancel: stop and delete an unpaid task. */
export const POST = withApi<{ id: string }>(async (req, { params }) => {
  const ctx = await documentsContext();
  const user = await requireUser(req, ctx.db);
  await cancelTask(ctx, user.id, parseIdParam((await params).id, 'task id'));
  return jsonNoStore({ detail: 'The task was cancelled.' });
});
