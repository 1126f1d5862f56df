import { ApiError } from '@/lib/api/errors';
import { withContext } from '@/lib/api/with-user';
import { handleWebhook } from '@/lib/payments/service';

const MAX_WEBHOOK_BYTES = 256 * 1024;

async function rawBody(req: Request): Promise<Uint8Array> {
  if (!req.body) return new Uint8Array();
  const parts: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of req.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.length;
    if (size > MAX_WEBHOOK_BYTES) throw ApiError.tooLarge('The webhook body is too large.');
    parts.push(chunk);
  }
  return Buffer.concat(parts);
}

/** POST /api/payments/razorpay/webhook: Razorpay's events (payment.captured, order.paid, payment.failed). */
export const POST = withContext(async (req, { ctx }) => {
  const body = await rawBody(req);
  return Response.json(await handleWebhook(ctx, body, req.headers.get('x-razorpay-signature'), req.headers.get('x-razorpay-event-id')));
});
