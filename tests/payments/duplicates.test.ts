import { createHmac, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { duplicatePayments, jobs, paymentEvents, refunds } from '@/db/schema';
import { POST as continueRoute } from '@/app/api/documents/[id]/continue/route';
import { POST as paymentRoute } from '@/app/api/documents/[id]/payment/route';
import { GET as adminPayments } from '@/app/api/admin/payments/route';
import { POST as refundRoute } from '@/app/api/admin/payments/[orderId]/refund/route';
import { POST as testCheckoutRoute } from '@/app/api/payments/test-checkout/route';
import { POST as webhookRoute } from '@/app/api/payments/razorpay/webhook/route';
import { getPaymentGateway } from '@/lib/payments/gateway';
import type { Db } from '@/db/client';
import { describeEachDb } from '@/tests/helpers/db';
import { call, makeUser } from '@/tests/auth/helpers';
import { bannerPng } from '@/tests/render/helpers';
import { ENGLISH_HEADER, voterRows, workbook } from '@/tests/ingest/sheets';
import { upload, useDocumentsTestEnv, waitForStatus } from '@/tests/documents/helpers';
import { startRazorpayStandIn, type StandIn } from './razorpay-stand-in';

/**
 * A second payment for an order that is already paid (a second Checkout, or a capture webhook with another
 * payment id) is money taken twice: it must be recorded, flagged for refund and shown to admins, and
 * refunded automatically (exactly once) when AUTO_REFUND_DUPLICATE_PAYMENTS is on.
 */
async function draftFor(token: string): Promise<number> {
  const started = await upload(token, {
    voterList: { bytes: workbook([ENGLISH_HEADER, ...voterRows(8, false)], 'xlsx'), name: 'list.xlsx' },
    banner: { bytes: await bannerPng(300, 60), name: 'b.png' },
  });
  expect(started.status).toBe(201);
  expect((await waitForStatus(token, started.body.id, ['draft_complete', 'error'])).status).toBe('draft_complete');
  return started.body.id;
}

const orderFor = async (token: string, id: number) => (await call(continueRoute, { token, params: { id: String(id) }, method: 'POST' })).body as { razorpay_order_id: string; amount: number };
const pay = (token: string, id: number, json: unknown) => call(paymentRoute, { token, params: { id: String(id) }, json });
const signedTestPayment = async (token: string, orderId: string) => (await call(testCheckoutRoute, { token, json: { order_id: orderId } })).body as { razorpay_payment_id: string };

async function webhook(secret: string, orderId: string, paymentId: string, amount: number, eventId: string) {
  const raw = JSON.stringify({ entity: 'event', event: 'payment.captured', payload: { payment: { entity: { id: paymentId, order_id: orderId, amount, currency: 'INR', status: 'captured' } } } });
  const req = new Request('http://test.local/api/payments/razorpay/webhook', {
    method: 'POST',
    body: raw,
    headers: { 'content-type': 'application/json', 'x-razorpay-event-id': eventId, 'x-razorpay-signature': createHmac('sha256', secret).update(raw).digest('hex') },
  });
  const res = await webhookRoute(req, { params: Promise.resolve({}) });
  return { status: res.status, body: await res.json() };
}

async function finalJobs(db: Db, documentId: number): Promise<number> {
  const rows = await db.select().from(jobs).where(eq(jobs.name, 'slips-final'));
  return rows.filter((j) => (j.payload as { documentId: number }).documentId === documentId).length;
}

const eventsOf = async (db: Db, orderId: string, kind: string) => db.select().from(paymentEvents).where(and(eq(paymentEvents.orderId, orderId), eq(paymentEvents.kind, kind)));

describeEachDb('a second payment for a paid order (automatic refunds off: the default)', (ctx) => {
  useDocumentsTestEnv(ctx);

  it('a second Checkout is recorded, flagged with its reason in Admin → Payments, not refunded, and an admin refunds that payment only', async () => {
    const { tokens } = await makeUser(ctx.db);
    const admin = await makeUser(ctx.db, { isAdmin: true });
    const token = tokens.access_token;
    const id = await draftFor(token);
    const order = await orderFor(token, id);
    const first = await signedTestPayment(token, order.razorpay_order_id);
    expect((await pay(token, id, first)).status).toBe(200);
    await waitForStatus(token, id, ['complete']);

    const second = await signedTestPayment(token, order.razorpay_order_id);
    const answer = await pay(token, id, second);
    expect(answer).toMatchObject({ status: 200, body: { detail: 'This task was already paid for, so this second payment will be refunded; the slips are made once.', status: 'complete' } });
    const [row] = await ctx.db.select().from(duplicatePayments).where(eq(duplicatePayments.orderId, order.razorpay_order_id));
    expect(row).toMatchObject({ paymentId: second.razorpay_payment_id, amountPaise: order.amount, source: 'checkout', documentId: id });
    expect(row.reason).toBe(`a second payment (${(order.amount / 100).toFixed(2)} INR) for an order already paid with ${first.razorpay_payment_id}; refund it`);
    expect(await ctx.db.select().from(refunds).where(eq(refunds.orderId, order.razorpay_order_id))).toEqual([]);
    expect(await finalJobs(ctx.db, id)).toBe(1);

    // the same second payment told again (its webhook) changes nothing
    const again = await webhook(getPaymentGateway().webhookSecret, order.razorpay_order_id, second.razorpay_payment_id, order.amount, 'evt_dup_again');
    expect(again.body.detail).toBe('Recorded (duplicate).');
    expect(await ctx.db.select().from(duplicatePayments).where(eq(duplicatePayments.orderId, order.razorpay_order_id))).toHaveLength(1);
    expect(await eventsOf(ctx.db, order.razorpay_order_id, 'payment.duplicate')).toHaveLength(1);

    const list = (await call(adminPayments, { token: admin.tokens.access_token })).body as Record<string, unknown>[];
    const mine = list.filter((p) => p.order_id === order.razorpay_order_id);
    expect(mine).toHaveLength(2);
    expect(mine.find((p) => p.payment_id === second.razorpay_payment_id)).toMatchObject({ status: 'flagged', duplicate: true, review_reason: row.reason, refunded: 0, document_id: id });
    expect(mine.find((p) => p.payment_id === first.razorpay_payment_id)).toMatchObject({ status: 'paid', duplicate: false, refunded: 0 });

    const refunded = await call(refundRoute, {
      token: admin.tokens.access_token,
      params: { orderId: order.razorpay_order_id },
      json: { idempotency_key: randomUUID(), payment_id: second.razorpay_payment_id },
    });
    expect(refunded).toMatchObject({ status: 200, body: { amount: order.amount / 100, status: 'processed', payment_id: second.razorpay_payment_id } });
    const after = ((await call(adminPayments, { token: admin.tokens.access_token })).body as Record<string, unknown>[]).filter((p) => p.order_id === order.razorpay_order_id);
    expect(after.find((p) => p.payment_id === second.razorpay_payment_id)?.refunded).toBe(order.amount / 100);
    expect(after.find((p) => p.payment_id === first.razorpay_payment_id)?.refunded).toBe(0);
    // a payment id that is not of this order is not refunded
    const stranger = await call(refundRoute, { token: admin.tokens.access_token, params: { orderId: order.razorpay_order_id }, json: { idempotency_key: randomUUID(), payment_id: 'pay_unknown' } });
    expect(stranger.status).toBe(404);
  });

  it('a capture webhook with another payment id, before the same payment comes through Checkout, is recorded once', async () => {
    const { tokens } = await makeUser(ctx.db);
    const token = tokens.access_token;
    const id = await draftFor(token);
    const order = await orderFor(token, id);
    expect((await pay(token, id, await signedTestPayment(token, order.razorpay_order_id))).status).toBe(200);
    const second = await signedTestPayment(token, order.razorpay_order_id);
    const hook = await webhook(getPaymentGateway().webhookSecret, order.razorpay_order_id, second.razorpay_payment_id, order.amount, 'evt_second');
    expect(hook).toMatchObject({ status: 200, body: { detail: 'Recorded (duplicate).' } });
    const [row] = await ctx.db.select().from(duplicatePayments).where(eq(duplicatePayments.paymentId, second.razorpay_payment_id));
    expect(row).toMatchObject({ source: 'webhook', amountPaise: order.amount });
    expect((await pay(token, id, second)).status).toBe(200);
    expect(await ctx.db.select().from(duplicatePayments).where(eq(duplicatePayments.orderId, order.razorpay_order_id))).toHaveLength(1);
    await waitForStatus(token, id, ['complete']);
    expect(await finalJobs(ctx.db, id)).toBe(1);
  });
});

describeEachDb('a second payment with AUTO_REFUND_DUPLICATE_PAYMENTS=true', (ctx) => {
  useDocumentsTestEnv(ctx, { env: { AUTO_REFUND_DUPLICATE_PAYMENTS: 'true' } });

  it('two payments racing for one order: one pays it, the other is refunded exactly once, whichever confirmation comes first', async () => {
    const { tokens } = await makeUser(ctx.db);
    const token = tokens.access_token;
    const id = await draftFor(token);
    const order = await orderFor(token, id);
    const secret = getPaymentGateway().webhookSecret;
    const a = await signedTestPayment(token, order.razorpay_order_id);
    const b = await signedTestPayment(token, order.razorpay_order_id);
    const answers = await Promise.all([
      pay(token, id, a),
      pay(token, id, b),
      webhook(secret, order.razorpay_order_id, b.razorpay_payment_id, order.amount, 'evt_b'),
      webhook(secret, order.razorpay_order_id, a.razorpay_payment_id, order.amount, 'evt_a'),
      pay(token, id, b),
      webhook(secret, order.razorpay_order_id, b.razorpay_payment_id, order.amount, 'evt_b_again'),
    ]);
    for (const answer of answers) expect(answer.status).toBe(200);
    await waitForStatus(token, id, ['complete']);
    expect(await finalJobs(ctx.db, id)).toBe(1);
    const dups = await ctx.db.select().from(duplicatePayments).where(eq(duplicatePayments.orderId, order.razorpay_order_id));
    expect(dups).toHaveLength(1);
    const loser = dups[0].paymentId;
    expect([a.razorpay_payment_id, b.razorpay_payment_id]).toContain(loser);
    const made = await ctx.db.select().from(refunds).where(eq(refunds.orderId, order.razorpay_order_id));
    expect(made).toEqual([expect.objectContaining({ paymentId: loser, amountPaise: order.amount, status: 'processed', idempotencyKey: `auto-${loser}`, createdBy: null })]);
    expect(await eventsOf(ctx.db, order.razorpay_order_id, 'refund.created')).toHaveLength(1);
  });
});

describeEachDb('an automatic refund through the Razorpay SDK (local stand-in)', (ctx) => {
  let standIn: StandIn;
  beforeAll(async () => {
    standIn = await startRazorpayStandIn('rzp_test_dup', 'dup-secret');
    process.env.RAZORPAY_API_BASE_URL = standIn.url;
  });
  afterAll(async () => {
    delete process.env.RAZORPAY_API_BASE_URL;
    await standIn.close();
  });
  useDocumentsTestEnv(ctx, {
    env: { RAZORPAY_KEY_ID: 'rzp_test_dup', RAZORPAY_KEY_SECRET: 'dup-secret', RAZORPAY_WEBHOOK_SECRET: 'dup-webhook', AUTO_REFUND_DUPLICATE_PAYMENTS: 'true' },
  });

  it("refunds the second payment's id, with its own idempotency key, once", async () => {
    const { tokens } = await makeUser(ctx.db);
    const token = tokens.access_token;
    const id = await draftFor(token);
    const order = await orderFor(token, id);
    const sign = (paymentId: string) => createHmac('sha256', 'dup-secret').update(`${order.razorpay_order_id}|${paymentId}`).digest('hex');
    const paid = await pay(token, id, { razorpay_payment_id: 'pay_first1', razorpay_order_id: order.razorpay_order_id, razorpay_signature: sign('pay_first1') });
    expect(paid.status).toBe(200);
    const before = standIn.refundRequests;
    await webhook('dup-webhook', order.razorpay_order_id, 'pay_second1', order.amount, 'evt_live_second');
    await pay(token, id, { razorpay_payment_id: 'pay_second1', razorpay_order_id: order.razorpay_order_id, razorpay_signature: sign('pay_second1') });
    expect(standIn.refundRequests - before).toBe(1);
    expect(standIn.refunds.get('auto-pay_second1')).toMatchObject({ payment_id: 'pay_second1', amount: order.amount });
    await waitForStatus(token, id, ['complete']);
  });
});
