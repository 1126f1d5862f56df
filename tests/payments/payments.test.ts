import { createHmac, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, jobSteps, paymentEvents, refunds } from '@/db/schema';
import { POST as continueRoute } from '@/app/api/documents/[id]/continue/route';
import { POST as paymentRoute } from '@/app/api/documents/[id]/payment/route';
import { GET as downloadRoute } from '@/app/api/documents/[id]/download/route';
import { GET as listRoute } from '@/app/api/documents/route';
import { GET as adminPayments } from '@/app/api/admin/payments/route';
import { POST as refundRoute } from '@/app/api/admin/payments/[orderId]/refund/route';
import { POST as testCheckoutRoute } from '@/app/api/payments/test-checkout/route';
import { POST as webhookRoute } from '@/app/api/payments/razorpay/webhook/route';
import { getPaymentGateway } from '@/lib/payments/gateway';
import { describeEachDb } from '@/tests/helpers/db';
import { call, makeUser } from '@/tests/auth/helpers';
import { bannerPng } from '@/tests/render/helpers';
import { ENGLISH_HEADER, voterRows, workbook } from '@/tests/ingest/sheets';
import { status, upload, useDocumentsTestEnv, waitForStatus } from '@/tests/documents/helpers';
import { startRazorpayStandIn, type StandIn } from './razorpay-stand-in';
import type { Db } from '@/db/client';

async function draftFor(token: string, voters = 20): Promise<number> {
  const started = await upload(token, {
    voterList: { bytes: workbook([ENGLISH_HEADER, ...voterRows(voters, false)], 'xlsx'), name: 'list.xlsx' },
    banner: { bytes: await bannerPng(600, 120), name: 'b.png' },
  });
  expect(started.status).toBe(201);
  const draft = await waitForStatus(token, started.body.id, ['draft_complete', 'error']);
  expect(draft.status).toBe('draft_complete');
  return started.body.id;
}

const cont = (token: string, id: number) => call(continueRoute, { token, params: { id: String(id) } , method: 'POST' });
const pay = (token: string, id: number, json: unknown) => call(paymentRoute, { token, params: { id: String(id) }, json });

function webhookRequest(secret: string, body: unknown, eventId: string, signature?: string): Request {
  const raw = JSON.stringify(body);
  return new Request('http://test.local/api/payments/razorpay/webhook', {
    method: 'POST',
    body: raw,
    headers: { 'content-type': 'application/json', 'x-razorpay-event-id': eventId, 'x-razorpay-signature': signature ?? createHmac('sha256', secret).update(raw).digest('hex') },
  });
}

function captured(orderId: string, paymentId: string, amount: number, currency = 'INR') {
  return { entity: 'event', event: 'payment.captured', payload: { payment: { entity: { id: paymentId, order_id: orderId, amount, currency, status: 'captured' } } } };
}

async function webhook(secret: string, body: unknown, eventId: string, signature?: string) {
  const res = await webhookRoute(webhookRequest(secret, body, eventId, signature), { params: Promise.resolve({}) });
  return { status: res.status, body: await res.json() };
}

async function finalRenders(db: Db, documentId: number): Promise<{ jobs: number; runs: number }> {
  const rows = await db.select().from(jobs).where(eq(jobs.name, 'slips-final'));
  const mine = rows.filter((j) => (j.payload as { documentId: number }).documentId === documentId);
  let runs = 0;
  for (const j of mine) {
    const [step] = await db.select().from(jobSteps).where(and(eq(jobSteps.jobId, j.id), eq(jobSteps.stepId, 'render-final')));
    runs += step?.runs ?? 0;
  }
  return { jobs: mine.length, runs };
}

describeEachDb('payments in test mode through the route handlers', (ctx) => {
  useDocumentsTestEnv(ctx, { env: { FEE_PER_PAGE: '2.5', MIN_FEE: '1' } });

  it('order (reused on a double click) → signed test checkout → payment → complete → the final PDF', async () => {
    const { user, tokens } = await makeUser(ctx.db);
    const token = tokens.access_token;
    const id = await draftFor(token);
    const [a, b] = await Promise.all([cont(token, id), cont(token, id)]);
    expect(a.status).toBe(200);
    expect(a.body).toEqual({ razorpay_key_id: 'rzp_test_local', amount: 750, currency: 'INR', razorpay_order_id: expect.stringMatching(/^order_test_/), test_mode: true });
    expect(b.body.razorpay_order_id).toBe(a.body.razorpay_order_id);

    // before payment the final PDF cannot be had: the status offers only the draft, and continue only the order
    const before = await status(token, id);
    expect(before.download_url).toBeTruthy();
    const draftFile = await downloadRoute(new Request(`http://test.local${before.download_url}`), { params: Promise.resolve({ id: String(id) }) });
    expect(draftFile.headers.get('content-disposition')).toContain('-draft.pdf');

    const signed = await call(testCheckoutRoute, { token, json: { order_id: a.body.razorpay_order_id } });
    expect(signed.status).toBe(200);
    const paid = await pay(token, id, signed.body);
    expect(paid.status).toBe(200);
    expect(paid.body.detail).toMatch(/Payment verified/);
    const done = await waitForStatus(token, id, ['complete', 'error']);
    expect(done.status).toBe('complete');
    expect(done.paid_at).toBeTruthy();
    const finalFile = await downloadRoute(new Request(`http://test.local${done.download_url}`), { params: Promise.resolve({ id: String(id) }) });
    expect(finalFile.status).toBe(200);
    expect(finalFile.headers.get('content-disposition')).not.toContain('-draft');

    // the same payload again is a no-op; continue on a complete task has nothing to do
    const again = await pay(token, id, signed.body);
    expect(again.status).toBe(200);
    expect(again.body.detail).toBe('Payment already recorded.');
    expect((await cont(token, id)).status).toBe(409);
    expect(await finalRenders(ctx.db, id)).toEqual({ jobs: 1, runs: 1 });
    const events = await ctx.db.select().from(paymentEvents).where(eq(paymentEvents.documentId, id));
    expect(events.map((e) => e.kind)).toEqual(expect.arrayContaining(['order.created', 'checkout.success', 'order.marked_paid']));
    expect(events.find((e) => e.kind === 'order.created')?.actorUserId).toBe(user.id);
  });

  it('refuses a forged signature, another task\'s order and a replay on another task; nothing changes', async () => {
    const { tokens } = await makeUser(ctx.db);
    const token = tokens.access_token;
    const [one, two] = [await draftFor(token), await draftFor(token)];
    const orderOne = (await cont(token, one)).body.razorpay_order_id as string;
    const orderTwo = (await cont(token, two)).body.razorpay_order_id as string;
    const signedOne = (await call(testCheckoutRoute, { token, json: { order_id: orderOne } })).body;

    const forged = await pay(token, one, { ...signedOne, razorpay_signature: 'ab'.repeat(32) });
    expect(forged).toMatchObject({ status: 400, body: { detail: 'The payment could not be verified (bad signature).' } });
    const wrongOrder = await pay(token, two, signedOne); // a good payment of task one, posted for task two
    expect(wrongOrder).toMatchObject({ status: 400, body: { detail: 'This payment is not for this task.' } });
    const swapped = await pay(token, two, { ...signedOne, razorpay_order_id: orderTwo }); // signature of order one, claimed for order two
    expect(swapped.status).toBe(400);
    expect((await status(token, one)).status).toBe('draft_complete');
    expect((await status(token, two)).status).toBe('draft_complete');
    expect((await status(token, two)).paid_at).toBeNull();
    expect(await finalRenders(ctx.db, two)).toEqual({ jobs: 0, runs: 0 });
  });

  it('duplicate and reordered webhooks, concurrently with the checkout callback → one paid state, one final render', async () => {
    const { tokens } = await makeUser(ctx.db);
    const token = tokens.access_token;
    const id = await draftFor(token);
    const order = (await cont(token, id)).body;
    const secret = getPaymentGateway().webhookSecret;
    const signed = (await call(testCheckoutRoute, { token, json: { order_id: order.razorpay_order_id } })).body;
    const paymentId = signed.razorpay_payment_id as string;
    const orderPaid = { entity: 'event', event: 'order.paid', payload: { payment: { entity: { id: paymentId, order_id: order.razorpay_order_id, amount: order.amount, currency: 'INR', status: 'captured' } }, order: { entity: { id: order.razorpay_order_id, amount_paid: order.amount } } } };
    const results = await Promise.all([
      webhook(secret, orderPaid, 'evt_order_paid'),
      webhook(secret, captured(order.razorpay_order_id, paymentId, order.amount), 'evt_captured'),
      pay(token, id, signed),
      webhook(secret, captured(order.razorpay_order_id, paymentId, order.amount), 'evt_captured'),
      webhook(secret, orderPaid, 'evt_order_paid'),
      pay(token, id, signed),
    ]);
    for (const r of results) expect(r.status).toBe(200);
    await waitForStatus(token, id, ['complete']);
    // and once more after completion
    expect((await webhook(secret, captured(order.razorpay_order_id, paymentId, order.amount), 'evt_captured')).body.detail).toBe('Already processed.');
    expect((await webhook(secret, captured(order.razorpay_order_id, paymentId, order.amount), 'evt_captured_late')).status).toBe(200);
    expect(await finalRenders(ctx.db, id)).toEqual({ jobs: 1, runs: 1 });
    const marked = await ctx.db.select().from(paymentEvents).where(and(eq(paymentEvents.documentId, id), eq(paymentEvents.kind, 'order.marked_paid')));
    expect(marked).toHaveLength(1);
  });

  it('an amount mismatch is flagged for review and makes no final PDF; a bad webhook signature is 400', async () => {
    const { tokens } = await makeUser(ctx.db);
    const token = tokens.access_token;
    const id = await draftFor(token);
    const order = (await cont(token, id)).body;
    const secret = getPaymentGateway().webhookSecret;
    const bad = await webhook(secret, captured(order.razorpay_order_id, 'pay_x1', order.amount), 'evt_bad', '00'.repeat(32));
    expect(bad).toEqual({ status: 400, body: { detail: 'Invalid webhook signature.' } });
    const low = await webhook(secret, captured(order.razorpay_order_id, 'pay_low', order.amount - 100), 'evt_low');
    expect(low.status).toBe(200);
    expect(low.body.detail).toBe('Recorded (flagged).');
    const s = await status(token, id);
    expect(s.status).toBe('draft_complete');
    expect(s.paid_at).toBeNull();
    expect(await finalRenders(ctx.db, id)).toEqual({ jobs: 0, runs: 0 });
    const wrongCurrency = await webhook(secret, captured(order.razorpay_order_id, 'pay_usd', order.amount, 'USD'), 'evt_usd');
    expect(wrongCurrency.status).toBe(200);
    expect((await status(token, id)).paid_at).toBeNull();
    // a failed payment is recorded and changes nothing
    const failed = { entity: 'event', event: 'payment.failed', payload: { payment: { entity: { id: 'pay_f1', order_id: order.razorpay_order_id, amount: order.amount, currency: 'INR', status: 'failed', error_description: 'Card declined' } } } };
    expect((await webhook(secret, failed, 'evt_failed')).body.detail).toBe('Recorded.');
    const kinds = (await ctx.db.select().from(paymentEvents).where(eq(paymentEvents.documentId, id))).map((e) => e.kind);
    expect(kinds).toEqual(expect.arrayContaining(['payment.failed', 'payment.flagged']));
    expect((await status(token, id)).status).toBe('draft_complete');
  });

  it('another user\'s document is 404 for continue, payment and test checkout', async () => {
    const owner = await makeUser(ctx.db);
    const other = await makeUser(ctx.db);
    const id = await draftFor(owner.tokens.access_token);
    const order = (await cont(owner.tokens.access_token, id)).body;
    expect((await cont(other.tokens.access_token, id)).status).toBe(404);
    expect((await pay(other.tokens.access_token, id, { razorpay_payment_id: 'p', razorpay_order_id: order.razorpay_order_id, razorpay_signature: 'ab' })).status).toBe(404);
    expect((await call(testCheckoutRoute, { token: other.tokens.access_token, json: { order_id: order.razorpay_order_id } })).status).toBe(404);
  });

  it('an admin refunds once under a double click; the user sees it in history; the Payments list shows it', async () => {
    const { tokens } = await makeUser(ctx.db);
    const admin = await makeUser(ctx.db, { isAdmin: true });
    const token = tokens.access_token;
    const id = await draftFor(token);
    const order = (await cont(token, id)).body;
    await pay(token, id, (await call(testCheckoutRoute, { token, json: { order_id: order.razorpay_order_id } })).body);
    await waitForStatus(token, id, ['complete']);
    const key = randomUUID();
    const [r1, r2] = await Promise.all([
      call(refundRoute, { token: admin.tokens.access_token, params: { orderId: order.razorpay_order_id }, json: { amount: 2.5, idempotency_key: key } }),
      call(refundRoute, { token: admin.tokens.access_token, params: { orderId: order.razorpay_order_id }, json: { amount: 2.5, idempotency_key: key } }),
    ]);
    expect(r1.status).toBe(200);
    expect(r2.status).toBe(200);
    expect(r2.body.id).toBe(r1.body.id);
    const rows = await ctx.db.select().from(refunds).where(eq(refunds.orderId, order.razorpay_order_id));
    expect(rows).toHaveLength(1);
    // more than what is left is refused
    const tooMuch = await call(refundRoute, { token: admin.tokens.access_token, params: { orderId: order.razorpay_order_id }, json: { amount: 100, idempotency_key: randomUUID() } });
    expect(tooMuch.status).toBe(422);
    const history = await call(listRoute, { token });
    expect(history.body.find((d: { id: number }) => d.id === id).refund).toMatchObject({ amount: 2.5, status: 'processed' });
    const list = await call(adminPayments, { token: admin.tokens.access_token });
    expect(list.body.find((p: { order_id: string }) => p.order_id === order.razorpay_order_id)).toMatchObject({ document_id: id, amount: 7.5, refunded: 2.5, status: 'paid', pages: 3 });
    expect((await call(refundRoute, { token, params: { orderId: order.razorpay_order_id }, json: { idempotency_key: randomUUID() } })).status).toBe(403);
  });
});

describeEachDb('payments through the real Razorpay SDK against a local stand-in', (ctx) => {
  let standIn: StandIn;
  beforeAll(async () => {
    standIn = await startRazorpayStandIn('rzp_test_key', 'stand-in-secret');
    process.env.RAZORPAY_API_BASE_URL = standIn.url;
  });
  afterAll(async () => {
    delete process.env.RAZORPAY_API_BASE_URL;
    await standIn.close();
  });
  useDocumentsTestEnv(ctx, { env: { RAZORPAY_KEY_ID: 'rzp_test_key', RAZORPAY_KEY_SECRET: 'stand-in-secret', RAZORPAY_WEBHOOK_SECRET: 'webhook-secret' } });

  it('creates the order with the SDK, verifies Checkout with the key secret, refunds with an idempotency key', async () => {
    const { tokens } = await makeUser(ctx.db);
    const admin = await makeUser(ctx.db, { isAdmin: true });
    const token = tokens.access_token;
    const id = await draftFor(token);
    const order = (await cont(token, id)).body;
    expect(order).toMatchObject({ razorpay_key_id: 'rzp_test_key', amount: 600, currency: 'INR', test_mode: false });
    expect(standIn.orders.at(-1)).toMatchObject({ id: order.razorpay_order_id, amount: 600, receipt: `document-${id}`, notes: { document_id: String(id) } });
    expect((await call(testCheckoutRoute, { token, json: { order_id: order.razorpay_order_id } })).status).toBe(404);
    const paymentId = 'pay_live123';
    const signature = createHmac('sha256', 'stand-in-secret').update(`${order.razorpay_order_id}|${paymentId}`).digest('hex');
    expect((await pay(token, id, { razorpay_payment_id: paymentId, razorpay_order_id: order.razorpay_order_id, razorpay_signature: signature })).status).toBe(200);
    await waitForStatus(token, id, ['complete']);
    // a webhook signed with the key secret instead of the webhook secret is refused
    expect((await webhook('stand-in-secret', captured(order.razorpay_order_id, paymentId, 600), 'evt_1')).status).toBe(400);
    expect((await webhook('webhook-secret', captured(order.razorpay_order_id, paymentId, 600), 'evt_1')).status).toBe(200);
    const key = randomUUID();
    const refund = await call(refundRoute, { token: admin.tokens.access_token, params: { orderId: order.razorpay_order_id }, json: { idempotency_key: key } });
    expect(refund.body).toMatchObject({ amount: 6, status: 'processed', refund_id: expect.stringMatching(/^rfnd_standin/) });
    expect(standIn.refunds.get(key)).toMatchObject({ payment_id: paymentId, amount: 600 });
  });

  it('a refund whose answer was lost is asked again under the same key and made once', async () => {
    const { tokens } = await makeUser(ctx.db);
    const admin = await makeUser(ctx.db, { isAdmin: true });
    const token = tokens.access_token;
    const id = await draftFor(token);
    const order = (await cont(token, id)).body;
    const paymentId = 'pay_lost1';
    const signature = createHmac('sha256', 'stand-in-secret').update(`${order.razorpay_order_id}|${paymentId}`).digest('hex');
    await pay(token, id, { razorpay_payment_id: paymentId, razorpay_order_id: order.razorpay_order_id, razorpay_signature: signature });
    await waitForStatus(token, id, ['complete']);
    const key = randomUUID();
    const before = standIn.refundRequests;
    standIn.dropNextRefundAnswer = true;
    const lost = await call(refundRoute, { token: admin.tokens.access_token, params: { orderId: order.razorpay_order_id }, json: { amount: 2, idempotency_key: key } });
    expect(lost.status).toBe(504);
    // the reserved amount is not offered again meanwhile
    const list = await call(adminPayments, { token: admin.tokens.access_token });
    expect(list.body.find((p: { order_id: string }) => p.order_id === order.razorpay_order_id).refunded).toBe(2);
    const retried = await call(refundRoute, { token: admin.tokens.access_token, params: { orderId: order.razorpay_order_id }, json: { amount: 2, idempotency_key: key } });
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ amount: 2, status: 'processed' });
    expect(standIn.refundRequests - before).toBe(2);
    expect([...standIn.refunds.values()].filter((r) => r.payment_id === paymentId)).toHaveLength(1);
    const again = await call(refundRoute, { token: admin.tokens.access_token, params: { orderId: order.razorpay_order_id }, json: { amount: 2, idempotency_key: key } });
    expect(standIn.refundRequests - before).toBe(2);
    expect(again.body.refund_id).toBe(retried.body.refund_id);
  });
});
