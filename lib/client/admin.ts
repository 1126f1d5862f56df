/**
 * The browser's side of the admin API: answer types and one function per call, each answering a Result
 * whose failure is the text to show the admin (the same style as ./documents).
 */
import { errorMessage, failed, jsonBody, readDetail, readJson, request, requestJson, type CallTexts, type Result } from './api';
import type { CurrentUser, LicenseStatus } from './types';

export type AdminUser = CurrentUser;

/** One page of a server-paged admin list. */
export interface Page<T> {
  items: T[];
  /** All items matching the search (X-Total-Count), not just this page. */
  total: number;
}

export interface ListUsersQuery {
  q?: string;
  limit: number;
  offset: number;
}

export const FETCH_USERS_FAILED = 'Failed to fetch users.';
export const FETCH_USERS_ERROR = 'An error occurred while fetching users.';
export const DELETE_USER_FAILED = 'Failed to delete user.';
export const DELETE_USER_ERROR = 'An error occurred while deleting the user.';
export const DELETE_USER_CONFIRM = 'Are you sure you want to delete this user?';

function matches(user: AdminUser, q: string): boolean {
  const needle = q.toLowerCase();
  return user.name.toLowerCase().includes(needle) || user.email.toLowerCase().includes(needle);
}

/**
 * GET /api/users?q=&limit=&offset= → one page and the total. If the server answers without
 * X-Total-Count (a plain list), the search and paging are done here instead.
 */
export async function listUsers(query: ListUsersQuery): Promise<Result<Page<AdminUser>>> {
  const params = new URLSearchParams();
  const q = query.q?.trim() ?? '';
  if (q) params.set('q', q);
  params.set('limit', String(query.limit));
  params.set('offset', String(query.offset));
  const sent = await request(`/api/users?${params.toString()}`, {}, { offline: FETCH_USERS_ERROR, refused: FETCH_USERS_FAILED, fallback: FETCH_USERS_FAILED });
  if (!sent.ok) return failed(sent.error);
  const body = await readJson(sent.value);
  if (!Array.isArray(body)) return failed(FETCH_USERS_FAILED);
  const users = body as AdminUser[];
  const header = sent.value.headers.get('X-Total-Count');
  const total = header === null ? Number.NaN : Number(header);
  if (Number.isFinite(total)) return { ok: true, value: { items: users, total } };
  const filtered = q ? users.filter((u) => matches(u, q)) : users;
  return { ok: true, value: { items: filtered.slice(query.offset, query.offset + query.limit), total: filtered.length } };
}

/** DELETE /api/users/{id}. */
export async function deleteUser(id: number): Promise<Result<void>> {
  const sent = await request(`/api/users/${id}`, { method: 'DELETE' }, { offline: DELETE_USER_ERROR, refused: DELETE_USER_FAILED, fallback: DELETE_USER_FAILED });
  return sent.ok ? { ok: true, value: undefined } : failed(sent.error);
}

export const LOAD_USER_FAILED = 'Failed to load the user.';
export const USER_NOT_FOUND = 'User not found.';

/**
 * The user to edit: GET /api/users/{id}; if the server has no such method (405), the user is looked
 * up in the user list instead.
 */
export async function getUser(id: number): Promise<Result<AdminUser>> {
  const sent = await request(`/api/users/${id}`, {}, { offline: (error) => errorMessage(error) || LOAD_USER_FAILED, fallback: LOAD_USER_FAILED });
  if (sent.ok) {
    const body = await readJson(sent.value);
    return body === null ? failed(LOAD_USER_FAILED) : { ok: true, value: body as AdminUser };
  }
  if (sent.status !== 405) return failed(sent.error);
  const pageSize = 100;
  for (let offset = 0; ; offset += pageSize) {
    const page = await listUsers({ limit: pageSize, offset });
    if (!page.ok) return page;
    const found = page.value.items.find((u) => u.id === id);
    if (found) return { ok: true, value: found };
    if (page.value.items.length < pageSize || offset + pageSize >= page.value.total) break;
  }
  return failed(USER_NOT_FOUND);
}

export interface LicenseRow {
  id: number;
  email: string;
  vsg_license_status: LicenseStatus;
}

export interface LicenseChange {
  id: number;
  from_status: LicenseStatus | null;
  to_status: LicenseStatus;
  changed_by: number | null;
  changed_by_email: string | null;
  created_at: string;
}

/** The licence list's failure: tell the admin to check their login and the backend, with the error. */
export function licenseListFailure(error: string): string {
  return `Failed to fetch license data. Please ensure you are logged in as an admin and the backend is running. Error: ${error}`;
}

const UNEXPECTED_ANSWER = 'unexpected answer from the server';

/** A refusal's words: the server's detail, else its status line ("500 Internal Server Error"). */
function failureText(res: Response): Promise<string> {
  return readDetail(res, `${res.status} ${res.statusText}`.trim());
}

/** The failure texts of a licence call, each worded by `say` from the error (a thrown error's message, or the refusal's). */
function licenseTexts(say: (error: string) => string): CallTexts {
  return { offline: (error: unknown) => say(errorMessage(error)), refused: async (res: Response) => say(await failureText(res)), fallback: say(UNEXPECTED_ANSWER) };
}

/** A missing status counts as inactive. */
export function normalizeStatus(status: unknown): LicenseStatus {
  return status === 'active' ? 'active' : 'inactive';
}

/** GET /api/v1/vsg/admin/users; a failure is worded by licenseListFailure. */
export async function listLicenses(): Promise<Result<LicenseRow[]>> {
  const rows = await requestJson<LicenseRow[]>('/api/v1/vsg/admin/users', {}, licenseTexts(licenseListFailure), Array.isArray);
  if (!rows.ok) return rows;
  return { ok: true, value: rows.value.map((row) => ({ ...row, vsg_license_status: normalizeStatus(row.vsg_license_status) })) };
}

/** PUT /api/v1/vsg/admin/users/{id}/license → the row's new state; a failure is the bare error text. */
export async function updateLicense(id: number, status: LicenseStatus): Promise<Result<{ id: number; vsg_license_status: LicenseStatus }>> {
  const answer = await requestJson<{ id: number; vsg_license_status: unknown }>(
    `/api/v1/vsg/admin/users/${id}/license`,
    jsonBody('PUT', { vsg_license_status: status }),
    licenseTexts((error) => error),
  );
  if (!answer.ok) return answer;
  return { ok: true, value: { id: answer.value.id, vsg_license_status: normalizeStatus(answer.value.vsg_license_status) } };
}

/** GET /api/v1/vsg/admin/users/{id}/license/history, newest first. */
export function licenseHistory(id: number): Promise<Result<LicenseChange[]>> {
  return requestJson(`/api/v1/vsg/admin/users/${id}/license/history`, {}, licenseTexts((error) => `Failed to load the license history: ${error}`), Array.isArray);
}

/** One row of GET /api/admin/payments (amounts in rupees, as the server sends them). */
export interface AdminPayment {
  order_id: string;
  payment_id: string | null;
  paid_at: string;
  user_id: number | null;
  user_email: string | null;
  user_name: string | null;
  document_id: number | null;
  document_status: string | null;
  pages: number | null;
  amount: number;
  currency: string;
  status: 'paid' | 'flagged';
  /** A second payment for an order already paid (flagged for refund). */
  duplicate: boolean;
  review_reason: string | null;
  /** Rupees refunded (or being refunded) so far of this payment. */
  refunded: number;
  test_mode: boolean;
  /** The invoice of the payment that paid the order (null for a second payment, or none issued). */
  invoice_number?: string | null;
  invoice_id?: number | null;
}

export const FETCH_PAYMENTS_FAILED = 'Failed to fetch payments.';
export const FETCH_PAYMENTS_ERROR = 'An error occurred while fetching payments.';

/** GET /api/admin/payments?limit=&offset= → one page, newest first, and the total (X-Total-Count). */
export async function listPayments(query: { limit: number; offset: number }): Promise<Result<Page<AdminPayment>>> {
  const params = new URLSearchParams({ limit: String(query.limit), offset: String(query.offset) });
  const sent = await request(`/api/admin/payments?${params.toString()}`, {}, { offline: FETCH_PAYMENTS_ERROR, fallback: FETCH_PAYMENTS_FAILED });
  if (!sent.ok) return failed(sent.error);
  const body = await readJson(sent.value);
  if (!Array.isArray(body)) return failed(FETCH_PAYMENTS_FAILED);
  const payments = body as AdminPayment[];
  const total = Number(sent.value.headers.get('X-Total-Count'));
  return { ok: true, value: { items: payments, total: Number.isFinite(total) && total >= payments.length ? total : query.offset + payments.length } };
}

/** Answer of POST /api/admin/payments/{order_id}/refund (amount in rupees). */
export interface RefundAnswer {
  id: number;
  refund_id: string | null;
  amount: number;
  status: string;
  order_id: string;
  payment_id: string;
  /** The credit note issued for it (null when the payment has no invoice, e.g. a second payment). */
  credit_note_number?: string | null;
}

/**
 * The outcome of one refund request. A failure's `sameKey` says whether the next attempt must reuse the
 * same idempotency key: true when the outcome is unknown (no answer, or a server fault that may have
 * happened after the refund was recorded), false when the server answered with a refusal it recorded
 * against that key (it would replay the refusal for the same key, so a corrected retry needs a new one).
 */
export type RefundResult = Result<RefundAnswer, { sameKey: boolean }>;

export const REFUND_NO_ANSWER =
  'The server could not be reached, so the refund may or may not have been made. Press Refund again: the retry reuses the same request and cannot refund twice.';

/** States of a refund the server keeps but that moved no money. */
const DEAD_REFUND_STATES = new Set(['failed', 'rejected']);

const REFUND_UNEXPECTED = 'The server answered the refund with something unexpected; reload the list to see its state.';

/**
 * POST /api/admin/payments/{order_id}/refund {amount?, idempotency_key, payment_id?}; amount in rupees, absent =
 * all that remains; payment_id names which payment of the order (a second payment has its own row).
 */
export async function refundPayment(orderId: string, refund: { amount?: number; idempotencyKey: string; paymentId?: string | null }): Promise<RefundResult> {
  const sent = await request(
    `/api/admin/payments/${encodeURIComponent(orderId)}/refund`,
    jsonBody('POST', {
      ...(refund.amount === undefined ? {} : { amount: refund.amount }),
      idempotency_key: refund.idempotencyKey,
      ...(refund.paymentId ? { payment_id: refund.paymentId } : {}),
    }),
    {
      offline: REFUND_NO_ANSWER,
      refused: (res) => readDetail(res, `The refund failed (${`${res.status} ${res.statusText}`.trim()}).`),
      fallback: REFUND_UNEXPECTED,
    },
  );
  if (!sent.ok) {
    // No answer, or a 5xx other than 502: unknown, so keep the key. 4xx: refused as asked. 502: Razorpay refused, recorded as failed.
    const decided = sent.status !== null && (sent.status < 500 || sent.status === 502);
    return { ok: false, error: sent.error, sameKey: !decided };
  }
  const body = (await readJson(sent.value)) as RefundAnswer | null;
  if (!body || typeof body.amount !== 'number' || typeof body.status !== 'string') {
    return { ok: false, error: REFUND_UNEXPECTED, sameKey: true };
  }
  if (DEAD_REFUND_STATES.has(body.status)) {
    // A replay of an earlier attempt with this key that was refused: nothing was refunded.
    return { ok: false, error: `This refund request was already refused earlier (${body.status}); nothing was refunded. Press Refund again to try anew.`, sameKey: false };
  }
  return { ok: true, value: body };
}
