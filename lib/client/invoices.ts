/**
 * The browser's side of invoices: the billing details printed on them, and downloading an invoice,
 * a credit note or the admin's CSV (bearer-authenticated, so fetched and handed to the browser as a file).
 */
import type { BillingInput } from '@/lib/invoices/billing-rules';
import { jsonBody, requestJson, type Result } from './api';
import { downloadFile } from './files';

export interface Billing {
  billing_name: string | null;
  gstin: string | null;
  state_code: string | null;
}

const OFFLINE = 'Failed to connect to the server.';

export function getBilling(): Promise<Result<Billing>> {
  return requestJson<Billing>('/api/users/me/billing', { cache: 'no-store' }, { offline: OFFLINE, fallback: 'Could not load your billing details.' });
}

export function saveBilling(details: BillingInput): Promise<Result<Billing>> {
  return requestJson<Billing>('/api/users/me/billing', jsonBody('PUT', details), { offline: OFFLINE, fallback: 'Could not save your billing details.' });
}

/** Admin: the invoices and credit notes of a period (YYYY-MM-DD, both days included) as a CSV file. */
export function downloadInvoicesCsv(from: string, to: string): Promise<Result<string>> {
  return downloadFile(`/api/admin/payments/export?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`, `invoices-${from}-to-${to}.csv`);
}
