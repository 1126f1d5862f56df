import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback stand-in for Razorpay's Orders and Refunds endpoints, so the real SDK path is tested
 * without the internet: it checks the key pair (HTTP basic auth), answers like the API, and keeps one
 * refund per X-Refund-Idempotency key, as Razorpay does.
 */
export interface StandIn {
  url: string;
  orders: { id: string; amount: number; currency: string; receipt: string; notes: Record<string, string> }[];
  refunds: Map<string, { id: string; payment_id: string; amount: number; status: string }>;
  refundRequests: number;
  /** Make the next refund, then drop the connection without an answer (a lost response). */
  dropNextRefundAnswer: boolean;
  close(): Promise<void>;
}

export async function startRazorpayStandIn(keyId: string, keySecret: string): Promise<StandIn> {
  const state: Omit<StandIn, 'url' | 'close'> = { orders: [], refunds: new Map(), refundRequests: 0, dropNextRefundAnswer: false };
  let n = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const auth = req.headers.authorization ?? '';
      if (auth !== `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`) {
        return send(401, { error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } });
      }
      const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {};
      if (req.method === 'POST' && req.url === '/v1/orders') {
        if (!Number.isInteger(body.amount) || body.amount < 100) return send(400, { error: { code: 'BAD_REQUEST_ERROR', description: 'The amount must be at least INR 1.00' } });
        const order = { id: `order_standin${++n}`, amount: body.amount, currency: body.currency, receipt: body.receipt, notes: body.notes };
        state.orders.push(order);
        return send(200, { ...order, entity: 'order', status: 'created', amount_paid: 0 });
      }
      const refund = /^\/v1\/payments\/([^/]+)\/refund$/.exec(req.url ?? '');
      if (req.method === 'POST' && refund) {
        state.refundRequests++;
        const key = String(req.headers['x-refund-idempotency'] ?? '');
        const existing = key ? state.refunds.get(key) : undefined;
        if (existing) return send(200, existing);
        const made = { id: `rfnd_standin${++n}`, entity: 'refund', payment_id: refund[1], amount: body.amount, status: 'processed' };
        if (key) state.refunds.set(key, made);
        if (state.dropNextRefundAnswer) {
          state.dropNextRefundAnswer = false;
          req.socket.destroy();
          return;
        }
        return send(200, made);
      }
      send(404, { error: { code: 'BAD_REQUEST_ERROR', description: 'The requested URL was not found on the server.' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }) as StandIn;
}
