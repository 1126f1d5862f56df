import { setBillingDetails } from '@/db/queries/users';
import type { User } from '@/db/schema';
import { readJson } from '@/lib/api/body';
import { ApiError } from '@/lib/api/errors';
import { jsonNoStore } from '@/lib/api/request';
import { withUser } from '@/lib/api/with-user';
import { billingSchema } from '@/lib/invoices/billing-rules';

function billingJson(user: User) {
  return { billing_name: user.billingName, gstin: user.billingGstin, state_code: user.billingGstin ? user.billingGstin.slice(0, 2) : user.billingStateCode };
}

/** GET /api/users/me/billing: the name, GSTIN and state printed on the caller's invoices. */
export const GET = withUser(async (_req, { user }) => jsonNoStore(billingJson(user)));

/** PUT /api/users/me/billing {billing_name?, gstin?, state_code?}: empty or absent clears a field; used from the next invoice on. */
export const PUT = withUser(async (req, { ctx, user }) => {
  const input = await readJson(req, billingSchema);
  const saved = await setBillingDetails(ctx.db, user.id, {
    billingName: input.billing_name,
    billingGstin: input.gstin,
    billingStateCode: input.gstin ? input.gstin.slice(0, 2) : input.state_code,
  });
  if (!saved) throw ApiError.notFound('User not found.');
  return jsonNoStore(billingJson(saved));
});
