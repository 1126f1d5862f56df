import { readJson } from '@/lib/api/body';
import { withApi } from '@/lib/api/handler';
import { requireUser } from '@/lib/auth/guard';
import { testCheckout } from '@/lib/payments/service';
import { paymentsContext } from '@/lib/server/payments';
import { jsonNoStore } from '@/lib/server/request';
import { z } from 'zod';

/** POST /api/payments/test-checkout {order_id}: test mode only (404 with Razorpay keys). */
export const POST = withApi(async (req) => {
  const ctx = await paymentsContext();
  if (ctx.gateway.mode !== 'test') return Response.json({ detail: 'Not found.' }, { status: 404 });
  const user = await requireUser(req, ctx.db);
  const { order_id } = await readJson(req, z.object({ order_id: z.string().min(1).max(100) }));
  return jsonNoStore(await testCheckout(ctx, user, order_id));
});
