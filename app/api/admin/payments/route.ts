import { invoicesForOrders } from '@/db/queries/invoices';
import { listPaymentsForAdmin } from '@/db/queries/payments';
import { withAdmin } from '@/lib/api/with-user';
import { jsonNoStore } from '@/lib/api/request';
import { z } from 'zod';

const querySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});

/** GET /api/admin/payments: every payment taken (paid and flagged orders, second payments of an order), newest first; total in X-Total-Count. */
export const GET = withAdmin(async (req, { ctx }) => {
  const { limit, offset } = querySchema.parse(Object.fromEntries(new URL(req.url).searchParams));
  const { rows, total } = await listPaymentsForAdmin(ctx.db, limit, offset);
  const issued = await invoicesForOrders(ctx.db, [...new Set(rows.filter((r) => !r.duplicate).map((r) => r.orderId))]);
  const invoiceOf = new Map(issued.map((i) => [i.orderId, i]));
  const body = rows.map((r) => ({
    order_id: r.orderId,
    payment_id: r.paymentId,
    paid_at: r.paidAt.toISOString(),
    user_id: r.userId,
    user_email: r.userEmail,
    user_name: r.userName,
    document_id: r.documentId,
    document_status: r.documentStatus,
    pages: r.totalPages,
    amount: r.amountPaise / 100,
    currency: r.currency,
    status: r.status,
    duplicate: r.duplicate,
    review_reason: r.reviewReason,
    refunded: r.refunded / 100,
    test_mode: r.testMode,
    // the invoice belongs to the payment that paid the order, not to a second payment of it
    invoice_number: r.duplicate ? null : (invoiceOf.get(r.orderId)?.number ?? null),
    invoice_id: r.duplicate ? null : (invoiceOf.get(r.orderId)?.id ?? null),
  }));
  return jsonNoStore(body, { headers: { 'X-Total-Count': String(total) } });
});
