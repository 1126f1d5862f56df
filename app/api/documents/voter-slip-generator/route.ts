import { withUser } from '@/lib/api/with-user';
import { createTask } from '@/lib/documents/service';
import { jsonNoStore } from '@/lib/api/request';

/** POST /api/documents/voter-slip-generator (multipart): store the files, start the task → 201 {id, task_id}. */
export const POST = withUser(async (req, { ctx, user }) => {
  return jsonNoStore(await createTask(ctx, user.id, req), { status: 201 });
});
