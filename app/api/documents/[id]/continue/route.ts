import { withUser } from '@/lib/api/with-user';
import { requireOwnDocument, resumeTask } from '@/lib/documents/service';
import { createOrderForDocument } from '@/lib/payments/service';
import { jsonNoStore } from '@/lib/api/request';

/**
 * POST /api/documents/{id}/continue: on an errored task, resume from the failed step; on a draft, the
 * payment order to open Checkout with (`razorpay_key_id, amount, currency, razorpay_order_id`).
 */
export const POST = withUser('task id', async (_req, { ctx, user, id }) => {
  const doc = await requireOwnDocument(ctx, user.id, id);
  if (doc.status === 'draft_complete') return jsonNoStore(await createOrderForDocument(ctx, user, doc));
  return jsonNoStore(await resumeTask(ctx, doc));
});
