import { and, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { unionAll } from 'drizzle-orm/pg-core';
import { documents, duplicatePayments, paymentEvents, paymentOrders, refunds, users, type DuplicatePayment, type PaymentOrder } from '@/db/schema';

export async function findLatestOrderForDocument(db: Db, documentId: number): Promise<PaymentOrder | null> {
  const [row] = await db.select().from(paymentOrders).where(eq(paymentOrders.documentId, documentId)).orderBy(desc(paymentOrders.id)).limit(1);
  return row ?? null;
}

/** A still-usable order of the document for exactly this amount. */
export async function findReusableOrder(db: Db, documentId: number, amountPaise: number, now: Date): Promise<PaymentOrder | null> {
  const [row] = await db
    .select()
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.documentId, documentId),
        eq(paymentOrders.amountPaise, amountPaise),
        eq(paymentOrders.status, 'created'),
        gt(paymentOrders.expiresAt, now),
      ),
    )
    .orderBy(desc(paymentOrders.id))
    .limit(1);
  return row ?? null;
}

export async function findOrderById(db: Db, orderId: string): Promise<PaymentOrder | null> {
  const [row] = await db.select().from(paymentOrders).where(eq(paymentOrders.orderId, orderId));
  return row ?? null;
}

export async function insertOrder(db: Db, values: typeof paymentOrders.$inferInsert): Promise<PaymentOrder> {
  const [row] = await db.insert(paymentOrders).values(values).returning();
  return row;
}

/** The one compare-and-set to "paid": answers the order only to the caller that made the change. */
export async function markOrderPaid(db: Db, orderId: string, paymentId: string): Promise<PaymentOrder | null> {
  const [row] = await db
    .update(paymentOrders)
    .set({ status: 'paid', paymentId, paidAt: new Date(), updatedAt: new Date() })
    .where(and(eq(paymentOrders.orderId, orderId), eq(paymentOrders.status, 'created')))
    .returning();
  return row ?? null;
}

export async function flagOrder(db: Db, orderId: string, paymentId: string, reason: string): Promise<PaymentOrder | null> {
  const [row] = await db
    .update(paymentOrders)
    .set({ status: 'flagged', paymentId, reviewReason: reason, updatedAt: new Date() })
    .where(and(eq(paymentOrders.orderId, orderId), eq(paymentOrders.status, 'created')))
    .returning();
  return row ?? null;
}

export type NewPaymentEvent = typeof paymentEvents.$inferInsert;

/** Records an event; with an event id already recorded (a webhook repeat), nothing is added and false is answered. */
export async function recordPaymentEvent(db: Db, event: NewPaymentEvent): Promise<boolean> {
  const rows = await db.insert(paymentEvents).values(event).onConflictDoNothing().returning({ id: paymentEvents.id });
  return rows.length > 0;
}

export async function listPaymentEvents(db: Db, orderId: string) {
  return db.select().from(paymentEvents).where(eq(paymentEvents.orderId, orderId)).orderBy(paymentEvents.id);
}

export async function insertRefund(db: Db, values: typeof refunds.$inferInsert): Promise<{ row: typeof refunds.$inferSelect; created: boolean }> {
  const inserted = await db.insert(refunds).values(values).onConflictDoNothing().returning();
  if (inserted.length > 0) return { row: inserted[0], created: true };
  const [existing] = await db.select().from(refunds).where(eq(refunds.idempotencyKey, values.idempotencyKey));
  return { row: existing, created: false };
}

export async function updateRefund(db: Db, id: number, patch: Partial<typeof refunds.$inferInsert>): Promise<void> {
  await db.update(refunds).set({ ...patch, updatedAt: new Date() }).where(eq(refunds.id, id));
}

/** The refund states that count against what is left of a payment (made, under way, or of unknown outcome). */
const LIVE_REFUND = ['pending', 'processed', 'created', 'unknown'] as const;

/** Paise refunded (or being refunded) so far of one payment. */
export async function refundedPaise(db: Db, paymentId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${refunds.amountPaise}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.paymentId, paymentId), inArray(refunds.status, [...LIVE_REFUND])));
  return row.n;
}

/** Records a payment beyond the one that paid its order; null when that payment id is recorded already. */
export async function insertDuplicatePayment(db: Db, values: typeof duplicatePayments.$inferInsert): Promise<DuplicatePayment | null> {
  const [row] = await db.insert(duplicatePayments).values(values).onConflictDoNothing({ target: duplicatePayments.paymentId }).returning();
  return row ?? null;
}

export async function findDuplicatePayment(db: Db, orderId: string, paymentId: string): Promise<DuplicatePayment | null> {
  const [row] = await db
    .select()
    .from(duplicatePayments)
    .where(and(eq(duplicatePayments.orderId, orderId), eq(duplicatePayments.paymentId, paymentId)));
  return row ?? null;
}

/** Refund totals per document (for the user's history). */
export async function refundsForDocuments(db: Db, documentIds: number[]) {
  if (documentIds.length === 0) return [];
  return db
    .select({ documentId: refunds.documentId, amountPaise: refunds.amountPaise, status: refunds.status, createdAt: refunds.createdAt })
    .from(refunds)
    .where(inArray(refunds.documentId, documentIds))
    .orderBy(refunds.id);
}

function refundedOf(paymentId: unknown) {
  return sql<number>`coalesce((select sum(r.amount_paise) from refunds r where r.payment_id = ${paymentId} and r.status in ('pending','processed','created','unknown')), 0)::int`;
}

/**
 * The admin Payments list: every payment that was taken, newest first — the paid or flagged orders, and
 * the payments beyond the first of an order (flagged for refund) — each with its user, document and
 * what was refunded of it.
 */
export async function listPaymentsForAdmin(db: Db, limit: number, offset: number) {
  const orders = db
    .select({
      duplicate: sql<boolean>`false`.as('is_duplicate'),
      orderId: paymentOrders.orderId,
      paymentId: sql<string>`${paymentOrders.paymentId}`.as('taken_payment_id'),
      paidAt: sql<Date>`coalesce(${paymentOrders.paidAt}, ${paymentOrders.updatedAt})`.mapWith(paymentOrders.paidAt).as('taken_at'),
      userId: paymentOrders.userId,
      documentId: paymentOrders.documentId,
      amountPaise: paymentOrders.amountPaise,
      currency: paymentOrders.currency,
      status: sql<'paid' | 'flagged'>`${paymentOrders.status}`.as('taken_status'),
      reviewReason: paymentOrders.reviewReason,
      testMode: paymentOrders.testMode,
      rowId: paymentOrders.id,
    })
    .from(paymentOrders)
    .where(inArray(paymentOrders.status, ['paid', 'flagged']));
  const duplicates = db
    .select({
      duplicate: sql<boolean>`true`.as('is_duplicate'),
      orderId: duplicatePayments.orderId,
      paymentId: sql<string>`${duplicatePayments.paymentId}`.as('taken_payment_id'),
      paidAt: sql<Date>`${duplicatePayments.createdAt}`.mapWith(duplicatePayments.createdAt).as('taken_at'),
      userId: duplicatePayments.userId,
      documentId: duplicatePayments.documentId,
      amountPaise: duplicatePayments.amountPaise,
      currency: duplicatePayments.currency,
      status: sql<'paid' | 'flagged'>`'flagged'`.as('taken_status'),
      reviewReason: duplicatePayments.reason,
      testMode: duplicatePayments.testMode,
      rowId: duplicatePayments.id,
    })
    .from(duplicatePayments);
  const taken = unionAll(orders, duplicates).as('taken');
  const rows = await db
    .select({
      duplicate: taken.duplicate,
      orderId: taken.orderId,
      paymentId: taken.paymentId,
      paidAt: taken.paidAt,
      userId: taken.userId,
      documentId: taken.documentId,
      amountPaise: taken.amountPaise,
      currency: taken.currency,
      status: taken.status,
      reviewReason: taken.reviewReason,
      testMode: taken.testMode,
      userEmail: users.email,
      userName: users.name,
      totalPages: documents.totalPages,
      documentStatus: documents.status,
      refunded: refundedOf(taken.paymentId),
    })
    .from(taken)
    .leftJoin(users, eq(users.id, taken.userId))
    .leftJoin(documents, eq(documents.id, taken.documentId))
    .orderBy(desc(taken.paidAt), desc(taken.rowId))
    .limit(limit)
    .offset(offset);
  const [{ n }] = await db
    .select({ n: sql<number>`(${db.select({ c: count() }).from(paymentOrders).where(inArray(paymentOrders.status, ['paid', 'flagged']))}) + (${db.select({ c: count() }).from(duplicatePayments)})` })
    .from(sql`(select 1) as one`);
  return { rows, total: Number(n) };
}

/** Puts a paid order up for review (the money arrived but no final PDF may be made for it). */
export async function setOrderForReview(db: Db, orderId: string, reason: string): Promise<void> {
  await db.update(paymentOrders).set({ status: 'flagged', reviewReason: reason, updatedAt: new Date() }).where(eq(paymentOrders.orderId, orderId));
}
