import { readJson } from '@/lib/api/body';
import { withApi } from '@/lib/api/handler';
import { requireUser } from '@/lib/auth/guard';
import { requireOwnDocument } from '@/lib/documents/service';
import { checkoutSuccessSchema, confirmCheckout } from '@/lib/payments/service';
import { parseIdParam } from '@/lib/server/params';
import { paymentsContext } from '@/lib/server/payments';
import { jsonNoStore } from '@/lib/server/request';

/** POST /api/documents/{id}/payment: Checkout's success payload → verified → the final render starts. */
export const POST = withApi<{ id: string }>(async (req, { params }) => {
  const ctx = await paymentsContext();
  const user = await requireUser(req, ctx.db);
  const doc = await requireOwnDocument(ctx, user.id, parseIdParam((await params).id, 'task id'));
  const body = await readJson(req, checkoutSuccessSchema);
  return jsonNoStore(await confirmCheckout(ctx, user, doc, body));
});
