import { readJson } from '@/lib/api/body';
import { withUser } from '@/lib/api/with-user';
import { requireOwnDocument } from '@/lib/documents/service';
import { checkoutSuccessSchema, confirmCheckout } from '@/lib/payments/service';
import { jsonNoStore } from '@/lib/api/request';

/** POST /api/documents/{id}/payment: Checkout's success payload → verified → the final render starts. */
export const POST = withUser('task id', async (req, { ctx, user, id }) => {
  const doc = await requireOwnDocument(ctx, user.id, id);
  const body = await readJson(req, checkoutSuccessSchema);
  return jsonNoStore(await confirmCheckout(ctx, user, doc, body));
});
