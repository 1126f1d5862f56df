import { withApi } from '@/lib/api/handler';
import { requireUser } from '@/lib/auth/guard';
import { createTask } from '@/lib/documents/service';
import { documentsContext } from '@/lib/server/jobs';
import { jsonNoStore } from '@/lib/server/request';

/** POST /api/documents/voter-slip-generator (multipart): store the files, start the task → 201 {id, task_id}. */
export const POST = withApi(async (req) => {
  const ctx = await documentsContext();
  const user = await requireUser(req, ctx.db);
  return jsonNoStore(await createTask(ctx, user.id, req), { status: 201 });
});
