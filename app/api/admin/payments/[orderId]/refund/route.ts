import { findCreditNoteForRefund } from '@/db/queries/invoices';
import { readJson } from '@/lib/api/body';
import { withAdmin } from '@/lib/api/with-user';
import { refundPayment, refundSchema } from '@/lib/payments/service';
import { jsonNoStore } from '@/lib/api/request';

/** POST /api/admin/payments/{orderId}/refund {amount?, idempotency_key, payment_id?}: refund all or part of a payment of the order. */
export const POST = withAdmin<{ orderId: string }>(async (req, { ctx, user: admin, params }) => {
  const input = await readJson(req, refundSchema);
  const refund = await refundPayment(ctx, admin, params.orderId, input);
  const note = await findCreditNoteForRefund(ctx.db, refund.id);
  return jsonNoStore({
    id: refund.id,
    refund_id: refund.refundId,
    amount: refund.amountPaise / 100,
    status: refund.status,
    order_id: refund.orderId,
    payment_id: refund.paymentId,
    credit_note_number: note?.number ?? null,
  });
});
