import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@/db/client';
import { findDocument, markDocumentPaid } from '@/db/queries/documents';
import {
  findDuplicatePayment,
  findOrderById,
  findReusableOrder,
  flagOrder,
  insertDuplicatePayment,
  insertOrder,
  insertRefund,
  markOrderPaid,
  recordPaymentEvent,
  refundedPaise,
  setOrderForReview,
  updateRefund,
} from '@/db/queries/payments';
import { documents, type DocumentRow, type PaymentOrder, type User } from '@/db/schema';
import { findUserById } from '@/db/queries/users';
import { ApiError } from '@/lib/api/errors';
import { issueCreditNote, issueInvoice } from '@/lib/invoices/service';
import { mailInvoice } from '@/lib/invoices/mail-sender';
import { getConfig } from '@/lib/config';
import { startFinalRender, type DocumentsContext } from '@/lib/documents/service';
import { GatewayError, type PaymentGateway } from './gateway';
import { checkoutSignature, verifyCheckoutSignature, verifyWebhookSignature } from './signature';

/**
 * The paid step (README, Payments): an order for exactly the server's amount; Checkout's success
 * verified against the order id from our records; webhooks verified, deduplicated and reconciled; one
 * compare-and-set to "paid" so the final render starts exactly once, whichever confirmation comes first.
 */
export interface PaymentsContext extends DocumentsContext {
  gateway: PaymentGateway;
}

export const CURRENCY = 'INR';
/** An order is reused (double clicks, a dismissed Checkout) for this long. */
const ORDER_TTL_MS = 12 * 3600 * 1000;

export interface OrderAnswer {
  razorpay_key_id: string;
  amount: number;
  currency: string;
  razorpay_order_id: string;
  test_mode: boolean;
}

/** POST …/continue on a draft: the order to pay (created once, then reused while valid). */
export async function createOrderForDocument(ctx: PaymentsContext, user: User, doc: DocumentRow): Promise<OrderAnswer> {
  if (doc.status !== 'draft_complete' || doc.amountPaise === null) throw ApiError.conflict('The draft is not ready for payment yet.');
  if (doc.paidAt) throw ApiError.conflict('This task has already been paid for.');
  const amountPaise = doc.amountPaise;
  const order = await ctx.db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    // One order per document at a time: a second click waits for the first here and then reuses its order.
    await tx.select({ id: documents.id }).from(documents).where(eq(documents.id, doc.id)).for('update');
    const now = new Date();
    const existing = await findReusableOrder(txDb, doc.id, amountPaise, now);
    if (existing) return existing;
    let created;
    try {
      created = await ctx.gateway.createOrder({
        amountPaise,
        currency: CURRENCY,
        receipt: `document-${doc.id}`,
        notes: { document_id: String(doc.id), user_id: String(user.id), user_email: user.email },
      });
    } catch (error) {
      if (error instanceof GatewayError) throw new ApiError(502, `Failed to create payment order: ${error.message}`);
      throw error;
    }
    if (created.amount !== amountPaise || created.currency !== CURRENCY) throw new ApiError(502, 'Failed to create payment order: the gateway changed the amount.');
    const row = await insertOrder(txDb, {
      documentId: doc.id,
      userId: user.id,
      orderId: created.id,
      amountPaise,
      currency: CURRENCY,
      testMode: ctx.gateway.mode === 'test',
      expiresAt: new Date(now.getTime() + ORDER_TTL_MS),
    });
    await recordPaymentEvent(txDb, { orderId: row.orderId, documentId: doc.id, actorUserId: user.id, source: 'checkout', kind: 'order.created', detail: { amount: amountPaise } });
    return row;
  });
  return {
    razorpay_key_id: ctx.gateway.keyId,
    amount: order.amountPaise,
    currency: order.currency,
    razorpay_order_id: order.orderId,
    test_mode: ctx.gateway.mode === 'test',
  };
}

type Settlement = 'paid' | 'already-paid' | 'flagged' | 'orphaned' | 'duplicate';

function rupees(paise: number, currency: string): string {
  return `${(paise / 100).toFixed(2)} ${currency}`;
}

/**
 * Records a confirmed payment of an order. The order goes to "paid" and its document is marked paid in
 * one transaction, by compare-and-set (so only one caller wins), then the final render is started.
 * A payment whose amount or currency differs from the order's is flagged for review: no final PDF.
 * A payment that finds its order already paid (or flagged) with another payment is a second charge: it
 * is recorded once, flagged for refund, and refunded at once with AUTO_REFUND_DUPLICATE_PAYMENTS.
 */
async function settlePayment(
  ctx: PaymentsContext,
  order: PaymentOrder,
  payment: { id: string; amount?: number; currency?: string },
  source: 'checkout' | 'webhook',
): Promise<Settlement> {
  if (payment.amount !== undefined && (payment.amount !== order.amountPaise || (payment.currency ?? CURRENCY) !== order.currency)) {
    // Razorpay amounts are in the smallest unit (paise): the reason is read by people, so in rupees.
    const reason = `paid ${rupees(payment.amount, payment.currency ?? '?')} for an order of ${rupees(order.amountPaise, order.currency)}`;
    const flagged = await flagOrder(ctx.db, order.orderId, payment.id, reason);
    if (!flagged) return afterFirstPayment(ctx, order, payment, source);
    await recordPaymentEvent(ctx.db, { orderId: order.orderId, documentId: order.documentId, source, kind: 'payment.flagged', detail: { reason, payment_id: payment.id } });
    return 'flagged';
  }
  const won = await ctx.db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const paidOrder = await markOrderPaid(txDb, order.orderId, payment.id);
    if (!paidOrder) return null;
    const doc = paidOrder.documentId === null ? null : await markDocumentPaid(txDb, paidOrder.documentId);
    if (!doc) {
      // Paid for a task that was cancelled (or is not awaiting payment): keep the money traceable for a refund.
      await setOrderForReview(txDb, order.orderId, 'paid for a task that no longer awaits payment; refund it');
      return 'orphaned' as const;
    }
    // The invoice is issued by the one caller that marked the order paid, in the same transaction: one
    // per payment, and a rollback gives its number back (no gaps).
    const user = paidOrder.userId === null ? null : ((await findUserById(txDb, paidOrder.userId)) ?? null);
    const invoice = await issueInvoice(txDb, { order: paidOrder, paymentId: payment.id, user, pages: doc.totalPages, at: paidOrder.paidAt ?? new Date() });
    return { doc, invoice };
  });
  if (won === null) return afterFirstPayment(ctx, order, payment, source);
  if (won === 'orphaned') {
    await recordPaymentEvent(ctx.db, { orderId: order.orderId, documentId: order.documentId, source, kind: 'payment.flagged', detail: { reason: 'task cancelled before payment', payment_id: payment.id } });
    return 'orphaned';
  }
  await recordPaymentEvent(ctx.db, { orderId: order.orderId, documentId: won.doc.id, source, kind: 'order.marked_paid', detail: { payment_id: payment.id, invoice: won.invoice.number } });
  await startFinalRender(ctx, won.doc.id);
  // after the render is under way: a mail that cannot be sent now is sent by the mail sweep, and never undoes the payment
  await mailInvoice(ctx.db, won.invoice.id);
  return 'paid';
}

/**
 * A payment that found its order no longer awaiting one: the same payment told again (checkout and
 * webhook both tell it), or a second payment, which is recorded once per payment id — whichever
 * confirmation arrives first records it, and only that one refunds it.
 */
async function afterFirstPayment(
  ctx: PaymentsContext,
  order: PaymentOrder,
  payment: { id: string; amount?: number; currency?: string },
  source: 'checkout' | 'webhook',
): Promise<Settlement> {
  const current = (await findOrderById(ctx.db, order.orderId)) ?? order;
  if (current.paymentId === payment.id) return current.status === 'flagged' ? 'flagged' : 'already-paid';
  const amountPaise = payment.amount ?? current.amountPaise;
  const currency = payment.currency ?? current.currency;
  const reason = `a second payment (${rupees(amountPaise, currency)}) for an order already ${current.status === 'paid' ? 'paid' : 'flagged'} with ${current.paymentId ?? 'another payment'}; refund it`;
  const duplicate = await insertDuplicatePayment(ctx.db, {
    orderId: current.orderId,
    documentId: current.documentId,
    userId: current.userId,
    paymentId: payment.id,
    amountPaise,
    currency,
    source,
    reason,
    testMode: current.testMode,
  });
  if (!duplicate) return 'duplicate';
  await recordPaymentEvent(ctx.db, {
    orderId: current.orderId,
    documentId: current.documentId,
    source,
    kind: 'payment.duplicate',
    detail: { payment_id: payment.id, first_payment_id: current.paymentId, amount: amountPaise, currency },
  });
  if (getConfig().AUTO_REFUND_DUPLICATE_PAYMENTS) {
    const target = { orderId: current.orderId, documentId: current.documentId, paymentId: payment.id, amountPaise };
    await makeRefund(ctx, target, { idempotencyKey: `auto-${payment.id}`, actor: null }).catch((error: unknown) => {
      // recorded with its outcome (failed or unknown); the payment stays flagged for an admin to refund
      console.warn(`[payments] the automatic refund of ${payment.id} did not go through: ${error instanceof Error ? error.message : String(error)}`);
    });
  }
  return 'duplicate';
}

export const checkoutSuccessSchema = z.object({
  razorpay_payment_id: z.string().min(1).max(100),
  razorpay_order_id: z.string().min(1).max(100),
  razorpay_signature: z.string().min(1).max(200),
});

/** POST /api/documents/{id}/payment: Checkout's success payload, verified, then the final render. */
export async function confirmCheckout(ctx: PaymentsContext, user: User, doc: DocumentRow, body: z.infer<typeof checkoutSuccessSchema>) {
  const order = await findOrderById(ctx.db, body.razorpay_order_id);
  if (!order || order.documentId !== doc.id) throw ApiError.badRequest('This payment is not for this task.');
  // The signature is checked against the order id from our records and the payment id Razorpay gave.
  if (!verifyCheckoutSignature(order.orderId, body.razorpay_payment_id, body.razorpay_signature, ctx.gateway.keySecret)) {
    await recordPaymentEvent(ctx.db, { orderId: order.orderId, documentId: doc.id, actorUserId: user.id, source: 'checkout', kind: 'checkout.signature_invalid', detail: { payment_id: body.razorpay_payment_id } });
    throw ApiError.badRequest('The payment could not be verified (bad signature).');
  }
  await recordPaymentEvent(ctx.db, { orderId: order.orderId, documentId: doc.id, actorUserId: user.id, source: 'checkout', kind: 'checkout.success', detail: { payment_id: body.razorpay_payment_id } });
  const outcome = await settlePayment(ctx, order, { id: body.razorpay_payment_id }, 'checkout');
  if (outcome === 'flagged' || outcome === 'orphaned') {
    throw ApiError.conflict('Your payment was received but needs a manual check before the final slips are made; we will contact you (or refund it).');
  }
  const fresh = await findDocument(ctx.db, doc.id);
  const detail = {
    paid: 'Payment verified. Making the final slips.',
    'already-paid': 'Payment already recorded.',
    duplicate: 'This task was already paid for, so this second payment will be refunded; the slips are made once.',
  }[outcome];
  return { detail, status: fresh?.status ?? doc.status };
}

const webhookSchema = z.object({
  event: z.string(),
  payload: z
    .object({
      payment: z.object({ entity: z.object({ id: z.string(), order_id: z.string().nullable().optional(), amount: z.number(), currency: z.string(), status: z.string().optional(), error_description: z.string().nullable().optional() }) }).optional(),
      order: z.object({ entity: z.object({ id: z.string(), amount: z.number().optional(), amount_paid: z.number().optional(), currency: z.string().optional() }) }).optional(),
    })
    .passthrough(),
});

/**
 * POST /api/payments/razorpay/webhook. The signature is checked over the raw bytes before anything is
 * parsed (400 if bad); an event id seen before is answered 200 and ignored; every event is recorded.
 */
export async function handleWebhook(ctx: PaymentsContext, rawBody: Uint8Array, signature: string | null, eventId: string | null): Promise<{ detail: string }> {
  if (!signature || !verifyWebhookSignature(rawBody, signature, ctx.gateway.webhookSecret)) throw ApiError.badRequest('Invalid webhook signature.');
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(rawBody).toString('utf8'));
  } catch {
    throw ApiError.badRequest('The webhook body is not JSON.');
  }
  const parsed = webhookSchema.safeParse(json);
  if (!parsed.success) throw ApiError.badRequest('The webhook body is not a Razorpay event.');
  const { event, payload } = parsed.data;
  const payment = payload.payment?.entity;
  const orderId = payment?.order_id ?? payload.order?.entity.id ?? null;
  const order = orderId ? await findOrderById(ctx.db, orderId) : null;
  const fresh = await recordPaymentEvent(ctx.db, {
    orderId,
    documentId: order?.documentId ?? null,
    source: 'webhook',
    kind: event,
    eventId: eventId ?? `${event}:${payment?.id ?? orderId ?? 'unknown'}`,
    detail: { payment_id: payment?.id, amount: payment?.amount, currency: payment?.currency, status: payment?.status, error: payment?.error_description ?? undefined },
  });
  if (!fresh) return { detail: 'Already processed.' };
  if (!order) return { detail: 'Recorded (no order of ours).' };
  if ((event === 'payment.captured' || event === 'order.paid') && payment) {
    const outcome = await settlePayment(ctx, order, { id: payment.id, amount: payment.amount, currency: payment.currency }, 'webhook');
    return { detail: `Recorded (${outcome}).` };
  }
  return { detail: 'Recorded.' };
}

/** Test mode's stand-in for Checkout: a success payload signed exactly as Razorpay would sign it. */
export async function testCheckout(ctx: PaymentsContext, user: User, orderId: string) {
  if (ctx.gateway.mode !== 'test') throw ApiError.notFound('Not found.');
  const order = await findOrderById(ctx.db, orderId);
  if (!order || order.userId !== user.id) throw ApiError.notFound('Order not found.');
  const paymentId = `pay_test_${randomBytes(7).toString('hex')}`;
  return { razorpay_payment_id: paymentId, razorpay_order_id: order.orderId, razorpay_signature: checkoutSignature(order.orderId, paymentId, ctx.gateway.keySecret) };
}

export const refundSchema = z.object({
  /** Rupees; absent = the whole remaining amount. */
  amount: z.number().positive('must be more than zero').optional(),
  idempotency_key: z.string().regex(/^[A-Za-z0-9_-]{10,64}$/, 'must be 10–64 letters, digits, - or _'),
  /** Which payment of the order: absent = the one that paid it; a second payment's id refunds that one. */
  payment_id: z.string().min(1).max(100).optional(),
});

/** A payment that can be refunded: the one that paid an order, or a second payment of it. */
interface RefundTarget {
  orderId: string;
  documentId: number | null;
  paymentId: string;
  amountPaise: number;
}

/**
 * Refunds all that is left of a payment, or `amountPaise` of it, once per idempotency key: the key is
 * stored before Razorpay is asked and sent to it as X-Refund-Idempotency, so a double click, a retry after
 * a lost answer, or two confirmations of one duplicate make one refund. `actor` null: the system's own.
 */
async function makeRefund(ctx: PaymentsContext, target: RefundTarget, input: { amountPaise?: number; idempotencyKey: string; actor: User | null }) {
  const already = await refundedPaise(ctx.db, target.paymentId);
  const remaining = target.amountPaise - already;
  const amountPaise = input.amountPaise ?? remaining;
  const source = input.actor ? 'admin' : 'system';
  const actorUserId = input.actor?.id ?? null;
  const { row, created } = await insertRefund(ctx.db, {
    orderId: target.orderId,
    documentId: target.documentId,
    paymentId: target.paymentId,
    amountPaise,
    idempotencyKey: input.idempotencyKey,
    createdBy: actorUserId,
  });
  // The same key again: answer what it did — unless Razorpay's answer was lost, when the same request is
  // sent again under the same key (Razorpay refunds once per key, so this can never refund twice).
  if (!created && row.status !== 'unknown') return row;
  if (created && (amountPaise < 100 || amountPaise > remaining)) {
    await updateRefund(ctx.db, row.id, { status: 'rejected' });
    throw ApiError.unprocessable(remaining < 100 ? 'Nothing is left to refund on this payment.' : `The refund must be between ₹1.00 and ₹${(remaining / 100).toFixed(2)}.`);
  }
  const event = { orderId: target.orderId, documentId: target.documentId, actorUserId, source } as const;
  await recordPaymentEvent(ctx.db, { ...event, kind: created ? 'refund.requested' : 'refund.resent', detail: { amount: row.amountPaise, payment_id: target.paymentId } });
  try {
    // row.amountPaise: a resend must be the very same request as the first
    const refund = await ctx.gateway.refund({ paymentId: target.paymentId, amountPaise: row.amountPaise, idempotencyKey: input.idempotencyKey, notes: { order_id: target.orderId } });
    await updateRefund(ctx.db, row.id, { refundId: refund.id, status: refund.status });
    await recordPaymentEvent(ctx.db, { ...event, kind: 'refund.created', detail: { refund_id: refund.id, amount: refund.amount, status: refund.status, payment_id: target.paymentId } });
    await creditNoteFor(ctx, row.id);
    return { ...row, refundId: refund.id, status: refund.status };
  } catch (error) {
    // Refused by Razorpay (a 4xx answer): failed. No answer, or a server error: the outcome is unknown, the
    // amount stays reserved, and a retry with the same key asks again.
    const refused = error instanceof GatewayError && error.status !== undefined && error.status < 500;
    await updateRefund(ctx.db, row.id, { status: refused ? 'failed' : 'unknown' });
    await recordPaymentEvent(ctx.db, { ...event, kind: refused ? 'refund.failed' : 'refund.unanswered', detail: { error: error instanceof Error ? error.message : String(error), payment_id: target.paymentId } });
    if (refused) throw new ApiError(502, `Razorpay refused the refund: ${(error as Error).message}`);
    throw new ApiError(504, 'Razorpay did not answer the refund request. Retry with the same refund (same key): it will not be made twice.');
  }
}

/**
 * The credit note of a refund that went through, issued once and mailed to the customer. A failure is
 * logged and leaves the refund as made (the credit note can be issued again for it: it is per refund).
 */
async function creditNoteFor(ctx: PaymentsContext, refundRowId: number): Promise<void> {
  try {
    const issued = await issueCreditNote(ctx.db, { refundId: refundRowId, at: new Date() });
    if (!issued?.created) return;
    await recordPaymentEvent(ctx.db, { orderId: issued.note.orderId, documentId: issued.note.documentId, source: 'system', kind: 'credit_note.issued', detail: { number: issued.note.number, refund: refundRowId } });
    await mailInvoice(ctx.db, issued.note.id);
  } catch (error) {
    console.error(`[payments] the credit note of refund ${refundRowId} could not be issued`, error);
  }
}

/** An admin's refund (full or partial) of an order's payment or of a second payment of it. */
export async function refundPayment(ctx: PaymentsContext, admin: User, orderId: string, input: z.infer<typeof refundSchema>) {
  const order = await findOrderById(ctx.db, orderId);
  if (!order || !order.paymentId || (order.status !== 'paid' && order.status !== 'flagged')) throw ApiError.notFound('Payment not found.');
  let target: RefundTarget = { orderId: order.orderId, documentId: order.documentId, paymentId: order.paymentId, amountPaise: order.amountPaise };
  if (input.payment_id !== undefined && input.payment_id !== order.paymentId) {
    const duplicate = await findDuplicatePayment(ctx.db, order.orderId, input.payment_id);
    if (!duplicate) throw ApiError.notFound('Payment not found.');
    target = { orderId: order.orderId, documentId: duplicate.documentId, paymentId: duplicate.paymentId, amountPaise: duplicate.amountPaise };
  }
  return makeRefund(ctx, target, {
    amountPaise: input.amount === undefined ? undefined : Math.round(input.amount * 100),
    idempotencyKey: input.idempotency_key,
    actor: admin,
  });
}
