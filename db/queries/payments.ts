import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { documents, paymentEvents, paymentOrders, refunds, users, type PaymentOrder } from '@/db/schema';

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

/** Paise refunded (or being refunded) so far on an order. */
export async function refundedPaise(db: Db, orderId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${refunds.amountPaise}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), inArray(refunds.status, ['pending', 'processed', 'created', 'unknown'])));
  return row.n;
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

/** The admin Payments list: every order that was paid or flagged, newest first, with its user and document. */
export async function listPaymentsForAdmin(db: Db, limit: number, offset: number) {
  const rows = await db
    .select({
      order: paymentOrders,
      userEmail: users.email,
      userName: users.name,
      totalPages: documents.totalPages,
      documentStatus: documents.status,
      refunded: sql<number>`coalesce((select sum(r.amount_paise) from refunds r where r.order_id = ${paymentOrders.orderId} and r.status in ('pending','processed','created','unknown')), 0)::int`,
    })
    .from(paymentOrders)
    .leftJoin(users, eq(users.id, paymentOrders.userId))
    .leftJoin(documents, eq(documents.id, paymentOrders.documentId))
    .where(inArray(paymentOrders.status, ['paid', 'flagged']))
    .orderBy(desc(paymentOrders.paidAt), desc(paymentOrders.id))
    .limit(limit)
    .offset(offset);
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(paymentOrders)
    .where(inArray(paymentOrders.status, ['paid', 'flagged']));
  return { rows, total: n };
}

/** Puts a paid order up for review (the money arrived but no final PDF may be made for it). */
export async function setOrderForReview(db: Db, orderId: string, reason: string): Promise<void> {
  await db.update(paymentOrders).set({ status: 'flagged', reviewReason: reason, updatedAt: new Date() }).where(eq(paymentOrders.orderId, orderId));
}
