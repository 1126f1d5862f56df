import { readJson } from '@/lib/api/body';
import { withContext } from '@/lib/api/with-user';
import { authenticate } from '@/lib/auth/guard';
import { testCheckout } from '@/lib/payments/service';
import { jsonNoStore } from '@/lib/api/request';
import { z } from 'zod';

/** POST /api/payments/test-checkout {order_id}: test mode only (404 with Razorpay keys). */
export const POST = withContext(async (req, { ctx }) => {
  // test mode only: with Razorpay keys this path does not exist, signed in or not
  if (ctx.gateway.mode !== 'test') return Response.json({ detail: 'Not found.' }, { status: 404 });
  const { user } = await authenticate(req, ctx.db);
  const { order_id } = await readJson(req, z.object({ order_id: z.string().min(1).max(100) }));
  return jsonNoStore(await testCheckout(ctx, user, order_id));
});
