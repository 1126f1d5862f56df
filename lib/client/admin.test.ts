import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  deleteUser,
  listPayments,
  refundPayment,
  REFUND_NO_ANSWER,
  getUser,
  licenseListFailure,
  licenseHistory,
  listLicenses,
  listUsers,
  updateLicense,
  type AdminUser,
} from './admin';
import { updateUser } from './users';
import { stubBrowser, type FetchCall } from '@/tests/helpers/browser-stub';

/** The admin calls against a stubbed fetch: request shapes, the failure texts, and the fallbacks. */

const user = (id: number, name: string, email: string): AdminUser => ({
  id,
  name,
  email,
  phone_number: '9000000000',
  is_active: true,
  is_admin: false,
  vsg_license_status: 'inactive',
});

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

let handler: Handler;
let calls: FetchCall[] = [];

beforeEach(() => {
  // authFetch reads the token from localStorage
  ({ calls } = stubBrowser({ token: 'access-1' }, '/admin', (url, init) => handler(url, init)));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const json = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), { ...init, headers: { 'Content-Type': 'application/json', ...init.headers } });

describe('listUsers', () => {
  it('asks the server for one page and reads X-Total-Count', async () => {
    handler = () => json([user(21, 'A', 'a@x.in')], { headers: { 'X-Total-Count': '57' } });
    const page = await listUsers({ q: ' ravi ', limit: 20, offset: 20 });
    expect(page).toEqual({ ok: true, value: { items: [user(21, 'A', 'a@x.in')], total: 57 } });
    expect(calls[0].url).toBe('/api/users?q=ravi&limit=20&offset=20');
    expect(new Headers(calls[0].init.headers).get('Authorization')).toBe('Bearer access-1');
  });

  it('searches and pages here when the server sends a plain list', async () => {
    const all = Array.from({ length: 25 }, (_, i) => user(i + 1, `Name ${i + 1}`, `u${i + 1}@x.in`));
    handler = () => json(all);
    const second = await listUsers({ limit: 20, offset: 20 });
    expect(second.ok && second.value.items.map((u) => u.id)).toEqual([21, 22, 23, 24, 25]);
    const found = await listUsers({ q: 'NAME 2', limit: 20, offset: 0 });
    expect(found.ok && found.value.total).toBe(7); // Name 2, Name 20..25
  });

  it('fails with the fixed texts, the server\'s detail aside', async () => {
    handler = () => json({ detail: 'nope' }, { status: 500 });
    expect(await listUsers({ limit: 20, offset: 0 })).toEqual({ ok: false, error: 'Failed to fetch users.' });
    handler = () => json({ users: [] });
    expect(await listUsers({ limit: 20, offset: 0 })).toEqual({ ok: false, error: 'Failed to fetch users.' });
    handler = () => {
      throw new TypeError('network down');
    };
    expect(await listUsers({ limit: 20, offset: 0 })).toEqual({ ok: false, error: 'An error occurred while fetching users.' });
  });
});

describe('deleteUser', () => {
  it('sends DELETE and words a failure with the fixed texts', async () => {
    handler = () => json({ detail: 'User deleted.' });
    expect(await deleteUser(7)).toEqual({ ok: true, value: undefined });
    expect(calls[0]).toMatchObject({ url: '/api/users/7', init: { method: 'DELETE' } });
    handler = () => json({ detail: 'x' }, { status: 409 });
    expect(await deleteUser(7)).toEqual({ ok: false, error: 'Failed to delete user.' });
    handler = () => {
      throw new TypeError('offline');
    };
    expect(await deleteUser(7)).toEqual({ ok: false, error: 'An error occurred while deleting the user.' });
  });
});

describe('getUser and updateUser', () => {
  it('loads one user, and reports not found with the server detail', async () => {
    handler = () => json(user(3, 'C', 'c@x.in'));
    expect(await getUser(3)).toEqual({ ok: true, value: user(3, 'C', 'c@x.in') });
    handler = () => json({ detail: 'User not found.' }, { status: 404 });
    expect(await getUser(99)).toEqual({ ok: false, error: 'User not found.' });
    handler = () => {
      throw new TypeError('Failed to fetch');
    };
    expect(await getUser(3)).toEqual({ ok: false, error: 'Failed to fetch' });
  });

  it('looks the user up in the list when the server has no GET for one user', async () => {
    handler = (url) => (/^\/api\/users\/\d+$/.test(url) ? json({ detail: 'Method Not Allowed' }, { status: 405 }) : json([user(21, 'A', 'a@x.in'), user(22, 'B', 'b@x.in')]));
    expect(await getUser(22)).toEqual({ ok: true, value: user(22, 'B', 'b@x.in') });
    expect(calls.map((c) => c.url)).toEqual(['/api/users/22', '/api/users?limit=100&offset=0']);
    expect(await getUser(23).then((r) => r.ok || r.error)).toBe('User not found.');
  });

  it("PUTs JSON and words refusals as 'Error: ' + detail", async () => {
    handler = () => json(user(3, 'New', 'c@x.in'));
    const ok = await updateUser(3, { name: 'New', is_admin: false });
    expect(ok).toEqual({ ok: true, value: user(3, 'New', 'c@x.in') });
    expect(calls[0].init.method).toBe('PUT');
    expect(JSON.parse(String(calls[0].init.body))).toEqual({ name: 'New', is_admin: false });
    handler = () => json({ detail: 'password: must be at least 8 characters' }, { status: 400 });
    expect(await updateUser(3, { password: 'x' })).toEqual({ ok: false, error: 'Error: password: must be at least 8 characters' });
    handler = () => new Response('', { status: 500 });
    expect(await updateUser(3, {})).toEqual({ ok: false, error: 'Error: request failed (500)' });
    handler = () => {
      throw new TypeError('offline');
    };
    expect(await updateUser(3, {})).toEqual({ ok: false, error: 'An error occurred. Please try again.' });
  });
});

describe('licences', () => {
  it('lists rows, a missing status counting as inactive', async () => {
    handler = () => json([{ id: 1, email: 'a@x.in', vsg_license_status: 'active' }, { id: 2, email: 'b@x.in' }]);
    expect(await listLicenses()).toEqual({
      ok: true,
      value: [
        { id: 1, email: 'a@x.in', vsg_license_status: 'active' },
        { id: 2, email: 'b@x.in', vsg_license_status: 'inactive' },
      ],
    });
  });

  it('tells the admin to check their login and the backend, with the error', async () => {
    handler = () => json({ detail: 'Admins only.' }, { status: 403 });
    expect(await listLicenses()).toEqual({ ok: false, error: licenseListFailure('Admins only.') });
    expect(licenseListFailure('x')).toMatch(/ensure you are logged in as an admin and the backend is running.*x$/);
    handler = () => new Response('', { status: 502, statusText: 'Bad Gateway' });
    expect(await listLicenses()).toEqual({ ok: false, error: licenseListFailure('502 Bad Gateway') });
    handler = () => json({ rows: [] });
    expect(await listLicenses()).toEqual({ ok: false, error: licenseListFailure('unexpected answer from the server') });
    handler = () => {
      throw new TypeError('Failed to fetch');
    };
    expect(await listLicenses()).toEqual({ ok: false, error: licenseListFailure('Failed to fetch') });
  });

  it('PUTs the new status and returns the answer; failures carry the detail', async () => {
    handler = () => json({ id: 4, vsg_license_status: 'active' });
    expect(await updateLicense(4, 'active')).toEqual({ ok: true, value: { id: 4, vsg_license_status: 'active' } });
    expect(calls[0].url).toBe('/api/v1/vsg/admin/users/4/license');
    expect(JSON.parse(String(calls[0].init.body))).toEqual({ vsg_license_status: 'active' });
    handler = () => json({ detail: 'cannot save' }, { status: 500 });
    expect(await updateLicense(4, 'inactive')).toEqual({ ok: false, error: 'cannot save' });
  });

  it('loads one user\'s history; a failure says so with the error', async () => {
    const change = { id: 1, from_status: null, to_status: 'active', changed_by: 1, changed_by_email: 'admin@x.in', created_at: '2026-01-01T00:00:00.000Z' };
    handler = () => json([change]);
    expect(await licenseHistory(4)).toEqual({ ok: true, value: [change] });
    expect(calls[0].url).toBe('/api/v1/vsg/admin/users/4/license/history');
    handler = () => json({ detail: 'Admins only.' }, { status: 403 });
    expect(await licenseHistory(4)).toEqual({ ok: false, error: 'Failed to load the license history: Admins only.' });
  });
});

describe('payments', () => {
  const row = {
    order_id: 'order_1',
    payment_id: 'pay_1',
    paid_at: '2026-11-23T04:00:00.000Z',
    user_id: 7,
    user_email: 'u@x.in',
    user_name: 'U',
    document_id: 12,
    document_status: 'complete',
    pages: 3,
    amount: 30,
    currency: 'INR',
    status: 'paid',
    duplicate: false,
    review_reason: null,
    refunded: 0,
    test_mode: true,
  };

  it('asks for one page and reads X-Total-Count; a refusal shows its detail', async () => {
    handler = () => json([row], { headers: { 'X-Total-Count': '41' } });
    expect(await listPayments({ limit: 20, offset: 20 })).toEqual({ ok: true, value: { items: [row], total: 41 } });
    expect(calls[0].url).toBe('/api/admin/payments?limit=20&offset=20');
    expect(new Headers(calls[0].init.headers).get('Authorization')).toBe('Bearer access-1');
    handler = () => json({ detail: 'Admins only.' }, { status: 403 });
    expect(await listPayments({ limit: 20, offset: 0 })).toEqual({ ok: false, error: 'Admins only.' });
    handler = () => new Response('', { status: 500 });
    expect(await listPayments({ limit: 20, offset: 0 })).toEqual({ ok: false, error: 'Failed to fetch payments.' });
    handler = () => {
      throw new TypeError('offline');
    };
    expect(await listPayments({ limit: 20, offset: 0 })).toEqual({ ok: false, error: 'An error occurred while fetching payments.' });
  });

  it('POSTs the amount in rupees and the key; a full refund sends no amount', async () => {
    const answer = { id: 5, refund_id: 'rfnd_1', amount: 12.5, status: 'processed', order_id: 'order/1', payment_id: 'pay_1' };
    handler = () => json(answer);
    expect(await refundPayment('order/1', { amount: 12.5, idempotencyKey: 'key-0123456789' })).toEqual({ ok: true, value: answer });
    expect(calls[0].url).toBe('/api/admin/payments/order%2F1/refund');
    expect(calls[0].init.method).toBe('POST');
    expect(JSON.parse(String(calls[0].init.body))).toEqual({ amount: 12.5, idempotency_key: 'key-0123456789' });
    await refundPayment('order_1', { idempotencyKey: 'key-0123456789' });
    expect(JSON.parse(String(calls[1].init.body))).toEqual({ idempotency_key: 'key-0123456789' });
    // which payment of the order: a second payment is refunded by its own id
    await refundPayment('order_1', { idempotencyKey: 'key-0123456789', paymentId: 'pay_2' });
    expect(JSON.parse(String(calls[2].init.body))).toEqual({ idempotency_key: 'key-0123456789', payment_id: 'pay_2' });
  });

  it('tells a recorded refusal (new key next time) from an unknown outcome (same key)', async () => {
    handler = () => json({ detail: 'The refund must be between ₹1.00 and ₹30.00.' }, { status: 422 });
    expect(await refundPayment('o', { amount: 31, idempotencyKey: 'k123456789' })).toEqual({ ok: false, error: 'The refund must be between ₹1.00 and ₹30.00.', sameKey: false });
    handler = () => json({ detail: 'Razorpay refused the refund: too late' }, { status: 502 });
    expect(await refundPayment('o', { idempotencyKey: 'k123456789' })).toEqual({ ok: false, error: 'Razorpay refused the refund: too late', sameKey: false });
    handler = () => new Response('oops', { status: 500, statusText: 'Internal Server Error' });
    expect(await refundPayment('o', { idempotencyKey: 'k123456789' })).toEqual({ ok: false, error: 'The refund failed (500 Internal Server Error).', sameKey: true });
    handler = () => {
      throw new TypeError('offline');
    };
    expect(await refundPayment('o', { idempotencyKey: 'k123456789' })).toEqual({ ok: false, error: REFUND_NO_ANSWER, sameKey: true });
    // The server replays a key's first outcome: a refused attempt comes back as 200 with its dead state.
    handler = () => json({ id: 5, refund_id: null, amount: 31, status: 'rejected', order_id: 'o' });
    const replay = await refundPayment('o', { idempotencyKey: 'k123456789' });
    expect(replay).toMatchObject({ ok: false, sameKey: false });
  });
});
