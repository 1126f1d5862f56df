import { readJson } from '@/lib/api/body';
import { withApi } from '@/lib/api/handler';
import { requireAdmin } from '@/lib/auth/guard';
import { refundPayment, refundSchema } from '@/lib/payments/service';
import { paymentsContext } from '@/lib/server/payments';
import { jsonNoStore } from '@/lib/server/request';

/** POST /api/admin/payments/{orderId}/refund {amount?, idempotency_key, payment_id?}: refund all or part of a payment of the order. */
export const POST = withApi<{ orderId: string }>(async (req, { params }) => {
  const ctx = await paymentsContext();
  const admin = await requireAdmin(req, ctx.db);
  const input = await readJson(req, refundSchema);
  const refund = await refundPayment(ctx, admin, (await params).orderId, input);
  return jsonNoStore({ id: refund.id, refund_id: refund.refundId, amount: refund.amountPaise / 100, status: refund.status, order_id: refund.orderId, payment_id: refund.paymentId });
});
