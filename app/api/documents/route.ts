import { refundsForDocuments } from '@/db/queries/payments';
import { withApi } from '@/lib/api/handler';
import { requireUser } from '@/lib/auth/guard';
import { listItemJson } from '@/lib/documents/present';
import { listTasks } from '@/lib/documents/service';
import { documentsContext } from '@/lib/server/jobs';
import { jsonNoStore } from '@/lib/server/request';

/** GET /api/documents: the caller's tasks, newest first. */
export const GET = withApi(async (req) => {
  const ctx = await documentsContext();
  const user = await requireUser(req, ctx.db);
  const tasks = await listTasks(ctx, user.id);
  const refunds = await refundsForDocuments(ctx.db, tasks.filter((t) => t.paidAt).map((t) => t.id));
  return jsonNoStore(tasks.map((t) => listItemJson(t, refunds.filter((r) => r.documentId === t.id))));
});
