import type { Db } from '@/db/client';
import { claimInvoiceMail, findInvoice, invoicesAwaitingMail, markInvoiceMailed } from '@/db/queries/invoices';
import { sendMail, type MailMessage } from '@/lib/mail';
import { signInvoiceKey } from './download-key';
import { creditNoteMail, keyedInvoiceLink, receiptMail } from './mails';

/**
 * Mailing an invoice's receipt (or a credit note) at least once. The request that issues the document
 * mails it right after its transaction commits; a process that dies in between, or a mail service that
 * refuses, leaves the mail unsent in the database, and the mail sweep (jobs.ts) sends it later. A try
 * holds the mail for HOLD_MS, so two processes never send one mail at the same time; after MAX_TRIES
 * the sweep gives up and the failure stays in the log (the receipt is still on the task's page).
 */
export const MAIL_HOLD_MS = 10 * 60 * 1000;
/** The sweep leaves a just-issued document to the request that issued it for this long. */
export const MAIL_GRACE_MS = 2 * 60 * 1000;
export const MAIL_MAX_TRIES = 6;

export type MailOutcome = 'sent' | 'no-address' | 'not-due' | 'failed';

interface MailOptions {
  now?: Date;
  send?: (message: MailMessage) => Promise<void>;
}

/** One try at an invoice's or credit note's mail (nothing when it is sent, given up or held by another try). Never throws. */
export async function mailInvoice(db: Db, id: number, opts: MailOptions = {}): Promise<MailOutcome> {
  const now = opts.now ?? new Date();
  const send = opts.send ?? sendMail;
  try {
    const row = await claimInvoiceMail(db, id, { now, holdMs: MAIL_HOLD_MS, maxTries: MAIL_MAX_TRIES });
    if (!row) return 'not-due';
    if (!row.customerEmail) {
      await markInvoiceMailed(db, row.id, now);
      return 'no-address';
    }
    const link = keyedInvoiceLink(row.id, await signInvoiceKey(row.id, now));
    let message: MailMessage;
    if (row.kind === 'credit_note') {
      const invoice = row.invoiceId === null ? null : await findInvoice(db, row.invoiceId);
      if (!invoice) throw new Error(`credit note ${row.number} names no invoice`);
      message = creditNoteMail(row, invoice, link);
    } else {
      message = receiptMail(row, link);
    }
    await send(message);
    await markInvoiceMailed(db, row.id, new Date());
    return 'sent';
  } catch (error) {
    console.error(`[invoices] the mail of invoice ${id} could not be sent; the mail sweep tries again`, error);
    return 'failed';
  }
}

/** The sweep: every unsent mail that is due, oldest first. */
export async function mailAwaitingInvoices(db: Db, opts: MailOptions = {}): Promise<{ sent: number; failed: number }> {
  const now = opts.now ?? new Date();
  const counts = { sent: 0, failed: 0 };
  for (;;) {
    const ids = await invoicesAwaitingMail(db, { now, graceMs: MAIL_GRACE_MS, holdMs: MAIL_HOLD_MS, maxTries: MAIL_MAX_TRIES, limit: 50 });
    if (ids.length === 0) return counts;
    for (const id of ids) {
      const outcome = await mailInvoice(db, id, { ...opts, now });
      if (outcome === 'sent' || outcome === 'no-address') counts.sent++;
      else if (outcome === 'failed') counts.failed++;
    }
  }
}
