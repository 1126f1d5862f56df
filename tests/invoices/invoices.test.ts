import { createHmac, randomUUID } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { Db } from '@/db/client';
import { findInvoiceForOrder, takeSerial } from '@/db/queries/invoices';
import { insertUser, setBillingDetails } from '@/db/queries/users';
import { invoiceCounters, invoices, type User } from '@/db/schema';
import { GET as invoiceRoute } from '@/app/api/invoices/[id]/route';
import { GET as exportRoute } from '@/app/api/admin/payments/export/route';
import { GET as adminPayments } from '@/app/api/admin/payments/route';
import { POST as refundRoute } from '@/app/api/admin/payments/[orderId]/refund/route';
import { GET as listRoute } from '@/app/api/documents/route';
import { GET as billingGet, PUT as billingPut } from '@/app/api/users/me/billing/route';
import { getConfig, resetConfigForTests } from '@/lib/config';
import { financialYear, gstinCheckCharacter } from '@/lib/invoices/gst';
import { invoiceTerms, issueInvoice } from '@/lib/invoices/service';
import type { JobDispatcher } from '@/lib/jobs/dispatcher';
import { TestGateway } from '@/lib/payments/gateway';
import { confirmCheckout, handleWebhook, refundPayment, type PaymentsContext } from '@/lib/payments/service';
import { checkoutSignature } from '@/lib/payments/signature';
import { call, makeUser, readOutbox, useAuthTestEnv } from '@/tests/auth/helpers';
import { describeEachDb } from '@/tests/helpers/db';
import { draftAwaitingPayment } from './drafts';

/**
 * Invoices and credit notes through the payment code itself: 20 payments confirmed at once, each by
 * Checkout and by webhook together, get 20 invoices numbered 1–20 (no gap, no repeat); the PDF states
 * what GST rules ask (checked with pdftotext); a refund issues a credit note; the CSV lists both.
 */
const OPERATOR_GSTIN = '29AAGCB7383J1Z4'; // Karnataka
const OTHER_STATE_GSTIN = '27AAPFU0939F1ZV'; // Maharashtra

const noJobs: JobDispatcher = {
  provider: 'local',
  start: async () => randomUUID(),
  cancel: async () => {},
  resume: async (_job, runId) => runId,
};

function paymentsContext(db: Db, gateway: TestGateway): PaymentsContext {
  // the payment step needs only the database, a dispatcher and the gateway here (no file is rendered)
  return { db, jobs: noJobs, gateway, store: undefined as never, sandbox: undefined as never, config: getConfig() };
}

function pdfText(bytes: Uint8Array): string {
  const file = path.join(os.tmpdir(), `invoice-${randomUUID()}.pdf`);
  fs.writeFileSync(file, bytes);
  try {
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    fs.rmSync(file, { force: true });
  }
}

async function routeBytes(handler: unknown, token: string, params: Record<string, string>, url = 'http://test.local/api/x') {
  const headers = new Headers({ authorization: `Bearer ${token}` });
  const res = await (handler as (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>)(new Request(url, { headers }), {
    params: Promise.resolve(params),
  });
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}

describeEachDb('invoices and credit notes', (ctx) => {
  const { dataDir } = useAuthTestEnv(ctx);
  let gateway: TestGateway;
  let pctx: PaymentsContext;
  const paid: { user: User; orderId: string; documentId: number; amountPaise: number }[] = [];

  beforeAll(() => {
    process.env.SITE_GSTIN = OPERATOR_GSTIN;
    process.env.SITE_STATE = 'Karnataka';
    process.env.SITE_COMPANY_NAME = 'Sahayak Print Services Private Limited';
    process.env.GST_RATE = '18';
    delete process.env.INVOICE_PREFIX;
    delete process.env.CREDIT_NOTE_PREFIX;
    resetConfigForTests();
    gateway = new TestGateway('k'.repeat(64));
    pctx = paymentsContext(ctx.db, gateway);
    return () => {
      for (const key of ['SITE_GSTIN', 'SITE_STATE', 'SITE_COMPANY_NAME', 'GST_RATE']) delete process.env[key];
      resetConfigForTests();
    };
  });

  it('20 payments at once, each told by Checkout and by webhook together: 20 invoices numbered 1–20, one per order', async () => {
    const jobs = Array.from({ length: 20 }, async (_, i) => {
      const user = await insertUser(ctx.db, { name: `Candidate ${i}`, email: `cand${i}-${randomUUID()}@example.test`, passwordHash: 'x' });
      // every third customer is registered in another state (IGST); every third + 1 gave a Karnataka state only
      if (i % 3 === 0) await setBillingDetails(ctx.db, user.id, { billingName: `Campaign Office ${i}`, billingGstin: OTHER_STATE_GSTIN, billingStateCode: '27' });
      if (i % 3 === 1) await setBillingDetails(ctx.db, user.id, { billingName: null, billingGstin: null, billingStateCode: '29' });
      return { user, ...(await draftAwaitingPayment(ctx.db, user, 19_200 + i * 50, 96 + i)) };
    });
    const made = await Promise.all(jobs);
    await Promise.all(
      made.flatMap(({ user, doc, order }) => {
        const paymentId = `pay_test_${randomUUID().replace(/-/g, '').slice(0, 14)}`;
        const raw = Buffer.from(JSON.stringify({ entity: 'event', event: 'payment.captured', payload: { payment: { entity: { id: paymentId, order_id: order.orderId, amount: order.amountPaise, currency: 'INR', status: 'captured' } } } }));
        const signature = createHmac('sha256', gateway.webhookSecret).update(raw).digest('hex');
        return [
          handleWebhook(pctx, raw, signature, `evt_${paymentId}`),
          confirmCheckout(pctx, user, doc, { razorpay_order_id: order.orderId, razorpay_payment_id: paymentId, razorpay_signature: checkoutSignature(order.orderId, paymentId, gateway.keySecret) }),
        ];
      }),
    );
    const rows = await ctx.db.select().from(invoices).where(eq(invoices.kind, 'invoice'));
    expect(rows).toHaveLength(20);
    const year = financialYear(new Date());
    expect(rows.map((r) => r.serial).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(new Set(rows.map((r) => r.number)).size).toBe(20);
    // these are test-mode payments: their own series, marked
    for (const r of rows) expect(r.number).toBe(`TEST-${year}/${String(r.serial).padStart(6, '0')}`);
    const [counter] = await ctx.db.select().from(invoiceCounters).where(eq(invoiceCounters.kind, 'invoice'));
    expect(counter.lastSerial).toBe(20);
    for (const { user, doc, order } of made) {
      const inv = rows.find((r) => r.orderId === order.orderId);
      expect(inv, order.orderId).toBeDefined();
      expect(inv!.documentId).toBe(doc.id);
      expect(inv!.taxablePaise + inv!.cgstPaise + inv!.sgstPaise + inv!.igstPaise).toBe(order.amountPaise);
      const i = Number(user.name.split(' ')[1]);
      if (i % 3 === 0) expect(inv).toMatchObject({ customerGstin: OTHER_STATE_GSTIN, placeOfSupply: '27', cgstPaise: 0, customerName: `Campaign Office ${i}` });
      else expect(inv).toMatchObject({ customerGstin: null, placeOfSupply: '29', igstPaise: 0, customerName: `Candidate ${i}` });
      paid.push({ user, orderId: order.orderId, documentId: doc.id, amountPaise: order.amountPaise });
    }
    // one receipt mail per payment, with the facts
    const receipts = readOutbox(dataDir).filter((m) => m.subject.startsWith('Payment receipt'));
    expect(receipts).toHaveLength(20);
    const first = rows.find((r) => r.serial === 1)!;
    const mail = receipts.find((m) => m.text.includes(first.orderId))!;
    expect(mail.to).toBe(first.customerEmail);
    for (const fact of [first.paymentId, first.orderId, first.number, `Pages:          ${first.pages}`, `/voter-slip-generator?task=${first.documentId}`]) expect(mail.text).toContain(fact);
  });

  it('a number taken by a payment that rolls back is given to the next one: no gap', async () => {
    const year = financialYear(new Date());
    await expect(
      ctx.db.transaction(async (tx) => {
        await takeSerial(tx as unknown as Db, 'invoice', year, true);
        throw new Error('the payment failed after the number was taken');
      }),
    ).rejects.toThrow('the payment failed');
    const user = await insertUser(ctx.db, { name: 'After rollback', email: `rb-${randomUUID()}@example.test`, passwordHash: 'x' });
    const { order } = await draftAwaitingPayment(ctx.db, user, 500, 2);
    const row = await ctx.db.transaction((tx) => issueInvoice(tx as unknown as Db, { order, paymentId: 'pay_x', user, pages: 2, at: new Date() }));
    expect(row.serial).toBe(21);
    await ctx.db.delete(invoices).where(eq(invoices.id, row.id));
    await ctx.db.update(invoiceCounters).set({ lastSerial: 20 }).where(eq(invoiceCounters.kind, 'invoice'));
  });

  it('a live payment starts the live series at 1, whatever test-mode payments were numbered', async () => {
    const user = await insertUser(ctx.db, { name: 'Live customer', email: `live-${randomUUID()}@example.test`, passwordHash: 'x' });
    const { order } = await draftAwaitingPayment(ctx.db, user, 1000, 1);
    const live = { ...order, testMode: false };
    const row = await ctx.db.transaction((tx) => issueInvoice(tx as unknown as Db, { order: live, paymentId: 'pay_live', user, pages: 1, at: new Date() }));
    expect(row).toMatchObject({ number: `${financialYear(new Date())}/000001`, serial: 1, testMode: false });
    await ctx.db.delete(invoices).where(eq(invoices.id, row.id));
  });

  it('the invoice PDF states what a GST invoice must (pdftotext), for its customer and an admin only', async () => {
    const intra = paid.find((p) => Number(p.user.name.split(' ')[1]) % 3 === 1)!;
    const inter = paid.find((p) => Number(p.user.name.split(' ')[1]) % 3 === 0)!;
    const owner = await makeUser(ctx.db, { name: 'Owner' });
    // the route checks the caller against the invoice's customer: use the owner's own token for a copy
    await ctx.db.update(invoices).set({ userId: owner.user.id }).where(eq(invoices.orderId, intra.orderId));
    const inv = (await findInvoiceForOrder(ctx.db, intra.orderId))!;
    const res = await routeBytes(invoiceRoute, owner.tokens.access_token, { id: String(inv.id) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain(`invoice-${inv.number.replace('/', '-')}.pdf`);
    const text = pdfText(res.bytes);
    const taxable = (inv.taxablePaise / 100).toFixed(2);
    for (const fact of [
      'TAX INVOICE',
      'Sahayak Print Services Private Limited',
      `GSTIN: ${OPERATOR_GSTIN}`,
      'Karnataka (29)',
      inv.number,
      'Place of supply',
      'Reverse charge',
      '998595',
      `${inv.pages} pages`,
      `₹${taxable}`,
      `CGST @ 9%`,
      `₹${(inv.cgstPaise / 100).toFixed(2)}`,
      `SGST @ 9%`,
      `₹${(inv.sgstPaise / 100).toFixed(2)}`,
      `₹${(inv.totalPaise / 100).toFixed(2)}`,
      inv.orderId,
      inv.paymentId,
      inv.customerName,
      'Rupees One Hundred Ninety-',
      'TEST MODE',
    ]) {
      expect(text, fact).toContain(fact);
    }
    expect(text).not.toContain('IGST');

    const interInv = (await findInvoiceForOrder(ctx.db, inter.orderId))!;
    const admin = await makeUser(ctx.db, { isAdmin: true });
    const adminCopy = await routeBytes(invoiceRoute, admin.tokens.access_token, { id: String(interInv.id) });
    expect(adminCopy.status).toBe(200);
    const interText = pdfText(adminCopy.bytes);
    expect(interText).toContain('IGST @ 18%');
    expect(interText).toContain(`GSTIN: ${OTHER_STATE_GSTIN}`);
    expect(interText).toContain('Maharashtra (27)');
    expect(interText).not.toContain('CGST');

    const stranger = await makeUser(ctx.db);
    expect((await routeBytes(invoiceRoute, stranger.tokens.access_token, { id: String(inv.id) })).status).toBe(404);
  });

  it('an operator without a GSTIN issues a bill of supply: no tax lines, the whole amount', async () => {
    const user = await insertUser(ctx.db, { name: 'Unregistered customer', email: `bos-${randomUUID()}@example.test`, passwordHash: 'x' });
    const { order } = await draftAwaitingPayment(ctx.db, user, 19_250, 96);
    const terms = invoiceTerms({ ...getConfig(), SITE_GSTIN: undefined });
    const row = await ctx.db.transaction((tx) => issueInvoice(tx as unknown as Db, { order, paymentId: 'pay_bos', user, pages: 96, at: new Date() }, terms));
    expect(row).toMatchObject({ taxInvoice: false, taxablePaise: 19_250, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, rateBp: 0 });
    const admin = await makeUser(ctx.db, { isAdmin: true });
    const text = pdfText((await routeBytes(invoiceRoute, admin.tokens.access_token, { id: String(row.id) })).bytes);
    for (const fact of ['BILL OF SUPPLY', 'Not registered under GST', 'Bill of Supply no.', row.number, '₹192.50', 'Rupees One Hundred Ninety-Two and Fifty Paise Only', 'no tax is charged']) expect(text, fact).toContain(fact);
    for (const absent of ['CGST', 'SGST', 'IGST', 'TAX INVOICE']) expect(text).not.toContain(absent);
  });

  it('the task list carries the receipt: order and payment ids, invoice number and its download', async () => {
    const owner = await makeUser(ctx.db, { name: 'Lister' });
    const { doc, order } = await draftAwaitingPayment(ctx.db, owner.user, 7_500, 30);
    const paymentId = 'pay_test_listed0001';
    await confirmCheckout(pctx, owner.user, doc, { razorpay_order_id: order.orderId, razorpay_payment_id: paymentId, razorpay_signature: checkoutSignature(order.orderId, paymentId, gateway.keySecret) });
    const listed = await call(listRoute, { token: owner.tokens.access_token });
    const row = listed.body.find((d: { id: number }) => d.id === doc.id);
    expect(row.receipt).toMatchObject({ order_id: order.orderId, payment_id: paymentId, amount: 75, pages: 30, invoice_title: 'Tax Invoice', invoice_number: expect.stringMatching(/^TEST-\d{4}-\d{2}\/\d{6}$/), invoice_url: expect.stringMatching(/^\/api\/invoices\/\d+$/) });
  });

  it('a refund issues a credit note (its own series, against the invoice), mailed; the parts of full refunds add up to the invoice', async () => {
    const target = paid[0];
    const admin = (await makeUser(ctx.db, { isAdmin: true })).user;
    const invoice = (await findInvoiceForOrder(ctx.db, target.orderId))!;
    const key = `key-${randomUUID()}`;
    const first = await refundPayment(pctx, admin, target.orderId, { amount: 50, idempotency_key: key });
    expect(first.status).toBe('processed');
    // the same refund asked again (same key, a retry): no second credit note
    await refundPayment(pctx, admin, target.orderId, { amount: 50, idempotency_key: key });
    const rest = await refundPayment(pctx, admin, target.orderId, { idempotency_key: `key-${randomUUID()}` });
    expect(rest.status).toBe('processed');
    const notes = await ctx.db.select().from(invoices).where(eq(invoices.invoiceId, invoice.id)).orderBy(invoices.serial);
    const year = financialYear(new Date());
    expect(notes.map((n) => n.number).sort()).toEqual([`TEST-CN${year}/000001`, `TEST-CN${year}/000002`]);
    expect(notes.map((n) => n.totalPaise).sort((a, b) => a - b)).toEqual([5000, invoice.totalPaise - 5000].sort((a, b) => a - b));
    expect(notes.reduce((s, n) => s + n.totalPaise, 0)).toBe(invoice.totalPaise);
    for (const key of ['taxablePaise', 'cgstPaise', 'sgstPaise', 'igstPaise'] as const) {
      expect(notes.reduce((s, n) => s + n[key], 0), key).toBe(invoice[key]);
    }
    const mails = readOutbox(dataDir).filter((m) => m.subject.includes('credit note'));
    expect(mails).toHaveLength(2);
    expect(mails[0].text).toContain(invoice.number);
    const noteRes = await routeBytes(invoiceRoute, (await makeUser(ctx.db, { isAdmin: true })).tokens.access_token, { id: String(notes[0].id) });
    const text = pdfText(noteRes.bytes);
    expect(text).toContain('CREDIT NOTE');
    expect(text).toContain(notes[0].number);
    expect(text).toContain(`${invoice.number} of`);
    expect(text).toContain('₹50.00');
    expect(text).toContain('Rupees Fifty Only');
  });

  it('the refund route answers the credit note it issued', async () => {
    const admin = await makeUser(ctx.db, { isAdmin: true });
    const target = paid[1];
    const res = await call(refundRoute, { token: admin.tokens.access_token, params: { orderId: target.orderId }, json: { amount: 10, idempotency_key: `route-${randomUUID()}` } });
    expect(res.status).toBe(200);
    expect(res.body.credit_note_number).toMatch(/^TEST-CN\d{4}-\d{2}\/000003$/);
  });

  it('Admin → Payments shows the invoice number; the CSV export lists invoices and credit notes of the period', async () => {
    const admin = await makeUser(ctx.db, { isAdmin: true });
    const list = await call(adminPayments, { token: admin.tokens.access_token, url: 'http://test.local/api/admin/payments?limit=200' });
    const row = list.body.find((r: { order_id: string }) => r.order_id === paid[0].orderId);
    const invoice = (await findInvoiceForOrder(ctx.db, paid[0].orderId))!;
    expect(row).toMatchObject({ invoice_number: invoice.number, invoice_id: invoice.id, payment_id: invoice.paymentId });

    const today = new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10);
    const res = await routeBytes(exportRoute, admin.tokens.access_token, {}, `http://test.local/api/admin/payments/export?from=${today}&to=${today}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    const lines = new TextDecoder().decode(res.bytes).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Type,Invoice no.,Date,Against invoice,Customer,Customer e-mail,GSTIN,Place of supply,Taxable value,CGST,SGST,IGST,Total,Order ID,Payment ID,Status,Refund');
    const all = await ctx.db.select().from(invoices);
    expect(lines).toHaveLength(all.length + 1);
    const invLine = lines.map((l) => l.split(',')).find((cells) => cells[1] === invoice.number)!;
    expect(invLine[0]).toBe('Tax invoice (test mode)');
    expect(invLine[8]).toBe((invoice.taxablePaise / 100).toFixed(2));
    expect(invLine[12]).toBe((invoice.totalPaise / 100).toFixed(2));
    expect(invLine[13]).toBe(invoice.orderId);
    expect(invLine[14]).toBe(invoice.paymentId);
    expect(invLine[16]).toBe((invoice.totalPaise / 100).toFixed(2)); // refunded in full
    const noteLines = lines.filter((l) => l.startsWith('Credit note'));
    expect(noteLines).toHaveLength(3);
    expect(noteLines[0].split(',')[3]).toBe(invoice.number);
    expect(noteLines[0].split(',')[12]).toBe('-50.00');
    expect(noteLines[0].split(',')[15]).toBe('refund processed');

    const yesterday = new Date(Date.now() + 5.5 * 3600_000 - 86400_000).toISOString().slice(0, 10);
    const empty = await routeBytes(exportRoute, admin.tokens.access_token, {}, `http://test.local/api/admin/payments/export?from=${yesterday}&to=${yesterday}`);
    expect(new TextDecoder().decode(empty.bytes).trim().split('\r\n')).toHaveLength(1);
    const bad = await call(exportRoute, { token: admin.tokens.access_token, url: `http://test.local/api/admin/payments/export?from=${today}&to=${yesterday}` });
    expect(bad.status).toBe(422);
    const user = await makeUser(ctx.db);
    expect((await call(exportRoute, { token: user.tokens.access_token, url: `http://test.local/api/admin/payments/export?from=${today}&to=${today}` })).status).toBe(403);
  });

  it('billing details: a GSTIN is checked (format and check character) and sets the state', async () => {
    const { tokens } = await makeUser(ctx.db);
    const token = tokens.access_token;
    const typo = OTHER_STATE_GSTIN.slice(0, 14) + (OTHER_STATE_GSTIN[14] === 'A' ? 'B' : 'A');
    const refused = await call(billingPut, { token, method: 'PUT', json: { gstin: typo } });
    expect(refused.status).toBe(422);
    expect(JSON.stringify(refused.body)).toContain('check');
    const wrongState = await call(billingPut, { token, method: 'PUT', json: { gstin: OTHER_STATE_GSTIN, state_code: '29' } });
    expect(wrongState.status).toBe(422);
    const saved = await call(billingPut, { token, method: 'PUT', json: { billing_name: 'Ward 12 Campaign', gstin: OTHER_STATE_GSTIN.toLowerCase() } });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ billing_name: 'Ward 12 Campaign', gstin: OTHER_STATE_GSTIN, state_code: '27' });
    expect((await call(billingGet, { token })).body).toEqual(saved.body);
    const cleared = await call(billingPut, { token, method: 'PUT', json: { billing_name: '', gstin: '', state_code: '33' } });
    expect(cleared.body).toEqual({ billing_name: null, gstin: null, state_code: '33' });
    // a made-up GSTIN with a correct check character passes the checksum
    expect(gstinCheckCharacter('33ABCDE1234F1Z')).toMatch(/^[0-9A-Z]$/);
  });
});
