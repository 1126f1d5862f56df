/**
 * The accounts export: every invoice and credit note issued in a period, one CSV row each, in the order
 * issued. Credit notes carry negative amounts, so a column's sum is the period's net figure.
 */
import { z } from 'zod';
import type { Db } from '@/db/client';
import { listInvoicesIssued } from '@/db/queries/invoices';
import { GST_STATES } from './gst';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const dateField = (what: string) =>
  z
    .string({ error: `${what} is required (YYYY-MM-DD).` })
    .regex(DAY, `${what} must be a date (YYYY-MM-DD).`)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00+05:30`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), `${what} is not a calendar date.`);

/** ?from=YYYY-MM-DD&to=YYYY-MM-DD: both days included, dated in India. */
export const exportPeriodSchema = z
  .object({ from: dateField('from'), to: dateField('to') })
  .refine((p) => p.from <= p.to, { message: 'from must not be after to.', path: ['to'] });

/** The period's bounds as instants: [from 00:00 IST, the day after `to` 00:00 IST). */
export function periodBounds(period: { from: string; to: string }): { start: Date; end: Date } {
  const start = new Date(`${period.from}T00:00:00+05:30`);
  const end = new Date(new Date(`${period.to}T00:00:00+05:30`).getTime() + 24 * 3600 * 1000);
  return { start, end };
}

export const CSV_COLUMNS = [
  'Type',
  'Invoice no.',
  'Date',
  'Against invoice',
  'Customer',
  'Customer e-mail',
  'GSTIN',
  'Place of supply',
  'Taxable value',
  'CGST',
  'SGST',
  'IGST',
  'Total',
  'Order ID',
  'Payment ID',
  'Status',
  'Refund',
] as const;

/** A text cell: quoted when needed, and a leading = + - @ (a spreadsheet formula) made plain text. */
export function csvText(value: string | null | undefined): string {
  let v = value ?? '';
  if (/^[=+\-@\t\r]/.test(v)) v = `'${v}`;
  return /[",\r\n']/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

/** Paise as rupees with two decimals, negative for a credit note. */
function money(paise: number, sign: 1 | -1): string {
  const v = sign * paise;
  return `${v < 0 ? '-' : ''}${Math.floor(Math.abs(v) / 100)}.${String(Math.abs(v) % 100).padStart(2, '0')}`;
}

/** The date in India, YYYY-MM-DD. */
function indianDay(at: Date): string {
  return new Date(at.getTime() + 5.5 * 3600 * 1000).toISOString().slice(0, 10);
}

export type IssuedRow = Awaited<ReturnType<typeof listInvoicesIssued>>[number];

export function invoicesCsv(rows: readonly IssuedRow[]): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const r of rows) {
    const inv = r.invoice;
    const note = inv.kind === 'credit_note';
    const sign = note ? -1 : 1;
    const type = note ? 'Credit note' : inv.taxInvoice ? 'Tax invoice' : 'Bill of supply';
    const status = note ? `refund ${r.refundStatus ?? 'unknown'}` : (r.orderStatus ?? 'paid');
    const refund = note ? (r.refundGatewayId ?? '') : r.refundedPaise > 0 ? money(r.refundedPaise, 1) : '';
    const place = inv.placeOfSupply ? `${GST_STATES[inv.placeOfSupply] ?? ''} (${inv.placeOfSupply})` : '';
    lines.push(
      [
        type + (inv.testMode ? ' (test mode)' : ''),
        csvText(inv.number),
        indianDay(inv.issuedAt),
        csvText(r.parentNumber),
        csvText(inv.customerName),
        csvText(inv.customerEmail),
        csvText(inv.customerGstin),
        csvText(place),
        money(inv.taxablePaise, sign),
        money(inv.cgstPaise, sign),
        money(inv.sgstPaise, sign),
        money(inv.igstPaise, sign),
        money(inv.totalPaise, sign),
        csvText(inv.orderId),
        csvText(inv.paymentId),
        csvText(status),
        csvText(refund),
      ].join(','),
    );
  }
  return lines.join('\r\n') + '\r\n';
}

/** GET /api/admin/payments/export: the period's CSV and a file name for it. */
export async function exportInvoices(db: Db, period: z.infer<typeof exportPeriodSchema>): Promise<{ csv: string; fileName: string }> {
  const { start, end } = periodBounds(period);
  const rows = await listInvoicesIssued(db, start, end);
  return { csv: invoicesCsv(rows), fileName: `invoices-${period.from}-to-${period.to}.csv` };
}
