/**
 * The browser's side of invoices: the billing details printed on them, and downloading an invoice,
 * a credit note or the admin's CSV (bearer-authenticated, so fetched and handed to the browser as a file).
 */
import type { BillingInput } from '@/lib/invoices/billing-rules';
import { failed, jsonBody, request, requestJson, type Result } from './api';

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

/** The file name a Content-Disposition header gives, else `fallback`. */
export function dispositionName(header: string | null, fallback: string): string {
  const star = header?.match(/filename\*=UTF-8''([^;]+)/i);
  if (star) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      // fall through to the plain name
    }
  }
  return header?.match(/filename="([^"]+)"/i)?.[1] ?? fallback;
}

/** Fetches `path` with the session's token and saves the answer as a file; the failure's text otherwise. */
export async function downloadFile(path: string, fallbackName: string): Promise<Result<string>> {
  const sent = await request(path, { cache: 'no-store' }, { offline: OFFLINE, fallback: 'The file could not be downloaded.' });
  if (!sent.ok) return failed(sent.error);
  const blob = await sent.value.blob();
  const name = dispositionName(sent.value.headers.get('content-disposition'), fallbackName);
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return { ok: true, value: name };
}

/** Admin: the invoices and credit notes of a period (YYYY-MM-DD, both days included) as a CSV file. */
export function downloadInvoicesCsv(from: string, to: string): Promise<Result<string>> {
  return downloadFile(`/api/admin/payments/export?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`, `invoices-${from}-to-${to}.csv`);
}
