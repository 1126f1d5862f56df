import { refundsForDocuments } from '@/db/queries/payments';
import { withUser } from '@/lib/api/with-user';
import { listItemJson } from '@/lib/documents/present';
import { receiptsFor } from '@/lib/invoices/present';
import { listTasks } from '@/lib/documents/service';
import { jsonNoStore } from '@/lib/api/request';

/** GET /api/documents: the caller's tasks, newest first. */
export const GET = withUser(async (_req, { ctx, user }) => {
  const tasks = await listTasks(ctx, user.id);
  const paid = tasks.filter((t) => t.paidAt).map((t) => t.id);
  const [refunds, receipts] = await Promise.all([refundsForDocuments(ctx.db, paid), receiptsFor(ctx.db, paid)]);
  return jsonNoStore(tasks.map((t) => listItemJson(t, refunds.filter((r) => r.documentId === t.id), receipts.get(t.id) ?? null)));
});
