import type { Db } from '@/db/client';
import { creditNotesForDocuments, findInvoice, invoicesForDocuments } from '@/db/queries/invoices';
import type { InvoiceRow, User } from '@/db/schema';
import { ApiError } from '@/lib/api/errors';
import { documentFileName, documentTitle, renderInvoicePdf } from './pdf';

/** The proof of payment a task's owner sees: the payment's facts, the invoice, and any credit notes. */
export interface ReceiptJson {
  invoice_id: number;
  invoice_number: string;
  /** "Tax Invoice" or "Bill of Supply". */
  invoice_title: string;
  order_id: string;
  payment_id: string;
  paid_at: string;
  amount: number;
  pages: number | null;
  invoice_url: string;
  test_mode: boolean;
  credit_notes: { id: number; number: string; amount: number; issued_at: string; url: string }[];
}

export function invoiceUrl(id: number): string {
  return `/api/invoices/${id}`;
}

export function receiptJson(invoice: InvoiceRow, notes: readonly InvoiceRow[] = []): ReceiptJson {
  return {
    invoice_id: invoice.id,
    invoice_number: invoice.number,
    invoice_title: documentTitle(invoice),
    order_id: invoice.orderId,
    payment_id: invoice.paymentId,
    paid_at: invoice.issuedAt.toISOString(),
    amount: invoice.totalPaise / 100,
    pages: invoice.pages,
    invoice_url: invoiceUrl(invoice.id),
    test_mode: invoice.testMode,
    credit_notes: notes
      .filter((n) => n.invoiceId === invoice.id)
      .map((n) => ({ id: n.id, number: n.number, amount: n.totalPaise / 100, issued_at: n.issuedAt.toISOString(), url: invoiceUrl(n.id) })),
  };
}

/** The receipts of some documents, by document id. */
export async function receiptsFor(db: Db, documentIds: number[]): Promise<Map<number, ReceiptJson>> {
  const [issued, notes] = await Promise.all([invoicesForDocuments(db, documentIds), creditNotesForDocuments(db, documentIds)]);
  const out = new Map<number, ReceiptJson>();
  for (const invoice of issued) if (invoice.documentId !== null) out.set(invoice.documentId, receiptJson(invoice, notes));
  return out;
}

/**
 * GET /api/invoices/{id}: the PDF of an invoice or credit note, for the customer it was issued to or an
 * admin (404 for anyone else), or for whoever holds the mailed link's key to it (`'key'`).
 */
export async function invoicePdfFor(db: Db, caller: Pick<User, 'id' | 'isAdmin'> | 'key', id: number): Promise<{ bytes: Uint8Array; fileName: string }> {
  const row = await findInvoice(db, id);
  if (!row || (caller !== 'key' && !caller.isAdmin && row.userId !== caller.id)) throw ApiError.notFound('Invoice not found.');
  const parent = row.invoiceId === null ? null : await findInvoice(db, row.invoiceId);
  return { bytes: await renderInvoicePdf(row, { invoice: parent }), fileName: documentFileName(row) };
}
