import type { InvoiceRow } from '@/db/schema';
import type { MailMessage } from '@/lib/mail';
import { getSiteFacts, siteUrl } from '@/lib/site';
import { formatIndianDate, formatPaise } from './gst';

/**
 * The receipt and credit-note mails: the facts of the payment, a link that downloads the document
 * itself (its key opens that one PDF without signing in), and the task's page.
 */

/** The task's page, where its receipt and invoice are (after signing in). */
export function taskLink(documentId: number | null): string {
  return documentId === null ? `${siteUrl()}/history` : `${siteUrl()}/voter-slip-generator?task=${documentId}`;
}

/** The mailed link to an invoice or credit note's PDF, with the key that opens it. */
export function keyedInvoiceLink(id: number, key: string): string {
  return `${siteUrl()}/api/invoices/${id}?key=${encodeURIComponent(key)}`;
}

function title(row: InvoiceRow): string {
  if (row.kind === 'credit_note') return 'Credit note';
  return row.taxInvoice ? 'Tax invoice' : 'Bill of supply';
}

/** `pdfLink`: the keyed link to the invoice's PDF (keyedInvoiceLink). */
export function receiptMail(invoice: InvoiceRow, pdfLink: string): MailMessage {
  const site = getSiteFacts();
  const task = invoice.documentId === null ? 'your task' : `task ${invoice.documentId}`;
  const pages = invoice.pages === null ? '' : `Pages:          ${invoice.pages}\n`;
  return {
    to: invoice.customerEmail,
    subject: `Payment receipt: ₹${formatPaise(invoice.totalPaise)} for ${task} (${invoice.number})`,
    text:
      `Thank you. We received your payment for the voter slips of ${task}; the final PDF is being made.\n\n` +
      `Task:           ${invoice.documentId ?? '-'}\n` +
      pages +
      `Amount paid:    ₹${formatPaise(invoice.totalPaise)}${invoice.taxInvoice ? ' (GST included)' : ''}\n` +
      `Payment ID:     ${invoice.paymentId}\n` +
      `Order ID:       ${invoice.orderId}\n` +
      `Date:           ${formatIndianDate(invoice.issuedAt)}\n` +
      `${title(invoice)}: ${invoice.number}\n\n` +
      `Download the ${title(invoice).toLowerCase()} (PDF):\n${pdfLink}\n` +
      `(the link opens this document only; anyone you forward this mail to can download it)\n\n` +
      `The task, its slips and this receipt, after signing in:\n${taskLink(invoice.documentId)}\n\n` +
      `Keep the payment ID: quote it in any question about this payment or a refund (${site.supportEmail}).\n` +
      (invoice.testMode ? '\nTest mode: no money was charged.\n' : ''),
  };
}

export function creditNoteMail(note: InvoiceRow, invoice: InvoiceRow, pdfLink: string): MailMessage {
  const site = getSiteFacts();
  return {
    to: note.customerEmail,
    subject: `Refund of ₹${formatPaise(note.totalPaise)}: credit note ${note.number}`,
    text:
      `We have refunded ₹${formatPaise(note.totalPaise)} of your payment ${note.paymentId} ` +
      `(order ${note.orderId}, invoice ${invoice.number}). It reaches your account in 5–7 working days, by the way you paid.\n\n` +
      `Credit note:    ${note.number}\n` +
      `Date:           ${formatIndianDate(note.issuedAt)}\n` +
      `Against:        ${invoice.number} of ${formatIndianDate(invoice.issuedAt)}\n\n` +
      `Download the credit note (PDF):\n${pdfLink}\n\n` +
      `The task and its receipt, after signing in:\n${taskLink(note.documentId)}\n\n` +
      `Questions: ${site.supportEmail}.\n` +
      (note.testMode ? '\nTest mode: no money was charged or refunded.\n' : ''),
  };
}
