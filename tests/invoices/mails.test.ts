import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { Db } from '@/db/client';
import { findInvoice } from '@/db/queries/invoices';
import { insertUser } from '@/db/queries/users';
import { invoices } from '@/db/schema';
import { GET as invoiceRoute } from '@/app/api/invoices/[id]/route';
import { getConfig, resetConfigForTests } from '@/lib/config';
import { signInvoiceKey } from '@/lib/invoices/download-key';
import { MAIL_GRACE_MS, MAIL_HOLD_MS, MAIL_MAX_TRIES, mailAwaitingInvoices, mailInvoice } from '@/lib/invoices/mail-sender';
import { issueInvoice } from '@/lib/invoices/service';
import type { JobDispatcher } from '@/lib/jobs/dispatcher';
import { TestGateway } from '@/lib/payments/gateway';
import { confirmCheckout, type PaymentsContext } from '@/lib/payments/service';
import { checkoutSignature } from '@/lib/payments/signature';
import type { MailMessage } from '@/lib/mail';
import { readOutbox, useAuthTestEnv } from '@/tests/auth/helpers';
import { describeEachDb } from '@/tests/helpers/db';
import { draftAwaitingPayment } from './drafts';

/**
 * Receipt mails: the mailed link downloads the invoice without signing in (its key opens that one PDF);
 * a receipt lost to a crash between the payment and the mail, or refused by the mail service, is sent
 * by the sweep, once.
 */
const noJobs: JobDispatcher = { provider: 'local', start: async () => randomUUID(), cancel: async () => {}, resume: async (_job, runId) => runId };

/** An invoice issued as the paying transaction issues it, with no mail sent (the process died right after). */
async function issuedUnmailed(db: Db) {
  const user = await insertUser(db, { name: 'Campaign office', email: `office-${randomUUID()}@example.test`, passwordHash: 'x' });
  const { order } = await draftAwaitingPayment(db, user, 4_800, 24);
  return db.transaction((tx) => issueInvoice(tx as unknown as Db, { order, paymentId: `pay_${randomUUID().slice(0, 8)}`, user, pages: 24, at: new Date() }));
}

async function get(url: string) {
  const id = new URL(url).pathname.split('/').pop()!;
  const res = await invoiceRoute(new Request(url), { params: Promise.resolve({ id }) });
  return { status: res.status, type: res.headers.get('content-type'), body: new Uint8Array(await res.arrayBuffer()) };
}

const later = (from: Date, ms: number) => new Date(from.getTime() + ms);

describeEachDb('invoice mails', (ctx) => {
  const { dataDir } = useAuthTestEnv(ctx);
  beforeAll(() => {
    process.env.SITE_URL = 'https://slips.example.test';
    resetConfigForTests();
    return () => {
      delete process.env.SITE_URL;
      resetConfigForTests();
    };
  });

  it("the receipt's link downloads the invoice without signing in, and opens no other", async () => {
    const gateway = new TestGateway('k'.repeat(64));
    const pctx: PaymentsContext = { db: ctx.db, jobs: noJobs, gateway, store: undefined as never, sandbox: undefined as never, config: getConfig() };
    const user = await insertUser(ctx.db, { name: 'Payer', email: `payer-${randomUUID()}@example.test`, passwordHash: 'x' });
    const { doc, order } = await draftAwaitingPayment(ctx.db, user, 4_800, 24);
    const paymentId = `pay_test_${randomUUID().replace(/-/g, '').slice(0, 14)}`;
    await confirmCheckout(pctx, user, doc, { razorpay_order_id: order.orderId, razorpay_payment_id: paymentId, razorpay_signature: checkoutSignature(order.orderId, paymentId, gateway.keySecret) });

    const mail = readOutbox(dataDir).find((m) => m.to === user.email && m.subject.startsWith('Payment receipt'));
    expect(mail).toBeDefined();
    const link = mail!.text.match(/https:\/\/slips\.example\.test\/api\/invoices\/(\d+)\?key=\S+/);
    expect(link, mail!.text).not.toBeNull();
    const invoice = (await findInvoice(ctx.db, Number(link![1])))!;
    expect(invoice.orderId).toBe(order.orderId);
    expect(invoice.mailedAt).not.toBeNull();

    const pdf = await get(link![0].replace('https://slips.example.test', 'http://test.local'));
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe('application/pdf');
    expect(Buffer.from(pdf.body.subarray(0, 5)).toString()).toBe('%PDF-');

    // the key opens that invoice only; a changed or missing key opens nothing
    const other = await issuedUnmailed(ctx.db);
    const key = new URL(link![0]).searchParams.get('key')!;
    expect((await get(`http://test.local/api/invoices/${other.id}?key=${encodeURIComponent(key)}`)).status).toBe(401);
    expect((await get(`http://test.local/api/invoices/${invoice.id}?key=${encodeURIComponent(key.slice(0, -3) + 'AAA')}`)).status).toBe(401);
    expect((await get(`http://test.local/api/invoices/${invoice.id}`)).status).toBe(401);
    expect((await get(`http://test.local/api/invoices/${other.id}?key=${encodeURIComponent(await signInvoiceKey(other.id))}`)).status).toBe(200);
  });

  it('a receipt the paying process never sent is sent by the sweep after the grace, once', async () => {
    const invoice = await issuedUnmailed(ctx.db);
    const before = readOutbox(dataDir).length;
    // within the grace the paying request may still be sending it
    expect(await mailAwaitingInvoices(ctx.db, { now: later(invoice.issuedAt, MAIL_GRACE_MS / 2) })).toEqual({ sent: 0, failed: 0 });
    const sweep = await mailAwaitingInvoices(ctx.db, { now: later(invoice.issuedAt, MAIL_GRACE_MS + 1000) });
    expect(sweep.sent).toBeGreaterThanOrEqual(1);
    const mails = readOutbox(dataDir).slice(before).filter((m) => m.text.includes(invoice.orderId));
    expect(mails).toHaveLength(1);
    expect(mails[0].to).toBe(invoice.customerEmail);
    expect(mails[0].text).toContain(invoice.number);
    expect(mails[0].text).toContain(`/api/invoices/${invoice.id}?key=`);
    // a later sweep leaves it alone
    await mailAwaitingInvoices(ctx.db, { now: later(invoice.issuedAt, MAIL_GRACE_MS + MAIL_HOLD_MS * 2) });
    expect(readOutbox(dataDir).filter((m) => m.text.includes(invoice.orderId))).toHaveLength(1);
  });

  it('a mail the service refused is tried again after the hold, and given up after its tries', async () => {
    const invoice = await issuedUnmailed(ctx.db);
    const refused = async () => {
      throw new Error('mail service down');
    };
    const start = later(invoice.issuedAt, MAIL_GRACE_MS + 1000);
    expect(await mailInvoice(ctx.db, invoice.id, { now: start, send: refused })).toBe('failed');
    expect((await findInvoice(ctx.db, invoice.id))!.mailedAt).toBeNull();
    // held by that try for a while: no second sender meanwhile
    const sent: MailMessage[] = [];
    const accept = async (m: MailMessage) => {
      sent.push(m);
    };
    expect(await mailInvoice(ctx.db, invoice.id, { now: later(start, MAIL_HOLD_MS / 2), send: accept })).toBe('not-due');
    expect(await mailInvoice(ctx.db, invoice.id, { now: later(start, MAIL_HOLD_MS + 1000), send: accept })).toBe('sent');
    expect(sent).toHaveLength(1);
    expect((await findInvoice(ctx.db, invoice.id))!.mailedAt).not.toBeNull();

    // a mail that fails every time stops after MAIL_MAX_TRIES
    const stubborn = await issuedUnmailed(ctx.db);
    let at = later(stubborn.issuedAt, MAIL_GRACE_MS + 1000);
    const outcomes: string[] = [];
    for (let i = 0; i < MAIL_MAX_TRIES + 2; i++) {
      outcomes.push(await mailInvoice(ctx.db, stubborn.id, { now: at, send: refused }));
      at = later(at, MAIL_HOLD_MS + 1000);
    }
    expect(outcomes.filter((o) => o === 'failed')).toHaveLength(MAIL_MAX_TRIES);
    expect(outcomes.slice(MAIL_MAX_TRIES)).toEqual(['not-due', 'not-due']);
    expect((await findInvoice(ctx.db, stubborn.id))!.mailTries).toBe(MAIL_MAX_TRIES);
  });

  it('two sweeps at once send each unsent mail once', async () => {
    await ctx.db.update(invoices).set({ mailedAt: new Date() }).where(eq(invoices.kind, 'invoice'));
    const issued = await Promise.all(Array.from({ length: 5 }, () => issuedUnmailed(ctx.db)));
    const sent: MailMessage[] = [];
    const send = async (m: MailMessage) => {
      sent.push(m);
    };
    const now = later(new Date(), MAIL_GRACE_MS + 1000);
    await Promise.all([mailAwaitingInvoices(ctx.db, { now, send }), mailAwaitingInvoices(ctx.db, { now, send }), mailAwaitingInvoices(ctx.db, { now, send })]);
    expect(sent.map((m) => m.to).sort()).toEqual(issued.map((i) => i.customerEmail).sort());
  });
});
