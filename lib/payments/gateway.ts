import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Razorpay from 'razorpay';
import { getConfig } from '@/lib/config';

/**
 * What we need of Razorpay, behind one interface: create an order, refund a payment. `live` uses the
 * `razorpay` SDK (pinned; its requests can be pointed at a local stand-in for tests); `test` (no keys
 * configured) makes local order ids and signs with a key secret generated into DATA_DIR, so the same
 * verification code runs in both.
 */
export interface GatewayOrder {
  id: string;
  amount: number;
  currency: string;
}

export interface GatewayRefund {
  id: string;
  amount: number;
  status: string;
}

export interface PaymentGateway {
  readonly mode: 'live' | 'test';
  readonly keyId: string;
  /** Verifies Checkout signatures. */
  readonly keySecret: string;
  /** Verifies webhook signatures. */
  readonly webhookSecret: string;
  createOrder(input: { amountPaise: number; currency: string; receipt: string; notes: Record<string, string> }): Promise<GatewayOrder>;
  refund(input: { paymentId: string; amountPaise: number; idempotencyKey: string; notes: Record<string, string> }): Promise<GatewayRefund>;
}

export class GatewayError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'GatewayError';
  }
}

function describeSdkError(error: unknown): GatewayError {
  const e = error as { statusCode?: number; error?: { description?: string } } | undefined;
  return new GatewayError(e?.error?.description ?? (error instanceof Error ? error.message : 'Razorpay did not answer.'), e?.statusCode);
}

export class RazorpayGateway implements PaymentGateway {
  readonly mode = 'live' as const;
  private readonly sdk: Razorpay;

  constructor(
    readonly keyId: string,
    readonly keySecret: string,
    readonly webhookSecret: string,
    /** Tests: a local stand-in for api.razorpay.com. */
    apiBaseUrl?: string,
  ) {
    this.sdk = new Razorpay({ key_id: keyId, key_secret: keySecret });
    if (apiBaseUrl) this.http.defaults.baseURL = apiBaseUrl;
    this.http.defaults.timeout = 15_000;
  }

  /** The SDK's own HTTP client (axios): the SDK drops headers it does not know, such as X-Refund-Idempotency. */
  private get http(): { defaults: { baseURL?: string; timeout?: number }; post: (url: string, body: unknown, config: { headers: Record<string, string> }) => Promise<{ data: unknown }> } {
    return (this.sdk as unknown as { api: { rq: RazorpayGateway['http'] } }).api.rq;
  }

  async createOrder(input: { amountPaise: number; currency: string; receipt: string; notes: Record<string, string> }): Promise<GatewayOrder> {
    try {
      const order = await this.sdk.orders.create({ amount: input.amountPaise, currency: input.currency, receipt: input.receipt, notes: input.notes });
      return { id: order.id, amount: Number(order.amount), currency: order.currency };
    } catch (error) {
      throw describeSdkError(error);
    }
  }

  async refund(input: { paymentId: string; amountPaise: number; idempotencyKey: string; notes: Record<string, string> }): Promise<GatewayRefund> {
    try {
      const { data } = await this.http.post(
        `/v1/payments/${encodeURIComponent(input.paymentId)}/refund`,
        { amount: input.amountPaise, speed: 'normal', notes: input.notes },
        { headers: { 'X-Refund-Idempotency': input.idempotencyKey, 'Content-Type': 'application/json' } },
      );
      const refund = data as { id: string; amount: number; status: string };
      return { id: refund.id, amount: Number(refund.amount), status: refund.status };
    } catch (error) {
      const e = error as { response?: { status?: number; data?: { error?: { description?: string } } } };
      throw new GatewayError(e.response?.data?.error?.description ?? 'Razorpay did not answer.', e.response?.status);
    }
  }
}

/** Test mode: nothing leaves the machine; ids look like Razorpay's, prefixed so nobody mistakes them. */
export class TestGateway implements PaymentGateway {
  readonly mode = 'test' as const;
  readonly keyId = 'rzp_test_local';
  constructor(readonly keySecret: string) {}

  get webhookSecret(): string {
    return this.keySecret;
  }

  async createOrder(input: { amountPaise: number; currency: string }): Promise<GatewayOrder> {
    return { id: `order_test_${randomBytes(7).toString('hex')}`, amount: input.amountPaise, currency: input.currency };
  }

  async refund(input: { amountPaise: number; idempotencyKey: string }): Promise<GatewayRefund> {
    return { id: `rfnd_test_${input.idempotencyKey.replace(/[^A-Za-z0-9]/g, '').slice(0, 14)}`, amount: input.amountPaise, status: 'processed' };
  }
}

/** The test-mode key secret: generated once and kept in DATA_DIR (stable across restarts). */
function testKeySecret(dataDir: string): string {
  const file = path.join(dataDir, 'razorpay-test-secret');
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // not there yet
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  fs.writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

let cached: { key: string; gateway: PaymentGateway } | undefined;

/** The configured gateway (one per configuration; tests that change the environment get a new one). */
export function getPaymentGateway(): PaymentGateway {
  const config = getConfig();
  // A stand-in API host is for tests only: never honoured in production.
  const apiBase = config.NODE_ENV === 'production' ? undefined : process.env.RAZORPAY_API_BASE_URL;
  const key = [config.RAZORPAY_KEY_ID, config.dataDir, apiBase].join('|');
  if (cached?.key === key) return cached.gateway;
  const gateway =
    config.RAZORPAY_KEY_ID && config.RAZORPAY_KEY_SECRET && config.RAZORPAY_WEBHOOK_SECRET
      ? new RazorpayGateway(config.RAZORPAY_KEY_ID, config.RAZORPAY_KEY_SECRET, config.RAZORPAY_WEBHOOK_SECRET, apiBase)
      : new TestGateway(testKeySecret(config.dataDir));
  cached = { key, gateway };
  return gateway;
}
