import { withApi } from '@/lib/api/handler';
import { requireUser } from '@/lib/auth/guard';
import { requireOwnDocument, resumeTask } from '@/lib/documents/service';
import { createOrderForDocument } from '@/lib/payments/service';
import { parseIdParam } from '@/lib/server/params';
import { paymentsContext } from '@/lib/server/payments';
import { jsonNoStore } from '@/lib/server/request';

/**
 * POST /api/documents/{id}/continue: on an errored task, resume from the failed step; on a draft, the
 * payment order to open Checkout with (SPEC §7).
 */
export const POST = withApi<{ id: string }>(async (req, { params }) => {
  const ctx = await paymentsContext();
  const user = await requireUser(req, ctx.db);
  const doc = await requireOwnDocument(ctx, user.id, parseIdParam((await params).id, 'task id'));
  if (doc.status === 'draft_complete') return jsonNoStore(await createOrderForDocument(ctx, user, doc));
  return jsonNoStore(await resumeTask(ctx, doc));
});
