import type { Db } from '@/db/client';
import {
  creditNotesOf,
  findCreditNoteForRefund,
  findInvoiceForOrder,
  insertInvoice,
  lockRefund,
  takeSerial,
} from '@/db/queries/invoices';
import type { InvoiceKind, InvoiceRow, PaymentOrder, User } from '@/db/schema';
import { getConfig, type Config } from '@/lib/config';
import { invoiceSupplierFrom } from '@/lib/site';
import { documentNumber, financialYear, splitInclusive, type TaxSplit } from './gst';

/**
 * Issuing invoices and credit notes. An invoice is issued inside the transaction that marks its order
 * paid (so exactly once, by whichever confirmation wins); a credit note once per refund that went
 * through. Every fact a document states is stored with it when issued.
 */

export interface InvoiceTerms {
  prefix: Record<InvoiceKind, string>;
  /** Basis points; null without a GSTIN (a bill of supply). */
  rateBp: number | null;
  supplier: ReturnType<typeof invoiceSupplierFrom>;
}

export function invoiceTerms(config: Config = getConfig()): InvoiceTerms {
  return {
    prefix: { invoice: config.INVOICE_PREFIX, credit_note: config.CREDIT_NOTE_PREFIX },
    rateBp: config.SITE_GSTIN ? Math.round(config.GST_RATE * 100) : null,
    supplier: invoiceSupplierFrom(config),
  };
}

/** The customer as billed: the billing name (else the account's name), their GSTIN and state when given. */
export function customerOf(user: Pick<User, 'name' | 'email' | 'billingName' | 'billingGstin' | 'billingStateCode'>) {
  const stateCode = user.billingGstin ? user.billingGstin.slice(0, 2) : user.billingStateCode;
  return {
    customerName: (user.billingName?.trim() || user.name.trim() || user.email).slice(0, 200),
    customerEmail: user.email,
    customerGstin: user.billingGstin ?? null,
    customerStateCode: stateCode ?? null,
  };
}

/** Test-mode documents are numbered in their own series, marked so nobody takes them for real ones. */
export const TEST_NUMBER_PREFIX = 'TEST-';

async function numbered(db: Db, kind: InvoiceKind, terms: InvoiceTerms, at: Date, testMode: boolean) {
  const year = financialYear(at);
  const serial = await takeSerial(db, kind, year, testMode);
  const number = documentNumber(terms.prefix[kind], year, serial);
  return { kind, financialYear: year, serial, number: testMode ? `${TEST_NUMBER_PREFIX}${number}` : number, issuedAt: at };
}

/**
 * Issues the invoice of an order just marked paid. Call it in that transaction: the serial is taken
 * there, so a payment that rolls back gives its number back. The place of supply is the customer's
 * state when they gave one, else the operator's (a sale to an unregistered person without an address
 * on record); CGST + SGST when it is the operator's state, else IGST.
 */
export async function issueInvoice(
  db: Db,
  input: { order: PaymentOrder; paymentId: string; user: Pick<User, 'id' | 'name' | 'email' | 'billingName' | 'billingGstin' | 'billingStateCode'> | null; pages: number | null; at: Date },
  terms: InvoiceTerms = invoiceTerms(),
): Promise<InvoiceRow> {
  const customer = input.user
    ? customerOf(input.user)
    : { customerName: 'Customer', customerEmail: '', customerGstin: null, customerStateCode: null };
  const placeOfSupply = customer.customerStateCode ?? terms.supplier.stateCode;
  const split = splitInclusive(input.order.amountPaise, terms.rateBp, placeOfSupply === terms.supplier.stateCode);
  return insertInvoice(db, {
    ...(await numbered(db, 'invoice', terms, input.at, input.order.testMode)),
    taxInvoice: terms.rateBp !== null,
    documentId: input.order.documentId,
    userId: input.user?.id ?? input.order.userId,
    orderId: input.order.orderId,
    paymentId: input.paymentId,
    pages: input.pages,
    supplier: terms.supplier,
    ...customer,
    placeOfSupply,
    ...amounts(split),
    testMode: input.order.testMode,
  });
}

function amounts(split: TaxSplit) {
  return {
    rateBp: split.rateBp,
    totalPaise: split.totalPaise,
    taxablePaise: split.taxablePaise,
    cgstPaise: split.cgstPaise,
    sgstPaise: split.sgstPaise,
    igstPaise: split.igstPaise,
  };
}

/**
 * The tax parts of a refund against an invoice: a refund of everything still left takes exactly what is
 * left of each part (so an invoice refunded in several parts is cancelled to the paisa); a partial one
 * is split like the invoice.
 */
export function creditSplit(invoice: InvoiceRow, earlier: readonly InvoiceRow[], refundPaise: number): TaxSplit {
  const left = (key: 'totalPaise' | 'taxablePaise' | 'cgstPaise' | 'sgstPaise' | 'igstPaise') => invoice[key] - earlier.reduce((sum, c) => sum + c[key], 0);
  const kind = !invoice.taxInvoice ? 'none' : invoice.igstPaise > 0 || (invoice.cgstPaise === 0 && invoice.placeOfSupply !== invoice.supplier.stateCode) ? 'inter' : 'intra';
  if (refundPaise === left('totalPaise')) {
    return { totalPaise: refundPaise, taxablePaise: left('taxablePaise'), cgstPaise: left('cgstPaise'), sgstPaise: left('sgstPaise'), igstPaise: left('igstPaise'), rateBp: invoice.rateBp, kind };
  }
  return splitInclusive(refundPaise, invoice.taxInvoice ? invoice.rateBp : null, kind !== 'inter');
}

/**
 * Issues the credit note of a refund that went through, once: the refund's row is locked for the
 * transaction and a credit note already issued for it is answered instead. Null when the payment has
 * no invoice (a second payment of an order, or one taken before invoices were issued).
 */
export async function issueCreditNote(db: Db, input: { refundId: number; at: Date }, terms: InvoiceTerms = invoiceTerms()): Promise<{ note: InvoiceRow; invoice: InvoiceRow; created: boolean } | null> {
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const refund = await lockRefund(txDb, input.refundId);
    if (!refund) return null;
    const invoice = await findInvoiceForOrder(txDb, refund.orderId);
    if (!invoice || invoice.paymentId !== refund.paymentId) return null;
    const existing = await findCreditNoteForRefund(txDb, refund.id);
    if (existing) return { note: existing, invoice, created: false };
    const earlier = await creditNotesOf(txDb, invoice.id);
    const split = creditSplit(invoice, earlier, refund.amountPaise);
    const note = await insertInvoice(txDb, {
      ...(await numbered(txDb, 'credit_note', terms, input.at, invoice.testMode)),
      taxInvoice: invoice.taxInvoice,
      documentId: invoice.documentId,
      userId: invoice.userId,
      orderId: invoice.orderId,
      paymentId: invoice.paymentId,
      invoiceId: invoice.id,
      refundId: refund.id,
      pages: invoice.pages,
      // the credit note states the parties as the invoice did
      supplier: invoice.supplier,
      customerName: invoice.customerName,
      customerEmail: invoice.customerEmail,
      customerGstin: invoice.customerGstin,
      customerStateCode: invoice.customerStateCode,
      placeOfSupply: invoice.placeOfSupply,
      ...amounts(split),
      testMode: invoice.testMode,
    });
    return { note, invoice, created: true };
  });
}
