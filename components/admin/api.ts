import { authFetch, readDetail } from '@/lib/client/api';
import type { CurrentUser, LicenseStatus } from '@/lib/client/types';

/**
 * The admin screens' calls (SPEC §7), all through authFetch, each failing with SPEC §8's exact text.
 * Every function throws an Error whose message is ready to show to the admin.
 */

export type AdminUser = CurrentUser;

export interface UserPage {
  users: AdminUser[];
  /** All users matching the search (X-Total-Count), not just this page. */
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

/** Thrown for an answer that is not OK, so callers can tell it from a network failure. */
class HttpError extends Error {}

function matches(user: AdminUser, q: string): boolean {
  const needle = q.toLowerCase();
  return user.name.toLowerCase().includes(needle) || user.email.toLowerCase().includes(needle);
}

/**
 * GET /api/users?q=&limit=&offset= → one page and the total. If the server answers without
 * X-Total-Count (a plain list), the search and paging are done here instead.
 */
export async function listUsers(query: ListUsersQuery): Promise<UserPage> {
  const params = new URLSearchParams();
  const q = query.q?.trim() ?? '';
  if (q) params.set('q', q);
  params.set('limit', String(query.limit));
  params.set('offset', String(query.offset));
  try {
    const res = await authFetch(`/api/users?${params.toString()}`);
    if (!res.ok) throw new HttpError(FETCH_USERS_FAILED);
    const body: unknown = await res.json();
    if (!Array.isArray(body)) throw new HttpError(FETCH_USERS_FAILED);
    const users = body as AdminUser[];
    const header = res.headers.get('X-Total-Count');
    const total = header === null ? Number.NaN : Number(header);
    if (Number.isFinite(total)) return { users, total };
    const filtered = q ? users.filter((u) => matches(u, q)) : users;
    return { users: filtered.slice(query.offset, query.offset + query.limit), total: filtered.length };
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new Error(FETCH_USERS_ERROR);
  }
}

/** DELETE /api/users/{id}. */
export async function deleteUser(id: number): Promise<void> {
  try {
    const res = await authFetch(`/api/users/${id}`, { method: 'DELETE' });
    if (!res.ok) throw new HttpError(DELETE_USER_FAILED);
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new Error(DELETE_USER_ERROR);
  }
}

export const LOAD_USER_FAILED = 'Failed to load the user.';
export const USER_NOT_FOUND = 'User not found.';

/**
 * The user to edit: GET /api/users/{id}; if the server has no such method (405), the user is looked
 * up in the user list instead.
 */
export async function getUser(id: number): Promise<AdminUser> {
  try {
    const res = await authFetch(`/api/users/${id}`);
    if (res.ok) return (await res.json()) as AdminUser;
    if (res.status !== 405) throw new HttpError(await readDetail(res, LOAD_USER_FAILED));
    const pageSize = 100;
    for (let offset = 0; ; offset += pageSize) {
      const page = await listUsers({ limit: pageSize, offset });
      const found = page.users.find((u) => u.id === id);
      if (found) return found;
      if (page.users.length < pageSize || offset + pageSize >= page.total) break;
    }
    throw new HttpError(USER_NOT_FOUND);
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new Error(error instanceof Error && error.message ? error.message : LOAD_USER_FAILED);
  }
}

export interface UserUpdate {
  name?: string;
  phone_number?: string;
  password?: string;
  is_active?: boolean;
  is_admin?: boolean;
}

export type UpdateResult = { ok: true; user: AdminUser | null } | { ok: false; message: string };

export const PROFILE_UPDATED = 'Profile updated successfully!';
export const PROFILE_UPDATE_EXCEPTION = 'An error occurred. Please try again.';

/** PUT /api/users/{id}; SPEC §8 profile messages ('Error: ' + detail on a refusal). */
export async function updateUser(id: number, update: UserUpdate): Promise<UpdateResult> {
  try {
    const res = await authFetch(`/api/users/${id}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(update),
    });
    if (!res.ok) return { ok: false, message: `Error: ${await readDetail(res, `request failed (${res.status})`)}` };
    const body = (await res.json().catch(() => null)) as AdminUser | null;
    return { ok: true, user: body };
  } catch {
    return { ok: false, message: PROFILE_UPDATE_EXCEPTION };
  }
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

/** SPEC §8 licence list failure: tell the admin to check their login and the backend, with the error. */
export function licenseListFailure(error: string): string {
  return `Failed to fetch license data. Please ensure you are logged in as an admin and the backend is running. Error: ${error}`;
}

async function failureText(res: Response): Promise<string> {
  return readDetail(res, `${res.status} ${res.statusText}`.trim());
}

/** A missing status counts as inactive (SPEC §3). */
export function normalizeStatus(status: unknown): LicenseStatus {
  return status === 'active' ? 'active' : 'inactive';
}

/** GET /api/v1/vsg/admin/users. Throws with licenseListFailure(...). */
export async function listLicenses(): Promise<LicenseRow[]> {
  let res: Response;
  try {
    res = await authFetch('/api/v1/vsg/admin/users');
  } catch (error) {
    throw new Error(licenseListFailure(error instanceof Error ? error.message : String(error)));
  }
  if (!res.ok) throw new Error(licenseListFailure(await failureText(res)));
  const body: unknown = await res.json().catch(() => null);
  if (!Array.isArray(body)) throw new Error(licenseListFailure('unexpected answer from the server'));
  return (body as LicenseRow[]).map((row) => ({ ...row, vsg_license_status: normalizeStatus(row.vsg_license_status) }));
}

/** PUT /api/v1/vsg/admin/users/{id}/license → the row's new state. Throws with the bare error text. */
export async function updateLicense(id: number, status: LicenseStatus): Promise<{ id: number; vsg_license_status: LicenseStatus }> {
  let res: Response;
  try {
    res = await authFetch(`/api/v1/vsg/admin/users/${id}/license`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ vsg_license_status: status }),
    });
  } catch (error) {
    throw new Error(error instanceof Error ? error.message : String(error));
  }
  if (!res.ok) throw new Error(await failureText(res));
  const body = (await res.json()) as { id: number; vsg_license_status: unknown };
  return { id: body.id, vsg_license_status: normalizeStatus(body.vsg_license_status) };
}

/** GET /api/v1/vsg/admin/users/{id}/license/history, newest first. */
export async function licenseHistory(id: number): Promise<LicenseChange[]> {
  let res: Response;
  try {
    res = await authFetch(`/api/v1/vsg/admin/users/${id}/license/history`);
  } catch (error) {
    throw new Error(`Failed to load the license history: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!res.ok) throw new Error(`Failed to load the license history: ${await failureText(res)}`);
  const body: unknown = await res.json().catch(() => null);
  if (!Array.isArray(body)) throw new Error('Failed to load the license history: unexpected answer from the server');
  return body as LicenseChange[];
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
}

export interface PaymentPage {
  payments: AdminPayment[];
  total: number;
}

export const FETCH_PAYMENTS_FAILED = 'Failed to fetch payments.';
export const FETCH_PAYMENTS_ERROR = 'An error occurred while fetching payments.';

/** GET /api/admin/payments?limit=&offset= → one page, newest first, and the total (X-Total-Count). */
export async function listPayments(query: { limit: number; offset: number }): Promise<PaymentPage> {
  const params = new URLSearchParams({ limit: String(query.limit), offset: String(query.offset) });
  let res: Response;
  try {
    res = await authFetch(`/api/admin/payments?${params.toString()}`);
  } catch {
    throw new Error(FETCH_PAYMENTS_ERROR);
  }
  if (!res.ok) throw new Error(await readDetail(res, FETCH_PAYMENTS_FAILED));
  const body: unknown = await res.json().catch(() => null);
  if (!Array.isArray(body)) throw new Error(FETCH_PAYMENTS_FAILED);
  const payments = body as AdminPayment[];
  const total = Number(res.headers.get('X-Total-Count'));
  return { payments, total: Number.isFinite(total) && total >= payments.length ? total : query.offset + payments.length };
}

/** Answer of POST /api/admin/payments/{order_id}/refund (amount in rupees). */
export interface RefundAnswer {
  id: number;
  refund_id: string | null;
  amount: number;
  status: string;
  order_id: string;
  payment_id: string;
}

/**
 * The outcome of one refund request. `sameKey` says whether the next attempt must reuse the same
 * idempotency key: true when the outcome is unknown (no answer, or a server fault that may have
 * happened after the refund was recorded), false when the server answered with a refusal it recorded
 * against that key (it would replay the refusal for the same key, so a corrected retry needs a new one).
 */
export type RefundResult = { ok: true; refund: RefundAnswer } | { ok: false; message: string; sameKey: boolean };

export const REFUND_NO_ANSWER =
  'The server could not be reached, so the refund may or may not have been made. Press Refund again: the retry reuses the same request and cannot refund twice.';

/** States of a refund the server keeps but that moved no money. */
const DEAD_REFUND_STATES = new Set(['failed', 'rejected']);

/**
 * POST /api/admin/payments/{order_id}/refund {amount?, idempotency_key, payment_id?}; amount in rupees, absent =
 * all that remains; payment_id names which payment of the order (a second payment has its own row).
 */
export async function refundPayment(orderId: string, request: { amount?: number; idempotencyKey: string; paymentId?: string | null }): Promise<RefundResult> {
  let res: Response;
  try {
    res = await authFetch(`/api/admin/payments/${encodeURIComponent(orderId)}/refund`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        ...(request.amount === undefined ? {} : { amount: request.amount }),
        idempotency_key: request.idempotencyKey,
        ...(request.paymentId ? { payment_id: request.paymentId } : {}),
      }),
    });
  } catch {
    return { ok: false, message: REFUND_NO_ANSWER, sameKey: true };
  }
  if (!res.ok) {
    // 4xx: refused as asked. 502: Razorpay refused, recorded as failed. Other 5xx: unknown, so keep the key.
    const decided = res.status < 500 || res.status === 502;
    return { ok: false, message: await readDetail(res, `The refund failed (${`${res.status} ${res.statusText}`.trim()}).`), sameKey: !decided };
  }
  const body = (await res.json().catch(() => null)) as RefundAnswer | null;
  if (!body || typeof body.amount !== 'number' || typeof body.status !== 'string') {
    return { ok: false, message: 'The server answered the refund with something unexpected; reload the list to see its state.', sameKey: true };
  }
  if (DEAD_REFUND_STATES.has(body.status)) {
    // A replay of an earlier attempt with this key that was refused: nothing was refunded.
    return { ok: false, message: `This refund request was already refused earlier (${body.status}); nothing was refunded. Press Refund again to try anew.`, sameKey: false };
  }
  return { ok: true, refund: body };
}
