import { createHmac } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, type APIRequestContext } from '@playwright/test';
import { E2E_DATA_DIR } from '../env';
import { bannerPng } from '../../tests/render/helpers';
import { ENGLISH_HEADER, voterRows, workbook } from '../../tests/ingest/sheets';

/**
 * Real tasks and payments made through the HTTP API of the e2e server (test-mode payments: no Razorpay
 * keys, so Checkout is stood in for by POST /api/payments/test-checkout, signed exactly as Razorpay signs).
 */

export async function apiToken(request: APIRequestContext, email: string, password: string): Promise<string> {
  const res = await request.post('/api/login', { form: { username: email, password } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

export interface DraftTask {
  id: number;
  pages: number;
  /** Fee in paise, as the order carries it. */
  amountPaise: number;
  orderId: string;
}

/**
 * Uploads an invented Excel list (`voters` rows, 8 slips per A4 page) with a PNG banner, waits for the
 * draft, and opens its payment order (POST …/continue).
 */
export async function draftWithOrder(request: APIRequestContext, token: string, voters: number): Promise<DraftTask> {
  const sheet = workbook([ENGLISH_HEADER, ...voterRows(voters, false)], 'xlsx');
  const started = await request.post('/api/documents/voter-slip-generator', {
    headers: bearer(token),
    multipart: {
      pdf_file: { name: 'voters.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: Buffer.from(sheet) },
      banner_file: { name: 'banner.png', mimeType: 'image/png', buffer: Buffer.from(await bannerPng(600, 120)) },
      page_size: 'a4',
      orientation: 'portrait',
      slips_per_page: '8',
      print_photo: 'false',
      booth_address: 'Govt. School, Room 2',
    },
  });
  expect(started.status(), await started.text()).toBe(201);
  const { id } = (await started.json()) as { id: number };

  let status = '';
  let pages = 0;
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/documents/${id}`, { headers: bearer(token) });
        expect(res.status(), await res.text()).toBe(200);
        const body = (await res.json()) as { status: string; total_pages: number | null; error_message: string | null };
        if (body.status === 'error') throw new Error(`the draft failed: ${body.error_message}`);
        status = body.status;
        pages = body.total_pages ?? 0;
        return status;
      },
      { timeout: 90_000, intervals: [500, 1000] },
    )
    .toBe('draft_complete');

  const cont = await request.post(`/api/documents/${id}/continue`, { headers: bearer(token) });
  expect(cont.status(), await cont.text()).toBe(200);
  const order = (await cont.json()) as { razorpay_order_id: string; amount: number; currency: string };
  expect(order.currency).toBe('INR');
  return { id, pages, amountPaise: order.amount, orderId: order.razorpay_order_id };
}

/** Pays a draft's order as Checkout would (test mode): a signed success payload posted to …/payment. */
export async function payWithTestCheckout(request: APIRequestContext, token: string, task: DraftTask): Promise<string> {
  const signed = await request.post('/api/payments/test-checkout', { headers: bearer(token), data: { order_id: task.orderId } });
  expect(signed.status(), await signed.text()).toBe(200);
  const payload = (await signed.json()) as { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string };
  const paid = await request.post(`/api/documents/${task.id}/payment`, { headers: bearer(token), data: payload });
  expect(paid.status(), await paid.text()).toBe(200);
  return payload.razorpay_payment_id;
}

/**
 * A signed `payment.captured` webhook for an order, as Razorpay would send it. In test mode the webhook
 * secret is the key secret the server generated into its DATA_DIR.
 */
export async function sendCapturedWebhook(request: APIRequestContext, orderId: string, amountPaise: number): Promise<void> {
  const secret = (await fs.readFile(path.join(E2E_DATA_DIR, 'razorpay-test-secret'), 'utf8')).trim();
  const paymentId = `pay_e2e_${Date.now().toString(36)}`;
  const body = JSON.stringify({
    event: 'payment.captured',
    payload: { payment: { entity: { id: paymentId, order_id: orderId, amount: amountPaise, currency: 'INR', status: 'captured' } } },
  });
  const res = await request.post('/api/payments/razorpay/webhook', {
    headers: {
      'Content-Type': 'application/json',
      'X-Razorpay-Signature': createHmac('sha256', secret).update(body).digest('hex'),
      'X-Razorpay-Event-Id': `evt_${paymentId}`,
    },
    data: body,
  });
  expect(res.status(), await res.text()).toBe(200);
}
