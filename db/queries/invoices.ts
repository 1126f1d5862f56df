import { and, asc, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { invoiceCounters, invoices, paymentOrders, refunds, users, type InvoiceKind, type InvoiceRow } from '@/db/schema';

/**
 * The next serial of a series in a financial year. Call it inside the transaction that inserts the
 * document: the counter row stays locked until that transaction ends (a concurrent payment waits), and
 * a rolled-back insert takes its serial back with it, so numbers are never repeated and never skipped.
 */
export async function takeSerial(db: Db, kind: InvoiceKind, financialYear: string, testMode: boolean): Promise<number> {
  const [row] = await db
    .insert(invoiceCounters)
    .values({ kind, financialYear, testMode, lastSerial: 1 })
    .onConflictDoUpdate({ target: [invoiceCounters.kind, invoiceCounters.financialYear, invoiceCounters.testMode], set: { lastSerial: sql`${invoiceCounters.lastSerial} + 1` } })
    .returning({ serial: invoiceCounters.lastSerial });
  return row.serial;
}

export async function insertInvoice(db: Db, values: typeof invoices.$inferInsert): Promise<InvoiceRow> {
  const [row] = await db.insert(invoices).values(values).returning();
  return row;
}

export async function findInvoice(db: Db, id: number): Promise<InvoiceRow | null> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
  return row ?? null;
}

export async function findInvoiceForOrder(db: Db, orderId: string): Promise<InvoiceRow | null> {
  const [row] = await db.select().from(invoices).where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'invoice')));
  return row ?? null;
}

export async function findCreditNoteForRefund(db: Db, refundId: number): Promise<InvoiceRow | null> {
  const [row] = await db.select().from(invoices).where(eq(invoices.refundId, refundId));
  return row ?? null;
}

/** The credit notes issued against an invoice, oldest first. */
export async function creditNotesOf(db: Db, invoiceId: number): Promise<InvoiceRow[]> {
  return db.select().from(invoices).where(and(eq(invoices.invoiceId, invoiceId), eq(invoices.kind, 'credit_note'))).orderBy(asc(invoices.id));
}

/** The invoices (not credit notes) of some documents, for the history and the task screen. */
export async function invoicesForDocuments(db: Db, documentIds: number[]): Promise<InvoiceRow[]> {
  if (documentIds.length === 0) return [];
  return db
    .select()
    .from(invoices)
    .where(and(inArray(invoices.documentId, documentIds), eq(invoices.kind, 'invoice')))
    .orderBy(asc(invoices.id));
}

/** Invoice numbers and ids of some orders, for the admin Payments list. */
export async function invoicesForOrders(db: Db, orderIds: string[]): Promise<{ id: number; orderId: string; number: string }[]> {
  if (orderIds.length === 0) return [];
  return db
    .select({ id: invoices.id, orderId: invoices.orderId, number: invoices.number })
    .from(invoices)
    .where(and(inArray(invoices.orderId, orderIds), eq(invoices.kind, 'invoice')));
}

/**
 * Every invoice and credit note issued in [from, to), in number order within each series, with the
 * order's status and the refund a credit note records (for the accounts export).
 */
export async function listInvoicesIssued(db: Db, from: Date, to: Date) {
  return db
    .select({
      invoice: invoices,
      orderStatus: paymentOrders.status,
      refundStatus: refunds.status,
      refundGatewayId: refunds.refundId,
      userEmail: users.email,
      parentNumber: sql<string | null>`(select p.number from invoices p where p.id = ${invoices.invoiceId})`,
      refundedPaise: sql<number>`coalesce((select sum(c.total_paise) from invoices c where c.invoice_id = ${invoices.id} and c.kind = 'credit_note'), 0)::int`,
    })
    .from(invoices)
    .leftJoin(paymentOrders, eq(paymentOrders.orderId, invoices.orderId))
    .leftJoin(refunds, eq(refunds.id, invoices.refundId))
    .leftJoin(users, eq(users.id, invoices.userId))
    .where(and(gte(invoices.issuedAt, from), lt(invoices.issuedAt, to)))
    .orderBy(asc(invoices.issuedAt), asc(invoices.id));
}

/** Holds the refund's row until the transaction ends: one credit note per refund, whoever asks first. */
export async function lockRefund(db: Db, refundId: number) {
  const [row] = await db.select().from(refunds).where(eq(refunds.id, refundId)).for('update');
  return row ?? null;
}

/** Credit notes of some documents (the owner downloads them beside the invoice). */
export async function creditNotesForDocuments(db: Db, documentIds: number[]): Promise<InvoiceRow[]> {
  if (documentIds.length === 0) return [];
  return db
    .select()
    .from(invoices)
    .where(and(inArray(invoices.documentId, documentIds), eq(invoices.kind, 'credit_note')))
    .orderBy(asc(invoices.id));
}

/**
 * Takes an invoice's mail for one try: counts the try and stamps it, only while the mail is unsent, has
 * tries left and no other try began within `holdMs` (a sender that died mid-try leaves it held that long).
 * Null when the mail is sent, given up or held by another try.
 */
export async function claimInvoiceMail(db: Db, id: number, opts: { now: Date; holdMs: number; maxTries: number }): Promise<InvoiceRow | null> {
  const heldSince = new Date(opts.now.getTime() - opts.holdMs);
  const [row] = await db
    .update(invoices)
    .set({ mailTries: sql`${invoices.mailTries} + 1`, mailTriedAt: opts.now })
    .where(and(eq(invoices.id, id), isNull(invoices.mailedAt), lt(invoices.mailTries, opts.maxTries), or(isNull(invoices.mailTriedAt), lt(invoices.mailTriedAt, heldSince))))
    .returning();
  return row ?? null;
}

export async function markInvoiceMailed(db: Db, id: number, at: Date): Promise<void> {
  await db.update(invoices).set({ mailedAt: at }).where(eq(invoices.id, id));
}

/**
 * Invoices and credit notes whose mail is still unsent, has tries left and is not held by a try: those
 * issued more than `graceMs` ago (the paying request mails its own right after issuing it), oldest first.
 */
export async function invoicesAwaitingMail(db: Db, opts: { now: Date; graceMs: number; holdMs: number; maxTries: number; limit: number }): Promise<number[]> {
  const issuedBefore = new Date(opts.now.getTime() - opts.graceMs);
  const heldSince = new Date(opts.now.getTime() - opts.holdMs);
  const rows = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      and(
        isNull(invoices.mailedAt),
        lt(invoices.mailTries, opts.maxTries),
        lt(invoices.issuedAt, issuedBefore),
        or(isNull(invoices.mailTriedAt), lt(invoices.mailTriedAt, heldSince)),
      ),
    )
    .orderBy(asc(invoices.id))
    .limit(opts.limit);
  return rows.map((r) => r.id);
}
